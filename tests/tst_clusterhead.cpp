// HEAD of an upload another instance is writing (issue 20): a client that lost its connection
// mid-PATCH asks a second instance where to go on while the first still holds the upload with
// bytes it has received and not committed (it commits every 16 MiB). HEAD has that holder commit
// and let go first, as the PATCH would, so it answers the offset the holder reached: the PATCH
// from there is taken (204), where the committed offset read at once (0) sent the client back to
// a start that the hand-over then moved past (409 for it, and 409 for the cut writer). A writer
// that is still sending keeps the upload: HEAD then answers what is committed.
// Real components: the run's PostgreSQL and Ceph RGW, two hoistd processes (asked directly).
#include "hoistdcluster.h"
#include "rawhttp.h"
#include "rawsocket.h"
#include "testfiles.h"
#include "waitfor.h"

#include <QElapsedTimer>
#include <QTest>
#include <QThread>

#include <atomic>
#include <thread>

namespace {
constexpr qint64 MiB = 1024 * 1024;
constexpr qint64 Length = 24 * MiB;
constexpr qint64 FirstSent = 10 * MiB; // what the first writer sends before its client goes quiet
const QByteArray OffsetStream = "application/offset+octet-stream";

RawHeaders tus(const RawHeaders &extra = {})
{
    return RawHeaders{{"Tus-Resumable", "1.0.0"}} + extra;
}

// The head of a PATCH of the whole `length` from offset 0 (its body is sent separately).
QByteArray patchFromZero(const QByteArray &location, qint64 length)
{
    return "PATCH " + location
           + " HTTP/1.1\r\nHost: 127.0.0.1\r\nTus-Resumable: 1.0.0\r\n"
             "Content-Type: application/offset+octet-stream\r\nUpload-Offset: 0\r\n"
             "Content-Length: "
           + QByteArray::number(length) + "\r\nConnection: close\r\n\r\n";
}
} // namespace

class tst_ClusterHead : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanup();
    void headAnswersWhatTheHolderReached();
    void headLeavesAMovingWriterAlone();
    void startLineNamesTheBucketThenTheHost();

private:
    std::unique_ptr<HoistdCluster> m_cluster;
};

void tst_ClusterHead::initTestCase()
{
    HoistdCluster::startForTest(m_cluster, 2, {QStringLiteral("--verbose")});
}

void tst_ClusterHead::cleanup()
{
    if (m_cluster)
        m_cluster->warnIfFailed(4000);
}

void tst_ClusterHead::headAnswersWhatTheHolderReached()
{
    const QByteArray content = testContent(Length, 31);
    HoistdProcess &first = m_cluster->instance(0);
    HoistdProcess &second = m_cluster->instance(1);
    const RawResponse created = rawRequest(first.port(), "POST", "/files/",
                                           tus({{"Upload-Length", QByteArray::number(Length)}}));
    QCOMPARE(created.status, 201);
    const QByteArray location =
        QUrl(QString::fromLatin1(created.header("Location"))).path().toLatin1();

    // The first writer: a PATCH of the whole length to the first instance whose body stops
    // after 10 MiB, the connection left open (a client whose network went away).
    RawSocket writer = RawSocket::connected(first.port());
    QVERIFY(writer.valid());
    QVERIFY(writer.sendAll(patchFromZero(location, Length) + content.left(FirstSent)));
    QVERIFY2(waitFor([&] { return first.spooledBytes() >= FirstSent; }, 60000),
             qPrintable(QString::number(first.spooledBytes())));

    // The client asks the second instance where to go on: all it sent, committed by the holder
    // when asked (one part of 10 MiB), not the 0 PostgreSQL had before.
    const RawResponse asked = rawRequest(second.port(), "HEAD", location, tus(), {}, 60000);
    QCOMPARE(asked.status, 200);
    QCOMPARE(asked.header("Upload-Offset").toLongLong(), FirstSent);

    // The cut writer learns it was handed over (409: ask for the offset again) once its body is
    // in (hoistd reads it to the end, storing none of it).
    writer.sendAll(content.mid(FirstSent)); // may be cut: hoistd can answer before
    int readError = 0;
    const RawResponse cut = parseRawResponse(writer.readToEnd(&readError));
    QVERIFY2(cut.status == 409, qPrintable(cut.raw.left(400)));

    // The client goes on from the offset HEAD gave, on the second instance: taken.
    const RawResponse rest = rawRequest(
        second.port(), "PATCH", location,
        tus({{"Content-Type", OffsetStream}, {"Upload-Offset", QByteArray::number(FirstSent)}}),
        content.mid(FirstSent), 60000);
    QVERIFY2(rest.status == 204, qPrintable(rest.raw.left(400)));
    QCOMPARE(rest.header("Upload-Offset").toLongLong(), Length);
    bool found = false;
    const QByteArray stored = m_cluster->object(QUrl(QString::fromLatin1(location)), &found);
    QVERIFY(found);
    QVERIFY2(stored == content, "the object is not what the client sent");

    // HEAD of an upload nobody holds asks nobody: the same answer at once, from either.
    QCOMPARE(rawRequest(first.port(), "HEAD", location, tus()).header("Upload-Offset").toLongLong(),
             Length);
}

void tst_ClusterHead::headLeavesAMovingWriterAlone()
{
    // Someone watching an upload (a HEAD through another instance) while its client is still
    // sending: the holder keeps the upload (the writer is moving), HEAD answers what is
    // committed, and the PATCH goes on to the end (before, each HEAD took the upload over and the
    // writer got 409).
    constexpr qint64 length = 16 * MiB;
    constexpr qint64 piece = 64 * 1024;
    const QByteArray content = testContent(length, 32);
    HoistdProcess &first = m_cluster->instance(0);
    HoistdProcess &second = m_cluster->instance(1);
    const RawResponse created = rawRequest(first.port(), "POST", "/files/",
                                           tus({{"Upload-Length", QByteArray::number(length)}}));
    QCOMPARE(created.status, 201);
    const QByteArray location =
        QUrl(QString::fromLatin1(created.header("Location"))).path().toLatin1();
    RawSocket writer = RawSocket::connected(first.port());
    QVERIFY(writer.valid());
    qint64 sent = MiB;
    QVERIFY(writer.sendAll(patchFromZero(location, length) + content.left(sent)));
    QVERIFY(waitFor([&] { return first.spooledBytes() > 0; }, 60000)); // the holder is writing

    std::atomic<bool> answered{false};
    RawResponse asked;
    QElapsedTimer asking;
    asking.start();
    std::thread watcher([&] {
        asked = rawRequest(second.port(), "HEAD", location, tus(), {}, 60000);
        answered = true;
    });
    // The client's pace on a slow link (64 KiB every 20 ms), not a wait for anything.
    int piecesWhileAsked = 0;
    while (!answered && sent + piece < length && writer.sendAll(content.mid(sent, piece))) {
        sent += piece;
        ++piecesWhileAsked;
        QThread::msleep(20);
    }
    watcher.join();
    const qint64 askedAfterMs = asking.elapsed();
    QVERIFY2(answered, "the writer ran out of bytes before HEAD answered");
    QVERIFY2(piecesWhileAsked >= 10, qPrintable(QString::number(piecesWhileAsked)));
    QCOMPARE(asked.status, 200);
    const qint64 offset = asked.header("Upload-Offset").toLongLong();
    QVERIFY2(offset >= 0 && offset <= sent, qPrintable(QString::number(offset)));
    QVERIFY2(askedAfterMs < 20000, qPrintable(QString::number(askedAfterMs)));

    // The writer was not cut: the rest of its body is taken and the upload is whole.
    QVERIFY(writer.sendAll(content.mid(sent)));
    int readError = 0;
    const RawResponse done = parseRawResponse(writer.readToEnd(&readError));
    QVERIFY2(done.status == 204, qPrintable(done.raw.left(400)));
    QCOMPARE(done.header("Upload-Offset").toLongLong(), length);
    bool found = false;
    const QByteArray stored = m_cluster->object(QUrl(QString::fromLatin1(location)), &found);
    QVERIFY(found);
    QVERIFY2(stored == content, "the object is not what the client sent");
}

void tst_ClusterHead::startLineNamesTheBucketThenTheHost()
{
    // "bucket B/PREFIX/ on HOST:PORT" (the prefix came after the host before).
    const QString bucket = m_cluster->rgw().bucket() + QLatin1Char('/') + m_cluster->prefix()
                           + QStringLiteral("/ on 127.0.0.1:");
    const QString log = m_cluster->instance(0).serverLog();
    QVERIFY2(log.contains(QStringLiteral("from bucket ") + bucket), qPrintable(log.left(2000)));
}

QTEST_GUILESS_MAIN(tst_ClusterHead)
#include "tst_clusterhead.moc"
