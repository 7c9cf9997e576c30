#pragma once

#include <QVector>

#include <functional>

// How many requests each uploading task may have in flight. The concurrency limit counts
// requests, not files: a task sending parts of its file in parallel may hold several slots, but
// only slots nobody else could use. A pure function of what it is given, so that the rules are
// tested apart from any network:
// - nobody takes more than it can use (`wanted`);
// - free slots, under the global limit and under the limit of the task's server, go to tasks
//   that want more, in order;
// - a task gives every extra slot back (its limit drops to 1; its parts stop at their next chunk
//   boundary) while a waiting task could use one of its slots, or while a limit is exceeded.
class StreamAllocator final {
public:
    struct Task {
        int server = 0; // index of the task's server
        int limit = 1;  // requests it may have in flight; the result
        int inUse = 1;  // requests it has in flight now (they stop only at a chunk boundary)
        int wanted = 1; // requests it could use
        int streams() const { return qMax(limit, inUse); }
    };
    struct Limits {
        int global = 1;
        int perServer = 0; // 0: only the global limit
        // When not empty, each server's own limit instead of perServer (0: none), by index.
        QVector<int> perServerOf;
        int limitOn(int server) const
        {
            return perServerOf.isEmpty() ? perServer : perServerOf.value(server, perServer);
        }
    };
    // True when a waiting task could start if a slot of `server` were free, given the slots in
    // use on each server (`usedOn`).
    using Waiting = std::function<bool(int server, const QVector<int> &usedOn)>;

    // Sets each task's limit; `serverCount` is one more than the highest server index.
    static void allocate(QVector<Task> &tasks, int serverCount, const Limits &limits,
                         const Waiting &waiting);
};
