#include "protocolrouter.h"
#include "s3target.h"

#include <QSignalSpy>
#include <QTest>

namespace {

// Records what it was asked, so the test can see which protocol the router chose.
class RecordingProtocol final : public TransferProtocol {
public:
    QList<QUrl> transfers, terminations, probes;
    std::unique_ptr<Transfer> createTransfer(const TransferJob &job) override
    {
        transfers.append(job.endpoint);
        return nullptr;
    }
    void terminate(const QUrl &url, const HttpHeaders &) override { terminations.append(url); }
    void probe(const QUrl &endpoint, const HttpHeaders &) override { probes.append(endpoint); }
    int abandonedCreationsAwaited() const override { return 2; }
};

} // namespace

class TestS3Target : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void parsesPathStyle()
    {
        QString problem;
        const auto target = S3Target::fromUrl(
            QUrl(QStringLiteral("s3://photos/2026/trip?endpoint=http://127.0.0.1:7480/"
                                "&region=eu-west-1")),
            &problem);
        QVERIFY2(target, qPrintable(problem));
        QCOMPARE(target->bucket(), QStringLiteral("photos"));
        QCOMPARE(target->prefix(), QStringLiteral("2026/trip/"));
        QCOMPARE(target->region(), QStringLiteral("eu-west-1"));
        QCOMPARE(target->service(), QUrl(QStringLiteral("http://127.0.0.1:7480")));
        QVERIFY(!target->isVirtualHosted());
        QVERIFY(!target->isHttps());
        QCOMPARE(target->keyFor(QStringLiteral("dir/a b?.txt")),
                 QStringLiteral("2026/trip/dir/a b?.txt"));
        const QUrl object = target->objectUrl(target->keyFor(QStringLiteral("dir/a b?.txt")));
        QCOMPARE(object.path(QUrl::FullyDecoded), QStringLiteral("/photos/2026/trip/dir/a b?.txt"));
        QVERIFY(object.query().isEmpty()); // the '?' is part of the key, not a query
        QCOMPARE(object.host(), QStringLiteral("127.0.0.1"));
        QCOMPARE(object.port(), 7480);
    }

    void defaultsToAwsVirtualHosted()
    {
        const auto target = S3Target::fromUrl(QUrl(QStringLiteral("s3://bucket-1")));
        QVERIFY(target);
        QCOMPARE(target->region(), QStringLiteral("us-east-1"));
        QVERIFY(target->isVirtualHosted());
        QVERIFY(target->isHttps());
        QCOMPARE(target->prefix(), QString());
        QCOMPARE(target->objectUrl(QStringLiteral("k")),
                 QUrl(QStringLiteral("https://bucket-1.s3.us-east-1.amazonaws.com/k")));
    }

    void roundTripsThroughItsUrl_data()
    {
        QTest::addColumn<QString>("url");
        QTest::newRow("path") << "s3://b/p/q?endpoint=http://h:9000&region=r1";
        QTest::newRow("virtual") << "s3://b?endpoint=https://h&region=r1&style=virtual";
        QTest::newRow("aws") << "s3://b/x";
        QTest::newRow("odd prefix") << "s3://b/%C3%BC%20%23?endpoint=http://h:1";
    }
    void roundTripsThroughItsUrl()
    {
        QFETCH(QString, url);
        const auto target = S3Target::fromUrl(QUrl(url));
        QVERIFY(target);
        const auto again = S3Target::fromUrl(target->toUrl());
        QVERIFY(again);
        QCOMPARE(again->toUrl(), target->toUrl());
        QCOMPARE(again->prefix(), target->prefix());
        QCOMPARE(again->service(), target->service());
        QCOMPARE(again->isVirtualHosted(), target->isVirtualHosted());
    }

    void refusesWhatIsNotATarget_data()
    {
        QTest::addColumn<QString>("url");
        QTest::newRow("tus") << "http://h/files/";
        QTest::newRow("no bucket") << "s3:///prefix";
        QTest::newRow("keys in url") << "s3://KEY:SECRET@bucket";
        QTest::newRow("ftp service") << "s3://b?endpoint=ftp://h";
        QTest::newRow("service without host") << "s3://b?endpoint=http://";
        QTest::newRow("keys in service") << "s3://b?endpoint=http://k:s@h";
    }
    void refusesWhatIsNotATarget()
    {
        QFETCH(QString, url);
        QString problem;
        QVERIFY(!S3Target::fromUrl(QUrl(url), &problem));
        QVERIFY(!problem.isEmpty());
        QVERIFY(!problem.contains(QLatin1String("SECRET")));
    }

    void routerHandsEachUrlToItsScheme()
    {
        RecordingProtocol tus, s3;
        ProtocolRouter router;
        router.route(QStringLiteral("http"), &tus);
        router.route(QStringLiteral("https"), &tus);
        router.route(QStringLiteral("s3"), &s3);
        TransferJob job;
        job.endpoint = QUrl(QStringLiteral("s3://b?endpoint=http://h"));
        router.createTransfer(job);
        job.endpoint = QUrl(QStringLiteral("HTTPS://h/files/"));
        router.createTransfer(job);
        QCOMPARE(s3.transfers.size(), 1);
        QCOMPARE(tus.transfers.size(), 1);
        router.terminate(QUrl(QStringLiteral("s3://b/k?uploadId=1")), {});
        QCOMPARE(s3.terminations.size(), 1);
        QVERIFY(tus.terminations.isEmpty());
        router.probe(QUrl(QStringLiteral("http://h/files/")), {});
        QCOMPARE(tus.probes.size(), 1);
        // tus twice under two schemes still counts once.
        QCOMPARE(router.abandonedCreationsAwaited(), 4);

        QSignalSpy terminated(&router, &TransferProtocol::terminated);
        Q_EMIT tus.terminated(QUrl(QStringLiteral("http://h/files/1")), true);
        QCOMPARE(terminated.size(), 1); // passed on once, though routed for two schemes
    }

    void unknownSchemeFailsWithASentence()
    {
        ProtocolRouter router;
        TransferJob job;
        job.endpoint = QUrl(QStringLiteral("ftp://h/"));
        std::unique_ptr<Transfer> transfer = router.createTransfer(job);
        QVERIFY(transfer);
        QSignalSpy failed(transfer.get(), &Transfer::failed);
        transfer->start();
        QVERIFY(failed.wait(2000));
        const auto error = failed.first().first().value<TransferError>();
        QCOMPARE(error.kind, TransferError::Kind::InvalidUrl);
        QVERIFY(error.message().contains(QLatin1String("ftp")));
        QVERIFY(!error.isTransient());
    }
};

QTEST_GUILESS_MAIN(TestS3Target)
#include "tst_s3target.moc"
