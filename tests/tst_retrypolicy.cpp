#include "retrypolicy.h"

#include <QTest>

#include <algorithm>
#include <climits>

using namespace std::chrono_literals;
using Kind = TransferError::Kind;

Q_DECLARE_METATYPE(TransferError::Kind)

namespace {
constexpr int Draws = 20000;

TransferError errorOf(Kind kind, std::optional<std::chrono::milliseconds> retryAfter = {})
{
    TransferError error;
    error.kind = kind;
    error.retryAfter = retryAfter;
    return error;
}
} // namespace

class TstRetryPolicy final : public QObject {
    Q_OBJECT

private slots:
    void shouldRetry_data();
    void shouldRetry();
    void retryLimit();
    void givesUpOnlyAfterTheTimeWithoutProgress();
    void delayBounds_data();
    void delayBounds();
    void delayGrows();
    void retryAfterIsAFloor_data();
    void retryAfterIsAFloor();
    void sameSeedSameDelays();
    void zeroBaseNeverWaits();
};

void TstRetryPolicy::shouldRetry_data()
{
    QTest::addColumn<Kind>("kind");
    QTest::addColumn<bool>("transient");

    QTest::newRow("Network") << Kind::Network << true;
    QTest::newRow("Timeout") << Kind::Timeout << true;
    QTest::newRow("Stalled") << Kind::Stalled << true;
    QTest::newRow("ServerError") << Kind::ServerError << true;
    QTest::newRow("Conflict") << Kind::Conflict << true;
    QTest::newRow("Locked") << Kind::Locked << true;
    QTest::newRow("TooManyRequests") << Kind::TooManyRequests << true;
    QTest::newRow("None") << Kind::None << false;
    QTest::newRow("TooLarge") << Kind::TooLarge << false;
    QTest::newRow("Rejected") << Kind::Rejected << false;
    QTest::newRow("BadResponse") << Kind::BadResponse << false;
    QTest::newRow("InvalidUrl") << Kind::InvalidUrl << false;
    QTest::newRow("FileUnreadable") << Kind::FileUnreadable << false;
    QTest::newRow("FileChanged") << Kind::FileChanged << false;
}

void TstRetryPolicy::shouldRetry()
{
    QFETCH(Kind, kind);
    QFETCH(bool, transient);

    const RetryPolicy policy;
    QCOMPARE(policy.shouldRetry(errorOf(kind), 0), transient);
    // By default a transient failure is never final by its count (only by giveUpAfter).
    QCOMPARE(policy.maxRetries, RetryPolicy::Unlimited);
    QCOMPARE(policy.shouldRetry(errorOf(kind), 1000000), transient);
    // A permanent error is not retried even when the server suggests a time to come back.
    QCOMPARE(policy.shouldRetry(errorOf(kind, 1s), 0), transient);
}

void TstRetryPolicy::retryLimit()
{
    RetryPolicy policy;
    policy.maxRetries = 3;
    const TransferError error = errorOf(Kind::Network);
    QVERIFY(policy.shouldRetry(error, 0));
    QVERIFY(policy.shouldRetry(error, 2));
    QVERIFY(!policy.shouldRetry(error, 3));
    QVERIFY(!policy.shouldRetry(error, 4));

    policy.maxRetries = 0;
    QVERIFY(!policy.shouldRetry(error, 0));
}

void TstRetryPolicy::givesUpOnlyAfterTheTimeWithoutProgress()
{
    RetryPolicy policy;
    QCOMPARE(policy.giveUpAfter, RetryPolicy::DefaultGiveUpAfter);
    QCOMPARE(policy.giveUpAfter.count(), qint64(24 * 3600 * 1000));
    QVERIFY(!policy.givesUp(0));
    QVERIFY(!policy.givesUp(24 * 3600 * 1000 - 1));
    QVERIFY(policy.givesUp(24 * 3600 * 1000));
    policy.giveUpAfter = 0ms; // never
    QVERIFY(!policy.givesUp(LLONG_MAX));
}

void TstRetryPolicy::delayBounds_data()
{
    QTest::addColumn<int>("retries");
    QTest::addColumn<qint64>("capMs");

    // base 1 s, max 5 min (issue 17: back-off capped at 5 minutes)
    QTest::newRow("first") << 0 << qint64(1000);
    QTest::newRow("second") << 1 << qint64(2000);
    QTest::newRow("fourth") << 3 << qint64(8000);
    QTest::newRow("last below max") << 8 << qint64(256000);
    QTest::newRow("first at max") << 9 << qint64(300000);
    QTest::newRow("far past max") << 20 << qint64(300000);
    // Shifts that would overflow 64 bits must still give the ceiling, not garbage or zero.
    QTest::newRow("2^62") << 62 << qint64(300000);
    QTest::newRow("2^63") << 63 << qint64(300000);
    QTest::newRow("2^64") << 64 << qint64(300000);
    QTest::newRow("INT_MAX") << INT_MAX << qint64(300000);
    QTest::newRow("negative") << -3 << qint64(1000);
}

void TstRetryPolicy::delayBounds()
{
    QFETCH(int, retries);
    QFETCH(qint64, capMs);

    const RetryPolicy policy;
    std::mt19937 random(retries ^ 0x5eed);
    const TransferError error = errorOf(Kind::ServerError);
    qint64 lowest = LLONG_MAX;
    qint64 highest = -1;
    for (int i = 0; i < Draws; ++i) {
        const qint64 delay = policy.delayFor(retries, error, random).count();
        QVERIFY2(delay >= 0 && delay <= capMs, qPrintable(QString::number(delay)));
        lowest = std::min(lowest, delay);
        highest = std::max(highest, delay);
    }
    // Full jitter spreads over the whole range, from near zero up to near the cap.
    QVERIFY2(lowest < capMs / 20, qPrintable(QString::number(lowest)));
    QVERIFY2(highest > capMs - capMs / 20, qPrintable(QString::number(highest)));
}

void TstRetryPolicy::delayGrows()
{
    const RetryPolicy policy;
    std::mt19937 random(42);
    const TransferError error = errorOf(Kind::Timeout);
    double previousMean = 0;
    for (int retries = 0; retries <= 8; ++retries) {
        double sum = 0;
        for (int i = 0; i < Draws; ++i)
            sum += double(policy.delayFor(retries, error, random).count());
        const double mean = sum / Draws;
        const double cap = std::min(300000.0, 1000.0 * double(1 << retries));
        // Uniform over [0, cap]: the mean sits at half the cap.
        QVERIFY2(qAbs(mean - cap / 2) < cap * 0.03,
                 qPrintable(QStringLiteral("retry %1: mean %2").arg(retries).arg(mean)));
        if (retries > 0 && cap < 300000.0)
            QVERIFY(mean > previousMean * 1.8);
        previousMean = mean;
    }
}

void TstRetryPolicy::retryAfterIsAFloor_data()
{
    QTest::addColumn<int>("retries");
    QTest::addColumn<qint64>("retryAfterMs");
    QTest::addColumn<qint64>("lowestMs");
    QTest::addColumn<qint64>("highestMs");

    QTest::newRow("above the cap") << 0 << qint64(30000) << qint64(30000) << qint64(30000);
    QTest::newRow("inside the range") << 3 << qint64(500) << qint64(500) << qint64(8000);
    QTest::newRow("above max delay") << 10 << qint64(400000) << qint64(400000) << qint64(400000);
    QTest::newRow("an hour is capped to 10 min")
        << 0 << qint64(3600000) << qint64(600000) << qint64(600000);
    QTest::newRow("zero") << 0 << qint64(0) << qint64(0) << qint64(1000);
    QTest::newRow("negative is ignored") << 0 << qint64(-5000) << qint64(0) << qint64(1000);
}

void TstRetryPolicy::retryAfterIsAFloor()
{
    QFETCH(int, retries);
    QFETCH(qint64, retryAfterMs);
    QFETCH(qint64, lowestMs);
    QFETCH(qint64, highestMs);

    const RetryPolicy policy;
    std::mt19937 random(7);
    const TransferError error =
        errorOf(Kind::TooManyRequests, std::chrono::milliseconds(retryAfterMs));
    qint64 lowest = LLONG_MAX;
    qint64 highest = -1;
    for (int i = 0; i < Draws; ++i) {
        const qint64 delay = policy.delayFor(retries, error, random).count();
        lowest = std::min(lowest, delay);
        highest = std::max(highest, delay);
    }
    QCOMPARE(lowest, lowestMs);
    if (lowestMs == highestMs)
        QCOMPARE(highest, highestMs);
    else
        QVERIFY2(highest <= highestMs && highest > highestMs - highestMs / 20,
                 qPrintable(QString::number(highest)));
}

void TstRetryPolicy::sameSeedSameDelays()
{
    const RetryPolicy policy;
    const TransferError error = errorOf(Kind::Network);
    std::mt19937 a(1234);
    std::mt19937 b(1234);
    std::mt19937 c(4321);
    bool anyDifferent = false;
    for (int i = 0; i < 50; ++i) {
        const auto delayA = policy.delayFor(6, error, a);
        QCOMPARE(delayA.count(), policy.delayFor(6, error, b).count());
        anyDifferent |= delayA != policy.delayFor(6, error, c);
    }
    QVERIFY(anyDifferent);
}

void TstRetryPolicy::zeroBaseNeverWaits()
{
    RetryPolicy policy;
    policy.baseDelay = 0ms;
    std::mt19937 random(1);
    for (int retries : {0, 1, 10, 100})
        QCOMPARE(policy.delayFor(retries, errorOf(Kind::Network), random).count(), qint64(0));
}

QTEST_APPLESS_MAIN(TstRetryPolicy)
#include "tst_retrypolicy.moc"
