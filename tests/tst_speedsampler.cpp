// The speed graph's data: the ring buffer, and the sampler lining up each upload's speeds with
// the total's, one sample per tick. No network: record() is fed by hand, and a scheduler with
// nothing queued is sampled by the timer.
#include "speedhistory.h"
#include "speedsampler.h"
#include "tusprotocol.h"
#include "uploadscheduler.h"

#include <QNetworkAccessManager>
#include <QSignalSpy>
#include <QTest>

class TestSpeedSampler : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void ringKeepsTheNewest();
    void ringEmpty();
    void totalAndTaskLineUp();
    void stoppedTaskDropsToZero();
    void taskThatRanAgainHasAGap();
    void historiesAreBounded();
    void samplesTheSchedulerOnATimer();
};

void TestSpeedSampler::ringKeepsTheNewest()
{
    SpeedHistory ring(4);
    for (int i = 1; i <= 3; ++i)
        ring.push(i);
    QCOMPARE(ring.values(), QVector<double>({1, 2, 3}));
    for (int i = 4; i <= 10; ++i)
        ring.push(i);
    QCOMPARE(ring.size(), 4);
    QCOMPARE(ring.capacity(), 4);
    QCOMPARE(ring.values(), QVector<double>({7, 8, 9, 10}));
    QCOMPARE(ring.at(0), 7.0);
    QCOMPARE(ring.last(), 10.0);
    QCOMPARE(ring.max(), 10.0);
    ring.push(1);
    QCOMPARE(ring.max(), 10.0);
    QCOMPARE(ring.values(), QVector<double>({8, 9, 10, 1}));
    ring.clear();
    QVERIFY(ring.isEmpty());
    QCOMPARE(ring.last(), 0.0);
}

void TestSpeedSampler::ringEmpty()
{
    SpeedHistory none;
    none.push(5); // nothing to keep it in
    QCOMPARE(none.size(), 0);
    QCOMPARE(none.max(), 0.0);
}

void TestSpeedSampler::totalAndTaskLineUp()
{
    SpeedSampler sampler(nullptr, nullptr, 5);
    QSignalSpy sampled(&sampler, &SpeedSampler::sampled);
    sampler.record(100, {});
    sampler.record(300, {{7, 200}});
    sampler.record(500, {{7, 250}, {8, 250}});
    QCOMPARE(sampled.count(), 3);
    QCOMPARE(sampler.total().values(), QVector<double>({100, 300, 500}));
    QCOMPARE(sampler.taskSeries(7), QVector<double>({0, 200, 250}));
    QCOMPARE(sampler.taskSeries(8), QVector<double>({0, 0, 250}));
    QCOMPARE(sampler.taskSeries(9), QVector<double>({0, 0, 0})); // never ran
    // Past the capacity the oldest go, for the total and the tasks alike.
    for (int i = 0; i < 4; ++i)
        sampler.record(1000 + i, {{7, double(i)}});
    QCOMPARE(sampler.total().values(), QVector<double>({500, 1000, 1001, 1002, 1003}));
    QCOMPARE(sampler.taskSeries(7), QVector<double>({250, 0, 1, 2, 3}));
    QCOMPARE(sampler.taskSeries(8), QVector<double>({250, 0, 0, 0, 0}));
}

void TestSpeedSampler::stoppedTaskDropsToZero()
{
    SpeedSampler sampler(nullptr, nullptr, 10);
    sampler.record(10, {{1, 10}});
    sampler.record(0, {});
    sampler.record(0, {});
    QCOMPARE(sampler.taskSeries(1), QVector<double>({10, 0, 0}));
}

void TestSpeedSampler::taskThatRanAgainHasAGap()
{
    SpeedSampler sampler(nullptr, nullptr, 10);
    sampler.record(10, {{1, 10}});
    sampler.record(0, {});
    sampler.record(0, {});
    sampler.record(0, {});
    sampler.record(30, {{1, 30}});
    QCOMPARE(sampler.taskSeries(1), QVector<double>({10, 0, 0, 0, 30}));
}

void TestSpeedSampler::historiesAreBounded()
{
    SpeedSampler sampler(nullptr, nullptr, 10);
    for (int i = 1; i <= SpeedSampler::MaxTaskHistories + 5; ++i)
        sampler.record(i, {{TaskId(i), double(i)}});
    // The first ones ran longest ago and are gone; the last are kept.
    QVERIFY(!sampler.hasTask(1));
    QVERIFY(!sampler.hasTask(5));
    QVERIFY(sampler.hasTask(6));
    QVERIFY(sampler.hasTask(SpeedSampler::MaxTaskHistories + 5));
}

void TestSpeedSampler::samplesTheSchedulerOnATimer()
{
    QNetworkAccessManager network;
    TusProtocol protocol(&network);
    UploadScheduler scheduler(&protocol);
    SpeedSampler sampler(&scheduler, nullptr, 300);
    QCOMPARE(sampler.interval(), SpeedSampler::DefaultIntervalMs);
    QCOMPARE(sampler.capacity(), 300); // five minutes of seconds
    sampler.setInterval(20);
    QSignalSpy sampled(&sampler, &SpeedSampler::sampled);
    QTRY_VERIFY(sampled.count() >= 3);
    QVERIFY(sampler.total().size() >= 3);
    QCOMPARE(sampler.total().max(), 0.0); // nothing queued, nothing moving
}

QTEST_GUILESS_MAIN(TestSpeedSampler)
#include "tst_speedsampler.moc"
