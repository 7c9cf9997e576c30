// Uploads that survive a hostile network: the scheduler with its persistent store, talking to a
// real tus server (@tus/server or hoistd, as HOIST_TEST_PEER says) through a fault-injecting
// proxy (resets mid-body, stalls) or to a server that is killed and restarted under it.
#include "faultproxy.h"
#include "schedulerfixture.h"
#include "testfiles.h"
#include "waitfor.h"

#include "storethread.h"
#include "uploadscheduler.h"

#include <QSet>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

namespace {
constexpr qint64 KiB = 1024;
constexpr qint64 MiB = 1024 * KiB;
} // namespace

class tst_Faults : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();

    void fiftyFilesThroughResettingConnections();
    void serverKilledAndRestartedTwice();
    void stallIsDetectedAndRetried();

private:
    QList<TaskId> add(const QStringList &paths);
    bool allSucceeded(const QList<TaskId> &ids) const;
    QString storeIntegrity() const;

    std::unique_ptr<TestPeer> m_server;
    std::unique_ptr<FaultProxy> m_proxy;
    std::unique_ptr<QTemporaryDir> m_state;
    std::unique_ptr<StoreThread> m_store;
    std::unique_ptr<SchedulerFixture> m_fixture; // pointed at the proxy
    // The fixture's parts, by the names the cases use.
    const QTemporaryDir *m_files = nullptr;
    UploadScheduler *m_scheduler = nullptr;
};

void tst_Faults::init()
{
    m_server = TestPeer::create();
    QVERIFY2(m_server->start(), qPrintable(m_server->errorString()));
    m_proxy = std::make_unique<FaultProxy>();
    QVERIFY2(m_proxy->start(QStringLiteral("127.0.0.1"), m_server->port()),
             qPrintable(m_proxy->errorString()));
    m_state = std::make_unique<QTemporaryDir>();
    m_store = std::make_unique<StoreThread>(m_state->path());
    const TaskStore::OpenResult opened = m_store->open();
    QVERIFY2(opened.ok, qPrintable(opened.error));
    m_fixture = std::make_unique<SchedulerFixture>();
    QVERIFY2(m_fixture->start(m_proxy->url(QStringLiteral("/files/")), m_store->store()),
             qPrintable(m_fixture->errorString()));
    m_files = &m_fixture->files();
    m_scheduler = m_fixture->scheduler();
    m_scheduler->setRetryPolicy(SchedulerFixture::fastRetries(10, std::chrono::milliseconds(500)));
}

void tst_Faults::cleanup()
{
    // Whatever happened, what the store holds must still be a sound database.
    if (m_store)
        QCOMPARE(storeIntegrity(), QStringLiteral("ok"));
    if (QTest::currentTestFailed() && m_server)
        qWarning("%s said:\n%s", qPrintable(m_server->name()),
                 qPrintable(m_server->serverLogTail()));
    m_fixture.reset(); // files go with it: the proxy and the server outlive the scheduler
    m_store.reset();
    m_proxy.reset();
    m_server.reset();
    m_state.reset();
}

QList<TaskId> tst_Faults::add(const QStringList &paths)
{
    return m_fixture->add(paths, Priority::Normal, 20000);
}

bool tst_Faults::allSucceeded(const QList<TaskId> &ids) const
{
    for (TaskId id : ids) {
        const UploadTask *task = m_scheduler->task(id);
        if (!task || task->state() != TaskState::Success) {
            qWarning() << "not done:" << (task ? task->displayName() : QString())
                       << (task ? task->errorMessage() : QString());
            return false;
        }
    }
    return true;
}

QString tst_Faults::storeIntegrity() const
{
    QString result;
    TaskStore *store = m_store->store();
    QMetaObject::invokeMethod(
        store, [&result, store] { result = store->integrityCheck(); },
        Qt::BlockingQueuedConnection);
    return result;
}

void tst_Faults::fiftyFilesThroughResettingConnections()
{
    // One connection per request, so that "10% of connections" means 10% of the requests
    // rather than one of the few keep-alive connections Qt would otherwise reuse.
    m_scheduler->setHeaders({{"Connection", "close"}});
    m_proxy->setSeed(50);
    m_proxy->setResetProbability(0.1);
    m_proxy->setResetWindow(256 * KiB); // within one request: mid-body
    QStringList paths;
    QList<qint64> sizes;
    for (int i = 0; i < 50; ++i) {
        // 0 B up to ~6 MiB, some exactly on chunk boundaries.
        const qint64 size = i % 7 == 0 ? (i / 7) * 256 * KiB : (qint64(i) * 7919 * 17) % (6 * MiB);
        sizes << size;
        paths << makeTestFile(m_files->path(), QStringLiteral("f%1.bin").arg(i), size, 1000 + i);
    }
    const QList<TaskId> ids = add(paths);
    QCOMPARE(ids.size(), 50);
    QVERIFY(waitFor([&] { return m_scheduler->isIdle(); }, 180000));
    QVERIFY(allSucceeded(ids));
    for (int i = 0; i < ids.size(); ++i) {
        const UploadTask *task = m_scheduler->task(ids[i]);
        QVERIFY2(fileMatches(m_server->storedPath(task->uploadUrl()), sizes[i], 1000 + i),
                 qPrintable(task->displayName()));
    }
    // A creation that carried its first chunk and was reset before its answer leaves an upload
    // nobody knows of (hoistd drops one whose body broke off; a reset just after the last byte
    // can still leave one): never more than that first request's bytes, never more than resets.
    const FaultProxy::Counters counters = m_proxy->counters();
    QSet<QString> known; // by path: the tasks know them through the proxy's port
    for (TaskId id : ids)
        known.insert(m_scheduler->task(id)->uploadUrl().path());
    int orphans = 0;
    for (const QUrl &upload : m_server->uploads()) {
        if (known.contains(upload.path()))
            continue;
        ++orphans;
        QVERIFY(m_server->storedBytes(upload).size() <= SchedulerFixture::ChunkSize);
    }
    QVERIFY(orphans <= counters.reset);
    QCOMPARE(m_server->uploadCount(), 50 + orphans);
    qInfo("connections %lld, reset mid-body %lld, uploads nobody knows of %d", counters.accepted,
          counters.reset, orphans);
    QVERIFY(counters.reset >= 10); // the faults really happened, many times
}

void tst_Faults::serverKilledAndRestartedTwice()
{
    // A PATCH on its way when the server dies is sent again by Qt itself, on a new connection to
    // the restarted server, through the body's reset(); once, a resent body repeated its first
    // 1024 bytes, and @tus/server (no checksums) stored them (3 runs in 24 under load, "0
    // tries": Hoist never saw an error). Fixed in ReadAheadDevice (tst_readaheaddevice's
    // rewindToStartReadsAtOnce). HOIST_TUS_TRACE=FILE makes the server log every request and
    // write with the first bytes it stored, to tell such a failure from a server's own.

    QStringList paths;
    for (int i = 0; i < 6; ++i)
        paths << makeTestFile(m_files->path(), QStringLiteral("k%1.bin").arg(i), 24 * MiB, 60 + i);
    m_scheduler->setChunkSize(64 * KiB);
    const QList<TaskId> ids = add(paths);
    QCOMPARE(ids.size(), 6);
    for (int kill = 1; kill <= 2; ++kill) {
        const qint64 target = kill * 30 * MiB;
        QVERIFY(waitFor([&] { return m_scheduler->totals().bytesDone >= target; }, 60000));
        m_server->kill();
        // Tasks notice and wait to retry instead of failing.
        QVERIFY(waitFor(
            [&] {
                for (TaskId id : ids) {
                    if (m_scheduler->task(id)->retries() > 0)
                        return true;
                }
                return false;
            },
            20000));
        QVERIFY2(m_server->restart(), qPrintable(m_server->errorString()));
    }
    QVERIFY(waitFor([&] { return m_scheduler->isIdle(); }, 120000));
    QVERIFY(allSucceeded(ids));
    for (int i = 0; i < ids.size(); ++i) {
        const UploadTask *task = m_scheduler->task(ids[i]);
        const QString mismatch =
            fileMismatch(m_server->storedPath(task->uploadUrl()), 24 * MiB, 60 + i);
        QVERIFY2(mismatch.isEmpty(), qPrintable(QStringLiteral("file %1 (%2 tries): %3")
                                                    .arg(i)
                                                    .arg(task->retries())
                                                    .arg(mismatch)));
    }
    QCOMPARE(m_server->uploadCount(), 6);
}

void tst_Faults::stallIsDetectedAndRetried()
{
    m_scheduler->setStallTimeout(500);
    m_scheduler->setChunkSize(64 * KiB);
    const QString path = makeTestFile(m_files->path(), QStringLiteral("stall.bin"), 32 * MiB, 9);
    const TaskId id = add({path}).value(0);
    QVERIFY(id);
    QVERIFY(waitFor([&] { return m_scheduler->task(id)->confirmedBytes() >= 2 * MiB; }, 30000));
    m_proxy->setStalled(true); // the connection stays open; nothing moves
    QVERIFY(waitFor([&] { return m_scheduler->task(id)->retries() > 0; }, 10000));
    const UploadTask *task = m_scheduler->task(id);
    // Retried, not failed. Its try ended on the stall: read from the try log, since under load
    // the fast back-off may already have started the next try when this test looks.
    QVERIFY(task->state() == TaskState::Waiting || task->state() == TaskState::Uploading);
    const QVector<UploadAttempt> &tries = task->attempts().attempts();
    QVERIFY(tries.size() >= 2 || (tries.size() == 1 && !task->attempts().isRunning()));
    const UploadAttempt &stalled =
        tries.at(task->attempts().isRunning() ? tries.size() - 2 : tries.size() - 1);
    QCOMPARE(stalled.outcome, UploadAttempt::Outcome::Failed);
    QVERIFY2(stalled.reason.contains(QStringLiteral("progress"), Qt::CaseInsensitive),
             qPrintable(stalled.reason));
    m_proxy->setStalled(false);
    QVERIFY(waitFor([&] { return m_scheduler->isIdle(); }, 60000));
    QCOMPARE(task->state(), TaskState::Success);
    QVERIFY(fileMatches(m_server->storedPath(task->uploadUrl()), 32 * MiB, 9));
}

QTEST_GUILESS_MAIN(tst_Faults)
#include "tst_faults.moc"
