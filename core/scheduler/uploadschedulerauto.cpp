#include "uploadscheduler.h"

#include "concurrencylevels.h"
#include "failurehandler.h"
#include "networkpool.h"

// Parallel: Auto's side of the scheduler: the limits it applies and what it tells the levels.

void UploadScheduler::setAutoConcurrency(bool on)
{
    if (m_autoConcurrency == on)
        return;
    m_autoConcurrency = on;
    requestSchedule();
    Q_EMIT concurrencyLevelChanged();
}

int UploadScheduler::concurrencyLevel() const
{
    if (!m_autoConcurrency)
        return m_concurrency;
    const int level = m_levels->total();
    return level > 0 ? level : ConcurrencyController::StartLevel;
}

int UploadScheduler::concurrencyLevelFor(const QUrl &endpoint) const
{
    const int server = m_lanes.serverIndex(NetworkPool::serverOf(endpoint));
    if (!m_autoConcurrency)
        return server < 0             ? 0
               : m_perServerLimit > 0 ? qMin(m_perServerLimit, m_concurrency)
                                      : m_concurrency;
    const int level = m_levels->knownLevelOf(server);
    return m_perServerLimit > 0 ? qMin(level, m_perServerLimit) : level;
}

int UploadScheduler::concurrencyLevelPeakFor(const QUrl &endpoint) const
{
    return m_levels->peakLevelOf(m_lanes.serverIndex(NetworkPool::serverOf(endpoint)));
}

int UploadScheduler::globalLimit() const
{
    return m_autoConcurrency ? MaxConcurrency : m_concurrency;
}

int UploadScheduler::limitOn(int server)
{
    if (!m_autoConcurrency)
        return m_perServerLimit;
    const int level = m_levels->levelOf(server);
    return m_perServerLimit > 0 ? qMin(level, m_perServerLimit) : level;
}

void UploadScheduler::requestSampled(const RequestSample &sample)
{
    if (m_levels->sampled(sample) && m_autoConcurrency)
        requestSchedule();
}

void UploadScheduler::noteDemand()
{
    if (!m_autoConcurrency)
        return;
    int used = 0;
    const QVector<int> inFlight = slotsPerServer(&used);
    QVector<int> wanted(inFlight.size(), 0);
    for (const UploadTask *task : std::as_const(m_running)) {
        const int want = task->driver() ? qMax(task->streamsWanted(), task->streamsInUse()) : 1;
        wanted[m_lanes.serverOf(task->lane())] += want;
    }
    // One more than it has, while something ready waits for a slot there.
    const qint64 now = m_failures->nowMs();
    for (int server = 0; server < wanted.size(); ++server) {
        if (m_queue.hasReady(now, [&](int lane) {
                return m_lanes.serverOf(lane) == server && !serverDown(lane);
            }))
            wanted[server] = qMax(wanted.at(server), inFlight.at(server)) + 1;
    }
    m_levels->noteDemand(inFlight, wanted);
}
