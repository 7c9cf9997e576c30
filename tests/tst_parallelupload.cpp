// Parallel parts over tus concatenation: one large file sent as several partial uploads at once
// and joined by a final POST, against the real hoistd (which offers concatenation) and the real
// @tus/server (which does not). What the servers saw is counted from their own logs.
#include "hoistdprocess.h"
#include "loadsheddingproxy.h"
#include "schedulerfixture.h"
#include "testfiles.h"
#include "tusserverprocess.h"
#include "waitfor.h"

#include "storethread.h"
#include "tusparalleltransfer.h"
#include "tusprotocol.h"
#include "uploadscheduler.h"

#include <QFile>
#include <QHash>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QProcess>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

namespace {
constexpr qint64 KiB = 1024;
constexpr qint64 MiB = 1024 * KiB;
constexpr qint64 Chunk = 256 * KiB;
constexpr int Concurrency = 3;
constexpr int UploadTimeoutMs = 60000;

// What hoistd --verbose logged (server/http/httpserver.h, server/protocol/tusservice.cpp), counted.
struct ServerLog {
    int partials = 0;    // "POST created ID length N partial"
    int wholes = 0;      // "POST created ID length N": neither partial nor final
    int finals = 0;      // "POST final ID from K partial uploads"
    int deletes = 0;     // "DELETE ID"
    int heads = 0;       // "request end HEAD ..."
    int maxInFlight = 0; // body requests being received at once
    // File bytes received in request bodies (PATCH, and POST with creation-with-upload),
    // answered or cut.
    qint64 bodyBytes = 0;
    // A PATCH began below what the server had already confirmed for that upload.
    QStringList resent;

    static ServerLog parse(const QString &text)
    {
        static const QRegularExpression field(QStringLiteral("(\\S+)=(\\S+)"));
        ServerLog log;
        QHash<QString, int> active;  // "METHOD PATH" -> bodies being received
        QHash<QString, qint64> held; // path -> the offset the server last confirmed
        int inFlight = 0;
        for (const QString &line : text.split(QLatin1Char('\n'))) {
            const QStringList words = line.split(QLatin1Char(' '), Qt::SkipEmptyParts);
            if (words.size() < 3 || words[0] != QLatin1String("hoistd:"))
                continue;
            if (words[1] == QLatin1String("POST") && words[2] == QLatin1String("created")
                && words.last() == QLatin1String("partial"))
                ++log.partials;
            else if (words[1] == QLatin1String("POST") && words[2] == QLatin1String("created"))
                ++log.wholes;
            else if (words[1] == QLatin1String("POST") && words[2] == QLatin1String("final"))
                ++log.finals;
            else if (words[1] == QLatin1String("DELETE"))
                ++log.deletes;
            if (words[1] != QLatin1String("request") || words.size() < 5)
                continue;
            const QString key = words[3] + QLatin1Char(' ') + words[4];
            if (words[2] == QLatin1String("begin")) {
                ++active[key];
                log.maxInFlight = qMax(log.maxInFlight, ++inFlight);
                continue;
            }
            QHash<QString, QString> f;
            for (auto it = field.globalMatch(line); it.hasNext();) {
                const auto m = it.next();
                f.insert(m.captured(1), m.captured(2));
            }
            if (active.value(key) > 0) {
                --active[key];
                --inFlight;
            }
            if (words[3] == QLatin1String("HEAD"))
                ++log.heads;
            if (words[3] == QLatin1String("POST"))
                log.bodyBytes += f.value(QStringLiteral("received")).toLongLong();
            if (words[3] != QLatin1String("PATCH"))
                continue;
            log.bodyBytes += f.value(QStringLiteral("received")).toLongLong();
            const QString path = words[4];
            const qint64 offset = f.value(QStringLiteral("upload-offset")).toLongLong();
            if (offset < held.value(path))
                log.resent << QStringLiteral("%1 at %2 (held %3)")
                                  .arg(path)
                                  .arg(offset)
                                  .arg(held.value(path));
            bool ok = false;
            const qint64 after = f.value(QStringLiteral("response-offset")).toLongLong(&ok);
            if (ok)
                held[path] = qMax(held.value(path), after);
        }
        return log;
    }
};

// The engine of the client suites (SchedulerFixture: 256 KiB chunks) with parallel parts on, as
// the app has them, and Concurrency requests at once.
std::unique_ptr<SchedulerFixture> parallelEngine(const QUrl &endpoint)
{
    auto engine = std::make_unique<SchedulerFixture>();
    if (!engine->start(endpoint))
        qFatal("%s", qPrintable(engine->errorString()));
    engine->scheduler()->setParallelParts(true);
    engine->scheduler()->setConcurrency(Concurrency);
    engine->scheduler()->setAutoConcurrency(false); // a fixed limit is what is tested
    return engine;
}

// Every part of `task` exists on the server (has its URL).
bool allPartsCreated(const UploadTask *task)
{
    return task->parts().size() == Concurrency
           && std::all_of(task->parts().cbegin(), task->parts().cend(),
                          [](const UploadPart &p) { return !p.url.isEmpty(); });
}

QString hoistBinary()
{
    return qEnvironmentVariable("HOIST_BINARY");
}
} // namespace

class tst_ParallelUpload : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void planParts_data();
    void planParts();
    void uploadsPartsTogetherByteIdentical();
    void partsWithoutHashingAskTheServerOnce();
    void concurrencyKeptAcrossTasks();
    void pauseResumesEachPartFromItsOffset();
    void raisedLimitStartsMoreParts();
    void lostPartIsCreatedAgainAlone();
    void slowFinalIsPostedAgainNotSentAgain();
    void cancelTerminatesTheParts();
    void killedAppResumesThePartsFromTheStore();
    void tusServerStaysOneStream();

private:
    QTemporaryDir m_files;
};

void tst_ParallelUpload::planParts_data()
{
    QTest::addColumn<qint64>("size");
    QTest::addColumn<int>("streams");
    QTest::addColumn<int>("parts");
    QTest::newRow("empty") << qint64(0) << 3 << 0;
    QTest::newRow("3 chunks") << 3 * Chunk << 3 << 0;
    QTest::newRow("4 chunks") << 4 * Chunk << 3 << 2;
    QTest::newRow("4 chunks + 1") << 4 * Chunk + 1 << 3 << 2;
    QTest::newRow("one stream") << 40 * Chunk << 1 << 0;
    QTest::newRow("40 chunks, 3") << 40 * Chunk << 3 << 3;
    QTest::newRow("40 chunks - 1, 6") << 40 * Chunk - 1 << 6 << 6;
    QTest::newRow("many, 100 streams") << 1000 * Chunk << 100 << TusParallelTransfer::MaxParts;
    // Large: parts planned ahead, for a limit raised while it runs.
    QTest::newRow("5 growth parts, 3") << 5 * TusParallelTransfer::GrowthPartBytes + 7 << 3 << 5;
    QTest::newRow("2 GiB, 3") << 32 * TusParallelTransfer::GrowthPartBytes << 3
                              << TusParallelTransfer::MaxParts;
}

void tst_ParallelUpload::planParts()
{
    QFETCH(qint64, size);
    QFETCH(int, streams);
    QFETCH(int, parts);
    const UploadParts plan = TusParallelTransfer::planParts(size, Chunk, streams);
    QCOMPARE(plan.size(), parts);
    qint64 at = 0;
    for (const UploadPart &part : plan) {
        QCOMPARE(part.begin, at); // in order, no gap, no overlap
        QVERIFY(part.end > part.begin);
        QCOMPARE(part.begin % Chunk, 0); // on chunk boundaries
        QVERIFY(part.length() >= TusParallelTransfer::MinChunksPerPart * Chunk || part.end == size);
        at = part.end;
    }
    if (parts > 0)
        QCOMPARE(at, size);
}

void tst_ParallelUpload::uploadsPartsTogetherByteIdentical()
{
    HoistdProcess server;
    QVERIFY2(server.start({QStringLiteral("--verbose")}), qPrintable(server.errorString()));
    constexpr qint64 Size = 12 * MiB + 5;
    const QString path = makeTestFile(m_files.path(), QStringLiteral("big.bin"), Size, 11);
    const auto engine = parallelEngine(server.endpoint());
    int mostChunksMoving = 0;
    qint64 lastShown = 0;
    bool backwards = false;
    // Looked at on every turn of the event loop as well as at each batch of changes: a 12 MiB
    // upload over loopback can be over between two batches.
    QTimer sampler;
    QObject::connect(&sampler, &QTimer::timeout, this, [&] {
        for (TaskId id : engine->scheduler()->taskIds())
            mostChunksMoving =
                qMax(mostChunksMoving,
                     engine->scheduler()->task(id)->chunks().countIn(ChunkState::InFlight));
    });
    sampler.start(0);
    QObject::connect(engine->scheduler(), &UploadScheduler::tasksChanged, this,
                     [&](const QList<TaskId> &ids) {
                         for (TaskId id : ids) {
                             const UploadTask *t = engine->scheduler()->task(id);
                             mostChunksMoving =
                                 qMax(mostChunksMoving, t->chunks().countIn(ChunkState::InFlight));
                             backwards |= t->shownBytes() < lastShown;
                             lastShown = t->shownBytes();
                             // confirmedBytes is the sum of the parts' confirmed offsets.
                             qint64 sum = 0;
                             for (const UploadPart &part : t->parts())
                                 sum += part.confirmed;
                             if (!t->parts().isEmpty() && t->state() == TaskState::Uploading)
                                 QCOMPARE(t->confirmedBytes(), sum);
                         }
                     });
    const QList<TaskId> ids = engine->add({path});
    QCOMPARE(ids.size(), 1);
    QVERIFY(engine->waitIdle());
    const UploadTask *task = engine->scheduler()->task(ids.first());
    QCOMPARE(task->state(), TaskState::Success);
    QCOMPARE(task->parts().size(), Concurrency);
    QCOMPARE(task->confirmedBytes(), Size);
    QCOMPARE(task->chunks().countIn(ChunkState::Done), task->chunks().count());
    QVERIFY(!backwards);
    // The chunk bar saw the parts moving together.
    QVERIFY2(mostChunksMoving >= 2, qPrintable(QString::number(mostChunksMoving)));

    // The final upload holds the file, byte for byte.
    QVERIFY(fileMatches(server.storedPath(task->uploadUrl()), Size, 11));
    const ServerLog log = ServerLog::parse(server.serverLog());
    QCOMPARE(log.partials, Concurrency);
    QCOMPARE(log.finals, 1);
    QCOMPARE(log.bodyBytes, Size); // nothing sent twice
    QVERIFY(log.resent.isEmpty());
    // The limit was reached, and kept.
    QCOMPARE(log.maxInFlight, Concurrency);
}

void tst_ParallelUpload::partsWithoutHashingAskTheServerOnce()
{
    // No hashing, so the scheduler asks nothing before the transfer: the transfer finds out
    // itself that hoistd joins parts, through the protocol's one OPTIONS for the endpoint.
    HoistdProcess server;
    QVERIFY2(server.start({QStringLiteral("--verbose")}), qPrintable(server.errorString()));
    constexpr qint64 Size = 6 * MiB + 1;
    const QString a = makeTestFile(m_files.path(), QStringLiteral("a.bin"), Size, 81);
    const QString b = makeTestFile(m_files.path(), QStringLiteral("b.bin"), Size, 82);
    const auto engine = parallelEngine(server.endpoint());
    engine->scheduler()->setHashPolicy(UploadScheduler::HashPolicy::Never);
    const QList<TaskId> ids = engine->add({a, b});
    QCOMPARE(ids.size(), 2);
    QVERIFY(engine->waitIdle());
    for (TaskId id : ids) {
        const UploadTask *task = engine->scheduler()->task(id);
        QCOMPARE(task->state(), TaskState::Success);
        QVERIFY(task->contentHash().isEmpty());
        QVERIFY(!task->parts().isEmpty());
    }
    QVERIFY(fileMatches(server.storedPath(engine->scheduler()->task(ids.at(0))->uploadUrl()), Size,
                        81));
    QVERIFY(fileMatches(server.storedPath(engine->scheduler()->task(ids.at(1))->uploadUrl()), Size,
                        82));
    const ServerLog log = ServerLog::parse(server.serverLog());
    QCOMPARE(log.finals, 2);
    QCOMPARE(log.wholes, 0); // no instant attempt without a hash
    QCOMPARE(int(server.serverLog().count(QStringLiteral("request end OPTIONS "))), 1);
}

void tst_ParallelUpload::concurrencyKeptAcrossTasks()
{
    HoistdProcess server;
    QVERIFY2(server.start({QStringLiteral("--verbose")}), qPrintable(server.errorString()));
    constexpr qint64 Big = 40 * MiB;
    constexpr qint64 Small = 6 * MiB;
    const QString big = makeTestFile(m_files.path(), QStringLiteral("a.bin"), Big, 21);
    const QString small = makeTestFile(m_files.path(), QStringLiteral("b.bin"), Small, 22);
    const auto engine = parallelEngine(server.endpoint());
    const QList<TaskId> first = engine->add({big});
    const UploadTask *a = engine->scheduler()->task(first.first());
    // The big file alone takes every slot...
    QVERIFY(waitFor([&] { return a->streams() == Concurrency; }));
    QVERIFY(a->confirmedBytes() < Big / 2);
    // ...and gives one back at a chunk boundary when another task comes.
    const QList<TaskId> second = engine->add({small});
    const UploadTask *b = engine->scheduler()->task(second.first());
    QVERIFY(waitFor([&] { return b->state() != TaskState::Waiting; }));
    QCOMPARE(a->state(), TaskState::Uploading);
    const qint64 aWhenBStarted = a->confirmedBytes();
    QVERIFY2(aWhenBStarted < Big, "the first task had finished: nothing was given back");
    QVERIFY(engine->waitIdle());
    QCOMPARE(a->state(), TaskState::Success);
    QCOMPARE(b->state(), TaskState::Success);
    QVERIFY(fileMatches(server.storedPath(a->uploadUrl()), Big, 21));
    QVERIFY(fileMatches(server.storedPath(b->uploadUrl()), Small, 22));
    const ServerLog log = ServerLog::parse(server.serverLog());
    QCOMPARE(log.maxInFlight, Concurrency);
    QCOMPARE(log.finals, 2);
    QCOMPARE(log.bodyBytes, Big + Small);
}

void tst_ParallelUpload::pauseResumesEachPartFromItsOffset()
{
    HoistdProcess server;
    QVERIFY2(server.start({QStringLiteral("--verbose")}), qPrintable(server.errorString()));
    constexpr qint64 Size = 40 * MiB;
    const QString path = makeTestFile(m_files.path(), QStringLiteral("paused.bin"), Size, 31);
    const auto engine = parallelEngine(server.endpoint());
    const TaskId id = engine->add({path}).first();
    const UploadTask *task = engine->scheduler()->task(id);
    QVERIFY(waitFor([&] { return task->confirmedBytes() >= Size / 4; }));
    engine->scheduler()->pause(id);
    QCOMPARE(task->state(), TaskState::Paused);
    QCOMPARE(task->parts().size(), Concurrency);
    const qint64 confirmedAtPause = task->confirmedBytes();
    QVERIFY(confirmedAtPause < Size);
    QCOMPARE(task->chunks().countIn(ChunkState::InFlight), 0);
    QTest::qWait(200); // let the server take in what was on its way
    const int headsBefore = ServerLog::parse(server.serverLog()).heads;

    engine->scheduler()->resume(id);
    QVERIFY(engine->waitIdle());
    QCOMPARE(task->state(), TaskState::Success);
    QVERIFY(fileMatches(server.storedPath(task->uploadUrl()), Size, 31));
    const ServerLog log = ServerLog::parse(server.serverLog());
    QCOMPARE(log.partials, Concurrency);
    QCOMPARE(log.finals, 1);
    // Each unfinished part asked the server where it stands, and went on from there.
    QVERIFY(log.heads - headsBefore >= 1);
    QVERIFY2(log.resent.isEmpty(), qPrintable(log.resent.join(QLatin1String("; "))));
    qInfo("Body bytes %lld for a file of %lld", log.bodyBytes, Size);
    // Bytes a pause cut short may come again, never more than a chunk per part.
    QVERIFY(log.bodyBytes >= Size);
    QVERIFY(log.bodyBytes <= Size + Concurrency * Chunk);
}

void tst_ParallelUpload::raisedLimitStartsMoreParts()
{
    // Parallel raised from 3 to 8 while a large file goes as parts: the upload takes the new
    // allowance, and the server sees more requests at once than before.
    HoistdProcess server;
    QVERIFY2(server.start({QStringLiteral("--verbose")}), qPrintable(server.errorString()));
    constexpr qint64 Size = 5 * TusParallelTransfer::GrowthPartBytes + 5;
    const QString path = makeTestFile(m_files.path(), QStringLiteral("large.bin"), Size, 33);
    const auto engine = parallelEngine(server.endpoint());
    engine->scheduler()->setHashPolicy(UploadScheduler::HashPolicy::Never);
    engine->scheduler()->setRateLimit(8 * MiB); // slow enough to see what moves
    const TaskId id = engine->add({path}).first();
    const UploadTask *task = engine->scheduler()->task(id);
    QVERIFY(waitFor([&] {
        return task->chunks().countIn(ChunkState::InFlight) == Concurrency
               && task->confirmedBytes() > 0;
    }));
    QCOMPARE(task->parts().size(), 5);
    QCOMPARE(ServerLog::parse(server.serverLog()).maxInFlight, Concurrency);

    engine->scheduler()->setConcurrency(8);
    engine->scheduler()->setAutoConcurrency(false); // a fixed limit is what is tested
    QVERIFY(waitFor([&] { return task->chunks().countIn(ChunkState::InFlight) == 5; }));
    QVERIFY(waitFor([&] { return ServerLog::parse(server.serverLog()).maxInFlight == 5; }));
    QCOMPARE(task->streams(), 5);

    engine->scheduler()->setRateLimit(0);
    QVERIFY(engine->waitIdle(120000));
    QCOMPARE(task->state(), TaskState::Success);
    QVERIFY(fileMatches(server.storedPath(task->uploadUrl()), Size, 33));
    const ServerLog log = ServerLog::parse(server.serverLog());
    QCOMPARE(log.partials, 5);
    QCOMPARE(log.finals, 1);
    QCOMPARE(log.bodyBytes, Size); // nothing sent twice
    QFile::remove(path);
}

void tst_ParallelUpload::lostPartIsCreatedAgainAlone()
{
    HoistdProcess server;
    QVERIFY2(server.start({QStringLiteral("--verbose")}), qPrintable(server.errorString()));
    constexpr qint64 Size = 40 * MiB;
    const QString path = makeTestFile(m_files.path(), QStringLiteral("lost.bin"), Size, 41);
    const auto engine = parallelEngine(server.endpoint());
    const TaskId id = engine->add({path}).first();
    const UploadTask *task = engine->scheduler()->task(id);
    // Paused once every part exists, so that one of them can be lost (a pause during a part's
    // creation is tst_orphanuploads').
    QVERIFY(waitFor([&] { return task->confirmedBytes() >= Size / 4 && allPartsCreated(task); }));
    engine->scheduler()->pause(id);
    // The server loses one unfinished part (terminated behind Hoist's back).
    int lost = -1;
    for (int i = 0; i < task->parts().size() && lost < 0; ++i) {
        if (!task->parts().at(i).isDone() && task->parts().at(i).confirmed > 0)
            lost = i;
    }
    QVERIFY(lost >= 0);
    const qint64 lostBytes = task->parts().at(lost).confirmed;
    QNetworkRequest request(task->parts().at(lost).url);
    request.setRawHeader("Tus-Resumable", "1.0.0");
    QNetworkReply *reply = engine->network()->sendCustomRequest(request, "DELETE");
    QVERIFY(waitFor([reply] { return reply->isFinished(); }));
    QCOMPARE(reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt(), 204);
    reply->deleteLater();

    engine->scheduler()->resume(id);
    QVERIFY(engine->waitIdle());
    QCOMPARE(task->state(), TaskState::Success);
    QVERIFY(fileMatches(server.storedPath(task->uploadUrl()), Size, 41));
    const ServerLog log = ServerLog::parse(server.serverLog());
    QCOMPARE(log.partials, Concurrency + 1); // that part only, again
    QCOMPARE(log.finals, 1);
    QVERIFY(log.bodyBytes <= Size + lostBytes + Concurrency * Chunk);
}

void tst_ParallelUpload::slowFinalIsPostedAgainNotSentAgain()
{
    // The final POST's answer comes long after Hoist gave up on it (a server joining large parts
    // for longer than the stall timeout: held back by a proxy in front of hoistd, which joined
    // them at once). The retry posts the same final again, and hoistd answers with the final it
    // made: the parts, consumed by then, are neither asked for nor sent again.
    constexpr int StallMs = 5000; // short, but no chunk of 256 KiB takes that long here
    constexpr int HeldMs = 6 * StallMs;
    HoistdProcess server;
    QVERIFY2(server.start({QStringLiteral("--verbose")}), qPrintable(server.errorString()));
    LoadSheddingProxy front;
    QVERIFY(front.start(QStringLiteral("127.0.0.1"), server.port()));
    front.setHeldAnswers("Upload-Concat: final", HeldMs);
    constexpr qint64 Size = 12 * MiB + 3;
    const QString path = makeTestFile(m_files.path(), QStringLiteral("slowfinal.bin"), Size, 43);
    const auto engine = parallelEngine(front.url(QStringLiteral("/files/")));
    engine->scheduler()->setStallTimeout(StallMs);
    engine->scheduler()->setRetryPolicy(SchedulerFixture::fastRetries());
    const TaskId id = engine->add({path}).first();
    const UploadTask *task = engine->scheduler()->task(id);
    QVERIFY(waitFor([&] { return front.held() == 1; }, UploadTimeoutMs));
    front.setHeldAnswers({}, 0); // the first answer only
    QVERIFY(engine->waitIdle());
    QCOMPARE(task->state(), TaskState::Success);
    QVERIFY(fileMatches(server.storedPath(task->uploadUrl()), Size, 43));
    const QString serverLog = server.serverLog();
    const ServerLog log = ServerLog::parse(serverLog);
    QVERIFY2(serverLog.contains(QLatin1String("repeated final POST")), qPrintable(serverLog));
    QCOMPARE(log.partials, Concurrency); // no part made again
    QCOMPARE(log.finals, 1);
    QCOMPARE(log.heads, 0);                               // no part asked for
    QVERIFY2(log.bodyBytes <= Size + Concurrency * Chunk, // nothing sent twice
             qPrintable(QString::number(log.bodyBytes)));
}

void tst_ParallelUpload::cancelTerminatesTheParts()
{
    HoistdProcess server;
    QVERIFY2(server.start({QStringLiteral("--verbose")}), qPrintable(server.errorString()));
    constexpr qint64 Size = 40 * MiB;
    const QString path = makeTestFile(m_files.path(), QStringLiteral("cancelled.bin"), Size, 51);
    const auto engine = parallelEngine(server.endpoint());
    const TaskId id = engine->add({path}).first();
    const UploadTask *task = engine->scheduler()->task(id);
    QVERIFY(waitFor([&] { return allPartsCreated(task); }));
    QSignalSpy terminated(engine->protocol(), &TransferProtocol::terminated);
    engine->scheduler()->cancel(id);
    QVERIFY(waitFor([&] { return terminated.size() == Concurrency; }));
    for (const QList<QVariant> &args : std::as_const(terminated))
        QVERIFY(args.at(1).toBool());
    // hoistd logs a request's end after its answer left: the client may hear first.
    QVERIFY(
        waitFor([&] { return ServerLog::parse(server.serverLog()).deletes >= Concurrency + 1; }));
    const ServerLog log = ServerLog::parse(server.serverLog());
    // hoistd offers instant upload, so the file was hashed and one upload of the whole file
    // asked for a proof first; when none was asked, Hoist deleted it and sent the parts.
    QCOMPARE(log.wholes, 1);
    QCOMPARE(log.deletes, Concurrency + log.wholes);
    QCOMPARE(log.finals, 0);
    QCOMPARE(server.storedFiles().size(), 0);
}

void tst_ParallelUpload::killedAppResumesThePartsFromTheStore()
{
    QVERIFY2(QFile::exists(hoistBinary()), "HOIST_BINARY must name the built hoist");
    HoistdProcess server;
    QVERIFY2(server.start({QStringLiteral("--verbose")}), qPrintable(server.errorString()));
    constexpr qint64 Size = 40 * MiB;
    const QString path = makeTestFile(m_files.path(), QStringLiteral("crash.bin"), Size, 61);
    QTemporaryDir state;
    const auto startHoist = [&](const QStringList &arguments) {
        auto process = std::make_unique<QProcess>();
        process->start(hoistBinary(), QStringList{QStringLiteral("--headless"),
                                                  QStringLiteral("--state-dir"), state.path()}
                                          + arguments);
        process->waitForStarted();
        return process;
    };
    auto hoist = startHoist({QStringLiteral("-e"), server.endpoint().toString(),
                             QStringLiteral("-c"), QString::number(Concurrency),
                             QStringLiteral("--chunk-size"), QString::number(Chunk), path});
    // Killed once every part has some of its bytes on the server.
    QVERIFY(waitFor([&] { return ServerLog::parse(server.serverLog()).bodyBytes >= Size / 3; }));
    hoist->kill();
    hoist->waitForFinished();
    QTest::qWait(200);
    const ServerLog before = ServerLog::parse(server.serverLog());
    QVERIFY(before.bodyBytes < Size);
    QCOMPARE(before.finals, 0);

    hoist = startHoist({});
    QVERIFY(waitFor([&] { return hoist->state() == QProcess::NotRunning; }, UploadTimeoutMs));
    QCOMPARE(hoist->exitCode(), 0);
    const QList<QByteArray> fields = hoist->readAllStandardOutput().trimmed().split('\t');
    QCOMPARE(fields.size(), 3);
    QCOMPARE(fields.first(), QByteArray("success"));
    QVERIFY(fileMatches(server.storedPath(QUrl(QString::fromUtf8(fields.last()))), Size, 61));
    const ServerLog log = ServerLog::parse(server.serverLog());
    QCOMPARE(log.partials, Concurrency); // resumed, not created again
    QCOMPARE(log.finals, 1);
    QVERIFY(log.heads - before.heads >= Concurrency - 1); // each unfinished part asked
    QVERIFY2(log.resent.isEmpty(), qPrintable(log.resent.join(QLatin1String("; "))));
    QVERIFY(log.bodyBytes <= Size + Concurrency * Chunk);
}

void tst_ParallelUpload::tusServerStaysOneStream()
{
    TusServerProcess server;
    QVERIFY2(server.start(), qPrintable(server.errorString()));
    constexpr qint64 Size = 12 * MiB + 5;
    const QString path = makeTestFile(m_files.path(), QStringLiteral("plain.bin"), Size, 71);
    const auto engine = parallelEngine(server.endpoint());
    const TaskId id = engine->add({path}).first();
    QVERIFY(engine->waitIdle());
    const UploadTask *task = engine->scheduler()->task(id);
    QCOMPARE(task->state(), TaskState::Success);
    QVERIFY(task->parts().isEmpty());
    QCOMPARE(server.uploadCount(), 1);
    QVERIFY(fileMatches(server.storedPath(task->uploadUrl()), Size, 71));
    const auto stats = server.stats();
    QCOMPARE(stats.maxInFlight, 1);
    QCOMPARE(stats.count(QStringLiteral("POST")), 1);
    QCOMPARE(stats.bodyBytes, Size);
}

QTEST_GUILESS_MAIN(tst_ParallelUpload)
#include "tst_parallelupload.moc"
