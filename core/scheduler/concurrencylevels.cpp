#include "concurrencylevels.h"

#include "requestobserver.h"

#include <QLoggingCategory>

#include <algorithm>

Q_LOGGING_CATEGORY(lcLevels, "hoist.concurrency.levels", QtWarningMsg)

namespace {
// At most this often listeners hear that a level moved (a status bar, a details pane).
constexpr int NotifyIntervalMs = 250;
} // namespace

ConcurrencyLevels::ConcurrencyLevels(std::function<int(const QString &)> serverIndexOf,
                                     QObject *parent)
    : QObject(parent)
    , m_serverIndexOf(std::move(serverIndexOf))
{
    m_notify.setSingleShot(true);
    m_notify.setInterval(NotifyIntervalMs);
    connect(&m_notify, &QTimer::timeout, this, &ConcurrencyLevels::levelChanged);
}

qint64 ConcurrencyLevels::nowUs()
{
    return RequestObserver::nowUs();
}

int ConcurrencyLevels::levelOf(int server)
{
    if (server < 0)
        return ConcurrencyController::StartLevel;
    while (m_controllers.size() <= server) {
        m_controllers.append(ConcurrencyController());
        m_busy.append(false);
        m_peaks.append(ConcurrencyController::StartLevel);
    }
    return m_controllers.at(server).level();
}

int ConcurrencyLevels::knownLevelOf(int server) const
{
    return server >= 0 && server < m_controllers.size() ? m_controllers.at(server).level() : 0;
}

void ConcurrencyLevels::noteDemand(const QVector<int> &inFlight, const QVector<int> &wanted)
{
    const qint64 now = nowUs();
    int total = 0;
    bool anyBusy = false;
    for (int server = 0; server < wanted.size(); ++server) {
        const int level = levelOf(server);
        const bool busy = wanted.at(server) > 0;
        m_busy[server] = busy;
        if (busy) {
            anyBusy = true;
            total += level;
            m_controllers[server].noteDemand(inFlight.value(server), wanted.at(server), now);
        }
    }
    // Idle: the last figure stays, as the level the servers reached.
    if (anyBusy && std::min(total, ConcurrencyController::Ceiling) != m_total) {
        m_total = std::min(total, ConcurrencyController::Ceiling);
        changed();
    }
}

bool ConcurrencyLevels::sampled(const RequestSample &sample)
{
    const int server = m_serverIndexOf(sample.server);
    if (server < 0)
        return false;
    levelOf(server);
    if (!m_controllers[server].add(sample))
        return false;
    m_peaks[server] = qMax(m_peaks.at(server), m_controllers.at(server).level());
    qCDebug(lcLevels) << "server" << server << "level" << m_controllers.at(server).level()
                      << "after" << (sample.refused() ? "a refusal" : "an epoch") << "at"
                      << sample.finishedUs / 1000 << "ms";
    changed();
    return true;
}

void ConcurrencyLevels::changed()
{
    int total = 0;
    for (int server = 0; server < m_controllers.size(); ++server) {
        if (m_busy.at(server))
            total += m_controllers.at(server).level();
    }
    if (total > 0)
        m_total = std::min(total, ConcurrencyController::Ceiling);
    if (!m_notify.isActive())
        m_notify.start();
}
