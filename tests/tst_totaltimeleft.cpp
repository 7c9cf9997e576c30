// The status bar's overall time left: bytes left of the uploads under way over a smoothed total
// speed (TotalTimeLeft), and how the estimate reads (TimeLeftLabel::describe).
#include "tasktable.h"
#include "timeleftlabel.h"
#include "totaltimeleft.h"

#include <QTest>

namespace {
constexpr qint64 MiB = 1024 * 1024;

SchedulerTotals totals(int uploading, int waiting, qint64 left, double speed)
{
    SchedulerTotals t;
    t.counts[int(TaskState::Uploading)] = uploading;
    t.counts[int(TaskState::Waiting)] = waiting;
    t.bytesActiveLeft = left;
    t.bytesPerSecond = speed;
    return t;
}
} // namespace

class tst_TotalTimeLeft : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void unknownUntilSomethingMoves();
    void bytesLeftOverSpeed();
    void smoothsASuddenDrop();
    void catchesUpWhileYoung();
    void idleForgetsTheSpeed();
    void words_data();
    void words();
    void saysWhenItCountsSeveral();
};

void tst_TotalTimeLeft::unknownUntilSomethingMoves()
{
    TotalTimeLeft estimate;
    QCOMPARE(estimate.secondsLeft(), qint64(-1));
    estimate.update(totals(0, 0, 0, 0), 0); // idle
    QCOMPARE(estimate.secondsLeft(), qint64(-1));
    estimate.update(totals(0, 5, 50 * MiB, 0), 100); // queued, nothing started yet
    QCOMPARE(estimate.secondsLeft(), qint64(-1));
    estimate.update(totals(2, 3, 50 * MiB, 0), 200); // started, no speed measured yet
    QCOMPARE(estimate.secondsLeft(), qint64(-1));
}

void tst_TotalTimeLeft::bytesLeftOverSpeed()
{
    TotalTimeLeft estimate;
    // The first speed measured is taken as it is: 600 MiB at 1 MiB/s is 10 min.
    estimate.update(totals(2, 10, 600 * MiB, double(MiB)), 0);
    QCOMPARE(estimate.secondsLeft(), qint64(600));
    // Bytes go down at that speed: the estimate with them.
    estimate.update(totals(2, 10, 540 * MiB, double(MiB)), 60000);
    QCOMPARE(estimate.secondsLeft(), qint64(540));
}

void tst_TotalTimeLeft::smoothsASuddenDrop()
{
    TotalTimeLeft estimate;
    qint64 now = 0;
    for (int i = 0; i <= 20; ++i, now += 1000)
        estimate.update(totals(1, 0, 100 * MiB, double(MiB)), now);
    QCOMPARE(estimate.secondsLeft(), qint64(100));
    // A second at a tenth of the speed (one upload handing over to the next) moves the
    // estimate a little, not tenfold.
    estimate.update(totals(1, 0, 100 * MiB, double(MiB) / 10), now);
    QVERIFY2(estimate.secondsLeft() > 100 && estimate.secondsLeft() < 115,
             qPrintable(QString::number(estimate.secondsLeft())));
    // A lasting change is taken in within a few time constants.
    for (int i = 0; i < 90; ++i)
        estimate.update(totals(1, 0, 100 * MiB, double(MiB) / 10), now += 1000);
    QVERIFY2(qAbs(estimate.secondsLeft() - 1000) < 20,
             qPrintable(QString::number(estimate.secondsLeft())));
}

void tst_TotalTimeLeft::catchesUpWhileYoung()
{
    // Uploads getting going: 0.2, then 1 MiB/s. A young estimate averages what it has instead of
    // creeping up over the whole time constant.
    TotalTimeLeft estimate;
    estimate.update(totals(2, 3, 100 * MiB, 0.2 * MiB), 0);
    qint64 now = 0;
    for (int i = 0; i < 4; ++i)
        estimate.update(totals(2, 3, 100 * MiB, double(MiB)), now += 1000);
    QVERIFY2(estimate.smoothedSpeed() > 0.75 * MiB,
             qPrintable(QString::number(estimate.smoothedSpeed() / MiB)));
}

void tst_TotalTimeLeft::idleForgetsTheSpeed()
{
    TotalTimeLeft estimate;
    estimate.update(totals(1, 0, 10 * MiB, double(MiB)), 0);
    QCOMPARE(estimate.secondsLeft(), qint64(10));
    estimate.update(totals(0, 0, 0, 0), 1000);
    QCOMPARE(estimate.secondsLeft(), qint64(-1));
    // The next batch starts afresh from its own first speed, not the old one decayed.
    estimate.update(totals(1, 0, 40 * MiB, 4.0 * MiB), 90000);
    QCOMPARE(estimate.secondsLeft(), qint64(10));
    // Paused or failed uploads do not count: only uploading and waiting ones (bytesActiveLeft).
    estimate.update(totals(0, 0, 0, 0), 91000);
    QCOMPARE(estimate.secondsLeft(), qint64(-1));
}

void tst_TotalTimeLeft::words_data()
{
    QTest::addColumn<qint64>("seconds");
    QTest::addColumn<QString>("text");
    QTest::newRow("unknown") << qint64(-1) << QString();
    QTest::newRow("0") << qint64(0) << QStringLiteral("Less than a minute left");
    QTest::newRow("59") << qint64(59) << QStringLiteral("Less than a minute left");
    QTest::newRow("60") << qint64(60) << QStringLiteral("About 1 min left");
    QTest::newRow("61") << qint64(61) << QStringLiteral("About 2 min left");
    QTest::newRow("12 min") << qint64(11 * 60 + 30) << QStringLiteral("About 12 min left");
    QTest::newRow("89 min") << qint64(89 * 60) << QStringLiteral("About 89 min left");
    QTest::newRow("90 min") << qint64(90 * 60) << QStringLiteral("About 1 h 30 min left");
    QTest::newRow("2 h 12 min") << qint64(132 * 60) << QStringLiteral("About 2 h 10 min left");
    QTest::newRow("3 h") << qint64(179 * 60) << QStringLiteral("About 3 h left");
    QTest::newRow("3 days") << qint64(3 * 86400) << QStringLiteral("About 3 days left");
}

void tst_TotalTimeLeft::words()
{
    QFETCH(qint64, seconds);
    QFETCH(QString, text);
    QCOMPARE(TimeLeftLabel::describe(seconds), text);
    // Where the bar is short: the same time, without the "About".
    const QString brief = TimeLeftLabel::describeShort(seconds);
    if (seconds < 0)
        QVERIFY(brief.isEmpty());
    else if (seconds < 60)
        QCOMPARE(brief, QStringLiteral("< 1 min left"));
    else
        QCOMPARE(QStringLiteral("About ") + brief, text);
}

void tst_TotalTimeLeft::saysWhenItCountsSeveral()
{
    // One upload under way: the row's words exactly. Several: it says it counts them all.
    QCOMPARE(TimeLeftLabel::describe(600, 1), TimeLeftLabel::describe(600));
    QCOMPARE(TimeLeftLabel::describe(600, 0), TimeLeftLabel::describe(600));
    QCOMPARE(TimeLeftLabel::describe(600, 5), QStringLiteral("About 10 min left (all 5 uploads)"));
    QCOMPARE(TimeLeftLabel::describe(-1, 5), QString());
}

QTEST_GUILESS_MAIN(tst_TotalTimeLeft)
#include "tst_totaltimeleft.moc"
