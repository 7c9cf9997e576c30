#include "ratemeter.h"

#include <QTest>

class TstRateMeter final : public QObject {
    Q_OBJECT

private slots:
    void steadyRate_data();
    void steadyRate();
    void tooFewSamples();
    void oldSamplesAreDropped();
    void decaysWhileStalled();
    void totalGoingDownStartsOver();
    void clockGoingBackStartsOver();
    void sameInstantKeepsNewestTotal();
    void reset();
};

void TstRateMeter::steadyRate_data()
{
    QTest::addColumn<qint64>("bytesPerTick");
    QTest::addColumn<qint64>("tickMs");
    QTest::addColumn<double>("expected");

    QTest::newRow("1 KiB per 100 ms") << qint64(1024) << qint64(100) << 10240.0;
    QTest::newRow("1 MiB per second") << qint64(1 << 20) << qint64(1000) << double(1 << 20);
    QTest::newRow("1 byte per 250 ms") << qint64(1) << qint64(250) << 4.0;
    QTest::newRow("idle") << qint64(0) << qint64(100) << 0.0;
}

void TstRateMeter::steadyRate()
{
    QFETCH(qint64, bytesPerTick);
    QFETCH(qint64, tickMs);
    QFETCH(double, expected);

    RateMeter meter(3000);
    qint64 now = 50000;
    for (int i = 0; i < 100; ++i, now += tickMs)
        meter.addSample(now, i * bytesPerTick);
    now -= tickMs;
    QCOMPARE(meter.bytesPerSecond(now), expected);
}

void TstRateMeter::tooFewSamples()
{
    RateMeter meter;
    QCOMPARE(meter.bytesPerSecond(0), 0.0);
    meter.addSample(1000, 5000);
    QCOMPARE(meter.bytesPerSecond(1000), 0.0);
    QCOMPARE(meter.bytesPerSecond(2000), 0.0);
    meter.addSample(1000, 9000); // no time has passed: no rate, and no division by zero
    QCOMPARE(meter.bytesPerSecond(1000), 0.0);
}

void TstRateMeter::oldSamplesAreDropped()
{
    RateMeter meter(1000);
    // A fast burst, then slow progress: after a window, only the slow part counts.
    meter.addSample(0, 0);
    meter.addSample(100, 1000000);
    meter.addSample(1100, 1000100);
    meter.addSample(1600, 1000150);
    meter.addSample(2100, 1000200);
    QCOMPARE(meter.bytesPerSecond(2100), 100.0);
}

void TstRateMeter::decaysWhileStalled()
{
    RateMeter meter(3000);
    meter.addSample(0, 0);
    meter.addSample(1000, 1000);
    meter.addSample(2000, 2000);
    QCOMPARE(meter.bytesPerSecond(2000), 1000.0);
    // No progress for half a second: the same bytes over a longer time.
    QCOMPARE(meter.bytesPerSecond(2500), 800.0);
    // The first sample has aged out.
    QCOMPARE(meter.bytesPerSecond(3500), 400.0);
    // Nothing left in the window.
    QCOMPARE(meter.bytesPerSecond(5001), 0.0);
}

void TstRateMeter::totalGoingDownStartsOver()
{
    RateMeter meter(3000);
    meter.addSample(0, 0);
    meter.addSample(1000, 50000);
    meter.addSample(1500, 100); // the transfer restarted from scratch
    QCOMPARE(meter.bytesPerSecond(1500), 0.0);
    meter.addSample(2500, 1100);
    QCOMPARE(meter.bytesPerSecond(2500), 1000.0);
}

void TstRateMeter::clockGoingBackStartsOver()
{
    RateMeter meter(3000);
    meter.addSample(10000, 0);
    meter.addSample(11000, 1000);
    meter.addSample(500, 2000);
    meter.addSample(1500, 2500);
    QCOMPARE(meter.bytesPerSecond(1500), 500.0);
}

void TstRateMeter::sameInstantKeepsNewestTotal()
{
    RateMeter meter(3000);
    meter.addSample(0, 0);
    meter.addSample(1000, 100);
    meter.addSample(1000, 300);
    QCOMPARE(meter.bytesPerSecond(1000), 300.0);
}

void TstRateMeter::reset()
{
    RateMeter meter(3000);
    meter.addSample(0, 0);
    meter.addSample(1000, 1000);
    QCOMPARE(meter.bytesPerSecond(1000), 1000.0);
    meter.reset();
    QCOMPARE(meter.bytesPerSecond(1000), 0.0);
    meter.addSample(1200, 0);
    QCOMPARE(meter.bytesPerSecond(1200), 0.0);
}

QTEST_APPLESS_MAIN(TstRateMeter)
#include "tst_ratemeter.moc"
