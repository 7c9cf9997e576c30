// The command line's targets and what signs in to them: endpoints of every scheme, the S3 bucket
// as one canonical URL, S3 keys from the environment or a credentials file, --header and the
// --ssh-* options; a credential never shows up in an error.
#include "commandline.h"
#include "existingfiles.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using Status = CommandLineResult::Status;

class TestCommandLineTargets : public QObject {
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

QTEST_GUILESS_MAIN(TestCommandLineTargets)
#include "tst_commandlinetargets.moc"
