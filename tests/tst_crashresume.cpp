// Nothing lost: the real hoist binary, killed with SIGKILL at random moments and started again on
// the same state dir, against a real tus server (@tus/server or hoistd, as HOIST_TEST_PEER says)
// or the run's Ceph RGW (rgw: only the S3 case; the others follow one tus upload URL).
#include "rgwtestpeer.h"
#include "testfiles.h"
#include "testpeer.h"
#include "waitfor.h"

#include "taskstore.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonObject>
#include <QProcess>
#include <QRandomGenerator>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>

namespace {
constexpr qint64 KiB = 1024;
constexpr qint64 MiB = 1024 * KiB;
constexpr qint64 Chunk = 256 * KiB;
constexpr int Concurrency = 3;

QString hoistBinary()
{
    return qEnvironmentVariable("HOIST_BINARY");
}

struct Result {
    QString path;
    QString status;
    QString detail;
};

QList<Result> parseResults(const QByteArray &out)
{
    QList<Result> results;
    for (const QByteArray &line : out.split('\n')) {
        const QList<QByteArray> fields = line.split('\t');
        if (fields.size() == 3)
            results.append({QString::fromUtf8(fields[1]), QString::fromUtf8(fields[0]),
                            QString::fromUtf8(fields[2])});
    }
    return results;
}

int patchesSeen(const TestPeer &server)
{
    return server.stats().count(QStringLiteral("PATCH"));
}
} // namespace

class tst_CrashResume : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void killedAtRandomMomentsLosesNothing();
    void fileModifiedBetweenKillAndRestart();
    void secondHoistOnTheSameQueueRefuses();
    void uploadLostByTheServerStartsAgain();
    void s3KilledFourTimesLosesNothing();

private:
    std::unique_ptr<QProcess> startHoist(const QStringList &arguments) const;
    bool runToEnd(QProcess &process, QByteArray *out, int timeoutMs = 120000) const;
    QString storeIntegrity() const;
    // Starts uploading one file, kills Hoist once a few chunks are in, waits for the server to
    // take what arrived, and returns the upload's URL (empty if it went otherwise).
    QUrl startThenKill(const TestPeer &server, const QString &path) const;

    std::unique_ptr<QTemporaryDir> m_state;
};

void tst_CrashResume::initTestCase()
{
    QVERIFY2(QFile::exists(hoistBinary()), "HOIST_BINARY must name the built hoist");
}

void tst_CrashResume::init()
{
    m_state = std::make_unique<QTemporaryDir>();
    const bool s3Case = QByteArray(QTest::currentTestFunction()).startsWith("s3");
    const bool s3Peer = TestPeer::kindFromEnvironment() == TestPeer::Kind::Rgw;
    if (s3Case && !s3Peer)
        QSKIP("an S3 case: runs as tst_crashresume.rgw");
    if (!s3Case && s3Peer)
        QSKIP("tus: follows one upload URL through its PATCH and HEAD requests");
}

std::unique_ptr<QProcess> tst_CrashResume::startHoist(const QStringList &arguments) const
{
    auto process = std::make_unique<QProcess>();
    // One stream per file, so that each file has one upload URL to follow across the kills;
    // tst_parallelupload kills a run sending parts.
    process->start(hoistBinary(),
                   QStringList{QStringLiteral("--headless"), QStringLiteral("--one-stream"),
                               QStringLiteral("--state-dir"), m_state->path()}
                       + arguments);
    process->waitForStarted();
    return process;
}

bool tst_CrashResume::runToEnd(QProcess &process, QByteArray *out, int timeoutMs) const
{
    const bool ended = waitFor([&] { return process.state() == QProcess::NotRunning; }, timeoutMs);
    *out += process.readAllStandardOutput();
    return ended && process.exitStatus() == QProcess::NormalExit;
}

QString tst_CrashResume::storeIntegrity() const
{
    TaskStore store(m_state->path());
    const TaskStore::OpenResult opened = store.open();
    if (!opened.ok)
        return opened.error;
    return store.integrityCheck();
}

QUrl tst_CrashResume::startThenKill(const TestPeer &server, const QString &path) const
{
    auto hoist = startHoist({QStringLiteral("-e"), server.endpoint().toString(),
                             QStringLiteral("--chunk-size"), QString::number(Chunk), path});
    if (!waitFor([&] { return patchesSeen(server) >= 3; }, 30000))
        return {};
    hoist->kill();
    hoist->waitForFinished();
    if (!waitFor([&] { return server.stats().inFlight == 0; }))
        return {};
    const QList<QUrl> uploads = server.uploads();
    return uploads.size() == 1 ? uploads.first() : QUrl();
}

void tst_CrashResume::killedAtRandomMomentsLosesNothing()
{
    const auto peer = TestPeer::create();
    TestPeer &server = *peer;
    QVERIFY2(server.start(), qPrintable(server.errorString()));
    QTemporaryDir files;
    // Mixed sizes, from empty to a few dozen chunks.
    const qint64 sizes[] = {0,        1,        Chunk - 1, Chunk,    Chunk + 1, 3 * MiB + 7,
                            64 * MiB, 29 * MiB, 47 * MiB,  15 * MiB, 71 * MiB,  38 * MiB};
    QStringList paths;
    qint64 total = 0;
    for (int i = 0; i < int(std::size(sizes)); ++i) {
        paths << makeTestFile(files.path(), QStringLiteral("file %1.bin").arg(i), sizes[i],
                              100 + i);
        total += sizes[i];
    }

    QRandomGenerator random(20261122);
    QByteArray out;
    int kills = 0;
    const QStringList options{QStringLiteral("-e"),           server.endpoint().toString(),
                              QStringLiteral("-c"),           QString::number(Concurrency),
                              QStringLiteral("--chunk-size"), QString::number(Chunk)};
    auto hoist = startHoist(options + paths);
    // The files are accepted once the first of them is on its way; kill only after that.
    QVERIFY(waitFor([&] { return patchesSeen(server) > 0; }, 30000));
    int headsBefore = -1; // HEADs seen when the running process started; -1: the first one
    for (int round = 0; round < 6; ++round) {
        // A restarted process is killed only once it asked the server where its uploads are:
        // a kill while it is still starting up would test nothing.
        if (headsBefore >= 0) {
            waitFor(
                [&] {
                    return server.stats().count(QStringLiteral("HEAD")) > headsBefore
                           || hoist->state() == QProcess::NotRunning;
                },
                30000);
        }
        QTest::qWait(int(random.bounded(50, 300)));
        if (hoist->state() == QProcess::NotRunning)
            break; // finished before we got to it: fine, the last round checks everything
        hoist->kill();
        hoist->waitForFinished();
        out += hoist->readAllStandardOutput();
        ++kills;
        headsBefore = server.stats().count(QStringLiteral("HEAD"));
        hoist = startHoist({});
    }
    QVERIFY2(runToEnd(*hoist, &out), hoist->readAllStandardError().constData());
    QCOMPARE(hoist->exitCode(), 0);
    QVERIFY2(kills >= 5, qPrintable(QStringLiteral("only %1 kills").arg(kills)));

    // Every file arrived, byte for byte, exactly once.
    QHash<QString, QString> urlOf;
    for (const Result &r : parseResults(out)) {
        QCOMPARE(r.status, QStringLiteral("success"));
        if (urlOf.contains(r.path))
            QCOMPARE(urlOf.value(r.path), r.detail); // reported again after a restart: same upload
        urlOf.insert(r.path, r.detail);
    }
    QCOMPARE(urlOf.size(), paths.size());
    for (int i = 0; i < paths.size(); ++i) {
        const QUrl url(urlOf.value(paths[i]));
        QVERIFY2(fileMatches(server.storedPath(url), sizes[i], 100 + i), qPrintable(paths[i]));
    }
    // No file became a second upload. A kill between the server creating an upload and Hoist
    // saving its URL can leave one behind that nobody can know of, holding at most the first
    // request's bytes (creation carries the first chunk; the transfer sends nothing more until
    // the URL is saved), never more.
    int orphans = 0;
    const QList<QString> known = urlOf.values();
    for (const QUrl &upload : server.uploads()) {
        if (known.contains(upload.toString()))
            continue;
        ++orphans;
        QVERIFY(server.storedBytes(upload).size() <= Chunk);
    }
    QVERIFY(orphans <= kills);
    qInfo("empty uploads left by kills during creation: %d", orphans);
    QVERIFY(server.stats().count(QStringLiteral("HEAD")) >= kills); // restarts asked, not guessed

    // Each kill costs at most the chunk each running task had in flight.
    const qint64 sent = server.stats().bodyBytes;
    const qint64 resent = sent - total;
    qInfo("kills %d, files %d, %lld bytes of files, %lld bytes received, %lld re-sent "
          "(%.1f KiB per kill; bound %lld per kill)",
          kills, int(paths.size()), total, sent, resent, double(resent) / kills / 1024.0,
          Concurrency * Chunk);
    QVERIFY(resent >= 0);
    QVERIFY2(resent <= qint64(kills) * Concurrency * Chunk,
             qPrintable(QStringLiteral("re-sent %1 bytes over %2 kills").arg(resent).arg(kills)));
    QCOMPARE(storeIntegrity(), QStringLiteral("ok"));
}

void tst_CrashResume::fileModifiedBetweenKillAndRestart()
{
    const auto peer = TestPeer::create();
    TestPeer &server = *peer;
    QVERIFY2(server.start(), qPrintable(server.errorString()));
    QTemporaryDir files;
    constexpr qint64 Size = 48 * MiB;
    const QString path = makeTestFile(files.path(), QStringLiteral("edited.bin"), Size, 7);
    const QUrl url = startThenKill(server, path);
    QVERIFY(!url.isEmpty());
    // The server may still be writing what arrived before the kill: let it settle.
    qint64 storedBefore = -1;
    QVERIFY(waitFor([&] {
        const qint64 now = QFileInfo(server.storedPath(url)).size();
        const bool settled = now == storedBefore;
        storedBefore = now;
        QTest::qSleep(100);
        return settled;
    }));
    QVERIFY(storedBefore > 0 && storedBefore < Size);

    // Someone edits the file while Hoist is down: same size, new bytes at the start.
    {
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadWrite));
        QVERIFY(file.write(QByteArray(4096, 'X')) == 4096);
    }
    const int patchesBefore = patchesSeen(server);

    QByteArray out;
    auto hoist = startHoist({});
    QVERIFY(runToEnd(*hoist, &out));
    QCOMPARE(hoist->exitCode(), 1);
    const QList<Result> results = parseResults(out);
    QCOMPARE(results.size(), 1);
    QCOMPARE(results.first().status, QStringLiteral("error"));
    QVERIFY2(results.first().detail.contains(QStringLiteral("changed since it was queued")),
             qPrintable(results.first().detail));
    // Not one byte of the new content went to the old upload.
    QCOMPARE(patchesSeen(server), patchesBefore);
    const QByteArray after = server.storedBytes(url);
    QCOMPARE(after.size(), storedBefore);
    QVERIFY(after == testContent(after.size(), 7)); // the old content only, no 'X' in it
    QCOMPARE(server.uploadCount(), 1);
    QCOMPARE(storeIntegrity(), QStringLiteral("ok"));
}

void tst_CrashResume::secondHoistOnTheSameQueueRefuses()
{
    const auto peer = TestPeer::create();
    TestPeer &server = *peer;
    QVERIFY2(server.start(), qPrintable(server.errorString()));
    QTemporaryDir files;
    const QString path = makeTestFile(files.path(), QStringLiteral("long.bin"), 256 * MiB, 3);
    auto first = startHoist({QStringLiteral("-e"), server.endpoint().toString(),
                             QStringLiteral("--chunk-size"), QStringLiteral("64K"), path});
    QVERIFY(waitFor([&] { return patchesSeen(server) > 0; }, 30000));

    QByteArray out;
    auto second = startHoist({});
    QVERIFY(runToEnd(*second, &out, 20000));
    QCOMPARE(second->exitCode(), 1);
    QVERIFY(out.isEmpty());
    const QString err = QString::fromLocal8Bit(second->readAllStandardError());
    QVERIFY2(err.contains(QStringLiteral("Another Hoist")) && err.contains(m_state->path()),
             qPrintable(err));
    QCOMPARE(first->state(), QProcess::Running); // the first one is not disturbed
    first->kill();
    first->waitForFinished();
}

void tst_CrashResume::uploadLostByTheServerStartsAgain()
{
    const auto peer = TestPeer::create();
    TestPeer &server = *peer;
    QVERIFY2(server.start(), qPrintable(server.errorString()));
    QTemporaryDir files;
    constexpr qint64 Size = 48 * MiB;
    const QString path = makeTestFile(files.path(), QStringLiteral("lost.bin"), Size, 4);
    const QUrl oldUrl = startThenKill(server, path);
    QVERIFY(!oldUrl.isEmpty());
    // The server forgets the upload while Hoist is down (expired, cleaned up, another disk).
    server.kill();
    QVERIFY(server.eraseStored(oldUrl));
    QVERIFY2(server.restart(), qPrintable(server.errorString()));

    QByteArray out;
    auto hoist = startHoist({});
    QVERIFY(runToEnd(*hoist, &out));
    QCOMPARE(hoist->exitCode(), 0);
    const QList<Result> results = parseResults(out);
    QCOMPARE(results.size(), 1);
    QCOMPARE(results.first().status, QStringLiteral("success"));
    const QUrl newUrl(results.first().detail);
    QVERIFY(newUrl != oldUrl);                                // a new upload, from zero...
    QVERIFY(fileMatches(server.storedPath(newUrl), Size, 4)); // ...with every byte
    QCOMPARE(server.uploadCount(), 1);
    QCOMPARE(storeIntegrity(), QStringLiteral("ok"));
}

// Four kills at random moments of a run mixing PutObject and multipart uploads; each restart
// finds the UploadIds and ETags in the store and asks ListParts what the server holds.
void tst_CrashResume::s3KilledFourTimesLosesNothing()
{
    RgwTestPeer rgw;
    QVERIFY2(rgw.start(), qPrintable(rgw.errorString()));
    QTemporaryDir files;
    constexpr qint64 Part = 8 * MiB;
    const qint64 sizes[] = {0, 1, 100 * KiB, Part, Part + 1, 2 * Part + 5, 4 * Part + 3, 5 * Part};
    QStringList paths;
    int parts = 0;
    for (int i = 0; i < int(std::size(sizes)); ++i) {
        paths << makeTestFile(files.path(), QStringLiteral("file %1.bin").arg(i), sizes[i],
                              200 + i);
        parts += sizes[i] > Part ? int((sizes[i] + Part - 1) / Part) : 0;
    }
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("AWS_ACCESS_KEY_ID"), rgw.credentials().accessKeyId);
    env.insert(QStringLiteral("AWS_SECRET_ACCESS_KEY"),
               QString::fromUtf8(rgw.credentials().secretAccessKey));
    const auto start = [&](const QStringList &arguments) {
        auto process = std::make_unique<QProcess>();
        process->setProcessEnvironment(env);
        // Slowed down, so that four kills land before the ~100 MiB are up, however fast RGW is.
        process->start(hoistBinary(),
                       QStringList{QStringLiteral("--headless"), QStringLiteral("--state-dir"),
                                   m_state->path(), QStringLiteral("--limit-rate"),
                                   QStringLiteral("16M")}
                           + arguments);
        process->waitForStarted();
        return process;
    };
    const auto requests = [&] { return int(rgw.stats().log.size()); };

    QRandomGenerator random(20261123);
    QByteArray out;
    auto hoist =
        start(QStringList{QStringLiteral("-e"), QStringLiteral("s3://%1").arg(rgw.bucket()),
                          QStringLiteral("--s3-endpoint"), rgw.service().toString(),
                          QStringLiteral("--region"), rgw.region(), QStringLiteral("-c"),
                          QString::number(Concurrency)}
              + paths);
    int kills = 0;
    int seen = requests();
    while (kills < 4) {
        // Only once this process has sent something: a kill while it starts tests nothing.
        QVERIFY(waitFor([&] { return requests() > seen || hoist->state() == QProcess::NotRunning; },
                        30000));
        QTest::qWait(int(random.bounded(100, 700)));
        if (hoist->state() == QProcess::NotRunning)
            break;
        hoist->kill();
        hoist->waitForFinished();
        out += hoist->readAllStandardOutput();
        ++kills;
        seen = requests();
        hoist = start({});
    }
    QVERIFY2(runToEnd(*hoist, &out), hoist->readAllStandardError().constData());
    QVERIFY2(hoist->exitCode() == 0, out.mid(out.indexOf("error\t")).left(2000).constData());
    QVERIFY2(kills == 4,
             qPrintable(QStringLiteral("only %1 kills: the run ended first").arg(kills)));

    QSet<QString> succeeded;
    for (const Result &r : parseResults(out)) {
        QCOMPARE(r.status, QStringLiteral("success"));
        succeeded.insert(r.path);
    }
    QCOMPARE(succeeded.size(), paths.size());
    int partsSent = 0;
    int mostParts = 0;
    for (int i = 0; i < paths.size(); ++i) {
        const QString key = QFileInfo(paths[i]).fileName();
        QVERIFY2(rgw.object(key) == testContent(sizes[i], 200 + i), qPrintable(key));
        partsSent += int(rgw.partsSent(key).size());
        mostParts = qMax(mostParts, int((sizes[i] + Part - 1) / Part));
    }
    // What a kill costs: the parts in flight, and at worst one file's parts again. A kill
    // between CompleteMultipartUpload's success and the store noting it leaves an UploadId the
    // server no longer knows (RGW: NoSuchKey), so the restart uploads that file anew. (Never
    // re-sending a part the server lists is tst_s3upload's and tst_s3transfer's to show.)
    QVERIFY2(partsSent <= parts + kills * (Concurrency + mostParts),
             qPrintable(QStringLiteral("%1 parts sent for %2").arg(partsSent).arg(parts)));
    QCOMPARE(rgw.keys().size(), paths.size());
    // A kill between CreateMultipartUpload's answer and the store keeping its UploadId can leave
    // an upload nobody knows of (holding no part: nothing is sent before it is saved).
    const QStringList leftOver = rgw.multipartUploads();
    QVERIFY2(leftOver.size() <= kills, qPrintable(leftOver.join(QLatin1Char(','))));
    qInfo("kills %d, parts %d, UploadPart requests %d, multipart uploads left %d", kills, parts,
          int(rgw.stats().count(QStringLiteral("PUT"))), int(leftOver.size()));
    QCOMPARE(storeIntegrity(), QStringLiteral("ok"));
}

QTEST_GUILESS_MAIN(tst_CrashResume)
#include "tst_crashresume.moc"
