// A paused upload shows what will happen: what the server confirmed, as a percentage, a chunk bar
// and the bytes shown, the same before and after Hoist restarts from its queue on disk; resuming
// then sends only the rest. And the time left a row shows agrees with the status bar's while it
// is the only upload under way. Against the real hoistd (which checksums every chunk, so a chunk
// cut short by the pause is kept by nobody); the server's offsets are asked with HEAD and the bytes
// it took in are counted where they arrive (TestPeer::stats()).
#include "delaylink.h"
#include "schedulerfixture.h"
#include "storethread.h"
#include "testfiles.h"
#include "waitfor.h"

#include "tasktable.h"
#include "timeleftlabel.h"
#include "totaltimeleft.h"
#include "uploadscheduler.h"
#include "uploadtablemodel.h"

#include <QElapsedTimer>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

namespace {
constexpr qint64 KiB = 1024;
constexpr qint64 Chunk = SchedulerFixture::ChunkSize;
constexpr int UploadTimeoutMs = 60000;

// One run of the engine on a queue kept in `stateDir`, as the app has it.
struct Session {
    Session(const QString &stateDir, const QUrl &endpoint, bool parts)
        : store(stateDir)
    {
        opened = store.open();
        engine.start(endpoint, store.store());
        scheduler = engine.scheduler();
        scheduler->setHashPolicy(UploadScheduler::HashPolicy::Never);
        scheduler->setParallelParts(parts);
        scheduler->setConcurrency(3);
        model = std::make_unique<UploadTableModel>(scheduler);
    }
    ~Session() { model.reset(); }

    // The row's Progress text ("42.0%").
    QString progressText(TaskId id) const
    {
        return model->index(model->rowOf(id), UploadTableModel::Progress).data().toString();
    }

    StoreThread store; // outlives the engine's scheduler
    TaskStore::OpenResult opened;
    SchedulerFixture engine;
    UploadScheduler *scheduler = nullptr;
    std::unique_ptr<UploadTableModel> model;
};

// The offset the server holds for `url` (HEAD), -1 when it does not know it.
qint64 headOffset(const QUrl &url)
{
    QNetworkAccessManager network;
    QNetworkRequest request(url);
    request.setRawHeader("Tus-Resumable", "1.0.0");
    QNetworkReply *reply = network.head(request);
    QSignalSpy done(reply, &QNetworkReply::finished);
    if (!reply->isFinished() && !done.wait(10000))
        return -2;
    reply->deleteLater();
    if (reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt() != 200) {
        qWarning() << "HEAD" << url << reply->errorString();
        return -1;
    }
    return reply->rawHeader("Upload-Offset").toLongLong();
}

// What the server holds of the task's file: its upload's offset, or the sum of its parts'.
qint64 serverHolds(const UploadTask *task)
{
    if (!task->uploadUrl().isEmpty())
        return headOffset(task->uploadUrl());
    qint64 held = 0;
    for (const UploadPart &part : task->parts()) {
        if (!part.url.isEmpty())
            held += qMax<qint64>(0, headOffset(part.url));
    }
    return held;
}

QString percent(qint64 bytes, qint64 size)
{
    return QStringLiteral("%1%").arg(100.0 * double(bytes) / double(size), 0, 'f', 1);
}
} // namespace

class tst_PausedProgress : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void pausedShowsWhatTheServerHolds_data();
    void pausedShowsWhatTheServerHolds();
    void tinyFileNeverReadsDoneWhilePaused();
    void rowAndStatusBarAgreeOnTimeLeft();

private:
    // Everything a paused row shows agrees with `held` bytes on the server.
    static void checkShows(const Session &session, TaskId id, qint64 held);

    std::unique_ptr<TestPeer> m_server;
    QTemporaryDir m_files;
};

void tst_PausedProgress::initTestCase()
{
    m_server = TestPeer::create(TestPeer::Kind::Hoistd);
    QVERIFY2(m_server->start(), qPrintable(m_server->errorString()));
}

void tst_PausedProgress::checkShows(const Session &session, TaskId id, qint64 held)
{
    const UploadTask *task = session.scheduler->task(id);
    QVERIFY(task);
    QCOMPARE(task->state(), TaskState::Paused);
    QCOMPARE(task->confirmedBytes(), held);
    QCOMPARE(task->shownBytes(), held);
    QCOMPARE(session.progressText(id), percent(held, task->size()));
    // The chunk bar: nothing moving, and done exactly the chunks the server holds whole.
    const ChunkBarData bar = ChunkBarData::of(*task);
    QCOMPARE(int(std::count(bar.states.cbegin(), bar.states.cend(), ChunkState::InFlight)), 0);
    qint64 doneBytes = 0;
    for (int i = 0; i < bar.states.size(); ++i) {
        if (bar.states.at(i) == ChunkState::Done)
            doneBytes += task->chunks().chunkEnd(i) - task->chunks().chunkBegin(i);
    }
    QCOMPARE(doneBytes, held); // hoistd confirms whole checksummed chunks
}

void tst_PausedProgress::pausedShowsWhatTheServerHolds_data()
{
    QTest::addColumn<qint64>("size");
    QTest::addColumn<bool>("parts");
    QTest::addColumn<qint64>("pauseAfter"); // confirmed bytes before the pause
    QTest::newRow("one stream") << 12 * Chunk + 5 << false << 4 * Chunk;
    QTest::newRow("parts") << 12 * Chunk + 5 << true << 3 * Chunk;
    // Its one request is its creation: cut by the pause, hoistd drops it (nobody could know its
    // address), so the server holds nothing and it starts from zero.
    QTest::newRow("under one chunk") << Chunk - 1000 << false << qint64(0);
}

void tst_PausedProgress::pausedShowsWhatTheServerHolds()
{
    QFETCH(qint64, size);
    QFETCH(bool, parts);
    QFETCH(qint64, pauseAfter);
    const QString path = makeTestFile(
        m_files.path(), QStringLiteral("%1.bin").arg(QTest::currentDataTag()), size, 17);
    QTemporaryDir state;
    TaskId id = 0;
    qint64 held = -1;
    {
        Session first(state.path(), m_server->endpoint(), parts);
        QVERIFY2(first.opened.ok, qPrintable(first.opened.error));
        first.scheduler->setRateLimit(384 * KiB); // a few seconds: time to pause mid-chunk
        const int uploadsBefore = m_server->uploadCount();
        const QList<TaskId> ids = first.engine.add({path});
        QCOMPARE(ids.size(), 1);
        id = ids.first();
        const UploadTask *task = first.scheduler->task(id);
        // Mid-way: bytes of a request on their way, beyond what the server confirmed, and not
        // all of its body yet (else the server might hold it whole before its answer is back).
        QVERIFY(waitFor(
            [&] {
                const qint64 going = task->chunks().inFlightBytes();
                return task->confirmedBytes() >= pauseAfter
                       && task->shownBytes() > task->confirmedBytes() + Chunk / 8
                       && going > Chunk / 8 && going < Chunk * 3 / 4;
            },
            UploadTimeoutMs));
        QVERIFY(task->chunks().countIn(ChunkState::InFlight) > 0);
        first.scheduler->pause(id);
        // The server has ended every request it had (a cut one is rolled back).
        QVERIFY(waitFor([&] { return m_server->stats().inFlight == 0; }));
        held = serverHolds(task);
        if (pauseAfter == 0)
            QCOMPARE(m_server->uploadCount(), uploadsBefore); // the cut creation left nothing
        QVERIFY2(held >= pauseAfter && held < size, qPrintable(QString::number(held)));
        checkShows(first, id, held);
    } // as the app quits: the queue is on disk

    Session second(state.path(), m_server->endpoint(), parts);
    QVERIFY2(second.opened.ok, qPrintable(second.opened.error));
    QCOMPARE(second.opened.tasks.size(), 1);
    second.scheduler->restore(second.opened.tasks);
    checkShows(second, id, held);
    const UploadTask *task = second.scheduler->task(id);
    QCOMPARE(serverHolds(task), held);

    m_server->resetStats();
    second.scheduler->resume(id);
    QVERIFY(second.engine.waitIdle(UploadTimeoutMs));
    QCOMPARE(task->state(), TaskState::Success);
    QCOMPARE(task->shownBytes(), size);
    QCOMPARE(second.progressText(id), QStringLiteral("100.0%"));
    QVERIFY(fileMatches(m_server->storedPath(task->uploadUrl()), size, 17));
    // Only the rest went: the server took in exactly what it did not hold.
    QCOMPARE(m_server->stats().bodyBytes, size - held);
}

void tst_PausedProgress::tinyFileNeverReadsDoneWhilePaused()
{
    // A file whose every byte has left but whose answer has not come is not done: paused, it
    // reads 0%, not 100%, before and after a restart, and resuming finishes it. A far link holds
    // the answer back.
    DelayLink link;
    QVERIFY2(link.start(QStringLiteral("127.0.0.1"), m_server->port()),
             qPrintable(link.errorString()));
    link.setDelay(std::chrono::milliseconds(1000)); // the answer is late
    constexpr qint64 Size = 1000;
    const QString path = makeTestFile(m_files.path(), QStringLiteral("tiny.bin"), Size, 23);
    QTemporaryDir state;
    TaskId id = 0;
    {
        Session first(state.path(), link.url(QStringLiteral("/files/")), false);
        QVERIFY2(first.opened.ok, qPrintable(first.opened.error));
        const QList<TaskId> ids = first.engine.add({path});
        QCOMPARE(ids.size(), 1);
        id = ids.first();
        const UploadTask *task = first.scheduler->task(id);
        QVERIFY(waitFor([&] { return task->shownBytes() == Size; }, UploadTimeoutMs));
        QCOMPARE(task->confirmedBytes(), 0);
        first.scheduler->pause(id);
        QCOMPARE(task->state(), TaskState::Paused);
        QCOMPARE(task->shownBytes(), 0);
        QCOMPARE(task->progress(), 0.0);
        QCOMPARE(first.progressText(id), QStringLiteral("0.0%"));
        link.setDelay(std::chrono::milliseconds(0));
        QVERIFY(waitFor([&] { return m_server->stats().inFlight == 0; }));
        QCOMPARE(first.progressText(id), QStringLiteral("0.0%"));
    }
    Session second(state.path(), link.url(QStringLiteral("/files/")), false);
    QVERIFY2(second.opened.ok, qPrintable(second.opened.error));
    second.scheduler->restore(second.opened.tasks);
    const UploadTask *task = second.scheduler->task(id);
    QCOMPARE(task->state(), TaskState::Paused);
    QCOMPARE(second.progressText(id), QStringLiteral("0.0%"));
    second.scheduler->resume(id);
    QVERIFY(second.engine.waitIdle(UploadTimeoutMs));
    QCOMPARE(task->state(), TaskState::Success);
    QCOMPARE(second.progressText(id), QStringLiteral("100.0%"));
    QVERIFY(fileMatches(m_server->storedPath(task->uploadUrl()), Size, 23));
}

void tst_PausedProgress::rowAndStatusBarAgreeOnTimeLeft()
{
    // One upload under way: its row's time left and the status bar's are one estimate (its bytes
    // left at its speed; the status bar's speed is smoothed). With a second file waiting the
    // status bar counts both, and says so.
    const QString a = makeTestFile(m_files.path(), QStringLiteral("left-a.bin"), 24 * Chunk, 41);
    const QString b = makeTestFile(m_files.path(), QStringLiteral("left-b.bin"), 24 * Chunk, 42);
    SchedulerFixture engine;
    QVERIFY2(engine.start(m_server->endpoint()), qPrintable(engine.errorString()));
    UploadScheduler *scheduler = engine.scheduler();
    scheduler->setHashPolicy(UploadScheduler::HashPolicy::Never);
    scheduler->setConcurrency(1);
    scheduler->setRateLimit(1024 * KiB);
    TotalTimeLeft estimate;
    QElapsedTimer clock;
    clock.start();
    int uploads = 0;
    connect(scheduler, &UploadScheduler::totalsChanged, this, [&](const SchedulerTotals &totals) {
        estimate.update(totals, clock.elapsed());
        uploads = totals.count(TaskState::Uploading) + totals.count(TaskState::Waiting);
    });
    const TaskId first = engine.add({a}).value(0);
    const UploadTask *task = scheduler->task(first);
    QVERIFY(waitFor([&] { return task->confirmedBytes() >= 8 * Chunk; }, UploadTimeoutMs));
    QCOMPARE(uploads, 1);
    const auto ratio = [&] { return double(estimate.secondsLeft()) / double(task->secondsLeft()); };
    QVERIFY2(task->secondsLeft() > 0 && ratio() > 0.67 && ratio() < 1.5,
             qPrintable(QStringLiteral("row %1 s, status bar %2 s")
                            .arg(task->secondsLeft())
                            .arg(estimate.secondsLeft())));
    QCOMPARE(TimeLeftLabel::describe(estimate.secondsLeft(), uploads),
             TimeLeftLabel::describe(estimate.secondsLeft()));

    engine.add({b}); // waits: one at a time
    QVERIFY(waitFor([&] { return uploads == 2 && ratio() > 1.5; }, UploadTimeoutMs));
    QVERIFY(TimeLeftLabel::describe(estimate.secondsLeft(), uploads)
                .endsWith(QStringLiteral("(all 2 uploads)")));
    scheduler->setRateLimit(0);
    QVERIFY(engine.waitIdle(UploadTimeoutMs));
}

QTEST_MAIN(tst_PausedProgress)
#include "tst_pausedprogress.moc"
