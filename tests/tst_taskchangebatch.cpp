// TaskChangeBatch, the scheduler's one flush timer: a flood of changes is one report per
// interval, naming each changed task once, sorted, without those gone meanwhile.
#include "taskchangebatch.h"

#include <QElapsedTimer>
#include <QSet>
#include <QSignalSpy>
#include <QTest>

class TestTaskChangeBatch : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void floodIsOneSortedReport();
    void touchedReportsTotalsOnly();
    void flushNowReportsAtOnce();
};

void TestTaskChangeBatch::floodIsOneSortedReport()
{
    QSet<TaskId> alive{1, 2, 3, 5, 8};
    TaskChangeBatch batch([&](TaskId id) { return alive.contains(id); });
    QSignalSpy flushed(&batch, &TaskChangeBatch::flushed);
    QElapsedTimer clock;
    clock.start();
    for (int round = 0; round < 1000; ++round) {
        for (TaskId id : {TaskId(8), TaskId(3), TaskId(5), TaskId(1), TaskId(9)})
            batch.changed(id);
    }
    batch.changed(2);
    batch.forget(2); // removed before the report: not in it
    alive.remove(5); // gone without a forget: left out all the same
    QVERIFY(flushed.wait());
    QVERIFY(clock.elapsed() >= 90); // the interval, not at once
    QCOMPARE(flushed.size(), 1);
    QCOMPARE(flushed.first().first().value<QList<TaskId>>(), (QList<TaskId>{1, 3, 8}));
    // Nothing changed since: no more reports.
    QVERIFY(!flushed.wait(300));
    QCOMPARE(flushed.size(), 1);
}

void TestTaskChangeBatch::touchedReportsTotalsOnly()
{
    TaskChangeBatch batch([](TaskId) { return true; });
    QSignalSpy flushed(&batch, &TaskChangeBatch::flushed);
    batch.touched();
    batch.touched();
    QVERIFY(flushed.wait());
    QCOMPARE(flushed.size(), 1);
    QVERIFY(flushed.first().first().value<QList<TaskId>>().isEmpty());
}

void TestTaskChangeBatch::flushNowReportsAtOnce()
{
    TaskChangeBatch batch([](TaskId) { return true; });
    QSignalSpy flushed(&batch, &TaskChangeBatch::flushed);
    batch.changed(4);
    batch.flush();
    QCOMPARE(flushed.size(), 1);
    QCOMPARE(flushed.first().first().value<QList<TaskId>>(), (QList<TaskId>{4}));
}

QTEST_GUILESS_MAIN(TestTaskChangeBatch)
#include "tst_taskchangebatch.moc"
