// UploadQueue alone: the order tasks start in, aging, lanes that may not start, back-off.
#include "uploadqueue.h"

#include <QElapsedTimer>
#include <QTest>

namespace {
const UploadQueue::LaneFilter anyLane = [](int) { return true; };

// Takes everything ready at `now`, in order.
QList<TaskId> drain(UploadQueue &queue, qint64 now = 0,
                    const UploadQueue::LaneFilter &filter = anyLane)
{
    QList<TaskId> order;
    while (const TaskId id = queue.takeNext(now, filter))
        order << id;
    return order;
}
} // namespace

class tst_UploadQueue : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void emptyGivesNothing();
    void fifoAmongEquals();
    void higherPriorityFirst();
    void removeAndPriorityChange();
    void pushAgainMoves();
    void lowIsNotStarved_data();
    void lowIsNotStarved();
    void agingCountsOnlyNewerTasks();
    void closedLanesAreSkippedAndDoNotAge();
    void backOffWaitsItsTurn();
    void countsPerLane();
    void manyTasksStayCheap();
};

void tst_UploadQueue::emptyGivesNothing()
{
    UploadQueue queue;
    QCOMPARE(queue.takeNext(0, anyLane), TaskId(0));
    QVERIFY(!queue.hasReady(0, anyLane));
    QCOMPARE(queue.nextReadyAtMs(), qint64(0));
    QVERIFY(queue.isEmpty());
}

void tst_UploadQueue::fifoAmongEquals()
{
    UploadQueue queue;
    // Pushed out of order: the sequence, not the push, decides.
    queue.push(3, 30, Priority::Normal, 0);
    queue.push(1, 10, Priority::Normal, 0);
    queue.push(2, 20, Priority::Normal, 1);
    QCOMPARE(queue.size(), 3);
    QCOMPARE(drain(queue), (QList<TaskId>{1, 2, 3}));
    QVERIFY(queue.isEmpty());
}

void tst_UploadQueue::higherPriorityFirst()
{
    UploadQueue queue;
    queue.push(1, 1, Priority::Low, 0);
    queue.push(2, 2, Priority::Normal, 0);
    queue.push(3, 3, Priority::High, 0);
    queue.push(4, 4, Priority::Normal, 0);
    QCOMPARE(drain(queue), (QList<TaskId>{3, 2, 4, 1}));
}

void tst_UploadQueue::removeAndPriorityChange()
{
    UploadQueue queue;
    queue.push(1, 1, Priority::Normal, 0);
    queue.push(2, 2, Priority::Normal, 0);
    queue.push(3, 3, Priority::Normal, 0);
    QVERIFY(queue.remove(2));
    QVERIFY(!queue.remove(2));
    QVERIFY(!queue.contains(2));
    queue.setPriority(3, Priority::High);
    queue.setPriority(42, Priority::High); // not queued: nothing happens
    QCOMPARE(drain(queue), (QList<TaskId>{3, 1}));
}

void tst_UploadQueue::pushAgainMoves()
{
    UploadQueue queue;
    queue.push(1, 1, Priority::Normal, 0);
    queue.push(1, 1, Priority::Low, 2); // moved, not duplicated
    QCOMPARE(queue.size(), 1);
    QCOMPARE(queue.countIn(0), 0);
    QCOMPARE(queue.countIn(2), 1);
    QCOMPARE(drain(queue), QList<TaskId>{1});
}

void tst_UploadQueue::lowIsNotStarved_data()
{
    QTest::addColumn<int>("agingSkips");
    QTest::addColumn<Priority>("low");
    QTest::newRow("low, skips 1") << 1 << Priority::Low;
    QTest::newRow("low, skips 2") << 2 << Priority::Low;
    QTest::newRow("low, skips 4") << 4 << Priority::Low;
    QTest::newRow("normal, skips 3") << 3 << Priority::Normal;
}

void tst_UploadQueue::lowIsNotStarved()
{
    QFETCH(int, agingSkips);
    QFETCH(Priority, low);
    UploadQueue queue;
    queue.setAgingSkips(agingSkips);
    queue.push(1, 1, low, 0);
    // An endless stream of High tasks, each queued after the one before was taken.
    quint64 sequence = 2;
    queue.push(sequence, sequence, Priority::High, 0);
    QList<TaskId> order;
    for (int i = 0; i < 100 && !order.contains(1); ++i) {
        order << queue.takeNext(0, anyLane);
        ++sequence;
        queue.push(sequence, sequence, Priority::High, 0);
    }
    const int levels = int(Priority::High) - int(low);
    // Passed over levels * agingSkips times it has climbed to High and, being oldest, goes next.
    QCOMPARE(order.indexOf(1), levels * agingSkips);
    // While the stream lasts, the next Low task gets the same share, not a burst after it.
    queue.push(1000, 0, low, 0); // older than everything: only aging decides
    QList<TaskId> later;
    for (int i = 0; i < 3 * (levels * agingSkips + 1); ++i) {
        later << queue.takeNext(0, anyLane);
        ++sequence;
        queue.push(sequence, sequence, Priority::High, 0);
    }
    QCOMPARE(later.indexOf(1000), levels * agingSkips);
}

void tst_UploadQueue::agingCountsOnlyNewerTasks()
{
    // High tasks queued before the Low one overtake nobody: the Low one does not age for them.
    UploadQueue queue;
    queue.setAgingSkips(1);
    for (TaskId id = 1; id <= 5; ++id)
        queue.push(id, id, Priority::High, 0);
    queue.push(10, 10, Priority::Low, 0);
    QCOMPARE(drain(queue), (QList<TaskId>{1, 2, 3, 4, 5, 10}));
}

void tst_UploadQueue::closedLanesAreSkippedAndDoNotAge()
{
    UploadQueue queue;
    queue.setAgingSkips(1);
    queue.push(1, 1, Priority::Low, 0); // lane 0 is closed for now
    for (TaskId id = 2; id <= 6; ++id)
        queue.push(id, id, Priority::High, 1);
    const auto onlyLane1 = [](int lane) { return lane == 1; };
    QVERIFY(queue.hasReady(0, onlyLane1));
    QVERIFY(queue.hasReadyIn(0, 0));
    QCOMPARE(drain(queue, 0, onlyLane1), (QList<TaskId>{2, 3, 4, 5, 6}));
    QVERIFY(!queue.hasReady(0, onlyLane1));
    QCOMPARE(queue.size(), 1);
    // It was never passed over (it could not start): once open it is still plain Low.
    for (TaskId id = 7; id <= 8; ++id)
        queue.push(id, id, Priority::High, 1);
    QCOMPARE(queue.takeNext(0, anyLane), TaskId(7));
    QCOMPARE(queue.takeNext(0, anyLane), TaskId(8));
    QCOMPARE(queue.takeNext(0, anyLane), TaskId(1));
}

void tst_UploadQueue::backOffWaitsItsTurn()
{
    UploadQueue queue;
    queue.push(1, 1, Priority::High, 0, 5000);
    queue.push(2, 2, Priority::Normal, 0, 3000);
    queue.push(3, 3, Priority::Low, 0);
    QCOMPARE(queue.nextReadyAtMs(), qint64(3000));
    QCOMPARE(queue.takeNext(1000, anyLane), TaskId(3));
    QCOMPARE(queue.takeNext(2999, anyLane), TaskId(0));
    QVERIFY(!queue.hasReady(2999, anyLane));
    QVERIFY(queue.hasReady(3000, anyLane));
    QCOMPARE(queue.nextReadyAtMs(), qint64(5000));
    QCOMPARE(queue.takeNext(6000, anyLane), TaskId(1)); // both due: priority decides
    QCOMPARE(queue.takeNext(6000, anyLane), TaskId(2));
    // Removed while backing off: gone from the timetable too.
    queue.push(4, 4, Priority::Normal, 0, 9000);
    QVERIFY(queue.remove(4));
    QCOMPARE(queue.nextReadyAtMs(), qint64(0));
    QVERIFY(queue.isEmpty());
}

void tst_UploadQueue::countsPerLane()
{
    UploadQueue queue;
    queue.push(1, 1, Priority::Normal, 0);
    queue.push(2, 2, Priority::Normal, 3, 100);
    queue.push(3, 3, Priority::High, 3);
    QCOMPARE(queue.countIn(0), 1);
    QCOMPARE(queue.countIn(3), 2);
    QCOMPARE(queue.countIn(7), 0);
    QCOMPARE(queue.takeNext(0, [](int lane) { return lane == 3; }), TaskId(3));
    QCOMPARE(queue.countIn(3), 1);
    QVERIFY(!queue.hasReadyIn(3, 0));
    QVERIFY(queue.hasReadyIn(3, 100));
}

void tst_UploadQueue::manyTasksStayCheap()
{
    // 100,000 tasks in three priorities and four lanes, taken in an interleaving of pushes,
    // priority changes and removals: the order stays right, and (as a guard against a walk over
    // the queue per take, which would need minutes) it takes well under the test's timeout.
    constexpr int Count = 100000;
    UploadQueue queue;
    QElapsedTimer clock;
    clock.start();
    for (int i = 1; i <= Count; ++i)
        queue.push(TaskId(i), quint64(i), Priority(i % 3), i % 4);
    for (int i = 3; i <= Count; i += 7)
        queue.setPriority(TaskId(i), Priority::High);
    for (int i = 5; i <= Count; i += 11)
        queue.remove(TaskId(i));
    int taken = 0;
    Priority lastPriority = Priority::High;
    quint64 lastSequence = 0;
    // Aging off in effect (a huge skip count): strictly by priority, then sequence.
    queue.setAgingSkips(1 << 30);
    while (const TaskId id = queue.takeNext(0, anyLane)) {
        const Priority p = (id % 7 == 3) ? Priority::High : Priority(id % 3);
        QVERIFY(p <= lastPriority);
        if (p == lastPriority)
            QVERIFY2(id > lastSequence, qPrintable(QString::number(id)));
        lastPriority = p;
        lastSequence = id;
        ++taken;
    }
    int removed = 0;
    for (int i = 5; i <= Count; i += 11)
        ++removed;
    QCOMPARE(taken, Count - removed);
    qInfo("100,000 tasks pushed, changed, removed and taken in %lld ms", clock.elapsed());
}

QTEST_GUILESS_MAIN(tst_UploadQueue)
#include "tst_uploadqueue.moc"
