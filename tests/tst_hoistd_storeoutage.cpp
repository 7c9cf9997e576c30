// hoistd over the cluster store (PostgreSQL + S3) when PostgreSQL or radosgw goes away mid-upload
// (issue 20):
// requests are answered 503 with Retry-After, never 404 and never a lost acknowledged byte;
// once the server is back the same upload goes on, without restarting hoistd, and the object is
// byte-identical. An in-process HoistdInstance over a ClusterUploadStore on the shared fixtures
// (PostgreSQL stopped and started through PgTestPeer, radosgw through RgwTestPeer); raw requests,
// so the client's reaction is not what is tested here.
#include "clusterpeers.h"
#include "faultproxy.h"
#include "hoistdinstance.h"
#include "rawhttp.h"
#include "rawsocket.h"
#include "testfiles.h"

#include <QDeadlineTimer>
#include <QTemporaryDir>
#include <QTest>

namespace {
constexpr qint64 MiB = 1024 * 1024;
constexpr qint64 UploadLength = 14 * MiB;
constexpr qint64 FirstChunk = 6 * MiB; // one part and a tail
constexpr qint64 CutChunk = 5 * MiB;   // the PATCH PostgreSQL goes away under
const QByteArray OffsetStream = "application/offset+octet-stream";

RawHeaders tus(const RawHeaders &extra = {})
{
    return RawHeaders{{"Tus-Resumable", "1.0.0"}} + extra;
}
} // namespace

class TestHoistdStoreOutage final : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void cleanup();

    void postgresStoppedMidUploadIs503ThenResumes();
    void radosgwKilledMidUploadIs503ThenResumes();
    void deferredLengthWhileBucketIsAwayIs503();

private:
    bool startHoistd(QString *why, std::chrono::milliseconds lease = std::chrono::seconds(3),
                     quint16 s3Port = 0);
    qint64 headOffset(const QByteArray &location, RawResponse *head = nullptr) const;
    RawResponse patch(const QByteArray &location, qint64 offset, const QByteArray &bytes) const;

    ClusterPeers m_peers;
    QTemporaryDir m_spool;
    std::unique_ptr<HoistdInstance> m_hoistd;
    bool m_rgwKilled = false;
};

void TestHoistdStoreOutage::initTestCase()
{
    QString why;
    if (!ClusterPeers::available(&why))
        QSKIP(qPrintable(why));
    QVERIFY2(m_peers.start(&why), qPrintable(why));
    QVERIFY(m_spool.isValid());
}

void TestHoistdStoreOutage::cleanup()
{
    m_hoistd.reset();
    if (m_peers.isStarted())
        m_peers.pg().startServer(); // whatever a failure left, for the next test of the run
    if (m_rgwKilled && m_peers.isStarted() && !m_peers.rgw().isRunning())
        m_peers.rgw().restart();
    m_rgwKilled = false;
}

bool TestHoistdStoreOutage::startHoistd(QString *why, std::chrono::milliseconds lease,
                                        quint16 s3Port)
{
    ClusterUploadStore::Config config =
        m_peers.config(QStringLiteral("outage"), QStringLiteral("o") + ClusterPeers::randomName());
    config.lease = lease;
    auto store = m_peers.store(std::move(config), s3Port);
    HoistdOptions options;
    options.address = QHostAddress(QHostAddress::LocalHost);
    options.dataDir = m_spool.path();
    options.verbose = true;
    TusConfig tusConfig;
    tusConfig.maxSize = options.maxSize;
    tusConfig.verbose = true;
    m_hoistd = std::make_unique<HoistdInstance>(options, tusConfig, std::move(store));
    return m_hoistd->start(why);
}

qint64 TestHoistdStoreOutage::headOffset(const QByteArray &location, RawResponse *head) const
{
    RawResponse answer = rawRequest(m_hoistd->port(), "HEAD", location, tus());
    if (head)
        *head = answer;
    return answer.status == 200 ? answer.header("Upload-Offset").toLongLong() : -1;
}

RawResponse TestHoistdStoreOutage::patch(const QByteArray &location, qint64 offset,
                                         const QByteArray &bytes) const
{
    return rawRequest(
        m_hoistd->port(), "PATCH", location,
        tus({{"Content-Type", OffsetStream}, {"Upload-Offset", QByteArray::number(offset)}}), bytes,
        60000);
}

void TestHoistdStoreOutage::postgresStoppedMidUploadIs503ThenResumes()
{
    QString why;
    // Long: the lease the cut request could not give back must not be what frees the upload.
    QVERIFY2(startHoistd(&why, std::chrono::seconds(60)), qPrintable(why));
    const QByteArray content = testContent(UploadLength);
    const RawResponse created =
        rawRequest(m_hoistd->port(), "POST", "/files/",
                   tus({{"Upload-Length", QByteArray::number(UploadLength)}}));
    QCOMPARE(created.status, 201);
    const QByteArray location = created.header("Location");
    QCOMPARE(patch(location, 0, content.left(FirstChunk)).status, 204);
    QCOMPARE(headOffset(location), FirstChunk);

    // A PATCH whose body is on its way when PostgreSQL stops: its bytes cannot be recorded, so
    // it is 503 with Retry-After, and nothing acknowledged before is lost.
    RawSocket socket = RawSocket::connected(m_hoistd->port());
    QVERIFY(socket.valid());
    const QByteArray head = "PATCH " + location
                            + " HTTP/1.1\r\nHost: 127.0.0.1\r\nTus-Resumable: 1.0.0\r\n"
                              "Content-Type: application/offset+octet-stream\r\nUpload-Offset: "
                            + QByteArray::number(FirstChunk) + "\r\nContent-Length: "
                            + QByteArray::number(CutChunk) + "\r\nConnection: close\r\n\r\n";
    QVERIFY(socket.sendAll(head + content.mid(FirstChunk, CutChunk / 2)));
    QVERIFY2(m_peers.pg().stopServer(), qPrintable(m_peers.pg().errorString()));
    QVERIFY(socket.sendAll(content.mid(FirstChunk + CutChunk / 2, CutChunk - CutChunk / 2)));
    int readError = 0;
    const RawResponse cut = parseRawResponse(socket.readToEnd(&readError));
    QCOMPARE(cut.status, 503);
    QVERIFY2(cut.header("Retry-After").toInt() > 0, cut.raw.left(400).constData());

    // While it is down: a HEAD is 503 (not 404: the upload exists, it cannot be looked at now),
    // and so is a new PATCH and a creation.
    RawResponse down;
    QCOMPARE(headOffset(location, &down), -1);
    QCOMPARE(down.status, 503);
    QVERIFY(down.header("Retry-After").toInt() > 0);
    const RawResponse patchDown = patch(location, FirstChunk, content.mid(FirstChunk));
    QCOMPARE(patchDown.status, 503);
    QVERIFY(patchDown.header("Retry-After").toInt() > 0);
    const RawResponse createDown =
        rawRequest(m_hoistd->port(), "POST", "/files/", tus({{"Upload-Length", "10"}}));
    QCOMPARE(createDown.status, 503);
    QVERIFY(createDown.header("Retry-After").toInt() > 0);

    // Back, with the same hoistd: the upload is where it was acknowledged, and goes on from
    // there. The lease the failed request could not give back is this instance's own: taken
    // back at once, never 423 until it runs out.
    QVERIFY2(m_peers.pg().startServer(), qPrintable(m_peers.pg().errorString()));
    QCOMPARE(headOffset(location), FirstChunk);
    // An empty PATCH asks for the upload as a client's retry would, without resending bytes.
    RawResponse free;
    const QDeadlineTimer deadline(60000);
    do {
        free = patch(location, FirstChunk, {});
    } while (free.status == 503 && !deadline.hasExpired());
    QVERIFY2(free.status == 204, free.raw.left(400).constData());
    QCOMPARE(free.header("Upload-Offset").toLongLong(), FirstChunk);
    const RawResponse done = patch(location, FirstChunk, content.mid(FirstChunk));
    QCOMPARE(done.status, 204);
    QCOMPARE(done.header("Upload-Offset").toLongLong(), UploadLength);
    const RawResponse download = rawRequest(m_hoistd->port(), "GET", location, {}, {}, 60000);
    QCOMPARE(download.status, 200);
    QVERIFY(download.body == content);
}

void TestHoistdStoreOutage::radosgwKilledMidUploadIs503ThenResumes()
{
    QString why;
    QVERIFY2(startHoistd(&why), qPrintable(why));
    const QByteArray content = testContent(UploadLength, 7);
    const RawResponse created =
        rawRequest(m_hoistd->port(), "POST", "/files/",
                   tus({{"Upload-Length", QByteArray::number(UploadLength)}}));
    QCOMPARE(created.status, 201);
    const QByteArray location = created.header("Location");
    QCOMPARE(patch(location, 0, content.left(FirstChunk)).status, 204);
    // Finished uploads, one read whole on open and one read a window at a time.
    QList<QPair<QByteArray, QByteArray>> finished;
    for (const qint64 size : {qint64(300 * 1024), 2 * MiB + 5}) {
        const QByteArray bytes = testContent(size, quint32(size % 97) + 2);
        const RawResponse made = rawRequest(m_hoistd->port(), "POST", "/files/",
                                            tus({{"Upload-Length", QByteArray::number(size)}}));
        QCOMPARE(made.status, 201);
        QCOMPARE(patch(made.header("Location"), 0, bytes).status, 204);
        finished.append({made.header("Location"), bytes});
    }

    // The bucket gone: the next part cannot be sent, so the PATCH is 503 with Retry-After and
    // the offset stays what was acknowledged (the records are still there to say so).
    m_rgwKilled = true;
    m_peers.rgw().kill();
    // A finished upload cannot be read now: 503 with Retry-After, not 404 (it is not gone);
    // its HEAD answers from the records.
    for (const auto &[at, bytes] : finished) {
        const RawResponse get = rawRequest(m_hoistd->port(), "GET", at, {}, {}, 60000);
        QVERIFY2(get.status == 503, get.raw.left(400).constData());
        QVERIFY(get.header("Retry-After").toInt() > 0);
        RawResponse head;
        QCOMPARE(headOffset(at, &head), bytes.size());
        QCOMPARE(head.header("Upload-Length").toLongLong(), bytes.size());
    }
    const RawResponse cut = patch(location, FirstChunk, content.mid(FirstChunk, CutChunk));
    QCOMPARE(cut.status, 503);
    QVERIFY2(cut.header("Retry-After").toInt() > 0, cut.raw.left(400).constData());
    QCOMPARE(headOffset(location), FirstChunk);

    // Back, with the same hoistd: the upload goes on from there and is whole.
    QVERIFY2(m_peers.rgw().restart(), qPrintable(m_peers.rgw().errorString()));
    m_rgwKilled = false;
    const RawResponse done = patch(location, FirstChunk, content.mid(FirstChunk));
    QCOMPARE(done.status, 204);
    QCOMPARE(done.header("Upload-Offset").toLongLong(), UploadLength);
    const RawResponse download = rawRequest(m_hoistd->port(), "GET", location, {}, {}, 60000);
    QCOMPARE(download.status, 200);
    QVERIFY(download.body == content);
    for (const auto &[at, bytes] : finished) {
        const RawResponse get = rawRequest(m_hoistd->port(), "GET", at, {}, {}, 60000);
        QCOMPARE(get.status, 200);
        QVERIFY(get.body == bytes);
    }
}

void TestHoistdStoreOutage::deferredLengthWhileBucketIsAwayIs503()
{
    // The bucket behind a proxy that can refuse connections (radosgw itself stays up).
    FaultProxy proxy;
    QVERIFY2(proxy.start(m_peers.rgw().service().host(), quint16(m_peers.rgw().service().port())),
             qPrintable(proxy.errorString()));
    QString why;
    QVERIFY2(startHoistd(&why, std::chrono::seconds(3), proxy.port()), qPrintable(why));
    const QByteArray content = testContent(MiB + 17, 11);
    const RawResponse created =
        rawRequest(m_hoistd->port(), "POST", "/files/", tus({{"Upload-Defer-Length", "1"}}));
    QCOMPARE(created.status, 201);
    const QByteArray location = created.header("Location");
    QCOMPARE(patch(location, 0, content).status, 204); // a tail object, length still open

    // The length declared equal to the bytes stored finishes the upload, which needs the
    // bucket (the tail becomes the object): away, that is 503 with Retry-After (the client
    // declares it again), not 500.
    QVERIFY(proxy.setRefusing(true));
    proxy.resetAllNow(); // the connections hoistd keeps alive too
    const RawResponse declared =
        rawRequest(m_hoistd->port(), "PATCH", location,
                   tus({{"Content-Type", OffsetStream},
                        {"Upload-Offset", QByteArray::number(content.size())},
                        {"Upload-Length", QByteArray::number(content.size())}}),
                   {}, 60000);
    QVERIFY2(declared.status == 503, declared.raw.left(400).constData());
    QVERIFY(declared.header("Retry-After").toInt() > 0);

    // Back: the declaration was recorded before the bucket was needed, so the upload is
    // finished as soon as it is looked at, and the client's repeated declaration is taken.
    QVERIFY(proxy.setRefusing(false));
    const RawResponse again =
        rawRequest(m_hoistd->port(), "PATCH", location,
                   tus({{"Content-Type", OffsetStream},
                        {"Upload-Offset", QByteArray::number(content.size())},
                        {"Upload-Length", QByteArray::number(content.size())}}),
                   {}, 60000);
    QVERIFY2(again.status == 204, again.raw.left(400).constData());
    RawResponse head;
    QCOMPARE(headOffset(location, &head), content.size());
    QCOMPARE(head.header("Upload-Length").toLongLong(), content.size());
    const RawResponse download = rawRequest(m_hoistd->port(), "GET", location, {}, {}, 60000);
    QCOMPARE(download.status, 200);
    QVERIFY(download.body == content);
}

QTEST_GUILESS_MAIN(TestHoistdStoreOutage)
#include "tst_hoistd_storeoutage.moc"
