#include "concurrencylimits.h"

#include "uploadtask.h"

ConcurrencyLimits::ConcurrencyLimits(std::function<int(const QString &)> serverIndexOf)
    : m_levels(std::move(serverIndexOf))
{
}

bool ConcurrencyLimits::setAuto(bool on)
{
    if (m_auto == on)
        return false;
    m_auto = on;
    return true;
}

int ConcurrencyLimits::on(int server)
{
    if (!m_auto)
        return m_perServer;
    const int level = m_levels.levelOf(server);
    return m_perServer > 0 ? qMin(level, m_perServer) : level;
}

int ConcurrencyLimits::level() const
{
    if (!m_auto)
        return m_fixed;
    const int level = m_levels.total();
    return level > 0 ? level : ConcurrencyController::StartLevel;
}

int ConcurrencyLimits::levelFor(int server) const
{
    if (!m_auto)
        return server < 0 ? 0 : m_perServer > 0 ? qMin(m_perServer, m_fixed) : m_fixed;
    const int level = m_levels.knownLevelOf(server);
    return m_perServer > 0 ? qMin(level, m_perServer) : level;
}

int ConcurrencyLimits::streamsOn(int server) const
{
    if (!m_auto)
        return global();
    const qint64 least = m_levels.leastSmallRequestUs(server);
    const bool near = least > 0 && least < ConcurrencyController::NearServerUs;
    return near || loadResponse(server) == LoadResponse::Grows ? 1 : global();
}

bool ConcurrencyLimits::wantsLoadCheck(int server) const
{
    return m_auto && server >= 0 && loadResponse(server) == LoadResponse::Unknown
           && m_levels.leastSmallRequestUs(server) >= ConcurrencyController::NearServerUs;
}

void ConcurrencyLimits::setLoadResponse(int server, LoadResponse response)
{
    if (server >= 0)
        m_loadResponse[server] = response;
}

void ConcurrencyLimits::noteDemand(const QVector<int> &inFlight,
                                   const QHash<TaskId, UploadTask *> &running,
                                   const std::function<int(const UploadTask &)> &serverOf,
                                   const std::function<bool(int server)> &readyWaitsOn)
{
    if (!m_auto)
        return;
    QVector<int> wanted(inFlight.size(), 0);
    for (const UploadTask *task : running) {
        const int want = task->driver() ? qMax(task->streamsWanted(), task->streamsInUse()) : 1;
        wanted[serverOf(*task)] += want;
    }
    // One more than it has, while something ready waits for a slot there.
    for (int server = 0; server < wanted.size(); ++server) {
        if (readyWaitsOn(server))
            wanted[server] = qMax(wanted.at(server), inFlight.at(server)) + 1;
    }
    m_levels.noteDemand(inFlight, wanted);
}
