// The schedule, the metered rule and the override acting on real uploads to a real tus server
// (hoistd by default), through TransferGovernor and UploadScheduler, with a ManualClock and a
// ManualNetworkStatus so that an hour boundary or a network change takes no real time: a running
// upload's rate switched by a boundary, measured at the server; a pause stopping a running
// upload and the resume continuing from the server's offset, byte-identical, with no more than a
// chunk sent twice; metered on and off; the override. And `hoist --headless --schedule FILE`.
#include "schedulerfixture.h"
#include "testfiles.h"
#include "waitfor.h"

#include "clock.h"
#include "networkstatus.h"
#include "transfergovernor.h"
#include "uploadscheduler.h"

#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTimeZone>

#include <memory>

namespace {
constexpr qint64 KiB = 1024;
constexpr qint64 MiB = 1024 * KiB;
constexpr qint64 Chunk = SchedulerFixture::ChunkSize;
constexpr qint64 HourMs = 3600 * 1000;
constexpr int UploadTimeoutMs = 60000;

qint64 utc(int day, int hour, int minute = 0) // November 2026: the 23rd is a Monday
{
    return QDateTime(QDate(2026, 11, day), QTime(hour, minute), QTimeZone::utc())
        .toMSecsSinceEpoch();
}

// Runs the event loop for `ms` (a measuring window, not a wait for something to happen).
void spin(int ms)
{
    waitFor([] { return false; }, ms);
}

// The engine against its own peer, a clock at Monday 08:00 UTC, a network, and the governor.
struct Rig {
    SchedulerFixture engine;
    ManualClock clock{utc(23, 8)};
    ManualNetworkStatus network;
    std::unique_ptr<TransferGovernor> governor;

    bool start()
    {
        if (!engine.start())
            return false;
        engine.scheduler()->setParallelParts(false); // one stream: offsets are easy to follow
        governor = std::make_unique<TransferGovernor>(engine.scheduler(), &clock, &network);
        governor->setTimeZone(QTimeZone::utc());
        return true;
    }
    ~Rig() { governor.reset(); } // before the scheduler
    UploadScheduler *scheduler() const { return engine.scheduler(); }
    TestPeer *peer() const { return engine.peer(); }
    qint64 stored(TaskId id) const
    {
        const UploadTask *task = engine.task(id);
        return task->uploadUrl().isEmpty()
                   ? 0
                   : QFileInfo(peer()->storedPath(task->uploadUrl())).size();
    }
    TransferSchedule schedule(const QString &text)
    {
        QList<TransferSchedule::ParseError> errors;
        const TransferSchedule s = TransferSchedule::parse(text, &errors);
        Q_ASSERT(errors.isEmpty());
        return s;
    }
};
} // namespace

class tst_ScheduledUpload : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void boundarySwitchesRunningRate();
    void schedulePauseResumesFromServerOffset();
    void meteredPausesAndResumes();
    void meteredLimitCapsRate();
    void overrideLiftsPauseUntilItEnds();
    void headlessFollowsSchedule();
    void headlessPausedScheduleSendsNothing();
    void headlessRejectsBadSchedule();
};

void tst_ScheduledUpload::boundarySwitchesRunningRate()
{
    // 08-09 limited to 512 KiB/s (the person's own 4 MiB/s is looser: the stricter holds); at
    // 09:00 full speed. Measured as the bytes the server has stored.
    Rig rig;
    QVERIFY2(rig.start(), qPrintable(rig.engine.errorString()));
    constexpr qint64 Limit = 512 * KiB;
    rig.scheduler()->setRateLimit(4 * MiB);
    rig.governor->setSchedule(rig.schedule(QStringLiteral("Mon 08-09 limit 512K\n")));
    QCOMPARE(rig.scheduler()->rateCap(), Limit);
    QCOMPARE(rig.scheduler()->rateLimit(), 4 * MiB); // the person's own is left as it was
    QCOMPARE(rig.governor->state().untilMs, utc(23, 9));
    constexpr qint64 Size = 8 * MiB;
    const QString path = makeTestFile(rig.engine.files().path(), QStringLiteral("rate"), Size, 11);
    const TaskId id = rig.engine.add({path}).value(0);
    QVERIFY(id);
    QVERIFY(waitFor([&] { return rig.stored(id) > 0; }, UploadTimeoutMs));
    QElapsedTimer window;
    window.start();
    const qint64 before = rig.stored(id);
    spin(3000);
    const qint64 during = rig.stored(id) - before;
    const qint64 elapsed = window.elapsed();
    // At most the limit over the window, give or take a chunk in flight at each end.
    QVERIFY2(during <= Limit * elapsed / 1000 + 2 * Chunk,
             qPrintable(QStringLiteral("%1 bytes in %2 ms").arg(during).arg(elapsed)));
    QVERIFY2(during >= Limit, qPrintable(QString::number(during)));
    qInfo("limited by the schedule: %lld bytes stored in %lld ms = %lld KiB/s (limit %lld KiB/s)",
          during, elapsed, during * 1000 / elapsed / KiB, Limit / KiB);
    QCOMPARE(rig.engine.task(id)->state(), TaskState::Uploading);

    // 09:00: the boundary; the running upload goes at full speed without stopping.
    QSignalSpy changed(rig.governor.get(), &TransferGovernor::stateChanged);
    const qint64 left = Size - rig.stored(id);
    window.restart();
    rig.clock.setWallMs(utc(23, 9));
    QCOMPARE(changed.size(), 1);
    QCOMPARE(rig.scheduler()->rateCap(), qint64(0));
    QVERIFY(rig.engine.waitIdle(UploadTimeoutMs));
    const qint64 rest = window.elapsed();
    // At 512 KiB/s the rest would take left/Limit seconds; at the 4 MiB/s now in force, an eighth.
    QVERIFY2(rest < left * 1000 / Limit / 3,
             qPrintable(QStringLiteral("%1 ms for %2").arg(rest).arg(left)));
    qInfo("after the boundary: the remaining %lld bytes in %lld ms", left, rest);
    const UploadTask *task = rig.engine.task(id);
    QCOMPARE(task->state(), TaskState::Success);
    QCOMPARE(task->retries(), 0);
    QVERIFY(fileMatches(rig.peer()->storedPath(task->uploadUrl()), Size, 11));
}

void tst_ScheduledUpload::schedulePauseResumesFromServerOffset()
{
    Rig rig;
    QVERIFY2(rig.start(), qPrintable(rig.engine.errorString()));
    rig.scheduler()->setRateLimit(2 * MiB); // the person's own: so that it runs a while
    rig.governor->setSchedule(rig.schedule(QStringLiteral("Mon 09-10 paused\n")));
    QVERIFY(!rig.scheduler()->isSuspended());
    constexpr qint64 Size = 6 * MiB;
    const QString path = makeTestFile(rig.engine.files().path(), QStringLiteral("pause"), Size, 12);
    const TaskId id = rig.engine.add({path}).value(0);
    QVERIFY(waitFor([&] { return rig.engine.task(id)->confirmedBytes() >= MiB; }, UploadTimeoutMs));
    rig.peer()->resetStats();
    const qint64 sentBefore = rig.engine.task(id)->confirmedBytes();

    rig.clock.setWallMs(utc(23, 9)); // paused by the schedule, mid-upload
    QVERIFY(rig.scheduler()->isSuspended());
    const UploadTask *task = rig.engine.task(id);
    QCOMPARE(task->state(), TaskState::Waiting);
    QCOMPARE(rig.scheduler()->runningCount(), 0);
    QVERIFY2(task->statusNote().startsWith(QStringLiteral("Paused by schedule until")),
             qPrintable(task->statusNote()));
    QVERIFY(rig.governor->state().describe(rig.clock.wallMs()).contains(QStringLiteral("10:00")));
    // Nothing starts and nothing arrives while held.
    spin(300); // whatever was in flight lands or is cut
    const qint64 atPause = rig.stored(id);
    QVERIFY(!waitFor([&] { return rig.engine.task(id)->state() != TaskState::Waiting; }, 1500));
    QCOMPARE(rig.stored(id), atPause);
    QCOMPARE(task->retries(), 0);

    rig.clock.setWallMs(utc(23, 10)); // the rule ends
    QVERIFY(!rig.scheduler()->isSuspended());
    QVERIFY(rig.engine.waitIdle(UploadTimeoutMs));
    QCOMPARE(task->state(), TaskState::Success);
    QCOMPARE(task->retries(), 0);
    QVERIFY(task->statusNote().isEmpty());
    QVERIFY(fileMatches(rig.peer()->storedPath(task->uploadUrl()), Size, 12));
    // From the server's offset: what went after the pause is the rest, and at most a chunk cut
    // short by the pause went twice.
    const PeerStats stats = rig.peer()->stats();
    QVERIFY2(
        stats.bodyBytes <= Size - sentBefore + Chunk,
        qPrintable(
            QStringLiteral("%1 sent for %2 left").arg(stats.bodyBytes).arg(Size - sentBefore)));
    qInfo("after the pause: %lld body bytes sent for %lld left (chunk %lld)", stats.bodyBytes,
          Size - sentBefore, Chunk);
    QCOMPARE(stats.count(QStringLiteral("POST")), 0);  // the same upload, not a new one
    QVERIFY(stats.count(QStringLiteral("HEAD")) >= 1); // asked for the offset
}

void tst_ScheduledUpload::meteredPausesAndResumes()
{
    Rig rig;
    QVERIFY2(rig.start(), qPrintable(rig.engine.errorString()));
    rig.scheduler()->setRateLimit(2 * MiB);
    QCOMPARE(rig.governor->meteredPolicy().action, MeteredPolicy::Action::Pause); // the default
    constexpr qint64 Size = 6 * MiB;
    const QString path =
        makeTestFile(rig.engine.files().path(), QStringLiteral("metered"), Size, 13);
    const TaskId id = rig.engine.add({path}).value(0);
    QVERIFY(waitFor([&] { return rig.engine.task(id)->confirmedBytes() >= MiB; }, UploadTimeoutMs));
    rig.peer()->resetStats();
    const qint64 sentBefore = rig.engine.task(id)->confirmedBytes();

    rig.network.setMetered(true);
    const UploadTask *task = rig.engine.task(id);
    QCOMPARE(task->state(), TaskState::Waiting);
    QCOMPARE(task->statusNote(), QStringLiteral("Paused: metered connection"));
    QCOMPARE(rig.governor->state().cause, GovernorState::Cause::Metered);
    spin(300);
    const qint64 atPause = rig.stored(id);
    QVERIFY(!waitFor([&] { return task->state() != TaskState::Waiting; }, 1000));
    QCOMPARE(rig.stored(id), atPause);

    rig.network.setMetered(false);
    QVERIFY(rig.engine.waitIdle(UploadTimeoutMs));
    QCOMPARE(task->state(), TaskState::Success);
    QCOMPARE(task->retries(), 0);
    QVERIFY(fileMatches(rig.peer()->storedPath(task->uploadUrl()), Size, 13));
    QVERIFY(rig.peer()->stats().bodyBytes <= Size - sentBefore + Chunk);

    // Ignored: a metered link holds nothing back.
    rig.governor->setMeteredPolicy({MeteredPolicy::Action::Ignore, 0});
    rig.network.setMetered(true);
    QVERIFY(!rig.scheduler()->isSuspended());
    QCOMPARE(rig.scheduler()->rateCap(), qint64(0));
}

void tst_ScheduledUpload::meteredLimitCapsRate()
{
    Rig rig;
    QVERIFY2(rig.start(), qPrintable(rig.engine.errorString()));
    constexpr qint64 Limit = 512 * KiB;
    rig.governor->setMeteredPolicy({MeteredPolicy::Action::Limit, Limit});
    QCOMPARE(rig.scheduler()->rateCap(), qint64(0));
    rig.network.setMetered(true);
    QCOMPARE(rig.scheduler()->rateCap(), Limit);
    QVERIFY(!rig.scheduler()->isSuspended());
    constexpr qint64 Size = 2 * MiB;
    const QString path = makeTestFile(rig.engine.files().path(), QStringLiteral("ml"), Size, 14);
    QElapsedTimer clock;
    clock.start();
    const TaskId id = rig.engine.add({path}).value(0);
    QVERIFY(rig.engine.waitIdle(UploadTimeoutMs));
    // 2 MiB at 512 KiB/s: about 4 s (the bucket starts empty: no burst).
    QVERIFY2(clock.elapsed() >= Size * 1000 / Limit * 8 / 10,
             qPrintable(QString::number(clock.elapsed())));
    QVERIFY(fileMatches(rig.peer()->storedPath(rig.engine.task(id)->uploadUrl()), Size, 14));
    rig.network.setMetered(false);
    QCOMPARE(rig.scheduler()->rateCap(), qint64(0));
}

void tst_ScheduledUpload::overrideLiftsPauseUntilItEnds()
{
    Rig rig;
    QVERIFY2(rig.start(), qPrintable(rig.engine.errorString()));
    rig.scheduler()->setRateLimit(2 * MiB);
    rig.governor->setSchedule(rig.schedule(QStringLiteral("Mon paused\n")));
    constexpr qint64 Size = 6 * MiB;
    const QString path = makeTestFile(rig.engine.files().path(), QStringLiteral("ovr"), Size, 15);
    const TaskId id = rig.engine.add({path}).value(0);
    QVERIFY(id);
    // Held from the start: nothing goes to the server.
    QVERIFY(!waitFor([&] { return rig.engine.task(id)->state() != TaskState::Waiting; }, 1000));
    QCOMPARE(rig.peer()->uploadCount(), 0);
    QCOMPARE(rig.peer()->stats().count(QStringLiteral("POST")), 0);

    // Full speed for an hour: it goes.
    rig.governor->overrideFor(HourMs);
    QCOMPARE(rig.governor->state().cause, GovernorState::Cause::Override);
    QCOMPARE(rig.governor->state().untilMs, utc(23, 9));
    QVERIFY(rig.governor->isOverridden());
    QVERIFY(waitFor([&] { return rig.engine.task(id)->confirmedBytes() >= MiB; }, UploadTimeoutMs));
    // The hour is over: paused by the schedule again, mid-upload.
    rig.clock.advance(HourMs);
    QVERIFY(!rig.governor->isOverridden());
    QCOMPARE(rig.engine.task(id)->state(), TaskState::Waiting);
    QVERIFY(rig.scheduler()->isSuspended());
    // Until the rule ends: Tuesday 00:00.
    rig.governor->overrideUntilRuleEnds();
    QCOMPARE(rig.governor->state().untilMs, utc(24, 0));
    QVERIFY(!rig.scheduler()->isSuspended());
    QVERIFY(waitFor([&] { return rig.engine.task(id)->state() == TaskState::Uploading; }));
    rig.governor->cancelOverride();
    QVERIFY(rig.scheduler()->isSuspended());
    QCOMPARE(rig.engine.task(id)->state(), TaskState::Waiting);
    rig.governor->overrideUntilRuleEnds();
    QVERIFY(rig.engine.waitIdle(UploadTimeoutMs));
    const UploadTask *task = rig.engine.task(id);
    QCOMPARE(task->state(), TaskState::Success);
    QCOMPARE(task->retries(), 0);
    QVERIFY(fileMatches(rig.peer()->storedPath(task->uploadUrl()), Size, 15));
    QCOMPARE(rig.peer()->uploadCount(), 1);
}

namespace {
struct Headless {
    QProcess process;
    QString err;
    bool start(const QStringList &args)
    {
        process.start(QString::fromLocal8Bit(qgetenv("HOIST_BINARY")), args);
        return process.waitForStarted(10000);
    }
    bool finish(int timeoutMs = UploadTimeoutMs)
    {
        QSignalSpy finished(&process, &QProcess::finished);
        const bool done = process.state() == QProcess::NotRunning || finished.wait(timeoutMs);
        err += QString::fromUtf8(process.readAllStandardError());
        return done;
    }
};

QString writeFile(const QString &dir, const QString &name, const QByteArray &text)
{
    const QString path = dir + QLatin1Char('/') + name;
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return {};
    file.write(text);
    return path;
}
} // namespace

void tst_ScheduledUpload::headlessFollowsSchedule()
{
    auto peer = TestPeer::create();
    QVERIFY2(peer->start(), qPrintable(peer->errorString()));
    QTemporaryDir dir;
    // Every hour of the week limited: whenever the test runs, the rule holds.
    const QString schedule =
        writeFile(dir.path(), QStringLiteral("week.txt"), "# all week\n* limit 512K\n");
    constexpr qint64 Size = 2 * MiB;
    const QString file = makeTestFile(dir.path(), QStringLiteral("h1"), Size, 21);
    Headless hoist;
    QElapsedTimer clock;
    clock.start();
    QVERIFY(hoist.start({QStringLiteral("--headless"), QStringLiteral("--schedule"), schedule,
                         QStringLiteral("-e"), peer->endpoint().toString(), file}));
    QVERIFY2(hoist.finish(), qPrintable(hoist.err));
    QCOMPARE(hoist.process.exitCode(), 0);
    QVERIFY2(hoist.err.contains(QStringLiteral("hoist: Limited to 512 KiB/s by schedule")),
             qPrintable(hoist.err));
    QVERIFY2(clock.elapsed() >= Size * 1000 / (512 * KiB) * 8 / 10,
             qPrintable(QString::number(clock.elapsed())));
    QCOMPARE(peer->uploadCount(), 1);
    QVERIFY(fileMatches(peer->storedPath(peer->uploads().constFirst()), Size, 21));
}

void tst_ScheduledUpload::headlessPausedScheduleSendsNothing()
{
    auto peer = TestPeer::create();
    QVERIFY2(peer->start(), qPrintable(peer->errorString()));
    QTemporaryDir dir;
    const QString schedule = writeFile(dir.path(), QStringLiteral("never.txt"), "* paused\n");
    const QString file = makeTestFile(dir.path(), QStringLiteral("h2"), 256 * KiB, 22);
    Headless hoist;
    QVERIFY(hoist.start({QStringLiteral("--headless"), QStringLiteral("--schedule"), schedule,
                         QStringLiteral("-e"), peer->endpoint().toString(), file}));
    QVERIFY(waitFor([&] {
        hoist.err += QString::fromUtf8(hoist.process.readAllStandardError());
        return hoist.err.contains(QStringLiteral("Paused by schedule"));
    }));
    // It waits for the schedule, sending nothing meanwhile, and does not end by itself.
    QVERIFY(!hoist.finish(1500));
    QCOMPARE(peer->uploadCount(), 0);
    QCOMPARE(peer->stats().count(QStringLiteral("POST")), 0);
    hoist.process.terminate();
    hoist.finish();
}

void tst_ScheduledUpload::headlessRejectsBadSchedule()
{
    QTemporaryDir dir;
    const QString schedule =
        writeFile(dir.path(), QStringLiteral("bad.txt"), "Mon-Fri 09-17 limit 2M\nSatday paused\n");
    Headless hoist;
    QVERIFY(
        hoist.start({QStringLiteral("--headless"), QStringLiteral("--schedule"), schedule,
                     QStringLiteral("-e"), QStringLiteral("http://127.0.0.1:1/files/"), schedule}));
    QVERIFY(hoist.finish());
    QCOMPARE(hoist.process.exitCode(), 2);
    QVERIFY2(hoist.err.contains(schedule + QStringLiteral(":2: unknown days \"Satday\"")),
             qPrintable(hoist.err));
    Headless metered;
    QVERIFY(metered.start({QStringLiteral("--headless"), QStringLiteral("--on-metered"),
                           QStringLiteral("slow"), QStringLiteral("-e"),
                           QStringLiteral("http://127.0.0.1:1/files/"), schedule}));
    QVERIFY(metered.finish());
    QCOMPARE(metered.process.exitCode(), 2);
    QVERIFY2(metered.err.contains(QStringLiteral("--on-metered")), qPrintable(metered.err));
}

QTEST_GUILESS_MAIN(tst_ScheduledUpload)
#include "tst_scheduledupload.moc"
