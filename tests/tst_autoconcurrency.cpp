// Parallel: Auto end to end: UploadScheduler with its default Auto concurrency, uploading to
// hoistd over loopback made to look far away (DelayLink), and through a proxy that answers 503
// while too many requests are open (LoadSheddingProxy). What is asserted is measured at the
// other end: bytes stored by hoistd, connections and requests open at the link or the proxy.
// And a long outage behind a front (FaultProxy switched to a ScriptedServer answering 503), after
// which Auto must climb again from its floor.
#include "concurrencycontroller.h"
#include "delaylink.h"
#include "faultproxy.h"
#include "hoistdprocess.h"
#include "loadsheddingproxy.h"
#include "schedulerfixture.h"
#include "scriptedserver.h"
#include "testfiles.h"
#include "tusprotocol.h"
#include "uploadscheduler.h"
#include "uploadtask.h"
#include "waitfor.h"

#include <QSignalSpy>
#include <QTest>
#include <QTimer>

using namespace std::chrono_literals;

namespace {
constexpr qint64 SmallFile = 16 * 1024;

// The files, each its own content.
QStringList makeFiles(const QString &dir, int count)
{
    QStringList paths;
    for (int i = 0; i < count; ++i)
        paths.append(makeTestFile(dir, QStringLiteral("f%1.bin").arg(i, 4, 10, QLatin1Char('0')),
                                  SmallFile, quint32(i + 1)));
    return paths;
}

// Every task ended in Success and hoistd holds each file's bytes, byte for byte.
void verifyStored(const SchedulerFixture &fixture, const HoistdProcess &server,
                  const QStringList &paths)
{
    const UploadScheduler *scheduler = fixture.scheduler();
    QCOMPARE(scheduler->taskCount(), paths.size());
    for (const TaskId id : scheduler->taskIds()) {
        const UploadTask *task = scheduler->task(id);
        QVERIFY(task);
        QCOMPARE(task->state(), TaskState::Success);
        const int index = int(paths.indexOf(task->path()));
        QVERIFY(index >= 0);
        QCOMPARE(server.storedBytes(task->uploadUrl()), testContent(SmallFile, quint32(index + 1)));
    }
}
} // namespace

class TestAutoConcurrency : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { QVERIFY(!HoistdProcess::binary().isEmpty()); }

    // 300 small files to a server 40 ms away: Auto climbs well above the old default of 3 (one
    // round trip per file makes more at once pay), over kept-alive connections.
    void convergesOnASlowLink()
    {
        HoistdProcess server;
        QVERIFY2(server.start(), qPrintable(server.errorString()));
        DelayLink link;
        QVERIFY2(link.start(QStringLiteral("127.0.0.1"), server.port()),
                 qPrintable(link.errorString()));
        link.setDelay(20ms);
        SchedulerFixture fixture;
        QVERIFY(fixture.start(link.url(QStringLiteral("/files/"))));
        UploadScheduler *scheduler = fixture.scheduler();
        QVERIFY(scheduler->autoConcurrency()); // the default
        int maxLevel = 0;
        int maxOpen = 0;
        QTimer watch;
        watch.setInterval(2);
        connect(&watch, &QTimer::timeout, this, [&] {
            maxLevel = qMax(maxLevel, scheduler->concurrencyLevel());
            maxOpen = qMax(maxOpen, int(link.counters().open));
        });
        watch.start();
        QSignalSpy levelChanged(scheduler, &UploadScheduler::concurrencyLevelChanged);
        const QStringList paths = makeFiles(fixture.files().path(), 300);
        QCOMPARE(fixture.add(paths).size(), paths.size());
        QVERIFY(fixture.waitIdle(120000));
        watch.stop();
        verifyStored(fixture, server, paths);
        const int serverLevel = scheduler->concurrencyLevelFor(link.url(QStringLiteral("/files/")));
        qInfo("level reached %d (now %d), connections open at most %d, accepted %lld", maxLevel,
              serverLevel, maxOpen, link.counters().accepted);
        QVERIFY2(maxLevel >= 12, qPrintable(QString::number(maxLevel)));
        QVERIFY(serverLevel >= 1);
        QVERIFY(levelChanged.count() > 0);
        // Qt opens a connection only when every one it has is busy: as many open at once as
        // requests were in flight at once.
        QVERIFY2(maxOpen >= 12, qPrintable(QString::number(maxOpen)));
        // Connections are reused from file to file.
        QVERIFY2(link.counters().accepted < paths.size() / 4,
                 qPrintable(QString::number(link.counters().accepted)));
    }

    // A server that refuses (503, Retry-After: 1) whatever comes while six requests are open:
    // Auto cuts back at the first refusals and stays about there; every file still arrives, and
    // no upload fails for it.
    void backsOffFromAServerThatSheds()
    {
        constexpr int Limit = 6;
        HoistdProcess server;
        QVERIFY2(server.start(), qPrintable(server.errorString()));
        DelayLink link; // a service time: each request stays open for a round trip
        QVERIFY2(link.start(QStringLiteral("127.0.0.1"), server.port()),
                 qPrintable(link.errorString()));
        link.setDelay(10ms);
        LoadSheddingProxy proxy;
        QVERIFY(proxy.start(QStringLiteral("127.0.0.1"), link.port()));
        proxy.setLimit(Limit);
        proxy.setRetryAfterSeconds(1);
        SchedulerFixture fixture;
        QVERIFY(fixture.start(proxy.url(QStringLiteral("/files/"))));
        UploadScheduler *scheduler = fixture.scheduler();
        QVERIFY(scheduler->autoConcurrency());
        const QUrl endpoint = proxy.url(QStringLiteral("/files/"));
        int maxAfterRefusals = 0;
        int maxBeforeRefusals = 0;
        bool backedOff = false;
        QTimer watch;
        watch.setInterval(2);
        connect(&watch, &QTimer::timeout, this, [&] {
            // What the level settles at once Auto has backed off: from its first step down after
            // the proxy's first refusal on. Counting from the refusal itself would also count the
            // level Hoist had before that 503 reached it, which on a loaded machine takes a while.
            const int level = scheduler->concurrencyLevelFor(endpoint);
            if (proxy.refused() == 0) {
                maxBeforeRefusals = qMax(maxBeforeRefusals, level);
                return;
            }
            backedOff = backedOff || level < maxBeforeRefusals;
            if (backedOff)
                maxAfterRefusals = qMax(maxAfterRefusals, level);
        });
        watch.start();
        const QStringList paths = makeFiles(fixture.files().path(), 300);
        QCOMPARE(fixture.add(paths).size(), paths.size());
        QVERIFY(fixture.waitIdle(180000));
        watch.stop();
        verifyStored(fixture, server, paths);
        qInfo("503s %d, forwarded %d, open at most %d, level after the first refusals at most %d",
              proxy.refused(), proxy.forwarded(), proxy.maxOpen(), maxAfterRefusals);
        QVERIFY(proxy.refused() > 0); // it did go above the limit, and learned it
        QVERIFY(backedOff);
        QVERIFY2(maxAfterRefusals <= Limit + 2, qPrintable(QString::number(maxAfterRefusals)));
        QVERIFY2(proxy.refused() < paths.size() / 4, qPrintable(QString::number(proxy.refused())));
        QVERIFY(proxy.maxOpen() <= Limit);
    }

    // The server away for a long while behind its front (every request answered 503, as a
    // proxy answers while the servers behind it restart), until the refusals have cut Auto to its
    // floor and a while longer; then back. Auto climbs again as far as before the outage, and
    // every file arrives.
    void recoversAfterALongOutage()
    {
        constexpr int Climbed = 8;
        HoistdProcess server;
        QVERIFY2(server.start(), qPrintable(server.errorString()));
        DelayLink link;
        QVERIFY2(link.start(QStringLiteral("127.0.0.1"), server.port()),
                 qPrintable(link.errorString()));
        link.setDelay(20ms);
        ScriptedServer away([](const ScriptedServer::Request &) {
            return ScriptedServer::Reply(503, {}, "down for maintenance");
        });
        QVERIFY2(away.listen(), qPrintable(away.errorString()));
        FaultProxy front;
        QVERIFY2(front.start(QStringLiteral("127.0.0.1"), link.port()),
                 qPrintable(front.errorString()));
        SchedulerFixture fixture;
        const QUrl endpoint = front.url(QStringLiteral("/files/"));
        QVERIFY(fixture.start(endpoint));
        UploadScheduler *scheduler = fixture.scheduler();
        QVERIFY(scheduler->autoConcurrency());
        RetryPolicy policy; // retries soon, so that the outage is felt at every level
        policy.baseDelay = 100ms;
        policy.maxDelay = 1s;
        scheduler->setRetryPolicy(policy);
        const auto level = [&] { return scheduler->concurrencyLevelFor(endpoint); };
        const QStringList paths = makeFiles(fixture.files().path(), 1200);
        QVERIFY(!fixture.add(paths).isEmpty()); // the first slice of tasks
        QVERIFY(waitFor([&] { return scheduler->taskCount() == int(paths.size()); }));

        QVERIFY2(waitFor([&] { return level() >= Climbed; }, 60000),
                 qPrintable(QString::number(level())));
        const int before = level();
        // Away: new connections reach the front's 503s, the open ones are cut.
        front.setTarget(QStringLiteral("127.0.0.1"), away.port());
        front.resetAllNow();
        QVERIFY2(waitFor([&] { return level() == ConcurrencyController::Floor; }, 60000),
                 qPrintable(QString::number(level())));
        // And away a while longer: more refusals at the floor.
        const qsizetype refusedAtFloor = away.requests().size();
        QVERIFY(waitFor([&] { return away.requests().size() >= refusedAtFloor + 10; }, 60000));
        QCOMPARE(level(), ConcurrencyController::Floor);
        const int storedBeforeReturn = scheduler->totals().count(TaskState::Success);

        // Back.
        int maxAfter = 0;
        QTimer watch;
        watch.setInterval(2);
        connect(&watch, &QTimer::timeout, this, [&] { maxAfter = qMax(maxAfter, level()); });
        watch.start();
        front.setTarget(QStringLiteral("127.0.0.1"), link.port());
        front.resetAllNow();
        QVERIFY(fixture.waitIdle(180000));
        watch.stop();
        verifyStored(fixture, server, paths);
        qInfo("level %d before the outage, %d refusals, %d files before it ended, at most %d after",
              before, int(away.requests().size()), storedBeforeReturn, maxAfter);
        QVERIFY2(storedBeforeReturn < paths.size() / 2,
                 qPrintable(QString::number(storedBeforeReturn)));
        QVERIFY2(maxAfter >= Climbed, qPrintable(QString::number(maxAfter)));
    }
};

QTEST_GUILESS_MAIN(TestAutoConcurrency)
#include "tst_autoconcurrency.moc"
