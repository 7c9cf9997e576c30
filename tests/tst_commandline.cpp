#include "commandline.h"
#include "pathpatterns.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using Status = CommandLineResult::Status;

// What main() and the headless tests rely on: which arguments run and which exit at once with
// what code (the targets, credentials and headers: tst_commandlinetargets).
class TestCommandLine : public QObject {
    Q_OBJECT

    static CommandLineResult parse(QStringList args)
    {
        args.prepend(QStringLiteral("/usr/bin/hoist"));
        return parseCommandLine(args);
    }

private Q_SLOTS:
    void defaults()
    {
        const CommandLineResult r = parse({});
        QVERIFY(r.ok());
        QCOMPARE(r.exitCode, 0);
        QVERIFY(!r.options.headless);
        QVERIFY(r.options.endpoint.isEmpty());
        QCOMPARE(r.options.concurrency, 3);
        QCOMPARE(r.options.chunkSize, qint64(8) * 1024 * 1024);
        QVERIFY(!r.options.chunkSizeGiven); // requests may grow beyond one chunk
        QCOMPARE(r.options.perServer, 0);
        QCOMPARE(r.options.rateLimit, qint64(0));
        QVERIFY(r.options.headers.isEmpty());
        QVERIFY(r.options.paths.isEmpty());
    }

    void fullHeadless()
    {
        const CommandLineResult r =
            parse({"--headless", "--endpoint", "https://up.example.com:8443/files/", "-c", "5",
                   "--chunk-size", "512K", "-H", "Authorization: Bearer x", "--header",
                   "X-Trace:abc", "a.bin", "dir", "--", "-weird-name"});
        QVERIFY2(r.ok(), qPrintable(r.text));
        QVERIFY(r.options.headless);
        QCOMPARE(r.options.endpoint, QUrl("https://up.example.com:8443/files/"));
        QCOMPARE(r.options.concurrency, 5);
        QCOMPARE(r.options.chunkSize, qint64(512) * 1024);
        QCOMPARE(r.options.headers.size(), 2);
        QCOMPARE(r.options.headers.at(0), HttpHeader("Authorization", "Bearer x"));
        QCOMPARE(r.options.headers.at(1), HttpHeader("X-Trace", "abc"));
        QCOMPARE(r.options.paths, QStringList({"a.bin", "dir", "-weird-name"}));
    }

    void windowTakesSameOptions()
    {
        const CommandLineResult r =
            parse({"--endpoint", "http://127.0.0.1:1080/files/", "--chunk-size", "1M", "x"});
        QVERIFY(r.ok());
        QVERIFY(!r.options.headless);
        QCOMPARE(r.options.chunkSize, qint64(1) << 20);
        QCOMPARE(r.options.paths, QStringList{"x"});
    }

    void chunkSize_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<qint64>("expected"); // -1: usage error
        QTest::newRow("8M") << "8M" << (qint64(8) << 20);
        QTest::newRow("8MiB") << "8MiB" << (qint64(8) << 20);
        QTest::newRow("512K") << "512K" << (qint64(512) << 10);
        QTest::newRow("512k") << "512k" << (qint64(512) << 10);
        QTest::newRow("bytes") << "1048576" << qint64(1048576);
        QTest::newRow("1.5G") << "1.5G" << (qint64(3) << 29);
        QTest::newRow("1K exactly") << "1K" << qint64(1024);
        QTest::newRow("1024 bytes") << "1024" << qint64(1024);
        QTest::newRow("1023 bytes") << "1023" << qint64(-1);
        QTest::newRow("zero") << "0" << qint64(-1);
        QTest::newRow("negative") << "-5M" << qint64(-1);
        QTest::newRow("garbage") << "lots" << qint64(-1);
        QTest::newRow("empty") << "" << qint64(-1);
        QTest::newRow("unknown unit") << "5X" << qint64(-1);
    }
    void chunkSize()
    {
        QFETCH(QString, text);
        QFETCH(qint64, expected);
        const CommandLineResult r = parse({"--chunk-size", text});
        if (expected < 0) {
            QCOMPARE(r.status, Status::UsageError);
            QCOMPARE(r.exitCode, 2);
            QVERIFY(r.text.contains("--chunk-size"));
        } else {
            QVERIFY2(r.ok(), qPrintable(r.text));
            QCOMPARE(r.options.chunkSize, expected);
            QVERIFY(r.options.chunkSizeGiven);
        }
    }

    void limitRate_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<qint64>("expected"); // -1: usage error
        QTest::newRow("10M") << "10M" << (qint64(10) << 20);
        QTest::newRow("500K") << "500K" << qint64(500 * 1024);
        QTest::newRow("per second") << "1.5M/s" << (qint64(3) << 19);
        QTest::newRow("bytes") << "1000000" << qint64(1000000);
        QTest::newRow("1K") << "1K" << qint64(1024);
        QTest::newRow("too slow") << "1000" << qint64(-1);
        QTest::newRow("zero") << "0" << qint64(-1);
        QTest::newRow("garbage") << "fast" << qint64(-1);
    }
    void limitRate()
    {
        QFETCH(QString, text);
        QFETCH(qint64, expected);
        const CommandLineResult r = parse({"--limit-rate", text});
        if (expected < 0) {
            QCOMPARE(r.status, Status::UsageError);
            QVERIFY(r.text.contains("--limit-rate"));
        } else {
            QVERIFY2(r.ok(), qPrintable(r.text));
            QCOMPARE(r.options.rateLimit, expected);
        }
    }

    void perServer_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<int>("expected"); // 0: usage error
        QTest::newRow("1") << "1" << 1;
        QTest::newRow("64") << "64" << 64;
        QTest::newRow("0") << "0" << 0;
        QTest::newRow("65") << "65" << 0;
        QTest::newRow("word") << "few" << 0;
    }
    void perServer()
    {
        QFETCH(QString, text);
        QFETCH(int, expected);
        const CommandLineResult r = parse({"--per-server", text});
        if (expected == 0) {
            QCOMPARE(r.status, Status::UsageError);
            QVERIFY(r.text.contains("--per-server"));
        } else {
            QVERIFY2(r.ok(), qPrintable(r.text));
            QCOMPARE(r.options.perServer, expected);
        }
    }

    void giveUpAfter_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<qint64>("expectedMs"); // -1: usage error; 0: never
        QTest::newRow("30s") << "30s" << qint64(30000);
        QTest::newRow("10m") << "10m" << qint64(600000);
        QTest::newRow("10min") << "10min" << qint64(600000);
        QTest::newRow("24h") << "24h" << qint64(24 * 3600 * 1000);
        QTest::newRow("7d") << "7d" << qint64(7LL * 24 * 3600 * 1000);
        QTest::newRow("bare seconds") << "90" << qint64(90000);
        QTest::newRow("never") << "never" << qint64(0);
        QTest::newRow("Never") << "Never" << qint64(0);
        QTest::newRow("zero") << "0" << qint64(-1);
        QTest::newRow("negative") << "-5m" << qint64(-1);
        QTest::newRow("unit only") << "h" << qint64(-1);
        QTest::newRow("weeks") << "2w" << qint64(-1);
    }
    void giveUpAfter()
    {
        QFETCH(QString, text);
        QFETCH(qint64, expectedMs);
        const CommandLineResult r = parse({"--give-up-after", text});
        if (expectedMs < 0) {
            QCOMPARE(r.status, Status::UsageError);
            QVERIFY(r.text.contains("--give-up-after"));
        } else {
            QVERIFY2(r.ok(), qPrintable(r.text));
            QVERIFY(r.options.giveUpAfterGiven);
            QCOMPARE(r.options.giveUpAfterMs, expectedMs);
        }
    }
    void giveUpAfterDefaultsToADay()
    {
        const CommandLineResult r = parse({});
        QVERIFY(!r.options.giveUpAfterGiven);
        QCOMPARE(r.options.giveUpAfterMs, qint64(24 * 3600 * 1000));
    }
    // --retry-failed acts on a headless run's queue: without both there is none to act on.
    void retryFailed()
    {
        QVERIFY(!parse({"--headless", "--state-dir", "/tmp/q"}).options.retryFailed);
        const CommandLineResult r =
            parse({"--headless", "--state-dir", "/tmp/q", "--retry-failed"});
        QVERIFY2(r.ok(), qPrintable(r.text));
        QVERIFY(r.options.retryFailed);
        for (const QStringList &args :
             {QStringList{"--headless", "-e", "http://h/files/", "--retry-failed", "f"},
              QStringList{"--state-dir", "/tmp/q", "--retry-failed"}}) {
            const CommandLineResult refused = parse(args);
            QCOMPARE(refused.status, Status::UsageError);
            QVERIFY(refused.text.contains("--retry-failed needs --headless and --state-dir"));
        }
    }

    void concurrency_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<int>("expected"); // 0: usage error
        QTest::newRow("1") << "1" << 1;
        QTest::newRow("64") << "64" << 64;
        QTest::newRow("0") << "0" << 0;
        QTest::newRow("65") << "65" << 0;
        QTest::newRow("-1") << "-1" << 0;
        QTest::newRow("word") << "many" << 0;
        QTest::newRow("fraction") << "2.5" << 0;
    }
    void concurrency()
    {
        QFETCH(QString, text);
        QFETCH(int, expected);
        const CommandLineResult r = parse({"--concurrency", text});
        if (expected == 0) {
            QCOMPARE(r.status, Status::UsageError);
            QCOMPARE(r.exitCode, 2);
        } else {
            QVERIFY(r.ok());
            QCOMPARE(r.options.concurrency, expected);
        }
    }

    void headlessRequirements_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<bool>("valid");
        QTest::newRow("complete") << QStringList{"--headless", "-e", "http://h/files/", "f"}
                                  << true;
        QTest::newRow("no endpoint") << QStringList{"--headless", "f"} << false;
        QTest::newRow("no path") << QStringList{"--headless", "-e", "http://h/files/"} << false;
        QTest::newRow("resume a queue")
            << QStringList{"--headless", "--state-dir", "/tmp/q"} << true;
        QTest::newRow("new paths into a queue need an endpoint")
            << QStringList{"--headless", "--state-dir", "/tmp/q", "f"} << false;
        QTest::newRow("empty state dir")
            << QStringList{"--headless", "--state-dir", "", "-e", "http://h/files/", "f"} << false;
        QTest::newRow("window needs neither") << QStringList{} << true;
    }
    void headlessRequirements()
    {
        QFETCH(QStringList, args);
        QFETCH(bool, valid);
        const CommandLineResult r = parse(args);
        QCOMPARE(r.ok(), valid);
        QCOMPARE(r.exitCode, valid ? 0 : 2);
    }

    void unknownOptionAndMissingValue()
    {
        CommandLineResult r = parse({"--frobnicate"});
        QCOMPARE(r.status, Status::UsageError);
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.text.contains("frobnicate"));
        QVERIFY(r.text.contains("--help"));
        r = parse({"--endpoint"});
        QCOMPARE(r.status, Status::UsageError);
        QCOMPARE(r.exitCode, 2);
    }

    void help_data()
    {
        QTest::addColumn<QString>("flag");
        QTest::newRow("--help") << "--help";
        QTest::newRow("-h") << "-h";
        QTest::newRow("--help-all") << "--help-all";
    }
    void help()
    {
        QFETCH(QString, flag);
        // Help wins over an otherwise incomplete command line, as people expect.
        const CommandLineResult r = parse({"--headless", flag});
        QCOMPARE(r.status, Status::Exit);
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.text.startsWith("Usage: hoist [options] [path...]"), qPrintable(r.text));
        for (const char *option :
             {"--headless", "--endpoint", "--concurrency", "--chunk-size", "--header", "--version",
              "--s3-endpoint", "--region", "--s3-credentials", "AWS_ACCESS_KEY_ID"})
            QVERIFY2(r.text.contains(option), option);
    }

    void version_data()
    {
        QTest::addColumn<QString>("flag");
        QTest::newRow("--version") << "--version";
        QTest::newRow("-v") << "-v";
    }
    void version()
    {
        QFETCH(QString, flag);
        const CommandLineResult r = parse({flag});
        QCOMPARE(r.status, Status::Exit);
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(r.text, QStringLiteral("hoist " HOIST_VERSION "\n"));
        QCOMPARE(r.text, QStringLiteral("hoist 0.1.0\n"));
    }

    // --exclude is repeatable, kept as given (trimmed), and refuses an empty pattern.
    void exclude()
    {
        CommandLineResult r = parse({"--exclude", "*.bak", "--exclude", " build/ ", "x"});
        QVERIFY(r.ok());
        QCOMPARE(r.options.exclude, (QStringList{"*.bak", "build/"}));
        r = parse({"x"});
        QVERIFY(r.options.exclude.isEmpty());
        QCOMPARE(r.options.headlessExcludes(), PathPatterns::defaultExcludes());
        r = parse({"--headless", "-e", "http://h/files/", "--no-default-excludes", "--exclude",
                   "*.bak", "x"});
        QVERIFY(r.ok());
        QCOMPARE(r.options.headlessExcludes(), QStringList{"*.bak"});
        r = parse({"--exclude", "  ", "x"});
        QCOMPARE(r.status, Status::UsageError);
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.text.contains("--exclude"), qPrintable(r.text));
    }

    // --watch is repeatable, made absolute, needs an endpoint headless, and stands in for paths.
    void watch()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        QVERIFY(QDir(dir.path()).mkpath("a"));
        QVERIFY(QDir(dir.path()).mkpath("b"));
        const QString a = dir.filePath("a");
        const QString b = dir.filePath("b");
        CommandLineResult r =
            parse({"--headless", "-e", "http://127.0.0.1:1/files/", "--watch", a, "--watch",
                   b + "/", "--watch", a, "--settle", "0.25", "--rescan", "2"});
        QVERIFY2(r.ok(), qPrintable(r.text));
        QCOMPARE(r.options.watch, (QStringList{a, b}));
        QVERIFY(r.options.paths.isEmpty());
        QCOMPARE(r.options.settleMs, 250);
        QCOMPARE(r.options.rescanMs, 2000);

        r = parse({"--headless", "--watch", a});
        QCOMPARE(r.status, Status::UsageError);
        QVERIFY2(r.text.contains("--endpoint"), qPrintable(r.text));

        // A file is not a folder; a folder not there yet is watched for, with a warning.
        QFile file(dir.filePath("f"));
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.close();
        r = parse({"--headless", "-e", "http://h/files/", "--watch", dir.filePath("f")});
        QCOMPARE(r.status, Status::UsageError);
        r = parse({"--headless", "-e", "http://h/files/", "--watch", dir.filePath("later")});
        QVERIFY(r.ok());
        QCOMPARE(r.warnings.size(), 1);

        r = parse({"--watch", a, "--settle", "soon"});
        QCOMPARE(r.status, Status::UsageError);
        QVERIFY2(r.text.contains("--settle"), qPrintable(r.text));
        // The window takes --watch without an endpoint (its own server, or the remembered one).
        r = parse({"--watch", a});
        QVERIFY(r.ok());
        QCOMPARE(r.options.watch, QStringList{a});
        QCOMPARE(r.options.settleMs, 3000);
    }
};

QTEST_GUILESS_MAIN(TestCommandLine)
#include "tst_commandline.moc"
