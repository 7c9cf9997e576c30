#include "sftptransfer.h"

#include "jobpath.h"
#include "networkpool.h"
#include "requestobserver.h"
#include "sftpfileupload.h"
#include "sftppace.h"
#include "sftpsessions.h"

#include <QFileInfo>
#include <QLoggingCategory>

namespace {
Q_LOGGING_CATEGORY(lcTransfer, "hoist.sftp.transfer", QtInfoMsg)

// Refused connections waited out in one attempt before it fails (and the scheduler retries).
constexpr int MaxRefusals = 20;
} // namespace

SftpTransfer::SftpTransfer(SftpSessions *sessions, const TransferJob &job, QObject *parent)
    : Transfer(parent)
    , m_sessions(sessions)
    , m_job(job)
    , m_aborted(std::make_shared<std::atomic<bool>>(false))
    , m_pace(new SftpPace(job.throttle, this))
    , m_samples(NetworkPool::serverOf(job.endpoint))
{
}

SftpTransfer::~SftpTransfer()
{
    abort();
}

QUrl SftpTransfer::partUrl(const SftpTarget &target, const TransferJob &job)
{
    return urlOf(target,
                 SftpFileUpload::partPathOf(target.remotePath(JobPath::relativePathOf(job))));
}

QUrl SftpTransfer::urlOf(const SftpTarget &target, const QString &part)
{
    QUrl url;
    url.setScheme(QString::fromLatin1(SftpTarget::Scheme));
    url.setUserName(target.user());
    url.setHost(target.host());
    if (target.port() != SftpTarget::DefaultPort)
        url.setPort(target.port());
    url.setPath(part.startsWith(QLatin1Char('/')) ? part : QStringLiteral("/~/") + part);
    return url;
}

void SftpTransfer::start()
{
    if (m_started || m_finished)
        return;
    m_started = true;
    QMetaObject::invokeMethod(this, &SftpTransfer::run, Qt::QueuedConnection);
}

void SftpTransfer::run()
{
    if (m_finished)
        return;
    QString problem;
    m_target = SftpTarget::fromUrl(m_job.endpoint, &problem);
    if (!m_target)
        return fail(TransferError::make(TransferError::Kind::InvalidUrl, problem));
    if (m_job.uploadUrl.isEmpty()) {
        QPointer<SftpTransfer> guard(this);
        Q_EMIT uploadCreated(partUrl(*m_target, m_job));
        if (!guard || m_finished)
            return;
        if (m_job.holdAfterCreate) {
            m_holding = true; // until the part's address is on disk
            return;
        }
    }
    go();
}

void SftpTransfer::continueAfterCreated()
{
    if (!m_holding || m_finished)
        return;
    m_holding = false;
    go();
}

void SftpTransfer::go()
{
    if (!m_sessions)
        return fail(TransferError::make(TransferError::Kind::Network, QStringLiteral("closing")));
    QPointer<SftpTransfer> guard(this);
    m_sessions->borrow(
        *m_target, this,
        [guard](SftpWorker *worker) {
            if (guard)
                guard->lent(worker);
        },
        isSmall());
}

void SftpTransfer::lent(SftpWorker *worker)
{
    if (m_finished || !m_sessions) {
        if (m_sessions)
            m_sessions->giveBack(worker);
        return;
    }
    m_worker = worker;
    m_ticket = SftpWorker::nextTicket();
    m_askedUs = RequestObserver::nowUs();
    if (m_sessions->lentFirstTime(worker))
        m_samples.newConnection();
    const quint64 ticket = m_ticket;
    SftpJobEvents::Listener listener;
    listener.context = this;
    listener.started = [this](qint64 b, qint64 e) {
        if (m_finished)
            return;
        m_samples.started(b, e, RequestObserver::nowUs());
        Q_EMIT chunkStarted(b, e);
    };
    listener.sent = [this](qint64 bytes) {
        if (!m_finished)
            Q_EMIT chunkProgress(bytes);
    };
    listener.confirmed = [this](qint64 offset) {
        if (m_finished)
            return;
        const QList<RequestSample> samples = m_samples.confirmed(offset, RequestObserver::nowUs());
        for (const RequestSample &sample : samples) {
            if (m_sessions)
                m_sessions->report(sample);
        }
        Q_EMIT offsetConfirmed(offset);
    };
    listener.finished = [this, ticket](const SftpUploadResult &result) {
        onFinished(ticket, result);
    };
    m_sessions->eventsOf(worker)->listen(ticket, std::move(listener));
    if (isSmall()) {
        // With the other small files queued on this connection (SftpSmallFiles).
        m_samples.setShared(true);
        m_sessions->sendSmall(worker, {ticket, m_job, m_aborted, m_pace->credit()});
        return;
    }
    m_sessions->run(worker, m_aborted,
                    [ticket, job = m_job, aborted = m_aborted, credit = m_pace->credit()](
                        SftpWorker *w) { w->upload(ticket, job, aborted, credit); });
}

void SftpTransfer::onFinished(quint64 ticket, const SftpUploadResult &result)
{
    if (ticket != m_ticket || m_finished)
        return;
    m_worker = nullptr; // the listener was forgotten with its job's end
    m_samples.clear();
    if (result.refused && m_sessions)
        m_sessions->report(m_samples.refused(m_askedUs, RequestObserver::nowUs()));
    // Refused while other connections to the server are open: too many at once for it. The
    // limit is lower now (SftpSessions); wait for one of those instead of failing.
    if (result.refused && m_sessions && m_refusals < MaxRefusals
        && m_sessions->connections(m_target->serverKey()) > 0) {
        ++m_refusals;
        qCDebug(lcTransfer) << "connection refused; waiting for another:" << result.error.message();
        return go();
    }
    if (result.error.kind != TransferError::Kind::None)
        return fail(result.error);
    m_finished = true;
    const QString name = QFileInfo(result.storedAs).fileName();
    qCDebug(lcTransfer) << (result.skipped ? "already there:" : "stored as") << result.storedAs
                        << "resumed at" << result.resumedAt << "rewrote" << result.rewritten;
    QPointer<SftpTransfer> guard(this);
    // Where the file is now, for whoever shows where it went (the headless runner's line).
    Q_EMIT uploadCreated(urlOf(*m_target, result.storedAs));
    if (guard)
        Q_EMIT offsetConfirmed(m_job.fileSize);
    if (guard && result.skipped)
        Q_EMIT completedInstantly();
    if (guard)
        Q_EMIT checked(UploadCheck::notVerifiable(
            result.skippedAsAnswered
                ? tr("%1 was on the server already; left as it was, as answered").arg(name)
            : result.skipped
                ? tr("%1 was on the server already, of the same size and time").arg(name)
                : tr("Stored as %1, of the file's size (SFTP servers report no checksum)")
                      .arg(name)));
    if (guard)
        Q_EMIT completed();
}

void SftpTransfer::abort()
{
    if (m_finished)
        return;
    m_finished = true;
    m_aborted->store(true);
    if (m_worker && m_sessions) {
        // It returns to SftpSessions once it has stopped.
        if (SftpJobEvents *events = m_sessions->eventsOf(m_worker))
            events->forget(m_ticket);
    }
    m_worker = nullptr;
}

void SftpTransfer::fail(const TransferError &error)
{
    if (m_finished)
        return;
    m_finished = true;
    qCDebug(lcTransfer) << "failed:" << error.message();
    Q_EMIT failed(error);
}
