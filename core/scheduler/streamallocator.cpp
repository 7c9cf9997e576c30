#include "streamallocator.h"

#include <limits>

void StreamAllocator::allocate(QVector<Task> &tasks, int serverCount, const Limits &limits,
                               const Waiting &waiting)
{
    int used = 0;
    QVector<int> usedOn(serverCount, 0);
    for (const Task &task : std::as_const(tasks)) {
        used += task.streams();
        usedOn[task.server] += task.streams();
    }
    for (Task &task : tasks) {
        const int server = task.server;
        const int perServer = limits.limitOn(server);
        const bool overServer = perServer > 0 && usedOn.at(server) > perServer;
        if (used > limits.global || overServer || waiting(server, usedOn)) {
            task.limit = 1;
            continue;
        }
        const int before = task.streams();
        // No more than it can use (a finished part frees its slot)...
        int limit = qMax(1, qMin(task.limit, task.wanted));
        // ...and whatever is free, globally and on its server, up to what it wants.
        int free = limits.global - used;
        if (perServer > 0)
            free = qMin(free, perServer - usedOn.at(server));
        const int grant = qMin(task.wanted - limit, free + before - qMax(limit, task.inUse));
        if (grant > 0)
            limit += grant;
        task.limit = limit;
        const int delta = task.streams() - before;
        used += delta;
        usedOn[server] += delta;
    }
}
