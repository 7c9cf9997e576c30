#include "commandline.h"
#include "existingfiles.h"
#include "pathpatterns.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using Status = CommandLineResult::Status;

// What main() and the headless tests rely on: which arguments run, which exit at once with what
// code, and that a header's value (a credential) never shows up in an error.
class TestCommandLine : public QObject {
    Q_OBJECT

    static CommandLineResult parse(QStringList args)
    {
        args.prepend(QStringLiteral("/usr/bin/hoist"));
        return parseCommandLine(args);
    }
    // With only the AWS_* variables given (none from the machine running the test).
    static CommandLineResult parseWith(QStringList args, const QStringList &variables)
    {
        QProcessEnvironment environment;
        for (const QString &v : variables)
            environment.insert(v.section(QLatin1Char('='), 0, 0), v.section(QLatin1Char('='), 1));
        args.prepend(QStringLiteral("/usr/bin/hoist"));
        return parseCommandLine(args, environment);
    }
    static QString writeFile(const QTemporaryDir &dir, const QString &name, const QByteArray &text,
                             QFileDevice::Permissions permissions)
    {
        const QString path = dir.filePath(name);
        QFile file(path);
        if (!file.open(QIODevice::WriteOnly) || file.write(text) != text.size())
            return {};
        file.close();
        QFile::setPermissions(path, permissions);
        return path;
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

    void endpoint_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<bool>("valid");
        QTest::newRow("http") << "http://127.0.0.1:1080/files/" << true;
        QTest::newRow("https") << "https://example.com/files" << true;
        QTest::newRow("upper scheme") << "HTTPS://example.com/files" << true;
        QTest::newRow("ftp") << "ftp://example.com/files" << false;
        QTest::newRow("no scheme") << "example.com/files" << false;
        QTest::newRow("no host") << "http:///files" << false;
        QTest::newRow("file") << "file:///tmp/x" << false;
        QTest::newRow("empty") << "" << false;
        QTest::newRow("bad port") << "http://example.com:99999999/" << false;
        QTest::newRow("s3") << "s3://bucket/prefix" << true;
        QTest::newRow("s3 without bucket") << "s3:///prefix" << false;
        QTest::newRow("s3 with keys in it") << "s3://AKIA:secret@bucket/" << false;
        QTest::newRow("sftp") << "sftp://me@example.com:2222/srv/up" << true;
        QTest::newRow("sftp home") << "sftp://me@example.com/~/up" << true;
        QTest::newRow("sftp without user") << "sftp://example.com/srv" << false;
        QTest::newRow("sftp with a password") << "sftp://me:secret@example.com/srv" << false;
    }
    void endpoint()
    {
        QFETCH(QString, text);
        QFETCH(bool, valid);
        const CommandLineResult r = parseWith({"--endpoint", text}, {});
        QCOMPARE(r.ok(), valid);
        if (!valid) {
            QCOMPARE(r.exitCode, 2);
            QVERIFY(r.text.contains("--endpoint"));
            QVERIFY2(!r.text.contains("secret"), qPrintable(r.text));
        }
    }

    // Every way of naming a bucket gives the one canonical S3Target URL the queue stores.
    void s3Target_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("expected"); // empty: usage error
        const QString rgw = "s3://bucket/in/here/?endpoint=http://127.0.0.1:8000&region=eu-1";
        QTest::newRow("flags") << QStringList{
            "-e",  "s3://bucket/in/here", "--s3-endpoint", "http://127.0.0.1:8000", "--region",
            "eu-1"} << rgw;
        QTest::newRow("all in the URL")
            << QStringList{"-e", "s3://bucket/in/here/?region=eu-1&endpoint=http://127.0.0.1:8000"}
            << rgw;
        QTest::newRow("flag overrides the URL")
            << QStringList{"-e", "s3://bucket/in/here?endpoint=http://x:1&region=eu-1",
                           "--s3-endpoint", "http://127.0.0.1:8000/"}
            << rgw;
        QTest::newRow("prefix with blanks")
            << QStringList{"-e", "s3://bucket/my photos/ü", "--s3-endpoint", "http://h:1"}
            << "s3://bucket/my photos/ü/?endpoint=http://h:1&region=us-east-1";
        QTest::newRow("no prefix, AWS")
            << QStringList{"-e", "s3://bucket", "--region", "eu-west-1"}
            << "s3://bucket?endpoint=https://"
               "s3.eu-west-1.amazonaws.com&region=eu-west-1&style=virtual";
        QTest::newRow("virtual style")
            << QStringList{"-e",         "s3://b/p", "--s3-endpoint", "https://minio.example:9000",
                           "--s3-style", "virtual"}
            << "s3://b/p/?endpoint=https://minio.example:9000&region=us-east-1&style=virtual";
        QTest::newRow("bad style") << QStringList{"-e", "s3://b", "--s3-style", "sideways"} << "";
        QTest::newRow("service not http")
            << QStringList{"-e", "s3://b", "--s3-endpoint", "ftp://x"} << "";
        QTest::newRow("service without host")
            << QStringList{"-e", "s3://b", "--s3-endpoint", "http://"} << "";
        QTest::newRow("region without s3")
            << QStringList{"-e", "http://h/files/", "--region", "eu-1"} << "";
        QTest::newRow("s3-endpoint without s3")
            << QStringList{"--s3-endpoint", "http://127.0.0.1:8000"} << "";
    }
    void s3Target()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, expected);
        const CommandLineResult r =
            parseWith(args, {"AWS_ACCESS_KEY_ID=AKID", "AWS_SECRET_ACCESS_KEY=sekrit"});
        if (expected.isEmpty()) {
            QCOMPARE(r.status, Status::UsageError);
            QCOMPARE(r.exitCode, 2);
            QVERIFY2(!r.text.contains("sekrit"), qPrintable(r.text));
            return;
        }
        QVERIFY2(r.ok(), qPrintable(r.text));
        QCOMPARE(r.options.endpoint.toString(QUrl::FullyDecoded), expected);
    }

    void s3KeysFromEnvironment()
    {
        const QStringList args{"--headless", "-e", "s3://b", "--s3-endpoint", "http://h:1", "f"};
        CommandLineResult r =
            parseWith(args, {"AWS_ACCESS_KEY_ID=AKID", "AWS_SECRET_ACCESS_KEY=sekrit"});
        QVERIFY2(r.ok(), qPrintable(r.text));
        QCOMPARE(r.options.s3Credentials.accessKeyId, QStringLiteral("AKID"));
        QCOMPARE(r.options.s3Credentials.secretAccessKey, QByteArray("sekrit"));
        QVERIFY(r.warnings.isEmpty());

        // Headless, an S3 upload without keys cannot start: said before anything is queued.
        r = parseWith(args, {});
        QCOMPARE(r.status, Status::UsageError);
        QVERIFY2(r.text.contains("AWS_ACCESS_KEY_ID") && r.text.contains("--s3-credentials"),
                 qPrintable(r.text));
        // Half a key is a mistake to point out, naming the missing variable, never the value.
        r = parseWith(args, {"AWS_SECRET_ACCESS_KEY=sekrit"});
        QCOMPARE(r.status, Status::UsageError);
        QVERIFY2(r.text.contains("AWS_ACCESS_KEY_ID"), qPrintable(r.text));
        QVERIFY2(!r.text.contains("sekrit"), qPrintable(r.text));
        // The window may find the keys in its keyring.
        r = parseWith({"-e", "s3://b"}, {});
        QVERIFY2(r.ok(), qPrintable(r.text));
        QVERIFY(!r.options.s3Credentials.isComplete());
    }

    void s3KeysFromFile()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QByteArray text = "# made by aws configure\n"
                                "[default]\n"
                                "aws_access_key_id = AKIDDEFAULT\n"
                                "aws_secret_access_key = sekrit-default ; a comment\n"
                                "\n"
                                "[ceph]\n"
                                "aws_access_key_id=AKIDCEPH\n"
                                "aws_secret_access_key=sekrit/ceph+=\n"
                                "aws_session_token = ignored\n"
                                "[half]\n"
                                "aws_access_key_id = AKIDHALF\n";
        const QString path =
            writeFile(dir, "credentials", text, QFileDevice::ReadOwner | QFileDevice::WriteOwner);
        QVERIFY(!path.isEmpty());
        const QStringList args{"--headless", "-e", "s3://b", "--s3-credentials", path, "f"};
        // The file wins over the environment; its profile is AWS_PROFILE's, else default.
        CommandLineResult r =
            parseWith(args, {"AWS_ACCESS_KEY_ID=AKIDENV", "AWS_SECRET_ACCESS_KEY=sekrit-env"});
        QVERIFY2(r.ok(), qPrintable(r.text));
        QCOMPARE(r.options.s3Credentials.accessKeyId, QStringLiteral("AKIDDEFAULT"));
        QCOMPARE(r.options.s3Credentials.secretAccessKey, QByteArray("sekrit-default"));
        QVERIFY2(r.warnings.isEmpty(), qPrintable(r.warnings.join('\n')));
        r = parseWith(args, {"AWS_PROFILE=ceph"});
        QVERIFY2(r.ok(), qPrintable(r.text));
        QCOMPARE(r.options.s3Credentials.accessKeyId, QStringLiteral("AKIDCEPH"));
        QCOMPARE(r.options.s3Credentials.secretAccessKey, QByteArray("sekrit/ceph+="));

        for (const char *profile : {"half", "absent"}) {
            r = parseWith(args, {QStringLiteral("AWS_PROFILE=") + QLatin1String(profile)});
            QCOMPARE(r.status, Status::UsageError);
            QVERIFY2(r.text.contains("--s3-credentials") && r.text.contains(profile),
                     qPrintable(r.text));
            QVERIFY2(!r.text.contains("sekrit"), qPrintable(r.text));
        }
        r = parseWith({"-e", "s3://b", "--s3-credentials", dir.filePath("none")}, {});
        QCOMPARE(r.status, Status::UsageError);
        QVERIFY2(r.text.contains("--s3-credentials"), qPrintable(r.text));

        // Readable by others: used, with a warning that says how to fix it.
        const QString open = writeFile(dir, "open", text,
                                       QFileDevice::ReadOwner | QFileDevice::WriteOwner
                                           | QFileDevice::ReadGroup | QFileDevice::ReadOther);
        r = parseWith({"-e", "s3://b", "--s3-credentials", open}, {});
        QVERIFY2(r.ok(), qPrintable(r.text));
        QCOMPARE(r.warnings.size(), 1);
        QVERIFY2(r.warnings.constFirst().contains("chmod 600"),
                 qPrintable(r.warnings.constFirst()));
        QVERIFY(!r.warnings.constFirst().contains("sekrit"));
    }

    void header_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QByteArray>("name"); // empty: usage error
        QTest::addColumn<QByteArray>("value");
        QTest::newRow("plain") << "Authorization: Bearer secret" << QByteArray("Authorization")
                               << QByteArray("Bearer secret");
        QTest::newRow("no space") << "X-A:1" << QByteArray("X-A") << QByteArray("1");
        QTest::newRow("colon in value")
            << "X-Url: http://a:b@c" << QByteArray("X-Url") << QByteArray("http://a:b@c");
        QTest::newRow("empty value") << "X-Empty:" << QByteArray("X-Empty") << QByteArray();
        QTest::newRow("no colon") << "Bearer secret" << QByteArray() << QByteArray();
        QTest::newRow("no name") << ": secret" << QByteArray() << QByteArray();
        QTest::newRow("space in name") << "Auth orization: secret" << QByteArray() << QByteArray();
        QTest::newRow("newline in value")
            << "X-A: secret\r\nX-B: 1" << QByteArray() << QByteArray();
        QTest::newRow("protocol header") << "Upload-Offset: secret" << QByteArray() << QByteArray();
        QTest::newRow("content-type") << "content-type: secret" << QByteArray() << QByteArray();
    }
    void header()
    {
        QFETCH(QString, text);
        QFETCH(QByteArray, name);
        QFETCH(QByteArray, value);
        const CommandLineResult r = parse({"--header", text});
        if (name.isEmpty()) {
            QCOMPARE(r.status, Status::UsageError);
            QCOMPARE(r.exitCode, 2);
            QVERIFY(r.text.contains("--header"));
            QVERIFY2(!r.text.contains("secret"), qPrintable(r.text));
        } else {
            QVERIFY2(r.ok(), qPrintable(r.text));
            QCOMPARE(r.options.headers, HttpHeaders{HttpHeader(name, value)});
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

    // --ssh-* and --if-exists: read into AppOptions::ssh, checked as given.
    void sshOptions()
    {
        QTemporaryDir dir;
        const QString key = writeFile(dir, QStringLiteral("id"), "key", QFileDevice::ReadOwner);
        const QString fp = QStringLiteral("SHA256:") + QString(43, QLatin1Char('A'));
        CommandLineResult r = parse(
            {"--headless", "-e", "sftp://me@h/srv", "--ssh-identity", key, "--ssh-known-hosts",
             dir.filePath("kh"), "--ssh-accept-host-key", fp, "--if-exists", "Rename", dir.path()});
        QVERIFY2(r.ok(), qPrintable(r.text));
        QCOMPARE(r.options.ssh.identityFile, key);
        QCOMPARE(r.options.ssh.knownHostsFile, dir.filePath("kh"));
        QCOMPARE(r.options.ssh.acceptedHostKeys, QStringList{fp});
        QCOMPARE(r.options.ssh.existingFiles, IfExists::Rename);
        QCOMPARE(parse({"--if-exists", "replace"}).status, Status::UsageError);
        QCOMPARE(parse({"--ssh-accept-host-key", "MD5:aa:bb"}).status, Status::UsageError);
        QCOMPARE(parse({"--ssh-identity", dir.filePath("missing")}).status, Status::UsageError);
        QCOMPARE(parse({}).options.ssh.existingFiles, IfExists::Overwrite);
        QCOMPARE(ExistingFilesText::numbered(QStringLiteral("a.tar.gz"), 2),
                 QStringLiteral("a (2).tar.gz"));
        QCOMPARE(ExistingFilesText::numbered(QStringLiteral(".bashrc"), 3),
                 QStringLiteral(".bashrc (3)"));
        QCOMPARE(ExistingFilesText::numbered(QStringLiteral("README"), 2),
                 QStringLiteral("README (2)"));
    }
};

QTEST_GUILESS_MAIN(TestCommandLine)
#include "tst_commandline.moc"
