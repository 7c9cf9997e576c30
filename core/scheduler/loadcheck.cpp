#include "loadcheck.h"

#include "concurrencylevels.h"
#include "networkpool.h"

#include <QLoggingCategory>
#include <QTimer>

Q_LOGGING_CATEGORY(lcLoadCheck, "hoist.concurrency.loadcheck", QtWarningMsg)

namespace {
// Uploads to the server wait while it is checked: a server slow to answer is left unjudged.
constexpr int GiveUpMs = 2000;
} // namespace

LoadCheck::LoadCheck(TransferProtocol *protocol, HeadersFor headersFor, Wanted wanted,
                     QObject *parent)
    : QObject(parent)
    , m_protocol(protocol)
    , m_headersFor(std::move(headersFor))
    , m_wanted(std::move(wanted))
{
    // Queued: the probe's own RequestSample (what says whether the server looks far) is taken
    // in first.
    connect(m_protocol, &TransferProtocol::probed, this, &LoadCheck::probed, Qt::QueuedConnection);
    connect(m_protocol, &TransferProtocol::serverChecked, this, &LoadCheck::answered);
}

void LoadCheck::probed(const QUrl &endpoint)
{
    if (!m_checked.contains(NetworkPool::serverOf(endpoint)) && m_wanted(endpoint))
        check(endpoint);
}

void LoadCheck::check(const QUrl &endpoint)
{
    const QString server = NetworkPool::serverOf(endpoint);
    if (m_checked.contains(server))
        return;
    m_checked.insert(server);
    Run &run = m_runs[server];
    run.endpoint = endpoint;
    run.sentUs = ConcurrencyLevels::nowUs();
    qCDebug(lcLoadCheck) << "checking" << server;
    m_protocol->checkServer(endpoint, m_headersFor(endpoint));
    QTimer::singleShot(GiveUpMs, this, [this, server] {
        if (m_runs.contains(server))
            finish(server, LoadResponse::Unknown);
    });
}

void LoadCheck::answered(const QUrl &endpoint, const TransferError &error)
{
    const QString server = NetworkPool::serverOf(endpoint);
    const auto it = m_runs.find(server);
    if (it == m_runs.end() || it->endpoint != endpoint)
        return;
    if (error.kind != TransferError::Kind::None)
        return finish(server, LoadResponse::Unknown);
    Run &run = *it;
    const qint64 now = ConcurrencyLevels::nowUs();
    const qint64 took = qMax<qint64>(1, now - run.sentUs);
    if (run.alone < LoadResponses::Alone) {
        run.aloneUs = run.alone == 0 ? took : qMin(run.aloneUs, took);
        ++run.alone;
        run.sentUs = now;
        const HttpHeaders headers = m_headersFor(endpoint);
        const int next = run.alone < LoadResponses::Alone ? 1 : LoadResponses::Together;
        for (int i = 0; i < next; ++i)
            m_protocol->checkServer(endpoint, headers);
        return;
    }
    // The first of those sent together is the quickest, and decides: the server's uploads need
    // not wait for the rest (they are ignored when they come).
    run.quickestUs = took;
    judge(server, run);
}

void LoadCheck::judge(const QString &server, const Run &run)
{
    const LoadResponse response = LoadResponses::judge(run.aloneUs, run.quickestUs);
    qCDebug(lcLoadCheck) << server << "alone" << run.aloneUs << "us, the quickest of"
                         << LoadResponses::Together << "together" << run.quickestUs
                         << "us:" << (response == LoadResponse::Grows ? "grows" : "flat");
    finish(server, response);
}

void LoadCheck::finish(const QString &server, LoadResponse response)
{
    const QUrl endpoint = m_runs.take(server).endpoint;
    Q_EMIT judged(endpoint, response);
}
