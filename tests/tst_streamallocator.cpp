// StreamAllocator alone: how request slots are shared among uploads sending parts in parallel.
#include "streamallocator.h"

#include <QTest>

namespace {
using Task = StreamAllocator::Task;

Task task(int server, int limit, int inUse, int wanted)
{
    Task t;
    t.server = server;
    t.limit = limit;
    t.inUse = inUse;
    t.wanted = wanted;
    return t;
}

const StreamAllocator::Waiting nobodyWaits = [](int, const QVector<int> &) { return false; };

QVector<int> limitsOf(const QVector<Task> &tasks)
{
    QVector<int> limits;
    for (const Task &t : tasks)
        limits << t.limit;
    return limits;
}
} // namespace

class tst_StreamAllocator : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void freeSlotsGoToWhoWantsThem();
    void neverMoreThanWanted();
    void perServerLimitHolds();
    void giveBackWhileSomeoneWaits();
    void giveBackWhenOverLimit();
    void waitingSeesSlotsInUse();
};

void tst_StreamAllocator::freeSlotsGoToWhoWantsThem()
{
    // 8 slots; a plain upload holds one, a parallel one wants 16: it gets the other 7.
    QVector<Task> tasks{task(0, 1, 1, 1), task(0, 1, 1, 16)};
    StreamAllocator::allocate(tasks, 1, {8, 0, {}}, nobodyWaits);
    QCOMPARE(limitsOf(tasks), (QVector<int>{1, 7}));
    // Two parallel ones: the first in line takes what is free, the second keeps its one.
    tasks = {task(0, 1, 1, 16), task(0, 1, 1, 16)};
    StreamAllocator::allocate(tasks, 1, {8, 0, {}}, nobodyWaits);
    QCOMPARE(limitsOf(tasks), (QVector<int>{7, 1}));
}

void tst_StreamAllocator::neverMoreThanWanted()
{
    // A task whose parts are mostly done wants 2: it is cut to that, freeing slots for another.
    QVector<Task> tasks{task(0, 6, 2, 2), task(0, 1, 1, 10)};
    StreamAllocator::allocate(tasks, 1, {8, 0, {}}, nobodyWaits);
    QCOMPARE(limitsOf(tasks), (QVector<int>{2, 6}));
}

void tst_StreamAllocator::perServerLimitHolds()
{
    // Global 10, per server 4: the parallel task on server 0 may not pass 4 with the other one
    // there; the one on server 1 takes up to 4 on its own.
    QVector<Task> tasks{task(0, 1, 1, 1), task(0, 1, 1, 16), task(1, 1, 1, 16)};
    StreamAllocator::allocate(tasks, 2, {10, 4, {}}, nobodyWaits);
    QCOMPARE(limitsOf(tasks), (QVector<int>{1, 3, 4}));
    int onServer0 = 0;
    for (const Task &t : tasks)
        onServer0 += t.server == 0 ? t.streams() : 0;
    QCOMPARE(onServer0, 4);
}

void tst_StreamAllocator::giveBackWhileSomeoneWaits()
{
    // A waiting task could use a slot of server 0: the task there gives back all but one; the
    // one on server 1 keeps its own.
    QVector<Task> tasks{task(0, 5, 5, 8), task(1, 3, 3, 8)};
    const StreamAllocator::Waiting waitsOnZero = [](int server, const QVector<int> &) {
        return server == 0;
    };
    StreamAllocator::allocate(tasks, 2, {8, 0, {}}, waitsOnZero);
    QCOMPARE(tasks.at(0).limit, 1);
    QCOMPARE(tasks.at(0).streams(), 5); // its parts stop at their next chunk boundary
    QCOMPARE(tasks.at(1).limit, 3);
}

void tst_StreamAllocator::giveBackWhenOverLimit()
{
    // The limit went down from 8 to 4 while 8 were in use: everyone gives back.
    QVector<Task> tasks{task(0, 6, 6, 8), task(0, 2, 2, 8)};
    StreamAllocator::allocate(tasks, 1, {4, 0, {}}, nobodyWaits);
    QCOMPARE(limitsOf(tasks), (QVector<int>{1, 1}));
    // Per server too.
    tasks = {task(0, 3, 3, 8), task(1, 3, 3, 8)};
    StreamAllocator::allocate(tasks, 2, {16, 2, {}}, nobodyWaits);
    QCOMPARE(limitsOf(tasks), (QVector<int>{1, 1}));
}

void tst_StreamAllocator::waitingSeesSlotsInUse()
{
    QVector<Task> tasks{task(0, 2, 2, 4), task(1, 1, 1, 1)};
    QVector<int> seen;
    StreamAllocator::allocate(tasks, 2, {8, 0, {}}, [&](int, const QVector<int> &usedOn) {
        seen = usedOn;
        return false;
    });
    QCOMPARE(seen.size(), 2);
    QCOMPARE(seen.at(1), 1);
    QVERIFY(seen.at(0) >= 2);
}

QTEST_GUILESS_MAIN(tst_StreamAllocator)
#include "tst_streamallocator.moc"
