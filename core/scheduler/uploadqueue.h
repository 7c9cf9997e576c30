#pragma once

#include "uploadtypes.h"

#include <QList>
#include <QtGlobal>

#include <array>
#include <functional>
#include <set>
#include <unordered_map>
#include <utility>
#include <vector>

// The tasks waiting to start, in the order they should: highest priority first, oldest (lowest
// sequence) first among equals, with aging so that a low-priority task behind an endless stream of
// higher ones still starts. Every operation costs O(log n) in the number of waiting tasks, times
// the number of lanes, which is small; nothing ever walks the waiting tasks.
//
// Lanes: each task waits in one lane (the scheduler's lane per endpoint), and takeNext() only
// takes from lanes its caller says may start now (an endpoint whose token is still being read, a
// server at its own limit). Tasks in a lane that may not start are not passed over: they do not
// age for it.
//
// Aging, per lane and priority: each (lane, priority) keeps a FIFO of its tasks and counts how
// often its oldest task was passed over, i.e. a newer task was taken instead while this lane could
// start. Its effective level is priority + passes / agingSkips; the highest level goes first,
// and among equal levels the oldest task. Taking a task resets its FIFO's count. So a Low task
// behind a stream of High ones starts after at most 2 * agingSkips of them, and then one in every
// 2 * agingSkips + 1 starts is a Low one while the stream lasts.
//
// Back-off: a task pushed with readyAtMs in the future waits apart (ordered by that time) and
// joins its FIFO once the time has come; nextReadyAtMs() says when the next one does.
class UploadQueue final {
public:
    using LaneFilter = std::function<bool(int lane)>;

    void setAgingSkips(int skips) { m_agingSkips = qMax(1, skips); }
    int agingSkips() const { return m_agingSkips; }

    // Adds a task that is not in the queue (a task already in it is moved). readyAtMs > the
    // `now` of later calls: it does not start before then.
    void push(TaskId id, quint64 sequence, Priority priority, int lane, qint64 readyAtMs = 0);
    // False when it was not in the queue.
    bool remove(TaskId id);
    bool contains(TaskId id) const { return m_items.count(id) != 0; }
    void setPriority(TaskId id, Priority priority);
    int size() const { return int(m_items.size()); }
    bool isEmpty() const { return m_items.empty(); }
    // Tasks of `lane` in the queue, ready or backing off.
    int countIn(int lane) const;
    // The tasks of `lane` ready to start (not backing off): O(those).
    QList<TaskId> readyIn(int lane) const;

    // Takes out the next task to start among the lanes `mayStart` accepts; 0 when none is ready.
    TaskId takeNext(qint64 nowMs, const LaneFilter &mayStart);
    // Whether takeNext() would give a task now.
    bool hasReady(qint64 nowMs, const LaneFilter &mayStart);
    bool hasReadyIn(int lane, qint64 nowMs);
    // When the earliest task backing off becomes ready (ms since the epoch); 0 when none is.
    qint64 nextReadyAtMs() const;

private:
    static constexpr int PriorityCount = 3;
    using Fifo = std::set<std::pair<quint64, TaskId>>; // by sequence
    struct Lane {
        std::array<Fifo, PriorityCount> fifos;
        std::array<int, PriorityCount> passes{};
        int count = 0; // tasks of this lane in the queue, backing off included
    };
    struct Item {
        quint64 sequence = 0;
        Priority priority = Priority::Normal;
        int lane = 0;
        qint64 readyAtMs = 0; // > 0 while it waits in m_backingOff
    };

    Lane &lane(int index);
    void enqueueReady(TaskId id, const Item &item);
    // Moves every task whose back-off is over into its FIFO.
    void promoteDue(qint64 nowMs);
    // The FIFO that goes next among the lanes `mayStart` accepts; {-1, -1} when none.
    std::pair<int, int> best(const LaneFilter &mayStart) const;

    int m_agingSkips = 4;
    std::unordered_map<TaskId, Item> m_items;
    std::vector<Lane> m_lanes;
    std::set<std::pair<qint64, TaskId>> m_backingOff; // by ready time
};
