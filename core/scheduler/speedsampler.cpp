#include "speedsampler.h"

#include "uploadscheduler.h"

#include <algorithm>

SpeedSampler::SpeedSampler(const UploadScheduler *scheduler, QObject *parent, int samples)
    : QObject(parent)
    , m_scheduler(scheduler)
    , m_total(samples)
{
    m_timer.setInterval(DefaultIntervalMs);
    connect(&m_timer, &QTimer::timeout, this, &SpeedSampler::tick);
    if (!scheduler)
        return;
    // Only uploads that start are followed: a tick costs what runs, not what is queued.
    connect(scheduler, &UploadScheduler::taskStarted, this,
            [this](TaskId id) { m_running.insert(id); });
    connect(scheduler, &UploadScheduler::tasksRemoved, this, &SpeedSampler::forget);
    for (const TaskId id : scheduler->taskIds()) {
        if (const UploadTask *task = scheduler->task(id);
            task && task->state() == TaskState::Uploading)
            m_running.insert(id);
    }
    m_timer.start();
}

void SpeedSampler::tick()
{
    if (!m_scheduler)
        return;
    QList<QPair<TaskId, double>> running;
    for (const TaskId id : std::as_const(m_running)) {
        const UploadTask *task = m_scheduler->task(id);
        if (task && task->state() == TaskState::Uploading)
            running.append({id, task->speed()});
    }
    record(m_scheduler->totals().bytesPerSecond, running);
}

void SpeedSampler::record(double total, const QList<QPair<TaskId, double>> &running)
{
    ++m_tick;
    m_total.push(total);
    QSet<TaskId> now;
    for (const auto &[id, speed] : running) {
        now.insert(id);
        auto it = m_tasks.find(id);
        if (it == m_tasks.end()) {
            if (m_tasks.size() >= MaxTaskHistories) {
                const auto oldest = std::min_element(
                    m_tasks.begin(), m_tasks.end(), [](const TaskHistory &a, const TaskHistory &b) {
                        return a.lastTick < b.lastTick;
                    });
                m_tasks.erase(oldest);
            }
            it = m_tasks.insert(id, TaskHistory{SpeedHistory(m_total.capacity()), 0});
        }
        // Zeros for the ticks it missed, so that its samples stay aligned with the total's.
        const quint64 missed = it->lastTick ? m_tick - it->lastTick - 1 : 0;
        for (quint64 i = 0; i < std::min<quint64>(missed, quint64(m_total.capacity())); ++i)
            it->speeds.push(0);
        it->speeds.push(speed);
        it->lastTick = m_tick;
    }
    // Ran on the last tick and not now: it stopped; its line drops to 0.
    for (const TaskId id : std::as_const(m_running)) {
        if (now.contains(id))
            continue;
        auto it = m_tasks.find(id);
        if (it != m_tasks.end() && it->lastTick == m_tick - 1) {
            it->speeds.push(0);
            it->lastTick = m_tick;
        }
    }
    m_running = now; // the scheduler's taskStarted adds those that start before the next tick
    Q_EMIT sampled();
}

QVector<double> SpeedSampler::taskSeries(TaskId id) const
{
    QVector<double> out(m_total.size(), 0.0);
    const auto it = m_tasks.constFind(id);
    if (it == m_tasks.constEnd())
        return out;
    // Its newest sample is at lastTick; the total's newest at m_tick.
    const SpeedHistory &speeds = it->speeds;
    const qint64 shift = qint64(m_tick - it->lastTick);
    for (int i = 0; i < speeds.size(); ++i) {
        const qint64 index = qint64(out.size()) - 1 - shift - (speeds.size() - 1 - i);
        if (index >= 0 && index < out.size())
            out[int(index)] = speeds.at(i);
    }
    return out;
}

void SpeedSampler::forget(const QList<TaskId> &ids)
{
    for (const TaskId id : ids) {
        m_tasks.remove(id);
        m_running.remove(id);
    }
}
