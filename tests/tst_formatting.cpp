#include "formatting.h"

#include <QLocale>
#include <QTest>

namespace {
constexpr qint64 KiB = 1024;
constexpr qint64 MiB = 1024 * KiB;
constexpr qint64 GiB = 1024 * MiB;
constexpr qint64 TiB = 1024 * GiB;
} // namespace

class TstFormatting final : public QObject {
    Q_OBJECT

private slots:
    void formatSize_data();
    void formatSize();
    void formatSpeed_data();
    void formatSpeed();
    void formatDuration_data();
    void formatDuration();
    void formatWhen();
    void parseSize_data();
    void parseSize();
    void parseSizeRoundTrips();
};

void TstFormatting::formatSize_data()
{
    QTest::addColumn<qint64>("bytes");
    QTest::addColumn<QString>("text");

    // Three significant digits once a unit is involved.
    QTest::newRow("0") << qint64(0) << "0 B";
    QTest::newRow("1") << qint64(1) << "1 B";
    QTest::newRow("512") << qint64(512) << "512 B";
    QTest::newRow("1023") << qint64(1023) << "1023 B";
    QTest::newRow("1 KiB") << KiB << "1.00 KiB";
    QTest::newRow("1.5 KiB") << KiB + 512 << "1.50 KiB";
    QTest::newRow("10 KiB") << 10 * KiB << "10.0 KiB";
    QTest::newRow("100 KiB") << 100 * KiB << "100 KiB";
    QTest::newRow("8 MiB") << 8 * MiB << "8.00 MiB";
    QTest::newRow("1.23 GiB") << qint64(1.23 * double(GiB)) << "1.23 GiB";
    QTest::newRow("2 TiB") << 2 * TiB << "2.00 TiB";
    QTest::newRow("1 PiB") << 1024 * TiB << "1.00 PiB";
    QTest::newRow("PiB is the largest unit") << 2048 * 1024 * TiB << "2048 PiB";
    // Rounding must not produce "1024 KiB" or "10.00 KiB": the unit and the digits follow the
    // rounded value.
    QTest::newRow("1 byte below 1 MiB") << MiB - 1 << "1.00 MiB";
    QTest::newRow("just below 10 KiB") << 10 * KiB - 1 << "10.0 KiB";
    QTest::newRow("just below 100 KiB") << 100 * KiB - 1 << "100 KiB";
}

void TstFormatting::formatSize()
{
    QFETCH(qint64, bytes);
    QFETCH(QString, text);
    QCOMPARE(::formatSize(bytes), text);
}

void TstFormatting::formatSpeed_data()
{
    QTest::addColumn<double>("bytesPerSecond");
    QTest::addColumn<QString>("text");

    QTest::newRow("zero is blank") << 0.0 << "";
    QTest::newRow("negative is blank") << -100.0 << "";
    QTest::newRow("bytes") << 100.0 << "100 B/s";
    QTest::newRow("1.5 MiB") << 1.5 * double(MiB) << "1.50 MiB/s";
    QTest::newRow("fraction dropped") << 2047.9 << "2.00 KiB/s";
}

void TstFormatting::formatSpeed()
{
    QFETCH(double, bytesPerSecond);
    QFETCH(QString, text);
    QCOMPARE(::formatSpeed(bytesPerSecond), text);
}

void TstFormatting::formatDuration_data()
{
    QTest::addColumn<qint64>("seconds");
    QTest::addColumn<QString>("text");

    QTest::newRow("unknown") << qint64(-1) << "";
    QTest::newRow("0") << qint64(0) << "0 s";
    QTest::newRow("42") << qint64(42) << "42 s";
    QTest::newRow("59") << qint64(59) << "59 s";
    QTest::newRow("60") << qint64(60) << "1 min 0 s";
    QTest::newRow("185") << qint64(185) << "3 min 5 s";
    QTest::newRow("3599") << qint64(3599) << "59 min 59 s";
    QTest::newRow("3600") << qint64(3600) << "1 h 0 min";
    QTest::newRow("2 h 10 min") << qint64(2 * 3600 + 10 * 60 + 59) << "2 h 10 min";
    QTest::newRow("99 h") << qint64(99 * 3600 + 59 * 60) << "99 h 59 min";
    QTest::newRow("100 h") << qint64(100 * 3600) << "4 d";
    QTest::newRow("a year") << qint64(365 * 86400) << "365 d";
}

void TstFormatting::formatDuration()
{
    QFETCH(qint64, seconds);
    QFETCH(QString, text);
    QCOMPARE(::formatDuration(seconds), text);
}

void TstFormatting::formatWhen()
{
    // In the C locale, whatever the machine's: "14:32", "Mon 14:32", "5/3/24".
    QLocale::setDefault(QLocale::c());
    const QDateTime now(QDate(2024, 5, 15), QTime(18, 0)); // a Wednesday, local time
    const auto at = [](QDate date, QTime time) {
        return QDateTime(date, time).toMSecsSinceEpoch();
    };
    QCOMPARE(::formatWhen(0, now), QString());
    QCOMPARE(::formatWhen(at(QDate(2024, 5, 15), QTime(14, 32)), now), QStringLiteral("14:32"));
    QCOMPARE(::formatWhen(at(QDate(2024, 5, 15), QTime(0, 5)), now), QStringLiteral("00:05"));
    QCOMPARE(::formatWhen(at(QDate(2024, 5, 13), QTime(14, 32)), now), QStringLiteral("Mon 14:32"));
    QCOMPARE(::formatWhen(at(QDate(2024, 5, 9), QTime(9, 1)), now), QStringLiteral("Thu 09:01"));
    // A week back shares today's weekday: the date says which one.
    QCOMPARE(::formatWhen(at(QDate(2024, 5, 8), QTime(9, 1)), now),
             QLocale::c().toString(QDate(2024, 5, 8), QLocale::ShortFormat));
    // A clock set back: a date, never a weekday that reads as the past.
    QCOMPARE(::formatWhen(at(QDate(2024, 5, 16), QTime(9, 1)), now),
             QLocale::c().toString(QDate(2024, 5, 16), QLocale::ShortFormat));
    QVERIFY(
        ::formatWhenFull(at(QDate(2024, 5, 13), QTime(14, 32))).contains(QStringLiteral("2024")));
    QLocale::setDefault(QLocale::system());
}

void TstFormatting::parseSize_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<qint64>("bytes");

    QTest::newRow("plain") << "1048576" << MiB;
    QTest::newRow("zero") << "0" << qint64(0);
    QTest::newRow("8M") << "8M" << 8 * MiB;
    QTest::newRow("8MiB") << "8MiB" << 8 * MiB;
    QTest::newRow("8 MiB") << "8 MiB" << 8 * MiB;
    QTest::newRow("8mb is binary too") << "8mb" << 8 * MiB;
    QTest::newRow("512k") << "512k" << 512 * KiB;
    QTest::newRow("512K") << "512K" << 512 * KiB;
    QTest::newRow("1.5G") << "1.5G" << GiB + GiB / 2;
    QTest::newRow("2T") << "2T" << 2 * TiB;
    QTest::newRow("bytes suffix") << "100B" << qint64(100);
    QTest::newRow("surrounding spaces") << "  42  " << qint64(42);
    QTest::newRow("fraction of a byte is floored") << "1.5" << qint64(1);

    QTest::newRow("empty") << "" << qint64(-1);
    QTest::newRow("spaces") << "   " << qint64(-1);
    QTest::newRow("word") << "abc" << qint64(-1);
    QTest::newRow("negative") << "-1" << qint64(-1);
    QTest::newRow("unknown unit") << "8X" << qint64(-1);
    QTest::newRow("unit only") << "M" << qint64(-1);
    QTest::newRow("two dots") << "1.5.5" << qint64(-1);
    QTest::newRow("exponent") << "1e3" << qint64(-1);
    QTest::newRow("trailing junk") << "8M please" << qint64(-1);
    QTest::newRow("overflow") << "99999999T" << qint64(-1);
    QTest::newRow("too many digits") << "99999999999999999999" << qint64(-1);
}

void TstFormatting::parseSize()
{
    QFETCH(QString, text);
    QFETCH(qint64, bytes);
    QCOMPARE(::parseSize(text), bytes);
}

void TstFormatting::parseSizeRoundTrips()
{
    // What the window shows for a whole number of units reads back as the same size.
    for (const qint64 bytes : {qint64(0), qint64(512), 8 * MiB, 2 * GiB, 3 * TiB}) {
        QString text = ::formatSize(bytes);
        QCOMPARE(::parseSize(text), bytes);
    }
}

QTEST_APPLESS_MAIN(TstFormatting)
#include "tst_formatting.moc"
