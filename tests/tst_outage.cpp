// Uploads that outlast outages (issue 17, item 1): a real hoistd killed and restarted on the same
// port and data under 50 uploads, which all finish by themselves while one probe per back-off
// step asks whether it is back; a network change and a sleep (played through a ManualClock and a
// ManualNetworkStatus) waking the probe at once; permanent refusals failing at once; giving up
// after a short --give-up-after; Retry failed and Resume all; and the retry of a named pipe that
// used to freeze the window (the event loop's lateness measured).
#include "hoistdprocess.h"
#include "hoistdrequestlog.h"
#include "schedulerfixture.h"
#include "testfiles.h"
#include "waitfor.h"

#include "clock.h"
#include "networkstatus.h"
#include "serverhealth.h"
#include "tusprotocol.h"
#include "uploadscheduler.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QSignalSpy>
#include <QTcpServer>
#include <QTest>

#include <sys/stat.h>

using namespace std::chrono_literals;

namespace {
constexpr qint64 KiB = 1024;
constexpr qint64 MiB = 1024 * KiB;

int countIn(UploadScheduler *scheduler, const QList<TaskId> &ids, TaskState state)
{
    int n = 0;
    for (TaskId id : ids)
        n += scheduler->task(id)->state() == state ? 1 : 0;
    return n;
}

// A port nobody listens on (taken and given back).
quint16 closedPort()
{
    QTcpServer probe;
    probe.listen(QHostAddress::LocalHost, 0);
    return probe.serverPort();
}
} // namespace

class tst_Outage : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();

    void fiftyUploadsOutlastAMinuteOutage();
    void tenThousandWaitingCostOneProbePerStep();
    void networkChangeWakesTheProbeAtOnce_data();
    void networkChangeWakesTheProbeAtOnce();
    void networkChangeMidUploadLosesNothing();
    void permanentRefusalsFailAtOnce_data();
    void permanentRefusalsFailAtOnce();
    void givesUpAfterTheSetTime();
    void resumeAllRetriesWhatWasGivenUp();
    void retryOfANamedPipeKeepsTheLoopResponsive();
    void headlessSaysOnceWhenAServerIsUnreachable();

private:
    bool startEngine(const QUrl &endpoint);

    std::unique_ptr<HoistdProcess> m_server;
    std::unique_ptr<SchedulerFixture> m_fixture;
    UploadScheduler *m_scheduler = nullptr;
};

void tst_Outage::init()
{
    m_server = std::make_unique<HoistdProcess>();
    QVERIFY2(m_server->start({QStringLiteral("--verbose")}), qPrintable(m_server->errorString()));
}

void tst_Outage::cleanup()
{
    if (QTest::currentTestFailed() && m_server)
        qWarning("hoistd said:\n%s", qPrintable(m_server->serverLog().right(4000)));
    m_fixture.reset();
    m_server.reset();
    m_scheduler = nullptr;
}

bool tst_Outage::startEngine(const QUrl &endpoint)
{
    m_fixture = std::make_unique<SchedulerFixture>();
    if (!m_fixture->start(endpoint)) {
        qWarning("%s", qPrintable(m_fixture->errorString()));
        return false;
    }
    m_scheduler = m_fixture->scheduler();
    return true;
}

void tst_Outage::fiftyUploadsOutlastAMinuteOutage()
{
    QVERIFY(startEngine(m_server->endpoint()));
    RetryPolicy policy;
    policy.baseDelay = 500ms;
    policy.maxDelay = 8s; // the product's is 5 min; the test's outage is one minute
    m_scheduler->setRetryPolicy(policy);
    m_scheduler->setConcurrency(4);
    m_scheduler->setAutoConcurrency(false);
    m_scheduler->setRateLimit(20 * MiB); // long enough to be cut in the middle
    QStringList paths;
    for (int i = 0; i < 50; ++i)
        paths << makeTestFile(m_fixture->files().path(), QStringLiteral("o%1.bin").arg(i),
                              (i % 5 + 1) * MiB, 500 + i);
    QSignalSpy finished(m_scheduler, &UploadScheduler::taskFinished);
    const QList<TaskId> ids = m_fixture->add(paths);
    QCOMPARE(ids.size(), 50);
    ServerHealth *health = m_scheduler->serverHealth();
    QSignalSpy down(health, &ServerHealth::serverDown);
    QSignalSpy up(health, &ServerHealth::serverUp);

    QVERIFY(waitFor([&] { return countIn(m_scheduler, ids, TaskState::Success) >= 10; }, 60000));
    QVERIFY(countIn(m_scheduler, ids, TaskState::Success) < 45);
    m_server->kill();
    QVERIFY(waitFor([&] { return down.size() >= 1; }, 20000));
    QCOMPARE(down.size(), 1); // one outage, however many uploads noticed it
    const int probesBefore = health->probesSent();
    QElapsedTimer outage;
    outage.start();
    // A minute without the server: every upload waits, none fails, none sends anything.
    QVERIFY(!waitFor(
        [&] { return finished.size() > 0 && countIn(m_scheduler, ids, TaskState::Error) > 0; },
        60000));
    QCOMPARE(countIn(m_scheduler, ids, TaskState::Error), 0);
    QCOMPARE(countIn(m_scheduler, ids, TaskState::Uploading), 0);
    int failedTries = 0;
    for (TaskId id : ids) {
        for (const UploadAttempt &attempt : m_scheduler->task(id)->attempts().attempts())
            failedTries += attempt.outcome == UploadAttempt::Outcome::Failed ? 1 : 0;
    }
    const int probes = health->probesSent() - probesBefore;
    qInfo("outage of %lld ms: %d probes, %d failed tries (4 at once, 50 queued)", outage.elapsed(),
          probes, failedTries);
    // Only the uploads running when it died tried and failed (parts may be two per upload).
    QVERIFY2(failedTries <= 8, qPrintable(QString::number(failedTries)));
    // One probe per step: 8 s at most apart once the back-off is at its cap, jittered down
    // from it; never one per upload.
    QVERIFY2(probes >= 3 && probes < 40, qPrintable(QString::number(probes)));

    HoistdRequestLog log;
    log.restart(m_server->logPath(), QFileInfo(m_server->logPath()).size());
    QVERIFY2(m_server->restart(), qPrintable(m_server->errorString()));
    QVERIFY(waitFor([&] { return up.size() >= 1; }, 20000));
    QVERIFY(waitFor([&] { return m_scheduler->isIdle(); }, 120000));
    QCOMPARE(countIn(m_scheduler, ids, TaskState::Success), 50);
    for (int i = 0; i < ids.size(); ++i) {
        const UploadTask *task = m_scheduler->task(ids[i]);
        QVERIFY2(fileMatches(m_server->storedPath(task->uploadUrl()), (i % 5 + 1) * MiB, 500 + i),
                 qPrintable(task->displayName()));
    }
    // The server back saw the one probe that found it, then uploads.
    log.update();
    qInfo("after the restart hoistd saw: %s",
          qPrintable(QStringList(log.stats().byMethod.keys()).join(QLatin1Char(' '))));
    QVERIFY2(log.stats().count(QStringLiteral("OPTIONS")) <= 1,
             qPrintable(QString::number(log.stats().count(QStringLiteral("OPTIONS")))));
}

void tst_Outage::tenThousandWaitingCostOneProbePerStep()
{
    QUrl endpoint = m_server->endpoint();
    endpoint.setPort(closedPort());
    QVERIFY(startEngine(endpoint));
    ManualClock clock(QDateTime::currentMSecsSinceEpoch());
    ServerHealth *health = m_scheduler->serverHealth();
    m_scheduler->setClock(&clock); // the engine's one clock, handed down to its ServerHealth
    RetryPolicy policy;
    policy.baseDelay = 1min;
    policy.maxDelay = 5min;
    m_scheduler->setRetryPolicy(policy);
    const QString many = m_fixture->files().path() + QStringLiteral("/many");
    QVERIFY(QDir().mkpath(many));
    constexpr int Count = 10000;
    for (int i = 0; i < Count; ++i) {
        QFile file(many + QStringLiteral("/%1").arg(i));
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("x");
    }
    QSignalSpy down(health, &ServerHealth::serverDown);
    m_scheduler->addPaths({many});
    QVERIFY(waitFor([&] { return m_scheduler->taskCount() == Count; }, 60000));
    const QList<TaskId> ids = m_scheduler->taskIds();
    QVERIFY(waitFor([&] { return down.size() == 1 && m_scheduler->runningCount() == 0; }, 20000));
    const std::shared_ptr<const ServerOutage> outage = health->outageOf(endpoint);
    QVERIFY(waitFor([&] { return outage->nextTryWallMs > 0; }, 5000));
    const int probesBefore = health->probesSent();
    QElapsedTimer timer;
    qint64 worstStepMs = 0;
    constexpr int Steps = 6;
    for (int step = 0; step < Steps; ++step) {
        timer.start();
        clock.advance(5 * 60 * 1000); // past any step: the next probe is due
        QCOMPARE(health->probesSent(), probesBefore + step + 1);
        QVERIFY(waitFor([&] { return outage->nextTryWallMs > 0; }, 5000)); // refused, next step
        worstStepMs = qMax(worstStepMs, timer.elapsed());
    }
    int tries = 0;
    for (TaskId id : ids)
        tries += int(m_scheduler->task(id)->attempts().attempts().size());
    qInfo("%d uploads waiting: %d probes for %d steps, %d tries in all, worst step %lld ms", Count,
          health->probesSent() - probesBefore, Steps, tries, worstStepMs);
    QCOMPARE(health->probesSent() - probesBefore, Steps);
    QVERIFY2(tries <= m_scheduler->concurrencyLevel(), qPrintable(QString::number(tries)));
    QCOMPARE(countIn(m_scheduler, ids, TaskState::Waiting), Count);
    QVERIFY(m_scheduler->task(ids.last())->waitingForServer());
    QVERIFY(worstStepMs < 1000); // one probe's cost, not one per upload
}

void tst_Outage::networkChangeWakesTheProbeAtOnce_data()
{
    QTest::addColumn<QString>("wake");
    QTest::newRow("network changed") << QStringLiteral("transport");
    QTest::newRow("network back") << QStringLiteral("online");
    QTest::newRow("resumed from sleep") << QStringLiteral("sleep");
    QTest::newRow("clock reaches the step") << QStringLiteral("step");
    QTest::newRow("retry pressed") << QStringLiteral("retry");
}

void tst_Outage::networkChangeWakesTheProbeAtOnce()
{
    QFETCH(QString, wake);
    QVERIFY(startEngine(m_server->endpoint()));
    ManualClock clock(QDateTime::currentMSecsSinceEpoch());
    ManualNetworkStatus network;
    ServerHealth *health = m_scheduler->serverHealth();
    m_scheduler->setClock(&clock); // the engine's one clock, handed down to its ServerHealth
    health->setNetworkStatus(&network);
    RetryPolicy policy;
    policy.baseDelay = 10min; // a step no test waits for: only a wake, or the clock, asks
    policy.maxDelay = 10min;
    m_scheduler->setRetryPolicy(policy);
    const QString path = makeTestFile(m_fixture->files().path(), QStringLiteral("w.bin"), MiB, 7);
    m_server->kill();
    QSignalSpy down(health, &ServerHealth::serverDown);
    const TaskId id = m_fixture->add({path}).value(0);
    QVERIFY(id);
    QVERIFY(waitFor([&] { return down.size() >= 1; }, 20000));
    if (wake == QLatin1String("online"))
        network.setReachability(NetworkStatus::Reachability::Offline);
    QVERIFY2(m_server->restart(), qPrintable(m_server->errorString()));
    // The server is back, but nobody asks: the step is ten minutes off.
    const int probes = health->probesSent();
    QVERIFY(!waitFor([&] { return m_fixture->task(id)->state() != TaskState::Waiting; }, 1500));
    QCOMPARE(health->probesSent(), probes);
    QVERIFY(m_fixture->task(id)->waitingForServer());
    QVERIFY2(m_fixture->task(id)->statusNote().startsWith(QStringLiteral("Down since")),
             qPrintable(m_fixture->task(id)->statusNote()));

    QElapsedTimer woken;
    woken.start();
    if (wake == QLatin1String("transport"))
        network.setTransport(QStringLiteral("WiFi"));
    else if (wake == QLatin1String("online"))
        network.setReachability(NetworkStatus::Reachability::Online);
    else if (wake == QLatin1String("sleep"))
        clock.jumpWall(3600 * 1000); // an hour asleep: the monotonic clock stood still
    else if (wake == QLatin1String("step"))
        clock.advance(10 * 60 * 1000);
    else
        m_scheduler->resumeAll(); // nothing failed: it wakes the servers all the same
    QCOMPARE(health->probesSent(), probes + 1);
    QVERIFY(waitFor([&] { return m_scheduler->isIdle(); }, 20000));
    qInfo("%s: done %lld ms after the wake", qPrintable(wake), woken.elapsed());
    QCOMPARE(m_fixture->task(id)->state(), TaskState::Success);
    QVERIFY(woken.elapsed() < 5000);
    QVERIFY(fileMatches(m_server->storedPath(m_fixture->task(id)->uploadUrl()), MiB, 7));
}

void tst_Outage::networkChangeMidUploadLosesNothing()
{
    // Kept-alive connections are dropped on a network change, uploads in flight with them: they
    // go on from the server's offset, byte-identical.
    QVERIFY(startEngine(m_server->endpoint()));
    ManualNetworkStatus network;
    m_scheduler->serverHealth()->setNetworkStatus(&network);
    m_scheduler->setRateLimit(8 * MiB);
    QStringList paths;
    for (int i = 0; i < 3; ++i)
        paths << makeTestFile(m_fixture->files().path(), QStringLiteral("n%1.bin").arg(i), 8 * MiB,
                              40 + i);
    const QList<TaskId> ids = m_fixture->add(paths);
    QCOMPARE(ids.size(), 3);
    QVERIFY(waitFor([&] { return m_scheduler->totals().bytesDone >= 6 * MiB; }, 30000));
    network.setTransport(QStringLiteral("WiFi"));
    QVERIFY(waitFor([&] { return m_scheduler->totals().bytesDone >= 10 * MiB; }, 30000));
    network.setTransport(QStringLiteral("Ethernet"));
    QVERIFY(m_fixture->waitIdle(60000));
    for (int i = 0; i < ids.size(); ++i) {
        const UploadTask *task = m_scheduler->task(ids[i]);
        QCOMPARE(task->state(), TaskState::Success);
        QVERIFY(fileMatches(m_server->storedPath(task->uploadUrl()), 8 * MiB, 40 + i));
    }
    QCOMPARE(m_server->storedFiles().size() >= 3, true);
}

void tst_Outage::permanentRefusalsFailAtOnce_data()
{
    QTest::addColumn<QString>("endpointPath");
    QTest::addColumn<QByteArray>("authorization");
    QTest::addColumn<QString>("cause");
    QTest::newRow("404") << QStringLiteral("/nowhere/") << QByteArray() << QStringLiteral("404");
    QTest::newRow("401") << QStringLiteral("/files/") << QByteArray("Bearer wrong-token-000000000")
                         << QStringLiteral("401");
}

void tst_Outage::permanentRefusalsFailAtOnce()
{
    QFETCH(QString, endpointPath);
    QFETCH(QByteArray, authorization);
    QFETCH(QString, cause);
    QTemporaryDir configDir;
    if (!authorization.isEmpty()) {
        const QString config = configDir.path() + QStringLiteral("/users.json");
        QFile file(config);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(
            R"({"users": [{"name": "a", "token": "the-right-token-0123456789", "quota": 1000000}]})");
        file.close();
        file.setPermissions(QFile::ReadOwner | QFile::WriteOwner);
        m_server->kill();
        m_server = std::make_unique<HoistdProcess>();
        QVERIFY2(m_server->start({QStringLiteral("--config"), config}),
                 qPrintable(m_server->errorString()));
    }
    QUrl endpoint = m_server->endpoint();
    endpoint.setPath(endpointPath);
    QVERIFY(startEngine(endpoint));
    if (!authorization.isEmpty())
        m_scheduler->setHeaders({{"Authorization", authorization}});
    const QString path = makeTestFile(m_fixture->files().path(), QStringLiteral("p.bin"), KiB, 3);
    QElapsedTimer timer;
    timer.start();
    const TaskId id = m_fixture->add({path}).value(0);
    QVERIFY(m_fixture->waitIdle(10000));
    const UploadTask *task = m_fixture->task(id);
    QCOMPARE(task->state(), TaskState::Error);
    QCOMPARE(task->retries(), 0);
    QCOMPARE(task->attempts().attempts().size(), 1);
    QVERIFY(!m_scheduler->serverHealth()->anyDown());
    qInfo("%s: failed in %lld ms: %s", qPrintable(cause), timer.elapsed(),
          qPrintable(task->errorMessage()));
}

void tst_Outage::givesUpAfterTheSetTime()
{
    QUrl endpoint = m_server->endpoint();
    endpoint.setPort(closedPort());
    QVERIFY(startEngine(endpoint));
    RetryPolicy policy;
    policy.baseDelay = 100ms;
    policy.maxDelay = 400ms;
    policy.giveUpAfter = 2s;
    m_scheduler->setRetryPolicy(policy);
    const QString path = makeTestFile(m_fixture->files().path(), QStringLiteral("g.bin"), KiB, 4);
    QElapsedTimer timer;
    timer.start();
    const TaskId id = m_fixture->add({path}).value(0);
    QVERIFY(m_fixture->waitIdle(15000));
    const UploadTask *task = m_fixture->task(id);
    QCOMPARE(task->state(), TaskState::Error);
    qInfo("given up after %lld ms: %s", timer.elapsed(), qPrintable(task->errorMessage()));
    QVERIFY(timer.elapsed() >= 2000);
    QVERIFY(timer.elapsed() < 6000);
    QVERIFY2(task->errorMessage().startsWith(QStringLiteral("Gave up after 2 s")),
             qPrintable(task->errorMessage()));
    QVERIFY2(task->errorMessage().contains(QStringLiteral("refused")),
             qPrintable(task->errorMessage()));
    // Probes asked the server; the upload tried once.
    QVERIFY(m_scheduler->serverHealth()->probesSent() >= 2);
    QCOMPARE(task->attempts().attempts().size(), 1);
}

void tst_Outage::resumeAllRetriesWhatWasGivenUp()
{
    QVERIFY(startEngine(m_server->endpoint()));
    RetryPolicy policy;
    policy.baseDelay = 100ms;
    policy.maxDelay = 300ms;
    policy.giveUpAfter = 1s;
    m_scheduler->setRetryPolicy(policy);
    const QString dir = m_fixture->files().path();
    const QString a = makeTestFile(dir, QStringLiteral("a.bin"), 300 * KiB, 11);
    const QString b = makeTestFile(dir, QStringLiteral("b.bin"), 300 * KiB, 12);
    const QString gone = makeTestFile(dir, QStringLiteral("gone.bin"), 300 * KiB, 13);
    QVERIFY(QFile::remove(gone) && QFile::link(dir + QStringLiteral("/nowhere"), gone));
    m_server->kill();
    QList<TaskId> ids = m_fixture->add({a, b, gone});
    QCOMPARE(ids.size(), 3);
    std::sort(ids.begin(), ids.end(), [this](TaskId x, TaskId y) {
        return m_fixture->task(x)->path() < m_fixture->task(y)->path();
    }); // a, b, gone
    QVERIFY(m_fixture->waitIdle(15000));
    QCOMPARE(countIn(m_scheduler, ids, TaskState::Error), 3);
    QVERIFY(m_fixture->task(ids[0])->errorMessage().startsWith(QStringLiteral("Gave up")));

    QVERIFY2(m_server->restart(), qPrintable(m_server->errorString()));
    policy.giveUpAfter = RetryPolicy::DefaultGiveUpAfter;
    m_scheduler->setRetryPolicy(policy);
    // Resume all: what failed for a transient cause goes again; a missing file stays failed.
    m_scheduler->resumeAll();
    QVERIFY(m_fixture->waitIdle(20000));
    QCOMPARE(m_fixture->task(ids[0])->state(), TaskState::Success);
    QCOMPARE(m_fixture->task(ids[1])->state(), TaskState::Success);
    QCOMPARE(m_fixture->task(ids[2])->state(), TaskState::Error);
    // Retry failed takes every failed one: the file is there now.
    QVERIFY(QFile::remove(gone));
    makeTestFile(dir, QStringLiteral("gone.bin"), 200 * KiB, 14);
    QCOMPARE(m_scheduler->retryAllFailed(), 1);
    QVERIFY(waitFor([&] { return m_fixture->task(ids[2])->state() == TaskState::Success; }, 20000));
    QVERIFY(fileMatches(m_server->storedPath(m_fixture->task(ids[2])->uploadUrl()), 200 * KiB, 14));
    QVERIFY(fileMatches(m_server->storedPath(m_fixture->task(ids[0])->uploadUrl()), 300 * KiB, 11));
}

void tst_Outage::retryOfANamedPipeKeepsTheLoopResponsive()
{
    QVERIFY(startEngine(m_server->endpoint()));
    const QString fifo = m_fixture->files().path() + QStringLiteral("/pipe");
    QCOMPARE(::mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);
    const TaskId id = m_fixture->add({fifo}).value(0);
    QVERIFY(id);
    QVERIFY(m_fixture->waitIdle(5000));
    QCOMPARE(m_fixture->task(id)->state(), TaskState::Error);

    // A 10 ms timer measures how late the loop runs while the retry reads the path.
    QElapsedTimer clock;
    clock.start();
    qint64 last = 0, worst = 0;
    QTimer tick;
    tick.setTimerType(Qt::PreciseTimer);
    tick.setInterval(10);
    connect(&tick, &QTimer::timeout, this, [&] {
        const qint64 now = clock.elapsed();
        worst = qMax(worst, now - last - 10);
        last = now;
    });
    QSignalSpy finished(m_scheduler, &UploadScheduler::taskFinished);
    last = clock.elapsed();
    tick.start();
    m_scheduler->retry(id); // used to block in open() for good
    QVERIFY(waitFor([&] { return finished.size() >= 1; }, 5000));
    waitFor([] { return false; }, 300); // and the loop goes on turning
    tick.stop();
    const UploadTask *task = m_fixture->task(id);
    qInfo("retry of a named pipe: worst timer lateness %lld ms; %s", worst,
          qPrintable(task->errorMessage()));
    QCOMPARE(task->state(), TaskState::Error);
    QVERIFY2(task->errorMessage().contains(QStringLiteral("named pipe")),
             qPrintable(task->errorMessage()));
    QVERIFY(worst < 200);
    // Send to another server reads the file off the thread as well.
    QUrl other = m_server->endpoint();
    other.setPath(QStringLiteral("/elsewhere/"));
    finished.clear();
    QCOMPARE(m_scheduler->sendTo({id}, other), 1);
    QVERIFY(waitFor([&] { return finished.size() >= 1; }, 5000));
    QCOMPARE(task->state(), TaskState::Error);
    QVERIFY(task->errorMessage().contains(QStringLiteral("named pipe")));
}

void tst_Outage::headlessSaysOnceWhenAServerIsUnreachable()
{
    const QString hoist = qEnvironmentVariable("HOIST_BINARY");
    if (hoist.isEmpty())
        QSKIP("HOIST_BINARY is not set");
    QTemporaryDir files;
    QStringList paths;
    for (int i = 0; i < 5; ++i)
        paths << makeTestFile(files.path(), QStringLiteral("h%1.bin").arg(i), 10 * KiB, 20 + i);
    QProcess process;
    process.setProgram(hoist);
    process.setArguments(QStringList{QStringLiteral("--headless"), QStringLiteral("-e"),
                                     QStringLiteral("http://127.0.0.1:%1/files/").arg(closedPort()),
                                     QStringLiteral("--give-up-after"), QStringLiteral("3s")}
                         + paths);
    QElapsedTimer timer;
    timer.start();
    process.start();
    QVERIFY(process.waitForFinished(30000));
    const QString out = QString::fromUtf8(process.readAllStandardOutput());
    const QString err = QString::fromUtf8(process.readAllStandardError());
    qInfo("headless gave up after %lld ms; stderr:\n%s", timer.elapsed(), qPrintable(err));
    QCOMPARE(process.exitCode(), 1);
    QVERIFY(timer.elapsed() >= 3000);
    QCOMPARE(err.count(QStringLiteral("is unreachable")), 1);
    QCOMPARE(out.count(QStringLiteral("error\t")), 5);
    QCOMPARE(out.count(QStringLiteral("Gave up after 3 s")), 5);
}

QTEST_GUILESS_MAIN(tst_Outage)
#include "tst_outage.moc"
