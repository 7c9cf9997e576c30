// UploadScheduler's economy against real tus servers (@tus/server or hoistd, as HOIST_TEST_PEER
// says): one request per small file, requests per server kept to their limit, bandwidth limits.
#include "schedulerfixture.h"
#include "testfiles.h"
#include "waitfor.h"

#include "taskrecord.h"
#include "taskstore.h"
#include "uploadscheduler.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

namespace {
constexpr qint64 KiB = 1024;
constexpr qint64 MiB = 1024 * KiB;
constexpr qint64 Chunk = SchedulerFixture::ChunkSize;
constexpr int UploadTimeoutMs = 120000;

// A peer of the kind HOIST_TEST_PEER names, started; null (with a failed QVERIFY) if it won't.
std::unique_ptr<TestPeer> startedPeer()
{
    auto peer = TestPeer::create();
    if (!peer->start()) {
        qWarning("%s: %s", qPrintable(peer->name()), qPrintable(peer->errorString()));
        return nullptr;
    }
    return peer;
}
} // namespace

class tst_SchedulerLimits : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void smallFilesTakeOneRequestEach();
    void perServerLimitHolds();
    void globalRateLimitHoldsBack();
    void taskRateLimitHoldsBackAndIsKept();
};

void tst_SchedulerLimits::smallFilesTakeOneRequestEach()
{
    // As in the app: a store, so the URL of a larger upload is saved before its second request.
    const auto peer = startedPeer();
    QVERIFY(peer);
    QTemporaryDir state;
    TaskStore store(state.path());
    QVERIFY(store.open().ok);
    SchedulerFixture engine;
    QVERIFY(engine.start(peer->endpoint(), &store));
    QStringList paths;
    qint64 total = 0;
    for (int i = 0; i < 30; ++i) {
        const qint64 size = 1 + (qint64(i) * 8377) % Chunk; // 1 byte to one chunk
        total += size;
        paths << makeTestFile(engine.files().path(), QStringLiteral("s%1").arg(i), size, 300 + i);
    }
    const qint64 large = 3 * Chunk + 11; // creation carries the first chunk, then 3 PATCHes
    paths << makeTestFile(engine.files().path(), QStringLiteral("large"), large, 400);
    const QList<TaskId> ids = engine.add(paths);
    QCOMPARE(ids.size(), paths.size());
    QVERIFY(engine.waitIdle(UploadTimeoutMs));
    for (int i = 0; i < ids.size(); ++i) {
        const UploadTask *task = engine.task(ids.at(i));
        QCOMPARE(task->state(), TaskState::Success);
        QVERIFY2(fileMatches(peer->storedPath(task->uploadUrl()), task->size(),
                             quint32(i < 30 ? 300 + i : 400)),
                 qPrintable(task->displayName()));
    }
    const PeerStats stats = peer->stats();
    QCOMPARE(stats.count(QStringLiteral("POST")), ids.size());
    QCOMPARE(stats.count(QStringLiteral("PATCH")), 3);
    QCOMPARE(stats.count(QStringLiteral("HEAD")), 0);
    QVERIFY(stats.count(QStringLiteral("OPTIONS")) <= 1); // one shared question, at most
    QCOMPARE(stats.bodyBytes, total + large);
    QCOMPARE(peer->uploadCount(), ids.size());
}

void tst_SchedulerLimits::perServerLimitHolds()
{
    // Two servers, six requests in all but two per server: each server sees two at once, never
    // three, and both are served at the same time (the limit of one never starves the other).
    const auto a = startedPeer();
    const auto b = startedPeer();
    QVERIFY(a && b);
    SchedulerFixture engine;
    QVERIFY(engine.start(a->endpoint()));
    UploadScheduler *scheduler = engine.scheduler();
    scheduler->setConcurrency(6);
    scheduler->setAutoConcurrency(false); // fixed limits are what is tested
    scheduler->setPerServerLimit(2);
    scheduler->setParallelParts(true); // extra streams count against their server too
    // Slow enough that uploads overlap however fast this machine is.
    scheduler->setRateLimit(12 * MiB);
    QStringList toA, toB;
    for (int i = 0; i < 6; ++i) {
        toA << makeTestFile(engine.files().path(), QStringLiteral("a%1").arg(i), 2 * MiB, 500 + i);
        toB << makeTestFile(engine.files().path(), QStringLiteral("b%1").arg(i), 2 * MiB, 600 + i);
    }
    int mostRunning = 0;
    connect(scheduler, &UploadScheduler::taskStarted, this,
            [&] { mostRunning = qMax(mostRunning, scheduler->runningCount()); });
    QList<TaskId> ids = engine.add(toA);
    scheduler->setEndpoint(b->endpoint());
    ids += engine.add(toB);
    QCOMPARE(ids.size(), 12);
    QVERIFY(engine.waitIdle(UploadTimeoutMs));
    for (TaskId id : std::as_const(ids))
        QCOMPARE(engine.task(id)->state(), TaskState::Success);
    QCOMPARE(a->stats().maxInFlight, 2);
    QCOMPARE(b->stats().maxInFlight, 2);
    QVERIFY2(mostRunning >= 3, qPrintable(QString::number(mostRunning)));
    QCOMPARE(a->uploadCount(), 6);
    QCOMPARE(b->uploadCount(), 6);
}

void tst_SchedulerLimits::globalRateLimitHoldsBack()
{
    // Two uploads sharing 2 MiB/s: 6 MiB cannot arrive in much less than 3 s. Only a lower bound:
    // how close to the limit it gets is the benchmark's business (bench/scale.sh).
    const auto peer = startedPeer();
    QVERIFY(peer);
    SchedulerFixture engine;
    QVERIFY(engine.start(peer->endpoint()));
    constexpr qint64 Rate = 2 * MiB;
    engine.scheduler()->setRateLimit(Rate);
    QCOMPARE(engine.scheduler()->rateLimit(), Rate);
    const QStringList paths{
        makeTestFile(engine.files().path(), QStringLiteral("r1"), 3 * MiB, 700),
        makeTestFile(engine.files().path(), QStringLiteral("r2"), 3 * MiB, 701)};
    QElapsedTimer clock;
    clock.start();
    const QList<TaskId> ids = engine.add(paths);
    QVERIFY(engine.waitIdle(UploadTimeoutMs));
    const qint64 elapsed = clock.elapsed();
    QVERIFY2(elapsed >= 6 * MiB * 1000 / Rate * 9 / 10, qPrintable(QString::number(elapsed)));
    for (int i = 0; i < ids.size(); ++i)
        QVERIFY(fileMatches(peer->storedPath(engine.task(ids.at(i))->uploadUrl()), 3 * MiB,
                            quint32(700 + i)));
    // Lifted: the same again takes no such time.
    engine.scheduler()->setRateLimit(0);
    clock.restart();
    engine.add({makeTestFile(engine.files().path(), QStringLiteral("r3"), 6 * MiB, 702)});
    QVERIFY(engine.waitIdle(UploadTimeoutMs));
    QVERIFY2(clock.elapsed() < elapsed, qPrintable(QString::number(clock.elapsed())));
}

void tst_SchedulerLimits::taskRateLimitHoldsBackAndIsKept()
{
    // One upload at 1 MiB/s of its own beside one without: the limited one takes its time, the
    // other does not wait for it, and the limit is in the store for the next start.
    const auto peer = startedPeer();
    QVERIFY(peer);
    QTemporaryDir state;
    auto store = std::make_unique<TaskStore>(state.path());
    QVERIFY(store->open().ok);
    auto engine = std::make_unique<SchedulerFixture>();
    QVERIFY(engine->start(peer->endpoint(), store.get()));
    UploadScheduler *scheduler = engine->scheduler();
    constexpr qint64 Rate = 1 * MiB;
    const QString slowPath =
        makeTestFile(engine->files().path(), QStringLiteral("slow"), 2 * MiB, 800);
    const QString fastPath =
        makeTestFile(engine->files().path(), QStringLiteral("fast"), 2 * MiB, 801);
    // Limited as it is added (before the scheduler starts it), so before its first byte.
    connect(scheduler, &UploadScheduler::tasksAdded, this, [&](const QList<TaskId> &added) {
        for (TaskId id : added)
            scheduler->setTaskRateLimit(id, Rate);
    });
    const TaskId slow = engine->add({slowPath}).value(0);
    disconnect(scheduler, &UploadScheduler::tasksAdded, this, nullptr);
    QVERIFY(slow);
    QCOMPARE(engine->task(slow)->rateLimit(), Rate);
    QElapsedTimer clock;
    clock.start();
    const TaskId fast = engine->add({fastPath}).value(0);
    QVERIFY(waitFor([&] { return engine->task(fast)->state() == TaskState::Success; },
                    UploadTimeoutMs));
    const qint64 fastDone = clock.elapsed();
    QVERIFY(engine->waitIdle(UploadTimeoutMs));
    const qint64 slowDone = clock.elapsed();
    QVERIFY2(slowDone >= 2 * MiB * 1000 / Rate * 8 / 10, qPrintable(QString::number(slowDone)));
    QVERIFY2(fastDone < slowDone, qPrintable(QStringLiteral("%1 %2").arg(fastDone).arg(slowDone)));
    QVERIFY(fileMatches(peer->storedPath(engine->task(slow)->uploadUrl()), 2 * MiB, 800));

    // The scheduler writes what is pending when it goes; the store (on this thread) takes the
    // queued write before it closes.
    engine.reset();
    QCoreApplication::sendPostedEvents(store.get(), QEvent::MetaCall);
    store.reset();
    TaskStore reopened(state.path());
    const TaskStore::OpenResult opened = reopened.open();
    QVERIFY(opened.ok);
    QCOMPARE(opened.tasks.size(), 2);
    QCOMPARE(opened.tasks.at(0).id, slow);
    QCOMPARE(opened.tasks.at(0).rateLimit, Rate);
    QCOMPARE(opened.tasks.at(1).rateLimit, qint64(0));
}

QTEST_GUILESS_MAIN(tst_SchedulerLimits)
#include "tst_schedulerlimits.moc"
