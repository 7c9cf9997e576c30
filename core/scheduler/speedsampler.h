#pragma once

#include "speedhistory.h"
#include "uploadtypes.h"

#include <QHash>
#include <QList>
#include <QObject>
#include <QPair>
#include <QPointer>
#include <QSet>
#include <QTimer>

class UploadScheduler;

// The upload speed over the last minutes, for a graph: once a tick, the scheduler's total and
// the speed of each upload that ran, read from what the scheduler computes anyway. Every upload's
// history lines up with the total's (the same number of samples, 0 where it did not run).
class SpeedSampler final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SpeedSampler)
public:
    static constexpr int DefaultSeconds = 300;
    static constexpr int DefaultIntervalMs = 1000;
    // Uploads whose history is kept at once; the one that ran longest ago goes first.
    static constexpr int MaxTaskHistories = 64;

    // Samples `scheduler` (none: only record() adds samples) every interval, `samples` kept.
    explicit SpeedSampler(const UploadScheduler *scheduler, QObject *parent = nullptr,
                          int samples = DefaultSeconds);

    void setInterval(int ms) { m_timer.setInterval(ms); }
    int interval() const { return m_timer.interval(); }
    int capacity() const { return m_total.capacity(); }

    // One tick: the total and the uploads running now (an upload not listed that ran on the
    // last tick gets a 0, then is no longer sampled).
    void record(double total, const QList<QPair<TaskId, double>> &running);

    const SpeedHistory &total() const { return m_total; }
    // `id`'s speed at each of total()'s samples, oldest first; all 0 when it never ran.
    QVector<double> taskSeries(TaskId id) const;
    bool hasTask(TaskId id) const { return m_tasks.contains(id); }

Q_SIGNALS:
    void sampled();

private:
    struct TaskHistory {
        SpeedHistory speeds;
        quint64 lastTick = 0; // the tick of speeds.last()
    };
    void tick();
    void forget(const QList<TaskId> &ids);

    QPointer<const UploadScheduler> m_scheduler;
    QTimer m_timer;
    SpeedHistory m_total;
    quint64 m_tick = 0; // ticks recorded so far
    QHash<TaskId, TaskHistory> m_tasks;
    QSet<TaskId> m_running; // sampled on every tick until seen stopped
};
