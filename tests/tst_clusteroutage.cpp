// PostgreSQL restarted, and radosgw restarted, while Hoist uploads through three hoistd
// instances behind round-robin nginx (issue 20): while the back end is away the instances answer
// 503 with Retry-After (never 404, never a lost acknowledged byte); once it is back, with no
// hoistd restarted, Hoist's upload resumes and the object in the bucket is byte-identical.
// Real components: the run's PostgreSQL (stopped and started whole, pg.sh) and Ceph RGW (radosgw
// alone killed and started again on its port, rgw.sh; the monitor and OSD keep running), Debian's
// nginx, three hoistd processes. Both fixtures are the run's, shared with the other pg/s3 tests:
// hoist_test(... S3 PG) holds their resource locks, so no other test runs meanwhile.
#include "hoistdcluster.h"
#include "nginxaccesslog.h"
#include "rawhttp.h"
#include "schedulerfixture.h"
#include "testfiles.h"
#include "uploadscheduler.h"
#include "uploadtask.h"
#include "waitfor.h"

#include <QDeadlineTimer>
#include <QTest>

#include <functional>
#include <future>

namespace {
constexpr qint64 MiB = 1024 * 1024;
constexpr qint64 Size = 32 * MiB + 1234;
constexpr qint64 Acknowledged = 8 * MiB; // the back end goes away once this much is recorded

RawHeaders tus(const RawHeaders &extra = {})
{
    return RawHeaders{{"Tus-Resumable", "1.0.0"}} + extra;
}
} // namespace

class tst_ClusterOutage : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanup();
    void postgresRestartedMidUpload();
    void radosgwRestartedMidUpload();

private:
    // Hoist uploads a file through the front; once `Acknowledged` bytes are recorded, `stop()`
    // takes the back end away, `probe()` checks the 503 a request gets meanwhile, `start()`
    // brings it back. The upload must then finish byte-identical, from no less than what was
    // acknowledged.
    void outageMidUpload(quint32 seed, const std::function<bool()> &stop,
                         const std::function<void(const QByteArray &)> &probe,
                         const std::function<bool()> &start);
    // HEAD's Upload-Offset through the front (-status when it is not 200).
    qint64 offsetOf(const QByteArray &path, RawResponse *answer = nullptr);

    std::unique_ptr<HoistdCluster> m_cluster;
    std::unique_ptr<SchedulerFixture> m_engine;
};

void tst_ClusterOutage::initTestCase()
{
    HoistdCluster::startForTest(m_cluster, 3, {QStringLiteral("--verbose")});
}

void tst_ClusterOutage::cleanup()
{
    if (m_cluster)
        m_cluster->warnIfFailed(4000);
    m_engine.reset();
    // Whatever a failure left, for the next test function and the rest of the run.
    if (m_cluster) {
        m_cluster->pg().startServer();
        if (!m_cluster->rgw().isRunning())
            m_cluster->rgw().restart();
    }
}

qint64 tst_ClusterOutage::offsetOf(const QByteArray &path, RawResponse *answer)
{
    // Asked on a thread of its own while this one's event loop goes on: Hoist uploads on it, and
    // a HEAD through an instance that does not hold the upload waits for the holder to decide
    // whether its writer is moving (seconds), which would stall the upload it asks about.
    const quint16 port = m_cluster->front().port();
    auto asking = std::async(std::launch::async,
                             [port, path] { return rawRequest(port, "HEAD", path, tus()); });
    waitFor([&] { return asking.wait_for(std::chrono::seconds(0)) == std::future_status::ready; },
            30000);
    const RawResponse head = asking.get();
    if (answer)
        *answer = head;
    return head.status == 200 ? head.header("Upload-Offset").toLongLong() : -head.status;
}

void tst_ClusterOutage::outageMidUpload(quint32 seed, const std::function<bool()> &stop,
                                        const std::function<void(const QByteArray &)> &probe,
                                        const std::function<bool()> &start)
{
    m_engine = std::make_unique<SchedulerFixture>();
    QVERIFY2(m_engine->start(m_cluster->endpoint()), qPrintable(m_engine->errorString()));
    UploadScheduler *scheduler = m_engine->scheduler();
    scheduler->setAutoConcurrency(false);
    scheduler->setConcurrency(1);
    scheduler->setParallelParts(false);
    scheduler->setChunkSize(8 * MiB); // the product's
    // So that the outage comes mid-upload: 8 s for the file, while a HEAD through an instance
    // that does not hold the upload can take ClusterLocks::DecideStalled (2.5 s) to answer.
    scheduler->setRateLimit(4 * MiB);
    scheduler->setRetryPolicy(SchedulerFixture::fastRetries(50, std::chrono::seconds(2)));
    const QString file =
        makeTestFile(m_engine->files().path(), QStringLiteral("big.bin"), Size, seed);
    const QList<TaskId> ids = m_engine->add({file});
    QCOMPARE(ids.size(), 1);
    const UploadTask *task = m_engine->task(ids.first());
    QVERIFY(waitFor([&] { return task->uploadUrl().isValid(); }, 60000));
    const QByteArray path = task->uploadUrl().path().toLatin1();
    qint64 acknowledged = 0;
    QVERIFY2(waitFor(
                 [&] {
                     acknowledged = offsetOf(path);
                     return acknowledged >= Acknowledged;
                 },
                 120000),
             qPrintable(QString::number(acknowledged)));
    QVERIFY(acknowledged < Size);
    const int logged = m_cluster->front().requests().size();

    QVERIFY(stop());
    probe(path);
    if (QTest::currentTestFailed())
        return;
    // Hoist met the outage: a request of this upload was answered 503 by an instance.
    const auto met503 = [&] {
        const QList<NginxLogEntry> log = m_cluster->front().requests();
        for (int i = logged; i < log.size(); ++i) {
            if (log[i].uri == path && log[i].status == 503)
                return true;
        }
        return false;
    };
    QVERIFY(waitFor(met503, 60000));
    QVERIFY(start());

    // The same instances go on: nothing acknowledged is lost, and the upload finishes.
    qint64 after = 0;
    RawResponse head;
    QVERIFY2(waitFor(
                 [&] {
                     after = offsetOf(path, &head);
                     return after >= 0;
                 },
                 60000),
             qPrintable(head.raw.left(300)));
    QVERIFY2(after >= acknowledged,
             qPrintable(QStringLiteral("%1 < %2").arg(after).arg(acknowledged)));
    QVERIFY(m_engine->waitIdle(300000));
    QVERIFY2(task->state() == TaskState::Success,
             qPrintable(task->errorMessage() + QLatin1Char(' ') + task->errorDetail()));
    QCOMPARE(offsetOf(path), Size);
    bool found = false;
    const QByteArray stored = m_cluster->object(task->uploadUrl(), &found);
    QVERIFY(found);
    QVERIFY2(stored == testContent(Size, seed), "the object differs from the file");
    QVERIFY(!m_cluster->rgw().multipartUploads().contains(m_cluster->objectKey(task->uploadUrl())));
    for (int i = 0; i < m_cluster->size(); ++i)
        QVERIFY2(m_cluster->instance(i).isRunning(), qPrintable(QString::number(i)));
}

void tst_ClusterOutage::postgresRestartedMidUpload()
{
    PgTestPeer &pg = m_cluster->pg();
    const quint16 front = m_cluster->front().port();
    outageMidUpload(
        31, [&] { return pg.stopServer(); },
        [&](const QByteArray &path) {
            // Every instance answers 503 with Retry-After: a creation, a look at the upload.
            for (int i = 0; i < m_cluster->size(); ++i) {
                const RawResponse created = rawRequest(m_cluster->instance(i).port(), "POST",
                                                       "/files/", tus({{"Upload-Length", "10"}}));
                QCOMPARE(created.status, 503);
                QVERIFY(created.header("Retry-After").toInt() > 0);
            }
            const RawResponse head = rawRequest(front, "HEAD", path, tus());
            QCOMPARE(head.status, 503);
            QVERIFY(head.header("Retry-After").toInt() > 0);
        },
        [&] { return pg.startServer(); });
}

void tst_ClusterOutage::radosgwRestartedMidUpload()
{
    RgwTestPeer &rgw = m_cluster->rgw();
    const quint16 front = m_cluster->front().port();
    outageMidUpload(
        32,
        [&] {
            rgw.kill();
            return !rgw.isRunning();
        },
        [&](const QByteArray &) {
            // A commit needs the bucket: 503 with Retry-After, and the offset stays at 0.
            const RawResponse created =
                rawRequest(front, "POST", "/files/", tus({{"Upload-Length", "10"}}));
            QCOMPARE(created.status, 201);
            const QByteArray path =
                QUrl(QString::fromLatin1(created.header("Location"))).path().toLatin1();
            const RawResponse cut = rawRequest(
                front, "PATCH", path,
                tus({{"Content-Type", "application/offset+octet-stream"}, {"Upload-Offset", "0"}}),
                "hello", 60000);
            QCOMPARE(cut.status, 503);
            QVERIFY(cut.header("Retry-After").toInt() > 0);
            QCOMPARE(offsetOf(path), 0);
        },
        [&] { return rgw.restart(); });
}

QTEST_GUILESS_MAIN(tst_ClusterOutage)
#include "tst_clusteroutage.moc"
