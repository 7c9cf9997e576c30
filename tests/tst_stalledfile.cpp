// Nothing on the thread that drives the uploads waits for the file (issue 17, item 9): a file
// whose open() or read() hangs, as on a network mount that stopped answering (FileStall holds
// them through fanotify), fails the upload as Stalled with a sentence that says so, while the
// event loop stays responsive (a 10 ms timer's lateness is measured); once the file system
// answers again, the same job uploads the file whole. Against a real tus server (hoistd, or
// @tus/server).
#include "filestall.h"
#include "latenessprobe.h"
#include "schedulerfixture.h"
#include "taskstore.h"
#include "testfiles.h"
#include "testjob.h"
#include "testpeer.h"
#include "transferrecorder.h"
#include "tusprotocol.h"
#include "uploadscheduler.h"
#include "uploadtask.h"
#include "waitfor.h"

#include <QElapsedTimer>
#include <QNetworkAccessManager>
#include <QTemporaryDir>
#include <QTest>

namespace {
constexpr qint64 Chunk = 256 * 1024;
constexpr qint64 Size = 3 * Chunk + 11;
constexpr int StallTimeoutMs = 2000;
// How long FileStall holds an access at most: what code that blocks on the file would lose.
constexpr int MaxHoldMs = 8000;
// The loop's worst lateness allowed, on a shared 2-core machine under load; blocking on the file
// would cost MaxHoldMs.
constexpr qint64 LatenessBoundMs = 1500;
constexpr int TimeoutMs = 60000;
} // namespace

class TestStalledFile final : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init() { m_server->resetStats(); }
    void stalledFileFailsWithoutFreezing_data();
    void stalledFileFailsWithoutFreezing();
    void stallAfterFirstRequest_data();
    void stallAfterFirstRequest();
    void firstFilesGoWhileTheWalkWaits();

private:
    TransferJob job(const QString &path) const
    {
        TransferJob job = testJob(path, m_server->endpoint());
        job.chunkSize = Chunk;
        job.stallTimeoutMs = StallTimeoutMs;
        return job;
    }

    QTemporaryDir m_dir;
    QNetworkAccessManager m_nam;
    std::unique_ptr<TestPeer> m_server = TestPeer::create();
};

void TestStalledFile::initTestCase()
{
    QVERIFY(m_dir.isValid());
    QVERIFY2(m_server->start(), qPrintable(m_server->errorString()));
}

void TestStalledFile::stalledFileFailsWithoutFreezing_data()
{
    QTest::addColumn<bool>("opens"); // whether open() hangs too, or only read()
    QTest::newRow("reads hang") << false;
    QTest::newRow("opens and reads hang") << true;
}

void TestStalledFile::stalledFileFailsWithoutFreezing()
{
    QFETCH(bool, opens);
    const QString name = QStringLiteral("stalled-%1.bin").arg(opens);
    const QString path = makeTestFile(m_dir.path(), name, Size, 21);
    QVERIFY(!path.isEmpty());
    TusProtocol protocol(&m_nam);
    {
        FileStall stall(path, opens ? FileStall::Hold::OpenAndRead : FileStall::Hold::ReadOnly,
                        MaxHoldMs);
        if (!stall.isValid())
            QSKIP(qPrintable(QStringLiteral("no fanotify here: ") + stall.errorString()));
        auto transfer = protocol.createTransfer(job(path));
        TransferRecorder rec(transfer.get());
        LatenessProbe probe;
        QElapsedTimer clock;
        clock.start();
        transfer->start();
        QVERIFY(rec.wait(TimeoutMs));
        const qint64 tookMs = clock.elapsed();
        qInfo("failed after %lld ms, the loop at worst %lld ms late, %d accesses held: %s", tookMs,
              probe.worstMs(), stall.held(), qPrintable(rec.error.message()));
        QVERIFY(stall.held() > 0);
        QVERIFY(!rec.succeeded());
        QCOMPARE(rec.error.kind, TransferError::Kind::Stalled);
        QVERIFY2(rec.error.message().contains(QStringLiteral("stalled")),
                 qPrintable(rec.error.message()));
        QVERIFY2(probe.worstMs() < LatenessBoundMs, qPrintable(QString::number(probe.worstMs())));
        // It gave up after the stall timeout, not when the file system came back.
        QVERIFY2(tookMs < MaxHoldMs, qPrintable(QString::number(tookMs)));
        QCOMPARE(m_server->stats().bodyBytes, qint64(0)); // not a byte of the file left
    }
    // The file system answers again (the stall is gone): the same job sends the file whole.
    m_server->resetStats();
    auto retry = protocol.createTransfer(job(path));
    TransferRecorder rec(retry.get());
    retry->start();
    QVERIFY(rec.wait(TimeoutMs));
    QVERIFY2(rec.succeeded(), qPrintable(rec.error.message()));
    QCOMPARE(m_server->storedBytes(rec.created), testContent(Size, 21));
    QCOMPARE(m_server->stats().bodyBytes, Size);
}

void TestStalledFile::stallAfterFirstRequest_data()
{
    QTest::addColumn<bool>("opens");
    // The next request's checksum is computed while the first goes: only its body reads hang,
    // on Qt's network stack's demand, which used to read on this thread.
    QTest::newRow("body reads hang") << false;
    QTest::newRow("opens and reads hang") << true;
}

void TestStalledFile::stallAfterFirstRequest()
{
    // The mount stops answering between requests: the first chunk is on the server, the next
    // request's open or read hangs, and the upload fails as Stalled with the loop responsive.
    QFETCH(bool, opens);
    const QString path =
        makeTestFile(m_dir.path(), QStringLiteral("midway-%1.bin").arg(opens), Size, 22);
    QVERIFY(!path.isEmpty());
    TusProtocol protocol(&m_nam);
    auto transfer = protocol.createTransfer(job(path));
    TransferRecorder rec(transfer.get());
    std::unique_ptr<FileStall> stall;
    QObject::connect(transfer.get(), &Transfer::offsetConfirmed, &m_nam, [&](qint64 offset) {
        if (offset > 0 && !stall)
            stall = std::make_unique<FileStall>(
                path, opens ? FileStall::Hold::OpenAndRead : FileStall::Hold::ReadOnly, MaxHoldMs);
    });
    LatenessProbe probe;
    transfer->start();
    QVERIFY(rec.wait(TimeoutMs));
    QVERIFY(stall);
    if (!stall->isValid())
        QSKIP(qPrintable(QStringLiteral("no fanotify here: ") + stall->errorString()));
    qInfo("the loop at worst %lld ms late, %d accesses held: %s", probe.worstMs(), stall->held(),
          qPrintable(rec.error.message()));
    QVERIFY(stall->held() > 0);
    QCOMPARE(rec.error.kind, TransferError::Kind::Stalled);
    QVERIFY2(probe.worstMs() < LatenessBoundMs, qPrintable(QString::number(probe.worstMs())));
    QVERIFY(rec.offsets.contains(Chunk));
    QVERIFY(!rec.offsets.contains(Size));
    QCOMPARE(m_server->stats().bodyBytes, Chunk);
}

// A folder of 120 files whose 101st hangs when opened (a network mount that stopped answering,
// met by the walk's fingerprint reads, which a kept queue takes): the files walked before it are
// queued and uploaded while the walk waits, not held back until the whole folder is walked.
void TestStalledFile::firstFilesGoWhileTheWalkWaits()
{
    constexpr int Files = 120;
    constexpr int Stalled = 100;
    constexpr qint64 FileSize = 1000;
    QTemporaryDir state;
    TaskStore store(state.path());
    QVERIFY(store.open().ok);
    SchedulerFixture engine;
    QVERIFY2(engine.start(m_server->endpoint(), &store), qPrintable(engine.errorString()));
    const QString folder = engine.files().filePath(QStringLiteral("folder"));
    QStringList paths;
    for (int i = 0; i < Files; ++i)
        paths.append(makeTestFile(folder, QStringLiteral("f%1").arg(i, 3, 10, QLatin1Char('0')),
                                  FileSize, quint32(300 + i)));
    QVERIFY(!paths.contains(QString()));
    FileStall stall(paths.at(Stalled), FileStall::Hold::OpenAndRead, 4 * TimeoutMs);
    if (!stall.isValid())
        QSKIP(qPrintable(stall.errorString()));
    UploadScheduler *scheduler = engine.scheduler();
    QList<TaskId> added;
    connect(scheduler, &UploadScheduler::tasksAdded, this,
            [&added](const QList<TaskId> &ids) { added.append(ids); });
    const auto succeeded = [&] {
        return int(std::count_if(added.cbegin(), added.cend(), [&](TaskId id) {
            return engine.task(id)->state() == TaskState::Success;
        }));
    };
    scheduler->addPaths({folder});
    QVERIFY2(
        waitFor([&] { return succeeded() >= 32; }, TimeoutMs),
        qPrintable(QStringLiteral("%1 added, %2 uploaded").arg(added.size()).arg(succeeded())));
    // The walk still waits on the stalled file, and none past it was queued.
    QVERIFY(stall.held() > 0);
    QVERIFY(scheduler->isAddingPaths());
    QVERIFY(added.size() <= Stalled);
    stall.release();
    QVERIFY(engine.waitIdle(TimeoutMs));
    QCOMPARE(added.size(), Files);
    QCOMPARE(succeeded(), Files);
    for (TaskId id : std::as_const(added)) {
        const UploadTask *task = engine.task(id);
        const int i = paths.indexOf(task->path());
        QVERIFY(i >= 0);
        QVERIFY(fileMatches(m_server->storedPath(task->uploadUrl()), FileSize, quint32(300 + i)));
    }
}

QTEST_GUILESS_MAIN(TestStalledFile)
#include "tst_stalledfile.moc"
