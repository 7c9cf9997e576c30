// How long a request whose body has all been handed over may wait for its answer (WatchedReply):
// "handed over" means into the system's socket buffers, which on a slow link hold seconds of the
// body. Through 60 ms each way at 20 Mbit/s to RGW, a 128 MiB file in 16 parts had a part's
// answer come after the 30 s stall timeout; the retried part took the file from 55 s to 81 s.
// Here a link that takes a whole part at once and passes it on at 12 Mbit/s (a 16 MiB buffer, as
// bufferbloat does) must not make the part count as stalled, while a server that never answers
// still does, within the stall timeout plus the body's drain allowance. And under Parallel: Auto
// the parts awaiting answers add one request, not as many again, to those sending.
#include "delaylink.h"
#include "s3multiparttransfer.h"
#include "s3partaddress.h"
#include "s3protocol.h"
#include "scriptedserver.h"
#include "testfiles.h"
#include "testjob.h"
#include "transferrecorder.h"
#include "watchedreply.h"

#include <QElapsedTimer>
#include <QNetworkAccessManager>
#include <QTemporaryDir>
#include <QtTest>

namespace {
constexpr qint64 MiB = 1024 * 1024;
constexpr qint64 Part = S3MultipartTransfer::MinPartSize;
constexpr int StallMs = 2000;
constexpr qint64 RateBits = 12'000'000; // a part drains in ~5.6 s, well past StallMs
constexpr int TimeoutMs = 120000;

using Reply = ScriptedServer::Reply;

Reply listedNothing()
{
    return Reply(200, {{"Content-Type", "application/xml"}},
                 "<ListPartsResult><IsTruncated>false</IsTruncated></ListPartsResult>");
}
} // namespace

class tst_S3PartWait : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { QVERIFY(m_dir.isValid()); }
    void answerWaitsForTheBuffersToDrain();
    void unansweredPartStillStalls();
    void overlapGoesOnePartBeyondTheLimit();

private:
    // The transfer of one resumed part [0, size) of `path` to `server` through `link`.
    std::unique_ptr<Transfer> partTransfer(S3Protocol &protocol, const QUrl &base,
                                           const QString &path, qint64 size);

    QNetworkAccessManager m_network;
    QTemporaryDir m_dir;
};

std::unique_ptr<Transfer> tst_S3PartWait::partTransfer(S3Protocol &protocol, const QUrl &base,
                                                       const QString &path, qint64 size)
{
    protocol.setCredentials(base, {QStringLiteral("AKID"), "secret"});
    const S3Target target(base, QStringLiteral("us-east-1"), QStringLiteral("scripted"));
    TransferJob job = testJob(path, target.toUrl());
    job.stallTimeoutMs = StallMs;
    job.parts = {{0,
                  size,
                  S3PartAddress{target, QStringLiteral("k"), QStringLiteral("u"), 1}.toUrl(),
                  0,
                  {}}};
    auto transfer = protocol.createTransfer(job);
    transfer->setStreamLimit(1);
    return transfer;
}

// The whole part goes into the link's buffer at once and reaches the server ~5.6 s later, with
// nothing moving on the reply meanwhile: the answer is still awaited, and the part is sent once.
void tst_S3PartWait::answerWaitsForTheBuffersToDrain()
{
    QElapsedTimer clock;
    qint64 partReadAt = -1;
    ScriptedServer server([&](const ScriptedServer::Request &r) {
        if (r.method == "GET")
            return listedNothing();
        if (r.method == "PUT") {
            partReadAt = clock.elapsed();
            return Reply(200, {{"ETag", "\"e1\""}});
        }
        if (r.method == "HEAD")
            return Reply(200);
        return Reply(200, {{"Content-Type", "application/xml"}},
                     "<CompleteMultipartUploadResult><Key>k</Key><ETag></ETag>"
                     "</CompleteMultipartUploadResult>");
    });
    QVERIFY(server.listen());
    DelayLink link;
    QVERIFY2(link.start(QStringLiteral("127.0.0.1"), server.port()),
             qPrintable(link.errorString()));
    link.setRate(RateBits);
    link.setWindow(16 * MiB);
    const QString path = makeTestFile(m_dir.path(), QStringLiteral("drain.bin"), Part, 4);
    S3Protocol protocol(&m_network);
    auto transfer = partTransfer(protocol, link.url(), path, Part);
    qint64 allSentAt = -1;
    connect(transfer.get(), &Transfer::chunkProgressAt, this, [&](qint64, qint64 sent) {
        if (sent >= Part && allSentAt < 0)
            allSentAt = clock.elapsed();
    });
    TransferRecorder recorder(transfer.get());
    clock.start();
    transfer->start();
    QVERIFY(recorder.wait(TimeoutMs));
    QVERIFY2(recorder.succeeded(), qPrintable(recorder.error.message()));
    QCOMPARE(server.count("PUT"), 1);
    // The case meant: the body was all handed over more than a stall timeout before the server
    // had it.
    QVERIFY2(allSentAt >= 0 && partReadAt - allSentAt > StallMs,
             qPrintable(QStringLiteral("all handed over at %1 ms, read by the server at %2 ms")
                            .arg(allSentAt)
                            .arg(partReadAt)));
}

// A server that reads the part and never answers: Stalled, after the stall timeout plus the
// part's drain allowance, not later.
void tst_S3PartWait::unansweredPartStillStalls()
{
    ScriptedServer server([](const ScriptedServer::Request &r) {
        return r.method == "GET" ? listedNothing() : Reply::stall();
    });
    QVERIFY(server.listen());
    const qint64 size = 512 * 1024; // a last part may be small
    const QString path = makeTestFile(m_dir.path(), QStringLiteral("never.bin"), size, 5);
    S3Protocol protocol(&m_network);
    auto transfer = partTransfer(protocol, server.url(), path, size);
    TransferRecorder recorder(transfer.get());
    QElapsedTimer clock;
    clock.start();
    transfer->start();
    QVERIFY(recorder.wait(TimeoutMs));
    QVERIFY(!recorder.succeeded());
    QCOMPARE(recorder.error.kind, TransferError::Kind::Stalled);
    const qint64 allowed = StallMs + size * 1000 / WatchedReply::DrainBytesPerSecond;
    // Qt's coarse timers may fire up to 5% early.
    QVERIFY2(clock.elapsed() >= allowed * 9 / 10 && clock.elapsed() < allowed + 15000,
             qPrintable(QStringLiteral("stalled after %1 ms; allowed %2 ms")
                            .arg(clock.elapsed())
                            .arg(allowed)));
    QVERIFY2(recorder.error.message().contains(QString::number(allowed / 1000.0, 'f', 1)
                                               + QStringLiteral(" s")),
             qPrintable(recorder.error.message()));
}

// Eight parts, four streams, every answer 400 ms after the server read the part: on loopback the
// bodies leave at once, so with overlapped answers a fifth part starts, never more (as many again
// queued a slow link's buffers past the stall timeout). The scheduler is told four in use.
void tst_S3PartWait::overlapGoesOnePartBeyondTheLimit()
{
    constexpr int Parts = 8;
    constexpr int Limit = 4;
    ScriptedServer server([](const ScriptedServer::Request &r) {
        if (r.method == "GET")
            return listedNothing();
        if (r.method == "PUT")
            return Reply(200, {{"ETag", "\"e\""}}).after(400);
        if (r.method == "HEAD")
            return Reply(200);
        return Reply(200, {{"Content-Type", "application/xml"}},
                     "<CompleteMultipartUploadResult><Key>k</Key><ETag></ETag>"
                     "</CompleteMultipartUploadResult>");
    });
    QVERIFY(server.listen());
    const QString path = makeTestFile(m_dir.path(), QStringLiteral("eight.bin"), Parts * Part, 6);
    S3Protocol protocol(&m_network);
    protocol.setCredentials(server.url(), {QStringLiteral("AKID"), "secret"});
    const S3Target target(server.url(), QStringLiteral("us-east-1"), QStringLiteral("scripted"));
    TransferJob job = testJob(path, target.toUrl());
    job.maxStreams = Limit;
    job.overlapAnswers = true;
    for (int i = 0; i < Parts; ++i)
        job.parts.append(
            {i * Part,
             (i + 1) * Part,
             S3PartAddress{target, QStringLiteral("k"), QStringLiteral("u"), i + 1}.toUrl(),
             0,
             {}});
    auto transfer = protocol.createTransfer(job);
    transfer->setStreamLimit(Limit);
    int started = 0;
    int confirmed = 0;
    int mostRunning = 0;
    int mostInUse = 0;
    connect(transfer.get(), &Transfer::chunkStarted, this, [&](qint64, qint64) {
        ++started;
        mostRunning = qMax(mostRunning, started - confirmed);
    });
    connect(transfer.get(), &Transfer::partsConfirmed, this, [&](const UploadParts &parts) {
        confirmed = int(std::count_if(parts.cbegin(), parts.cend(),
                                      [](const UploadPart &p) { return p.isDone(); }));
    });
    connect(transfer.get(), &Transfer::streamsChanged, this,
            [&mostInUse](int inUse, int) { mostInUse = qMax(mostInUse, inUse); });
    TransferRecorder recorder(transfer.get());
    transfer->start();
    QVERIFY(recorder.wait(TimeoutMs));
    QVERIFY2(recorder.succeeded(), qPrintable(recorder.error.message()));
    QCOMPARE(server.count("PUT"), Parts);
    QCOMPARE(mostRunning, Limit + 1);
    QCOMPARE(mostInUse, Limit);
}

QTEST_MAIN(tst_S3PartWait)
#include "tst_s3partwait.moc"
