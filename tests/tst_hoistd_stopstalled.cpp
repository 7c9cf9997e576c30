// hoistd on the cluster store stops on SIGTERM while its calls to the bucket hang (issue 20: seen
// with a full Ceph OSD, where radosgw took requests and never answered): after a grace, the
// calls in flight are abandoned, so the process exits within a bound, with 0 as the disk store
// does, and records nothing the bucket did not confirm: after a restart the upload is where it
// was acknowledged. A hoistd process on the run's PostgreSQL and Ceph RGW, its S3
// requests through a FaultProxy that stalls them (connections open, nothing forwarded).
#include "clusterpeers.h"
#include "faultproxy.h"
#include "hoistdprocess.h"
#include "rawhttp.h"
#include "rawsocket.h"
#include "testfiles.h"
#include "waitfor.h"

#include <QElapsedTimer>
#include <QTest>

namespace {
constexpr qint64 MiB = 1024 * 1024;
constexpr qint64 Length = 12 * MiB;
// One part, no tail (a tail would be read back from the bucket before the next body): answered.
constexpr qint64 FirstPatch = 5 * MiB;
constexpr qint64 HungPatch = 6 * MiB; // a part at the request's end: the bucket hangs
// hoistd waits 5 s, then abandons the calls (within about a second); a hung call alone would
// hold it for minutes (30 s without a byte, tried 4 times).
constexpr int ExitWithinMs = 20000;
const QByteArray OffsetStream = "application/offset+octet-stream";

RawHeaders tus(const RawHeaders &extra = {})
{
    return RawHeaders{{"Tus-Resumable", "1.0.0"}} + extra;
}
} // namespace

class TestHoistdStopStalled final : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void sigtermWhileTheBucketHangs();

private:
    ClusterPeers m_peers;
};

void TestHoistdStopStalled::initTestCase()
{
    QString why;
    if (!ClusterPeers::available(&why))
        QSKIP(qPrintable(why));
    QVERIFY2(m_peers.start(&why), qPrintable(why));
    const S3Credentials keys = m_peers.rgw().credentials();
    qputenv("AWS_ACCESS_KEY_ID", keys.accessKeyId.toUtf8());
    qputenv("AWS_SECRET_ACCESS_KEY", keys.secretAccessKey);
}

void TestHoistdStopStalled::sigtermWhileTheBucketHangs()
{
    const QUrl service = m_peers.rgw().service();
    FaultProxy proxy;
    QVERIFY2(proxy.start(service.host(), quint16(service.port())), qPrintable(proxy.errorString()));
    QUrl proxied = service;
    proxied.setPort(proxy.port());
    const QStringList args{
        QStringLiteral("--store"),
        QStringLiteral("s3://%1/s%2").arg(m_peers.rgw().bucket(), ClusterPeers::randomName()),
        QStringLiteral("--s3-endpoint"),
        proxied.toString(),
        QStringLiteral("--region"),
        m_peers.rgw().region(),
        QStringLiteral("--index"),
        m_peers.pg().socketSpec(),
        QStringLiteral("--verbose")};
    HoistdProcess hoistd;
    QVERIFY2(hoistd.start(args), qPrintable(hoistd.errorString()));
    const QByteArray content = testContent(Length, 5);
    const RawResponse created = rawRequest(hoistd.port(), "POST", "/files/",
                                           tus({{"Upload-Length", QByteArray::number(Length)}}));
    QCOMPARE(created.status, 201);
    const QByteArray location = created.header("Location");
    const RawResponse first =
        rawRequest(hoistd.port(), "PATCH", location,
                   tus({{"Content-Type", OffsetStream}, {"Upload-Offset", "0"}}),
                   content.left(FirstPatch), 60000);
    QVERIFY2(first.status == 204, first.raw.left(400).constData());

    // The bucket stops answering; a PATCH's body arrives whole, and its part hangs on the way.
    proxy.setStalled(true);
    RawSocket writer = RawSocket::connected(hoistd.port());
    QVERIFY(writer.valid());
    const QByteArray head = "PATCH " + location
                            + " HTTP/1.1\r\nHost: 127.0.0.1\r\nTus-Resumable: 1.0.0\r\n"
                              "Content-Type: application/offset+octet-stream\r\nUpload-Offset: "
                            + QByteArray::number(FirstPatch) + "\r\nContent-Length: "
                            + QByteArray::number(HungPatch) + "\r\nConnection: close\r\n\r\n";
    QVERIFY(writer.sendAll(head + content.mid(FirstPatch, HungPatch)));
    QVERIFY2(waitFor([&] { return hoistd.spooledBytes() >= HungPatch; }, 60000),
             qPrintable(QString::number(hoistd.spooledBytes())));

    QElapsedTimer stopping;
    stopping.start();
    int exitCode = -1;
    const bool exited = hoistd.terminate(ExitWithinMs, &exitCode);
    const qint64 tookMs = stopping.elapsed();
    const QString log = hoistd.serverLog();
    QVERIFY2(exited, qPrintable(QStringLiteral("still running %1 ms after SIGTERM:\n%2")
                                    .arg(ExitWithinMs)
                                    .arg(log.right(3000))));
    qInfo("exited %lld ms after SIGTERM", tookMs);
    QCOMPARE(exitCode, 0);
    QVERIFY2(log.contains(QLatin1String("abandoned")), qPrintable(log.right(3000)));
    int readError = 0;
    const RawResponse cut = parseRawResponse(writer.readToEnd(&readError));
    QVERIFY2(cut.status == 0 || cut.status == 503, cut.raw.left(400).constData());

    // Back, with the bucket answering: the upload is at what was acknowledged, nothing of the
    // abandoned part recorded.
    proxy.setStalled(false);
    QVERIFY2(hoistd.restart(), qPrintable(hoistd.errorString()));
    const RawResponse asked = rawRequest(hoistd.port(), "HEAD", location, tus(), {}, 60000);
    QCOMPARE(asked.status, 200);
    QCOMPARE(asked.header("Upload-Offset").toLongLong(), FirstPatch);
    QCOMPARE(asked.header("Upload-Length").toLongLong(), Length);

    // The rest, sent again, finishes the upload byte-identical. RGW may hold the abandoned part
    // under its number (last session it refused this completion with InvalidPart once; now
    // ClusterStrayParts completes without it, tst_clusterstrayparts).
    const RawResponse rest = rawRequest(
        hoistd.port(), "PATCH", location,
        tus({{"Content-Type", OffsetStream}, {"Upload-Offset", QByteArray::number(FirstPatch)}}),
        content.mid(FirstPatch), 60000);
    QVERIFY2(rest.status == 204,
             qPrintable(QString::fromLatin1(rest.raw.left(400)) + hoistd.serverLog().right(2000)));
    QCOMPARE(rest.header("Upload-Offset").toLongLong(), Length);
    const RawResponse got = rawRequest(hoistd.port(), "GET", location, tus(), {}, 60000);
    QCOMPARE(got.status, 200);
    QVERIFY(got.body == content);
}

QTEST_GUILESS_MAIN(TestHoistdStopStalled)
#include "tst_hoistd_stopstalled.moc"
