// UploadScheduler against a real tus server over loopback: @tus/server or hoistd, as
// HOIST_TEST_PEER says (ctest runs both).
#include "schedulerfixture.h"
#include "scriptedserver.h"
#include "testfiles.h"
#include "waitfor.h"

#include "tusprotocol.h"
#include "uploadscheduler.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonObject>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <sys/stat.h>

namespace {
constexpr qint64 KiB = 1024;
constexpr qint64 MiB = 1024 * KiB;
constexpr int UploadTimeoutMs = 60000;

// Body bytes the server took in the PATCH and POST requests of its log.
qint64 bodyBytesIn(const QJsonArray &log)
{
    qint64 total = 0;
    for (const QJsonValue &v : log) {
        const QJsonObject o = v.toObject();
        const QString method = o.value(QLatin1String("method")).toString();
        if (method == QLatin1String("PATCH") || method == QLatin1String("POST"))
            total += qint64(o.value(QLatin1String("socketBytes")).toDouble());
    }
    return total;
}

QList<QJsonObject> requests(const QJsonArray &log, const QString &method)
{
    QList<QJsonObject> out;
    for (const QJsonValue &v : log) {
        if (v.toObject().value(QLatin1String("method")).toString() == method)
            out.append(v.toObject());
    }
    return out;
}
} // namespace

class tst_UploadScheduler : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();

    void uploadsFilesByteIdentical();
    void concurrencyLimitKeptAndReached();
    void raisingConcurrencyStartsMore();
    void loweringConcurrencyStopsNothing();
    void pauseAndResumeContinueFromServerOffset();
    void cancelDeletesUploadOnServer();
    void serverRestartMidUpload();
    void missingPathIsAnErrorWithReason();
    void namedPipeIsRefused();
    void folderWithNestedFiles();
    void fileTruncatedWhileUploading();
    void invalidUrlFailsWithoutRetries();
    void fileAboveMaxSizeFailsAtOnce();
    void serverAlways500FailsAfterRetries();
    void retryAfterIsHonoured();
    void retryAfterFixingTheFile();
    void priorityOrder();
    void lowPriorityIsNotStarved();
    void totalsCountStates();

private:
    QList<TaskId> add(const QStringList &paths, Priority priority = Priority::Normal)
    {
        return m_fixture->add(paths, priority);
    }
    bool waitIdle(int timeoutMs = UploadTimeoutMs) { return m_fixture->waitIdle(timeoutMs); }
    const UploadTask *task(TaskId id) const { return m_scheduler->task(id); }

    std::unique_ptr<SchedulerFixture> m_fixture;
    // Its parts, by the names the cases use.
    TestPeer *m_server = nullptr;
    const QTemporaryDir *m_files = nullptr;
    TusProtocol *m_protocol = nullptr;
    UploadScheduler *m_scheduler = nullptr;
};

void tst_UploadScheduler::init()
{
    m_fixture = std::make_unique<SchedulerFixture>();
    QVERIFY2(m_fixture->start(), qPrintable(m_fixture->errorString()));
    m_server = m_fixture->peer();
    m_files = &m_fixture->files();
    m_protocol = m_fixture->protocol();
    m_scheduler = m_fixture->scheduler();
    m_scheduler->setRetryPolicy(SchedulerFixture::fastRetries());
}

void tst_UploadScheduler::cleanup()
{
    if (QTest::currentTestFailed() && m_server)
        qWarning("%s said:\n%s", qPrintable(m_server->name()),
                 qPrintable(m_server->serverLogTail()));
    m_fixture.reset();
}

void tst_UploadScheduler::uploadsFilesByteIdentical()
{
    const qint64 sizes[] = {0, 1, 256 * KiB - 1, 256 * KiB, 256 * KiB + 1, 3 * 256 * KiB + 7};
    QStringList paths;
    for (int i = 0; i < int(std::size(sizes)); ++i)
        paths << makeTestFile(m_files->path(), QStringLiteral("file %1.bin").arg(i), sizes[i],
                              i + 1);
    const QList<TaskId> ids = add(paths);
    QCOMPARE(ids.size(), paths.size());
    QVERIFY(waitIdle());
    for (int i = 0; i < ids.size(); ++i) {
        const UploadTask *t = task(ids[i]);
        QCOMPARE(t->state(), TaskState::Success);
        QCOMPARE(t->confirmedBytes(), sizes[i]);
        QCOMPARE(t->progress(), 1.0);
        QCOMPARE(t->chunks().countIn(ChunkState::Done), t->chunks().count());
        QVERIFY2(fileMatches(m_server->storedPath(t->uploadUrl()), sizes[i], i + 1),
                 qPrintable(t->displayName()));
    }
}

void tst_UploadScheduler::concurrencyLimitKeptAndReached()
{
    m_scheduler->setConcurrency(3);
    m_scheduler->setAutoConcurrency(false); // a fixed limit is tested
    QStringList paths;
    for (int i = 0; i < 8; ++i)
        paths << makeTestFile(m_files->path(), QStringLiteral("c%1").arg(i), 4 * MiB, i);
    int mostRunning = 0;
    connect(m_scheduler, &UploadScheduler::taskStarted, this,
            [&] { mostRunning = qMax(mostRunning, m_scheduler->runningCount()); });
    const QList<TaskId> ids = add(paths);
    QVERIFY(waitIdle());
    for (TaskId id : ids)
        QCOMPARE(task(id)->state(), TaskState::Success);
    QCOMPARE(mostRunning, 3);
    // Counted where the requests arrive: never more than three bodies at once, and three reached.
    QCOMPARE(m_server->stats().maxInFlight, 3);
}

void tst_UploadScheduler::raisingConcurrencyStartsMore()
{
    m_scheduler->setConcurrency(1);
    m_scheduler->setAutoConcurrency(false); // a fixed limit is tested
    m_scheduler->setChunkSize(64 * KiB);
    QStringList paths;
    for (int i = 0; i < 6; ++i)
        paths << makeTestFile(m_files->path(), QStringLiteral("r%1").arg(i), 8 * MiB, i);
    int mostRunning = 0;
    bool overLimit = false;
    connect(m_scheduler, &UploadScheduler::taskStarted, this, [&] {
        mostRunning = qMax(mostRunning, m_scheduler->runningCount());
        overLimit |= m_scheduler->runningCount() > m_scheduler->concurrency();
    });
    add(paths);
    QVERIFY(waitFor([&] { return m_scheduler->runningCount() == 1; }));
    m_scheduler->setConcurrency(4);
    QVERIFY(waitFor([&] { return m_scheduler->runningCount() == 4; }, 10000));
    QVERIFY(waitIdle());
    QCOMPARE(mostRunning, 4);
    QVERIFY(!overLimit);
    QVERIFY(m_server->stats().maxInFlight <= 4);
}

void tst_UploadScheduler::loweringConcurrencyStopsNothing()
{
    m_scheduler->setConcurrency(3);
    m_scheduler->setAutoConcurrency(false); // a fixed limit is tested
    m_scheduler->setChunkSize(64 * KiB);
    QStringList paths;
    for (int i = 0; i < 5; ++i)
        paths << makeTestFile(m_files->path(), QStringLiteral("l%1").arg(i), 8 * MiB, i);
    QList<int> runningAtStart;
    connect(m_scheduler, &UploadScheduler::taskStarted, this,
            [&] { runningAtStart << m_scheduler->runningCount(); });
    int paused = 0;
    connect(m_scheduler, &UploadScheduler::tasksChanged, this, [&](const QList<TaskId> &ids) {
        for (TaskId id : ids)
            paused += task(id)->state() == TaskState::Paused;
    });
    const QList<TaskId> ids = add(paths);
    QVERIFY(waitFor([&] { return m_scheduler->runningCount() == 3; }));
    const int startsBefore = runningAtStart.size();
    m_scheduler->setConcurrency(1);
    m_scheduler->setAutoConcurrency(false); // a fixed limit is tested
    QVERIFY(waitIdle());
    QCOMPARE(paused, 0);
    for (TaskId id : ids)
        QCOMPARE(task(id)->state(), TaskState::Success);
    // After lowering, a new task started only once the running ones had drained below the limit.
    for (int i = startsBefore; i < runningAtStart.size(); ++i)
        QCOMPARE(runningAtStart[i], 1);
    QCOMPARE(runningAtStart.size(), 5);
}

void tst_UploadScheduler::pauseAndResumeContinueFromServerOffset()
{
    constexpr qint64 Size = 32 * MiB;
    constexpr qint64 Chunk = 64 * KiB;
    m_scheduler->setChunkSize(Chunk);
    const QString path = makeTestFile(m_files->path(), QStringLiteral("pause me.bin"), Size, 7);
    const TaskId id = add({path}).value(0);
    QVERIFY(id);
    QVERIFY(waitFor([&] { return task(id)->confirmedBytes() >= 4 * MiB; }, 20000));
    m_scheduler->pause(id);
    QCOMPARE(task(id)->state(), TaskState::Paused);
    QVERIFY(task(id)->confirmedBytes() < Size);
    const qint64 shownAtPause = task(id)->shownBytes();

    // Let the server finish with whatever was on the wire, then see where it stands.
    QVERIFY(waitFor([&] { return m_server->stats().inFlight == 0; }));
    const QJsonArray before = m_server->stats().log;
    const qint64 sentBeforeResume = bodyBytesIn(before);
    m_server->resetStats();

    m_scheduler->resume(id);
    QVERIFY(waitIdle());
    QCOMPARE(task(id)->state(), TaskState::Success);
    QVERIFY(task(id)->shownBytes() >= shownAtPause);
    QVERIFY(fileMatches(m_server->storedPath(task(id)->uploadUrl()), Size, 7));

    // A request that had left before the pause may still reach the server after the reset (its
    // bytes were in the socket buffers, so the server did not count it in flight): it belongs to
    // the time before resuming, and the resume's own requests start at its first HEAD.
    QJsonArray after = m_server->stats().log;
    qint64 sentLate = 0;
    while (!after.isEmpty()
           && after.first().toObject().value(QLatin1String("method")).toString()
                  != QLatin1String("HEAD")) {
        sentLate += bodyBytesIn(QJsonArray{after.first()});
        after.removeFirst();
    }
    // Resume asked the server where it was before sending anything...
    QVERIFY(!after.isEmpty());
    QCOMPARE(after.first().toObject().value(QLatin1String("method")).toString(),
             QStringLiteral("HEAD"));
    const qint64 serverOffset =
        after.first().toObject().value(QLatin1String("responseOffset")).toString().toLongLong();
    QVERIFY(serverOffset > 0);
    // ...and carried on from exactly there: the first PATCH starts at the server's offset and the
    // bytes sent after resuming are the rest of the file, not a byte more.
    const QList<QJsonObject> patches = requests(after, QStringLiteral("PATCH"));
    QVERIFY(!patches.isEmpty());
    QCOMPARE(patches.first().value(QLatin1String("uploadOffset")).toString().toLongLong(),
             serverOffset);
    QCOMPARE(bodyBytesIn(after), Size - serverOffset);
    // In all, at most the chunk in flight when pausing was sent twice.
    QVERIFY2(sentBeforeResume + sentLate + bodyBytesIn(after) <= Size + Chunk,
             qPrintable(QStringLiteral("%1 + %2 + %3")
                            .arg(sentBeforeResume)
                            .arg(sentLate)
                            .arg(bodyBytesIn(after))));
}

void tst_UploadScheduler::cancelDeletesUploadOnServer()
{
    m_scheduler->setChunkSize(64 * KiB);
    const QString path = makeTestFile(m_files->path(), QStringLiteral("cancel.bin"), 32 * MiB, 3);
    const TaskId id = add({path}).value(0);
    QVERIFY(id);
    QVERIFY(waitFor([&] { return task(id)->confirmedBytes() > 0; }, 20000));
    const QUrl url = task(id)->uploadUrl();
    QVERIFY(m_server->holds(url));
    QSignalSpy removing(m_scheduler, &UploadScheduler::tasksAboutToBeRemoved);
    QSignalSpy terminated(m_protocol, &TransferProtocol::terminated);
    m_scheduler->cancel(id);
    QCOMPARE(removing.size(), 1);
    QCOMPARE(removing.first().first().value<QList<TaskId>>(), QList<TaskId>{id});
    QVERIFY(!task(id));
    QVERIFY(!m_scheduler->taskIds().contains(id));
    QVERIFY(terminated.wait(10000) || terminated.size() == 1);
    QCOMPARE(terminated.first().at(1).toBool(), true);
    QVERIFY(waitFor([&] { return !m_server->holds(url); }));
    QCOMPARE(m_server->stats().count(QStringLiteral("DELETE")), 1);
    QVERIFY(m_scheduler->isIdle());
}

void tst_UploadScheduler::serverRestartMidUpload()
{
    constexpr qint64 Size = 32 * MiB;
    m_scheduler->setChunkSize(64 * KiB);
    RetryPolicy patient;
    patient.maxRetries = 30;
    patient.baseDelay = std::chrono::milliseconds(50);
    patient.maxDelay = std::chrono::milliseconds(400);
    m_scheduler->setRetryPolicy(patient);
    const QString path = makeTestFile(m_files->path(), QStringLiteral("restart.bin"), Size, 11);
    const TaskId id = add({path}).value(0);
    QVERIFY(id);
    QVERIFY(waitFor([&] { return task(id)->confirmedBytes() >= 2 * MiB; }, 20000));
    m_server->kill();
    // The task notices (connection refused or reset) and waits to retry rather than failing.
    QVERIFY(waitFor([&] { return task(id)->retries() > 0; }, 10000));
    QVERIFY(task(id)->state() != TaskState::Error);
    QVERIFY2(m_server->restart(), qPrintable(m_server->errorString()));
    QVERIFY(waitIdle());
    QCOMPARE(task(id)->state(), TaskState::Success);
    QVERIFY(fileMatches(m_server->storedPath(task(id)->uploadUrl()), Size, 11));
    QCOMPARE(m_server->uploadCount(), 1); // resumed, not uploaded again as a second upload
}

void tst_UploadScheduler::missingPathIsAnErrorWithReason()
{
    const QString good = makeTestFile(m_files->path(), QStringLiteral("good"), 1000, 1);
    const QString missing = m_files->filePath(QStringLiteral("not there.bin"));
    QSignalSpy finished(m_scheduler, &UploadScheduler::taskFinished);
    const QList<TaskId> ids = add({missing, good});
    QCOMPARE(ids.size(), 2);
    QVERIFY(waitIdle());
    const UploadTask *bad = task(ids[0]);
    QCOMPARE(bad->path(), missing);
    QCOMPARE(bad->state(), TaskState::Error);
    QVERIFY2(bad->errorMessage().contains(QStringLiteral("no such file"), Qt::CaseInsensitive),
             qPrintable(bad->errorMessage()));
    QCOMPARE(task(ids[1])->state(), TaskState::Success);
    QCOMPARE(finished.size(), 2);
}

void tst_UploadScheduler::namedPipeIsRefused()
{
    const QString fifo = m_files->filePath(QStringLiteral("pipe"));
    QCOMPARE(::mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);
    const TaskId id = add({fifo}).value(0);
    QVERIFY(id);
    QVERIFY(waitIdle(5000));
    QCOMPARE(task(id)->state(), TaskState::Error);
    QVERIFY2(task(id)->errorMessage().contains(QStringLiteral("pipe")),
             qPrintable(task(id)->errorMessage()));
    QCOMPARE(m_server->stats().count(QStringLiteral("POST")), 0);
    // Never read: its chunk bar shows nothing sent, also after a retry that fails again.
    QCOMPARE(task(id)->chunks().countIn(ChunkState::Done), 0);
    QCOMPARE(task(id)->progress(), 0.0);
    m_scheduler->retry(id);
    QVERIFY(waitFor([&] { return task(id)->state() == TaskState::Error; }, 5000));
    QVERIFY(waitIdle(5000));
    QCOMPARE(task(id)->chunks().countIn(ChunkState::Done), 0);
    QCOMPARE(m_server->stats().count(QStringLiteral("POST")), 0);
}

void tst_UploadScheduler::folderWithNestedFiles()
{
    const QString root = m_files->filePath(QStringLiteral("album"));
    makeTestFile(root, QStringLiteral("a.jpg"), 3000, 1);
    makeTestFile(root, QStringLiteral("sub/b.jpg"), 300 * KiB, 2);
    makeTestFile(root, QStringLiteral("sub/deeper/c d.jpg"), 1, 3);
    QDir().mkpath(root + QStringLiteral("/empty"));
    const QList<TaskId> ids = add({root});
    QCOMPARE(ids.size(), 3);
    QVERIFY(waitIdle());
    QStringList names;
    for (TaskId id : ids) {
        QCOMPARE(task(id)->state(), TaskState::Success);
        names << task(id)->displayName();
        QVERIFY(filesEqual(task(id)->path(), m_server->storedPath(task(id)->uploadUrl())));
    }
    QCOMPARE(names, (QStringList{QStringLiteral("album/a.jpg"), QStringLiteral("album/sub/b.jpg"),
                                 QStringLiteral("album/sub/deeper/c d.jpg")}));
}

void tst_UploadScheduler::fileTruncatedWhileUploading()
{
    constexpr qint64 Size = 32 * MiB;
    m_scheduler->setChunkSize(64 * KiB);
    const QString path = makeTestFile(m_files->path(), QStringLiteral("shrinking.bin"), Size, 5);
    const TaskId id = add({path}).value(0);
    QVERIFY(id);
    QVERIFY(waitFor([&] { return task(id)->confirmedBytes() >= 1 * MiB; }, 20000));
    QVERIFY(QFile::resize(path, 2 * MiB));
    QVERIFY(waitFor([&] { return task(id)->state() == TaskState::Error; }, 20000));
    QCOMPARE(task(id)->errorKind(), TransferError::Kind::FileChanged);
    QVERIFY2(task(id)->errorMessage().contains(QStringLiteral("changed")),
             qPrintable(task(id)->errorMessage()));
    QCOMPARE(task(id)->retries(), 0); // permanent: never retried
    // Nothing more is sent once the change is seen: the server holds at most what was on the wire.
    QVERIFY(waitFor([&] { return m_server->stats().inFlight == 0; }));
    const QByteArray stored = m_server->storedBytes(task(id)->uploadUrl());
    QVERIFY(stored.size() < Size);
    QCOMPARE(stored, testContent(stored.size(), 5).left(stored.size()));
}

void tst_UploadScheduler::invalidUrlFailsWithoutRetries()
{
    m_scheduler->setEndpoint(QUrl(QStringLiteral("htp:/nowhere")));
    const QString path = makeTestFile(m_files->path(), QStringLiteral("x"), 100, 1);
    const TaskId id = add({path}).value(0);
    QVERIFY(id);
    QVERIFY(waitIdle(10000));
    QCOMPARE(task(id)->state(), TaskState::Error);
    QCOMPARE(task(id)->errorKind(), TransferError::Kind::InvalidUrl);
    QCOMPARE(task(id)->retries(), 0);
    QVERIFY(!task(id)->errorMessage().isEmpty());
}

void tst_UploadScheduler::fileAboveMaxSizeFailsAtOnce()
{
    QVERIFY(m_server->start(0, 1 * MiB));
    m_scheduler->setEndpoint(m_server->endpoint());
    const QString path = makeTestFile(m_files->path(), QStringLiteral("big"), 2 * MiB, 1);
    const TaskId id = add({path}).value(0);
    QVERIFY(id);
    QVERIFY(waitIdle(10000));
    QCOMPARE(task(id)->state(), TaskState::Error);
    QCOMPARE(task(id)->errorKind(), TransferError::Kind::TooLarge);
    QCOMPARE(task(id)->retries(), 0);
    QCOMPARE(m_server->stats().count(QStringLiteral("PATCH")), 0);
}

void tst_UploadScheduler::serverAlways500FailsAfterRetries()
{
    ScriptedServer broken([](const ScriptedServer::Request &) {
        return ScriptedServer::Reply(500, {}, "database on fire");
    });
    QVERIFY(broken.listen());
    m_scheduler->setEndpoint(broken.url(QStringLiteral("/files/")));
    RetryPolicy policy = m_scheduler->retryPolicy();
    policy.maxRetries = 3;
    m_scheduler->setRetryPolicy(policy);
    const TaskId id = add({makeTestFile(m_files->path(), QStringLiteral("f"), 1000, 1)}).value(0);
    QVERIFY(id);
    QVERIFY(waitIdle(20000));
    QCOMPARE(task(id)->state(), TaskState::Error);
    QCOMPARE(task(id)->errorKind(), TransferError::Kind::ServerError);
    QCOMPARE(task(id)->retries(), 3);
    const QString message = task(id)->errorMessage();
    QVERIFY2(message.contains(QStringLiteral("500"))
                 && message.endsWith(QStringLiteral(" · 4 tries")),
             qPrintable(message));
    // The protocol's one shared probe of the endpoint, then one request per try (the first and
    // three retries), each answered 500 at its first step: the transfer's own OPTIONS, which says
    // why it fails.
    QCOMPARE(broken.requests().size(), 5);
    QCOMPARE(broken.requests().first().method, QByteArray("OPTIONS"));
}

void tst_UploadScheduler::retryAfterIsHonoured()
{
    // Creation is refused with 429 and then 503, each with Retry-After: 1, then with a plain 500.
    // Each retry waits at least the second the server asked for (the back-off alone would be
    // under 200 ms here), and the task fails once its two retries are spent.
    QElapsedTimer clock;
    QList<qint64> postedAt;
    ScriptedServer busy;
    busy.setHandler([&](const ScriptedServer::Request &request) {
        if (request.method == "OPTIONS")
            return ScriptedServer::Reply(204, {{"Tus-Resumable", "1.0.0"},
                                               {"Tus-Version", "1.0.0"},
                                               {"Tus-Extension", "creation"}});
        postedAt << clock.elapsed();
        if (postedAt.size() == 1)
            return ScriptedServer::Reply(429, {{"Retry-After", "1"}}, "slow down");
        if (postedAt.size() == 2)
            return ScriptedServer::Reply(503, {{"Retry-After", "1"}}, "maintenance");
        return ScriptedServer::Reply(500, {}, "still broken");
    });
    QVERIFY(busy.listen());
    m_scheduler->setEndpoint(busy.url(QStringLiteral("/files/")));
    RetryPolicy policy = m_scheduler->retryPolicy();
    policy.maxRetries = 2;
    m_scheduler->setRetryPolicy(policy);
    clock.start();
    const TaskId id = add({makeTestFile(m_files->path(), QStringLiteral("f"), 1000, 1)}).value(0);
    QVERIFY(id);
    QVERIFY(waitFor(
        [&] { return task(id)->state() == TaskState::Waiting && task(id)->retryAtMs() > 0; }));
    QVERIFY(task(id)->statusNote().contains(QStringLiteral("retry 1 of 2")));
    QVERIFY(waitIdle(20000));
    QCOMPARE(postedAt.size(), 3);
    QVERIFY2(postedAt[1] - postedAt[0] >= 1000,
             qPrintable(QString::number(postedAt[1] - postedAt[0])));
    QVERIFY2(postedAt[2] - postedAt[1] >= 1000,
             qPrintable(QString::number(postedAt[2] - postedAt[1])));
    QCOMPARE(task(id)->state(), TaskState::Error);
    QCOMPARE(task(id)->retries(), 2);
}

void tst_UploadScheduler::retryAfterFixingTheFile()
{
    const QString path = m_files->filePath(QStringLiteral("later.bin"));
    const TaskId id = add({path}).value(0);
    QVERIFY(id);
    QVERIFY(waitIdle(5000));
    QCOMPARE(task(id)->state(), TaskState::Error);
    QVERIFY(!makeTestFile(m_files->path(), QStringLiteral("later.bin"), 300 * KiB, 9).isEmpty());
    m_scheduler->retry(id);
    QVERIFY(waitIdle());
    QCOMPARE(task(id)->state(), TaskState::Success);
    QCOMPARE(task(id)->size(), 300 * KiB);
    QVERIFY(task(id)->errorMessage().isEmpty());
    QVERIFY(fileMatches(m_server->storedPath(task(id)->uploadUrl()), 300 * KiB, 9));
}

void tst_UploadScheduler::priorityOrder()
{
    m_scheduler->setConcurrency(1);
    m_scheduler->setAutoConcurrency(false); // a fixed limit is tested
    // Hold everything back (paused as it arrives), then let it go at once.
    connect(m_scheduler, &UploadScheduler::tasksAdded, this, [&](const QList<TaskId> &ids) {
        for (TaskId id : ids)
            m_scheduler->pause(id);
    });
    const TaskId low =
        add({makeTestFile(m_files->path(), QStringLiteral("low"), 10, 1)}, Priority::Low).value(0);
    const TaskId normal =
        add({makeTestFile(m_files->path(), QStringLiteral("normal"), 10, 2)}).value(0);
    const TaskId high =
        add({makeTestFile(m_files->path(), QStringLiteral("high"), 10, 3)}, Priority::High)
            .value(0);
    const TaskId normal2 =
        add({makeTestFile(m_files->path(), QStringLiteral("normal2"), 10, 4)}).value(0);
    QList<TaskId> order;
    connect(m_scheduler, &UploadScheduler::taskStarted, this, [&](TaskId id) { order << id; });
    m_scheduler->resumeAll();
    QVERIFY(waitIdle());
    QCOMPARE(order, (QList<TaskId>{high, normal, normal2, low}));
}

void tst_UploadScheduler::lowPriorityIsNotStarved()
{
    constexpr int AgingSkips = 2;
    m_scheduler->setConcurrency(1);
    m_scheduler->setAutoConcurrency(false); // a fixed limit is tested
    m_scheduler->setAgingSkips(AgingSkips);
    bool holding = true;
    connect(m_scheduler, &UploadScheduler::tasksAdded, this, [&](const QList<TaskId> &ids) {
        for (TaskId id : ids)
            if (holding)
                m_scheduler->pause(id);
    });
    const TaskId low =
        add({makeTestFile(m_files->path(), QStringLiteral("low"), 10, 1)}, Priority::Low).value(0);
    int made = 0;
    auto addHigh = [&] {
        const QString p =
            makeTestFile(m_files->path(), QStringLiteral("high%1").arg(made), 10, made);
        ++made;
        m_scheduler->addPaths({p}, Priority::High);
    };
    for (int i = 0; i < 4; ++i)
        add({makeTestFile(m_files->path(), QStringLiteral("seed%1").arg(i), 10, i)},
            Priority::High);
    holding = false;
    // An endless stream: every start of a high-priority task queues another one.
    QList<TaskId> order;
    connect(m_scheduler, &UploadScheduler::taskStarted, this, [&](TaskId id) {
        order << id;
        if (id != low && made < 40)
            addHigh();
    });
    m_scheduler->resumeAll();
    QVERIFY(waitFor([&] { return order.contains(low); }, 30000));
    // Overtaken 2 * AgingSkips times it has climbed to High and, being oldest, goes next.
    QVERIFY2(order.indexOf(low) <= 2 * AgingSkips, qPrintable(QString::number(order.indexOf(low))));
    QVERIFY(made < 40);
    QVERIFY(waitIdle());
}

void tst_UploadScheduler::totalsCountStates()
{
    const QString good = makeTestFile(m_files->path(), QStringLiteral("g"), 5000, 1);
    QSignalSpy totals(m_scheduler, &UploadScheduler::totalsChanged);
    add({good, m_files->filePath(QStringLiteral("missing"))});
    QVERIFY(waitIdle());
    QVERIFY(waitFor([&] { return !totals.isEmpty(); }));
    const SchedulerTotals last = totals.last().first().value<SchedulerTotals>();
    QCOMPARE(last.count(TaskState::Success), 1);
    QCOMPARE(last.count(TaskState::Error), 1);
    QCOMPARE(last.count(TaskState::Waiting), 0);
    QCOMPARE(last.bytesTotal, 5000);
    QCOMPARE(last.bytesDone, 5000);
}

QTEST_GUILESS_MAIN(tst_UploadScheduler)
#include "tst_uploadscheduler.moc"
