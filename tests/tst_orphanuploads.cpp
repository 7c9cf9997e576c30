// No orphan uploads: every upload Hoist makes on the server is either finished, resumed or deleted,
// also when a pause lands while parts are being created, and when Hoist is killed between an
// instant attempt's creation and its DELETE. Against the real hoistd (which offers concatenation
// and instant upload), through a far link on loopback (DelayLink) and a link that can be cut
// (FaultProxy); what is left is read from hoistd's data folder and its --verbose log.
#include "delaylink.h"
#include "faultproxy.h"
#include "hoistdprocess.h"
#include "schedulerfixture.h"
#include "testfiles.h"
#include "waitfor.h"

#include "storethread.h"
#include "uploadscheduler.h"

#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

using namespace std::chrono_literals;

namespace {
constexpr qint64 KiB = 1024;
constexpr qint64 MiB = 1024 * KiB;
constexpr qint64 Chunk = SchedulerFixture::ChunkSize;
constexpr int Concurrency = 3;
constexpr int UploadTimeoutMs = 60000;

QString hoistBinary()
{
    return qEnvironmentVariable("HOIST_BINARY");
}

int linesWith(const QString &log, const QString &text)
{
    return int(log.count(text));
}

// The upload id of a URL or Location: its last path segment, as hoistd names the file.
QString uploadId(const QUrl &url)
{
    return url.path().section(QLatin1Char('/'), -1);
}

bool anyPartCreated(const UploadTask *task)
{
    return std::any_of(task->parts().cbegin(), task->parts().cend(),
                       [](const UploadPart &p) { return !p.url.isEmpty(); });
}

bool allPartsCreated(const UploadTask *task)
{
    return task->parts().size() == Concurrency
           && std::all_of(task->parts().cbegin(), task->parts().cend(),
                          [](const UploadPart &p) { return !p.url.isEmpty(); });
}
} // namespace

class tst_OrphanUploads : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void pauseWhilePartsAreCreated_data();
    void pauseWhilePartsAreCreated();
    void pauseWhileThePartsAreJoined();
    void killedBetweenInstantAttemptAndItsDelete();

private:
    QTemporaryDir m_files;
};

void tst_OrphanUploads::pauseWhilePartsAreCreated_data()
{
    QTest::addColumn<int>("delayMs");
    QTest::addColumn<qint64>("rateLimit");
    QTest::addColumn<bool>("bodiesSent");
    // A far link holds the POSTs: every part's first chunk has left Hoist, no answer is back.
    QTest::newRow("bodies sent") << 150 << qint64(0) << true;
    // Hoist's own limit holds the bodies back: the pause cuts every POST mid-body.
    QTest::newRow("bodies going") << 0 << 96 * KiB << false;
}

void tst_OrphanUploads::pauseWhilePartsAreCreated()
{
    QFETCH(int, delayMs);
    QFETCH(qint64, rateLimit);
    QFETCH(bool, bodiesSent);
    HoistdProcess server;
    QVERIFY2(server.start({QStringLiteral("--verbose")}), qPrintable(server.errorString()));
    DelayLink link;
    QVERIFY2(link.start(QStringLiteral("127.0.0.1"), server.port()),
             qPrintable(link.errorString()));
    link.setDelay(std::chrono::milliseconds(delayMs));
    constexpr qint64 Size = 3 * MiB + 5;
    const QString path = makeTestFile(m_files.path(), QStringLiteral("parts.bin"), Size, 91);
    // With a queue on disk, as the app and the command line keep one.
    QTemporaryDir state;
    StoreThread store(state.path());
    QVERIFY(store.open().ok);
    SchedulerFixture engine;
    QVERIFY2(engine.start(link.url(QStringLiteral("/files/")), store.store()),
             qPrintable(engine.errorString()));
    engine.scheduler()->setParallelParts(true);
    engine.scheduler()->setConcurrency(Concurrency);
    engine.scheduler()->setHashPolicy(UploadScheduler::HashPolicy::Never); // parts at once
    engine.scheduler()->setRateLimit(rateLimit);
    const TaskId id = engine.add({path}).first();
    const UploadTask *task = engine.task(id);

    // Every part's creation is on its way and, with "bodies sent", all of its body has left.
    const qint64 sent = bodiesSent ? Concurrency * Chunk : Chunk / 2;
    QVERIFY(waitFor([&] {
        return task->chunks().countIn(ChunkState::InFlight) == Concurrency
               && task->shownBytes() >= sent && !anyPartCreated(task);
    }));
    QCOMPARE(task->confirmedBytes(), 0);
    engine.scheduler()->pause(id);
    QCOMPARE(task->state(), TaskState::Paused);
    link.setDelay(0ms);
    engine.scheduler()->setRateLimit(0);
    // The server has ended each of those requests, one way or the other.
    QVERIFY(waitFor([&] {
        return linesWith(server.serverLog(), QStringLiteral("request end POST /files/"))
               >= Concurrency;
    }));
    // A creation that was only waiting for its answer finishes, and the paused task keeps its URL.
    const bool keptWhilePaused = waitFor([&] { return allPartsCreated(task); }, 3000);

    engine.scheduler()->resume(id);
    QVERIFY(engine.waitIdle(UploadTimeoutMs));
    QCOMPARE(task->state(), TaskState::Success);
    QVERIFY(fileMatches(server.storedPath(task->uploadUrl()), Size, 91));
    // Nothing but the file itself is left on the server: no part made behind the pause's back.
    QCOMPARE(server.storedFiles(), QStringList{uploadId(task->uploadUrl())});
    const QString log = server.serverLog();
    QCOMPARE(linesWith(log, QStringLiteral("POST final")), 1);
    const int partials = int(log.count(QRegularExpression(QStringLiteral("POST created \\S+ "
                                                                         "length \\d+ partial"))));
    if (bodiesSent) {
        QVERIFY(keptWhilePaused);
        QCOMPARE(partials, Concurrency); // resumed through the URLs that came after the pause
        QCOMPARE(linesWith(log, QStringLiteral("status=cut")), 0);
    } else {
        // Cut at once: a pause does not wait for a body still going (hoistd drops what it got).
        QVERIFY(!keptWhilePaused);
        QCOMPARE(linesWith(log, QStringLiteral("status=cut")), Concurrency);
        QCOMPARE(partials, 2 * Concurrency);
    }
}

void tst_OrphanUploads::pauseWhileThePartsAreJoined()
{
    // The final POST is out when the pause comes: the server joins the parts (and consumes them)
    // whether Hoist listens or not, so Hoist keeps the joined upload's address and is done with
    // it on resume, instead of sending the parts again and joining them a second time.
    HoistdProcess server;
    QVERIFY2(server.start({QStringLiteral("--verbose")}), qPrintable(server.errorString()));
    DelayLink link;
    QVERIFY2(link.start(QStringLiteral("127.0.0.1"), server.port()),
             qPrintable(link.errorString()));
    link.setDelay(150ms);
    constexpr qint64 Size = 3 * MiB + 5;
    const QString path = makeTestFile(m_files.path(), QStringLiteral("joined.bin"), Size, 93);
    QTemporaryDir state;
    StoreThread store(state.path());
    QVERIFY(store.open().ok);
    SchedulerFixture engine;
    QVERIFY2(engine.start(link.url(QStringLiteral("/files/")), store.store()),
             qPrintable(engine.errorString()));
    engine.scheduler()->setParallelParts(true);
    engine.scheduler()->setConcurrency(Concurrency);
    engine.scheduler()->setHashPolicy(UploadScheduler::HashPolicy::Never);
    const TaskId id = engine.add({path}).first();
    const UploadTask *task = engine.task(id);
    // Every part is complete: the final POST has just left, a far link away from the server.
    QVERIFY(waitFor([&] { return task->confirmedBytes() == Size; }, UploadTimeoutMs));
    QCOMPARE(task->state(), TaskState::Uploading);
    QCOMPARE(linesWith(server.serverLog(), QStringLiteral("POST final")), 0);
    engine.scheduler()->pause(id);
    link.setDelay(0ms);
    QVERIFY(
        waitFor([&] { return linesWith(server.serverLog(), QStringLiteral("POST final")) == 1; }));
    const bool keptWhilePaused = waitFor([&] { return !task->uploadUrl().isEmpty(); }, 3000);

    engine.scheduler()->resume(id);
    QVERIFY(engine.waitIdle(UploadTimeoutMs));
    QCOMPARE(task->state(), TaskState::Success);
    QVERIFY(fileMatches(server.storedPath(task->uploadUrl()), Size, 93));
    QCOMPARE(server.storedFiles(), QStringList{uploadId(task->uploadUrl())});
    QCOMPARE(linesWith(server.serverLog(), QStringLiteral("POST final")), 1);
    QVERIFY(keptWhilePaused);
}

void tst_OrphanUploads::killedBetweenInstantAttemptAndItsDelete()
{
    // hoist -> DelayLink (far) -> FaultProxy -> hoistd. The far link leaves time to stop the
    // FaultProxy once the attempt's 201 has passed it, and before Hoist's next request reaches
    // it: that request (the attempt's DELETE) is held, and Hoist is killed once it has sent it.
    QVERIFY2(QFile::exists(hoistBinary()), "HOIST_BINARY must name the built hoist");
    HoistdProcess server;
    QVERIFY2(server.start({QStringLiteral("--verbose")}), qPrintable(server.errorString()));
    FaultProxy cut;
    QVERIFY2(cut.start(QStringLiteral("127.0.0.1"), server.port()), qPrintable(cut.errorString()));
    auto link = std::make_unique<DelayLink>();
    QVERIFY2(link->start(QStringLiteral("127.0.0.1"), cut.port()), qPrintable(link->errorString()));
    link->setDelay(200ms); // the test's time to stop the proxy: it takes a few ms
    const quint16 port = link->port();
    constexpr qint64 Size = 2 * MiB + 3; // hashed (1 MiB or more) and sent as parts
    const QString path = makeTestFile(m_files.path(), QStringLiteral("attempt.bin"), Size, 92);
    QTemporaryDir state;
    const auto startHoist = [&](const QStringList &arguments) {
        auto process = std::make_unique<QProcess>();
        process->start(hoistBinary(), QStringList{QStringLiteral("--headless"),
                                                  QStringLiteral("--state-dir"), state.path()}
                                          + arguments);
        process->waitForStarted();
        return process;
    };
    auto hoist = startHoist({QStringLiteral("-e"), link->url(QStringLiteral("/files/")).toString(),
                             QStringLiteral("-c"), QString::number(Concurrency),
                             QStringLiteral("--chunk-size"), QString::number(Chunk), path});

    // The OPTIONS answer has reached Hoist; nothing else comes back before the attempt's 201,
    // which is at least a round trip of the far link away.
    QVERIFY(waitFor([&] {
        const qint64 answered = cut.counters().bytesToClient;
        return server.serverLog().contains(QLatin1String("request end OPTIONS")) && answered > 0
               && link->counters().bytesToClient == answered;
    }));
    const qint64 beforeCreated = cut.counters().bytesToClient;
    // The attempt's 201 has reached Hoist: from now on nothing more reaches hoistd.
    QVERIFY(waitFor([&] {
        const qint64 answered = cut.counters().bytesToClient;
        return answered > beforeCreated && link->counters().bytesToClient == answered;
    }));
    cut.setStalled(true);
    const QString log = server.serverLog();
    QCOMPARE(linesWith(log, QStringLiteral("request end POST")), 1);
    const QRegularExpressionMatch created =
        QRegularExpression(QStringLiteral("POST created (\\S+) length %1\\n").arg(Size)).match(log);
    QVERIFY2(created.hasMatch(), qPrintable(log));
    const QString attempt = created.captured(1);
    // Hoist's next request (after the attempt's URL is in its queue) has left it: kill it.
    const qint64 beforeNext = link->counters().bytesToServer;
    QVERIFY(waitFor([&] { return link->counters().bytesToServer > beforeNext; }));
    hoist->kill();
    hoist->waitForFinished();
    QVERIFY(server.storedFiles().contains(attempt)); // the DELETE never came through
    // What the killed Hoist sent stays in the stopped proxy; the restarted one reaches hoistd
    // directly, at the same address, so that the URLs in its queue still lead there.
    link.reset();
    DelayLink direct;
    QVERIFY2(direct.start(QStringLiteral("127.0.0.1"), server.port(), port),
             qPrintable(direct.errorString()));

    hoist = startHoist({});
    QVERIFY(waitFor([&] { return hoist->state() == QProcess::NotRunning; }, UploadTimeoutMs));
    QCOMPARE(hoist->exitStatus(), QProcess::NormalExit);
    QCOMPARE(hoist->exitCode(), 0);
    const QList<QByteArray> fields = hoist->readAllStandardOutput().trimmed().split('\t');
    QCOMPARE(fields.size(), 3);
    QCOMPARE(fields.first(), QByteArray("success"));
    const QUrl final(QString::fromUtf8(fields.last()));
    QVERIFY(fileMatches(server.storedPath(final), Size, 92));
    // The attempt was deleted on the restart (before Hoist exited): nothing but the file is left.
    QCOMPARE(server.storedFiles(), QStringList{uploadId(final)});
    QVERIFY(server.serverLog().contains(QLatin1String("DELETE ") + attempt));
}

QTEST_GUILESS_MAIN(tst_OrphanUploads)
#include "tst_orphanuploads.moc"
