// hoistd's --store/--index options (issue 20): what they make of the URL, the keys and the index
// address, and the one sentence each bad value ends hoistd with (never a key or a password); and
// the S3/PostgreSQL/hand-over families /metrics gains.
#include "backendmetrics.h"
#include "hoistdoptions.h"
#include "userconfig.h"

#include <QTemporaryDir>
#include <QTest>

namespace {
const QString Secret = QStringLiteral("wJalrXUtnFEMI-K7MDENG-bPxRfiCYEXAMPLEKEY");
const QString Password = QStringLiteral("pg-Sekr3t");

QStringList base()
{
    return {QStringLiteral("hoistd"), QStringLiteral("--listen"), QStringLiteral("127.0.0.1:0"),
            QStringLiteral("--data"), QStringLiteral("/tmp/spool")};
}

QProcessEnvironment keys()
{
    QProcessEnvironment environment;
    environment.insert(QStringLiteral("AWS_ACCESS_KEY_ID"), QStringLiteral("AKIDEXAMPLE"));
    environment.insert(QStringLiteral("AWS_SECRET_ACCESS_KEY"), Secret);
    return environment;
}

QStringList cluster(const QStringList &more = {})
{
    return base()
           + QStringList{QStringLiteral("--store"),
                         QStringLiteral("s3://hoist-bucket/team/a"),
                         QStringLiteral("--s3-endpoint"),
                         QStringLiteral("http://127.0.0.1:7480"),
                         QStringLiteral("--region"),
                         QStringLiteral("eu-test-1"),
                         QStringLiteral("--index"),
                         QStringLiteral("postgresql://hoistd:%1@db.example:6543/hoist")
                             .arg(Password)}
           + more;
}
} // namespace

class TestHoistdClusterOptions : public QObject {
    Q_OBJECT

private slots:
    void withoutStoreItIsTheDiskStore()
    {
        QString error;
        const auto options = HoistdOptions::parse(base(), &error, nullptr, keys());
        QVERIFY2(options, qPrintable(error));
        QVERIFY(!options->cluster);
    }

    void storeAndIndexMakeTheClusterStore()
    {
        QString error;
        const auto options = HoistdOptions::parse(cluster(), &error, nullptr, keys());
        QVERIFY2(options, qPrintable(error));
        QVERIFY(options->cluster);
        const HoistdClusterOptions &c = *options->cluster;
        QCOMPARE(c.target.bucket(), QStringLiteral("hoist-bucket"));
        QCOMPARE(c.target.prefix(), QString()); // the store puts the prefix in front itself
        QCOMPARE(c.prefix, QStringLiteral("team/a"));
        QCOMPARE(c.target.region(), QStringLiteral("eu-test-1"));
        QCOMPARE(c.target.service().port(), 7480);
        QVERIFY(!c.target.isVirtualHosted());
        QCOMPARE(c.credentials.accessKeyId, QStringLiteral("AKIDEXAMPLE"));
        QCOMPARE(c.credentials.secretAccessKey, Secret.toUtf8());
        QCOMPARE(c.index.describe(), QStringLiteral("hoistd@db.example:6543/hoist"));
        QCOMPARE(options->reconcileAfter, HoistdOptions::DefaultReconcileAfter);
    }

    void socketFormAndCredentialsFile()
    {
        QTemporaryDir dir;
        const QString file = dir.filePath(QStringLiteral("credentials"));
        QFile out(file);
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write("[default]\naws_access_key_id = AKIDFILE\naws_secret_access_key = filesecret\n");
        out.close();
        QVERIFY(out.setPermissions(QFile::ReadOwner | QFile::WriteOwner));
        QStringList arguments = base();
        arguments << QStringLiteral("--store") << QStringLiteral("s3://b")
                  << QStringLiteral("--index")
                  << QStringLiteral("host=/run/pg dbname=hoist user=hoistd")
                  << QStringLiteral("--s3-credentials") << file
                  << QStringLiteral("--reconcile-after") << QStringLiteral("15m");
        QString error;
        const auto options = HoistdOptions::parse(arguments, &error, nullptr, keys());
        QVERIFY2(options, qPrintable(error));
        QCOMPARE(options->cluster->credentials.accessKeyId,
                 QStringLiteral("AKIDFILE")); // the file wins
        QCOMPARE(options->cluster->prefix, QString());
        QCOMPARE(options->cluster->index.value("host"), QByteArray("/run/pg"));
        QCOMPARE(options->reconcileAfter, std::chrono::seconds(15 * 60));
        QVERIFY(options->warnings.isEmpty());
    }

    void badValuesAreOneSentence_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<bool>("withKeys");
        QTest::addColumn<QString>("expected");
        const QString store = QStringLiteral("--store");
        const QString index = QStringLiteral("--index");
        QTest::newRow("store alone") << base() + QStringList{store, QStringLiteral("s3://b")}
                                     << true << "--store and --index go together";
        QTest::newRow("index alone")
            << base() + QStringList{index, QStringLiteral("postgresql://u@h/d")} << true
            << "--store and --index go together";
        QTest::newRow("no keys") << cluster() << false << "--store needs S3 keys";
        QTest::newRow("not s3") << cluster({store, QStringLiteral("http://b/p")}) << true
                                << "--store http://b/p: An S3 target starts with s3://";
        QTest::newRow("bad service")
            << cluster({QStringLiteral("--s3-endpoint"), QStringLiteral("ftp://x")}) << true
            << "is not an http:// or https:// address";
        QTest::newRow("bad index")
            << cluster({index, QStringLiteral("postgresql://u:%1@h/d?bogus=1").arg(Password)})
            << true << "--index wants postgresql://";
        QTest::newRow("region without store")
            << base() + QStringList{QStringLiteral("--region"), QStringLiteral("r")} << true
            << "--region applies only to --store";
        QTest::newRow("named dir")
            << cluster({QStringLiteral("--named-dir"), QStringLiteral("/tmp/n")}) << true
            << "--named-dir needs the files under --data";
        QTest::newRow("reconcile")
            << cluster({QStringLiteral("--reconcile-after"), QStringLiteral("soon")}) << true
            << "--reconcile-after wants a duration";
        QTest::newRow("missing file")
            << cluster({QStringLiteral("--s3-credentials"), QStringLiteral("/nonexistent/c")})
            << true << "--s3-credentials /nonexistent/c:";
    }

    void badValuesAreOneSentence()
    {
        QFETCH(QStringList, arguments);
        QFETCH(bool, withKeys);
        QFETCH(QString, expected);
        QString error;
        const auto options = HoistdOptions::parse(arguments, &error, nullptr,
                                                  withKeys ? keys() : QProcessEnvironment());
        QVERIFY(!options);
        QVERIFY2(error.contains(expected), qPrintable(error));
        QVERIFY2(!error.contains(Password) && !error.contains(Secret), qPrintable(error));
        QVERIFY2(!error.contains(QLatin1Char('\n')), qPrintable(error));
    }

    void maxUploadsFromTheCommandLineAndTheConfig()
    {
        QString error;
        auto options = HoistdOptions::parse(base(), &error, nullptr, keys());
        QVERIFY2(options, qPrintable(error));
        QCOMPARE(options->maxUploads, -1); // no bound unless asked for
        options = HoistdOptions::parse(
            base() + QStringList{QStringLiteral("--max-uploads"), QStringLiteral("500")}, &error,
            nullptr, keys());
        QVERIFY2(options, qPrintable(error));
        QCOMPARE(options->maxUploads, 500);
        QVERIFY(!HoistdOptions::parse(
            base() + QStringList{QStringLiteral("--max-uploads"), QStringLiteral("-1")}, &error,
            nullptr, keys()));
        QVERIFY2(error.contains(QLatin1String("--max-uploads")), qPrintable(error));

        const auto config = UserConfig::parse(
            R"({"maxUploads": 100, "users": [
                {"name": "a", "token": "aaaaaaaaaaaaaaaaaaaa", "quota": 1000, "maxUploads": 7},
                {"name": "b", "token": "bbbbbbbbbbbbbbbbbbbb", "quota": 1000}]})",
            &error);
        QVERIFY2(config, qPrintable(error));
        QCOMPARE(config->defaultMaxUploads(), 100);
        QCOMPARE(config->users().at(0).maxUploads, 7);
        QCOMPARE(config->users().at(1).maxUploads, -1); // the file's default applies
    }

    void metricsShowBackendsOnlyOnceEnabled()
    {
        BackendMetrics metrics;
        metrics.s3Request("PUT", 200, std::chrono::milliseconds(30));
        QVERIFY(metrics.render().isEmpty());
        metrics.enable();
        metrics.s3Request("PUT", 200, std::chrono::milliseconds(30));
        metrics.s3Request("GET", 0, std::chrono::milliseconds(2));
        metrics.s3Request("PATCH", 503, std::chrono::seconds(40));
        metrics.pgStatement(true, std::chrono::microseconds(300));
        metrics.pgStatement(true, std::chrono::milliseconds(3));
        metrics.pgStatement(false, std::chrono::seconds(1));
        metrics.leaseHandedOver();
        metrics.leaseHandedOver();
        const QByteArray text = metrics.render();
        const auto has = [&text](const char *line) {
            return text.contains(QByteArray(line) + '\n');
        };
        QVERIFY2(has(R"(hoistd_s3_request_duration_seconds_count{method="PUT",status="2xx"} 2)"),
                 text.constData());
        QVERIFY(has(
            R"(hoistd_s3_request_duration_seconds_bucket{method="PUT",status="2xx",le="0.025"} 0)"));
        QVERIFY(has(
            R"(hoistd_s3_request_duration_seconds_bucket{method="PUT",status="2xx",le="0.05"} 2)"));
        QVERIFY(has(R"(hoistd_s3_request_duration_seconds_sum{method="PUT",status="2xx"} 0.06)"));
        QVERIFY(has(R"(hoistd_s3_request_duration_seconds_count{method="GET",status="none"} 1)"));
        QVERIFY(has(
            R"(hoistd_s3_request_duration_seconds_bucket{method="other",status="5xx",le="30"} 0)"));
        QVERIFY(has(
            R"(hoistd_s3_request_duration_seconds_bucket{method="other",status="5xx",le="+Inf"} 1)"));
        QVERIFY(!text.contains(R"(method="HEAD")")); // series appear once used
        QVERIFY(has(R"(hoistd_pg_statement_duration_seconds_count{outcome="ok"} 2)"));
        QVERIFY(has(R"(hoistd_pg_statement_duration_seconds_bucket{outcome="ok",le="0.0005"} 1)"));
        QVERIFY(has(R"(hoistd_pg_statement_duration_seconds_count{outcome="error"} 1)"));
        QVERIFY(has("hoistd_lease_handovers_total 2"));
        QVERIFY(has("# TYPE hoistd_s3_request_duration_seconds histogram"));
    }
};

QTEST_GUILESS_MAIN(TestHoistdClusterOptions)
#include "tst_hoistdclusteroptions.moc"
