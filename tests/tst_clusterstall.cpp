// A holder that stalls (SIGSTOP) mid-PATCH in a cluster of three hoistd instances behind
// round-robin nginx (issue 20): its lease runs out, the client goes on through the front on
// another instance, and when the stalled one wakes up (SIGCONT) its late write is refused,
// fenced by the lease's generation. The refusal is seen where it happens (the late PATCH's 409,
// the instance's hoistd_store_failures_total{kind="fenced"}, the generation in PostgreSQL), and
// the object in the bucket is byte-identical to what the client sent, not to the stale bytes.
// Real components: the run's PostgreSQL and Ceph RGW, Debian's nginx, three hoistd processes.
#include "hoistdcluster.h"
#include "rawhttp.h"
#include "rawsocket.h"
#include "testfiles.h"
#include "waitfor.h"

#include <QDeadlineTimer>
#include <QElapsedTimer>
#include <QTest>

namespace {
constexpr qint64 MiB = 1024 * 1024;
constexpr qint64 Length = 16 * MiB;
constexpr qint64 StaleSent = 7 * MiB;  // what the stalled holder has received when it stops
constexpr qint64 FirstChunk = 8 * MiB; // what the client sends through the front meanwhile
const QByteArray OffsetStream = "application/offset+octet-stream";
const QByteArray Fenced = "hoistd_store_failures_total{kind=\"fenced\"}";

RawHeaders tus(const RawHeaders &extra = {})
{
    return RawHeaders{{"Tus-Resumable", "1.0.0"}} + extra;
}

RawHeaders patchHeaders(qint64 offset)
{
    return tus({{"Content-Type", OffsetStream}, {"Upload-Offset", QByteArray::number(offset)}});
}
} // namespace

class tst_ClusterStall : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanup();
    void stalledHoldersLateWriteIsRefused();

private:
    // The upload's lease as PostgreSQL has it: holder and generation.
    QPair<QString, qint64> lease(const QByteArray &id);

    std::unique_ptr<HoistdCluster> m_cluster;
};

void tst_ClusterStall::initTestCase()
{
    HoistdCluster::startForTest(m_cluster, 3, {QStringLiteral("--verbose")});
}

void tst_ClusterStall::cleanup()
{
    if (m_cluster)
        m_cluster->warnIfFailed(4000);
}

QPair<QString, qint64> tst_ClusterStall::lease(const QByteArray &id)
{
    const auto rows = m_cluster->sql(
        "SELECT coalesce(lease_holder, ''), lease_generation FROM uploads WHERE id = $1",
        {QString::fromLatin1(id)});
    if (!rows || rows->isEmpty())
        return {};
    return {rows->at(0, 0).toString(), rows->at(0, 1).toLongLong()};
}

void tst_ClusterStall::stalledHoldersLateWriteIsRefused()
{
    const QByteArray content = testContent(Length, 21);
    const QByteArray stale = testContent(Length, 22); // other bytes: they must never show
    const quint16 front = m_cluster->front().port();
    const RawResponse created =
        rawRequest(front, "POST", "/files/", tus({{"Upload-Length", QByteArray::number(Length)}}));
    QCOMPARE(created.status, 201);
    const QByteArray location =
        QUrl(QString::fromLatin1(created.header("Location"))).path().toLatin1();
    const QByteArray id = location.mid(location.lastIndexOf('/') + 1);

    // The holder: instance 0, asked directly, gets a PATCH whose body stops coming after 7 MiB
    // and stalls (SIGSTOP) with the lease held and the bytes in its spool.
    const int holder = 0;
    HoistdProcess &stalled = m_cluster->instance(holder);
    RawSocket socket = RawSocket::connected(stalled.port());
    QVERIFY(socket.valid());
    const QByteArray head = "PATCH " + location
                            + " HTTP/1.1\r\nHost: 127.0.0.1\r\nTus-Resumable: 1.0.0\r\n"
                              "Content-Type: application/offset+octet-stream\r\nUpload-Offset: 0"
                              "\r\nContent-Length: "
                            + QByteArray::number(Length) + "\r\nConnection: close\r\n\r\n";
    QVERIFY(socket.sendAll(head + stale.left(StaleSent)));
    QVERIFY2(waitFor([&] { return stalled.spooledBytes() >= StaleSent - MiB; }, 60000),
             qPrintable(QString::number(stalled.spooledBytes())));
    const QPair<QString, qint64> staleLease = lease(id);
    QVERIFY2(!staleLease.first.isEmpty(), qPrintable(m_cluster->errorString()));
    QVERIFY(m_cluster->pause(holder));
    QElapsedTimer stalledFor;
    stalledFor.start();
    // A load balancer's health check takes an instance that stopped answering out; the client
    // goes on through the front, on the other two.
    QVERIFY2(m_cluster->front().setDown(stalled.port()),
             qPrintable(m_cluster->front().errorString()));
    QCOMPARE(rawRequest(front, "HEAD", location, tus()).header("Upload-Offset"), QByteArray("0"));

    // Until the stalled holder's lease runs out (10 s; it cannot answer the hand-over), the
    // others answer 423; then one takes the upload with a newer generation.
    RawResponse first;
    QStringList statuses;
    const QDeadlineTimer deadline(90000);
    do {
        first =
            rawRequest(front, "PATCH", location, patchHeaders(0), content.left(FirstChunk), 60000);
        statuses << QString::number(first.status);
    } while (first.status == 423 && !deadline.hasExpired());
    const qint64 tookOverAfter = stalledFor.elapsed();
    QVERIFY2(first.status == 204, qPrintable(first.raw.left(400)));
    QCOMPARE(first.header("Upload-Offset").toLongLong(), FirstChunk);
    qInfo("taken over %lld ms after the holder stalled; answers %s", tookOverAfter,
          qPrintable(statuses.join(QLatin1Char(' '))));
    QVERIFY2(tookOverAfter >= 5000, "taken over while the stalled holder's lease lived");
    const QPair<QString, qint64> newLease = lease(id);
    QVERIFY2(newLease.second > staleLease.second,
             qPrintable(QStringLiteral("%1 then %2").arg(staleLease.second).arg(newLease.second)));

    // The stalled holder wakes up and its client sends the rest of the body: the write is
    // refused (409, Fenced), counted, and nothing of it reaches the record or the object.
    const qint64 fencedBefore = m_cluster->metric(holder, Fenced);
    QVERIFY(m_cluster->resume(holder));
    socket.sendAll(stale.mid(StaleSent)); // may be cut: hoistd can answer before the end
    int readError = 0;
    const RawResponse late = parseRawResponse(socket.readToEnd(&readError));
    QVERIFY2(late.status == 409, qPrintable(late.raw.left(400)));
    QVERIFY(waitFor([&] { return m_cluster->metric(holder, Fenced) > fencedBefore; }, 20000));
    QCOMPARE(lease(id).second, newLease.second);
    const RawResponse afterLate = rawRequest(front, "HEAD", location, tus());
    QCOMPARE(afterLate.header("Upload-Offset").toLongLong(), FirstChunk);

    // The client finishes through the front (the woken instance back in it).
    QVERIFY(m_cluster->front().setDown(stalled.port(), false));
    const RawResponse rest = rawRequest(front, "PATCH", location, patchHeaders(FirstChunk),
                                        content.mid(FirstChunk), 60000);
    QVERIFY2(rest.status == 204, qPrintable(rest.raw.left(400)));
    QCOMPARE(rest.header("Upload-Offset").toLongLong(), Length);
    bool found = false;
    const QByteArray stored = m_cluster->object(QUrl(QString::fromLatin1(location)), &found);
    QVERIFY(found);
    QVERIFY2(stored == content, "the object is not what the client sent");
    // Nothing the stalled holder sent is left in the bucket: no part, no tail.
    const QString key = m_cluster->objectKey(QUrl(QString::fromLatin1(location)));
    QVERIFY(waitFor([&] { return m_cluster->rgw().multipartUploads().isEmpty(); }, 20000));
    QCOMPARE(m_cluster->rgw().keys(m_cluster->prefix() + QLatin1Char('/')), QStringList{key});
}

QTEST_GUILESS_MAIN(tst_ClusterStall)
#include "tst_clusterstall.moc"
