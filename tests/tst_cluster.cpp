// hoistd as three instances on one PostgreSQL and one bucket behind round-robin nginx (issue 20):
// Hoist's engine uploads through the front and every object in the bucket is byte-identical;
// an instance killed mid-PATCH does not lose the upload. Real components throughout: the run's
// PostgreSQL and Ceph RGW, Debian's nginx, the hoistd binary (HoistdCluster).
#include "awkwardfolder.h"
#include "hoistdcluster.h"
#include "nginxaccesslog.h"
#include "rawhttp.h"
#include "s3bucket.h"
#include "schedulerfixture.h"
#include "testfiles.h"
#include "uploadscheduler.h"
#include "uploadtask.h"
#include "waitfor.h"

#include <QFileInfo>
#include <QRegularExpression>
#include <QSet>
#include <QTest>

namespace {
constexpr qint64 MiB = 1024 * 1024;
constexpr qint64 BigSize = 40 * MiB + 4321; // several 5 MiB parts per parallel part, and a tail
} // namespace

class tst_Cluster : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanup();
    void awkwardFolderAndABigFileAreByteIdentical();
    void instanceKilledMidPatchLosesNothing();
    void uploadLimitHoldsAcrossInstances();
    void timedWorkRunsOnceAcrossInstances();

private:
    bool startEngine(int concurrency, bool parallelParts);
    // The tasks of `paths` (folders expanded), once `expected` tasks exist; run until idle.
    QList<TaskId> uploadAll(const QStringList &paths, int expected, int timeoutMs);
    QString states(const QList<TaskId> &ids) const;

    std::unique_ptr<HoistdCluster> m_cluster;
    std::unique_ptr<SchedulerFixture> m_engine;
};

void tst_Cluster::initTestCase()
{
    QString why;
    if (!HoistdCluster::available(&why))
        QSKIP(qPrintable(why));
}

void tst_Cluster::cleanup()
{
    if (m_cluster)
        m_cluster->warnIfFailed();
    m_engine.reset();
    m_cluster.reset();
}

bool tst_Cluster::startEngine(int concurrency, bool parallelParts)
{
    m_engine = std::make_unique<SchedulerFixture>();
    if (!m_engine->start(m_cluster->endpoint())) {
        qWarning("%s", qPrintable(m_engine->errorString()));
        return false;
    }
    UploadScheduler *scheduler = m_engine->scheduler();
    scheduler->setAutoConcurrency(false);
    scheduler->setConcurrency(concurrency);
    scheduler->setParallelParts(parallelParts);
    scheduler->setChunkSize(8 * MiB); // the product's
    scheduler->setRetryPolicy(SchedulerFixture::fastRetries(20, std::chrono::milliseconds(500)));
    return true;
}

QList<TaskId> tst_Cluster::uploadAll(const QStringList &paths, int expected, int timeoutMs)
{
    UploadScheduler *scheduler = m_engine->scheduler();
    scheduler->addPaths(paths);
    if (!waitFor([&] { return scheduler->taskIds().size() >= expected; }, 20000))
        return {};
    const QList<TaskId> ids = scheduler->taskIds();
    if (!m_engine->waitIdle(timeoutMs))
        return {};
    return ids;
}

QString tst_Cluster::states(const QList<TaskId> &ids) const
{
    QString text;
    for (TaskId id : ids) {
        const UploadTask *task = m_engine->task(id);
        if (task->state() != TaskState::Success)
            text += QStringLiteral("%1: %2 %3\n")
                        .arg(task->path(), task->errorMessage(), task->errorDetail());
    }
    return text;
}

void tst_Cluster::awkwardFolderAndABigFileAreByteIdentical()
{
    m_cluster = std::make_unique<HoistdCluster>();
    QVERIFY2(m_cluster->start(3), qPrintable(m_cluster->errorString()));
    QVERIFY(startEngine(4, true));
    const QString root = m_engine->files().path();
    const QStringList relative = makeAwkwardFolder(root, QStringLiteral("drop ü"));
    QVERIFY(!relative.isEmpty());
    const QString big = makeTestFile(root, QStringLiteral("big.bin"), BigSize, 7);
    QVERIFY(!big.isEmpty());

    const QList<TaskId> ids =
        uploadAll({root + QStringLiteral("/drop ü"), big}, AwkwardCount + 1, 300000);
    QCOMPARE(ids.size(), AwkwardCount + 1);
    QVERIFY2(states(ids).isEmpty(), qPrintable(states(ids)));

    // Every upload is one object PREFIX/<id> holding the file byte for byte, read back from the
    // bucket by a client of its own; nothing else is left under the prefix (no part, no tail,
    // no multipart upload).
    QSet<QString> expectedKeys;
    for (TaskId id : ids) {
        const UploadTask *task = m_engine->task(id);
        QCOMPARE(task->uploadUrl().port(), int(m_cluster->front().port()));
        const QString path = task->path();
        qint64 size = BigSize;
        quint32 seed = 7;
        if (path != big) {
            const int i = relative.indexOf(path.mid(root.size() + 1));
            QVERIFY2(i >= 0, qPrintable(path));
            size = awkwardSize(i);
            seed = quint32(40 + i);
        }
        bool found = false;
        const QByteArray bytes = m_cluster->object(task->uploadUrl(), &found);
        QVERIFY2(found, qPrintable(path + QStringLiteral(" has no object")));
        QVERIFY2(bytes == testContent(size, seed), qPrintable(path + QStringLiteral(" differs")));
        expectedKeys.insert(m_cluster->objectKey(task->uploadUrl()));
    }
    const QStringList keys = m_cluster->rgw().keys(m_cluster->prefix() + QLatin1Char('/'));
    QCOMPARE(QSet<QString>(keys.cbegin(), keys.cend()), expectedKeys);
    QVERIFY(m_cluster->rgw().multipartUploads().isEmpty());

    // The big file went as parallel parts joined on the server, and round robin spread the
    // requests over all three instances; none answered 5xx.
    const UploadTask *bigTask = nullptr;
    for (TaskId id : ids) {
        if (m_engine->task(id)->path() == big)
            bigTask = m_engine->task(id);
    }
    QVERIFY(bigTask && bigTask->parts().size() >= 2);
    const QList<NginxLogEntry> log = m_cluster->front().requests();
    const QMap<quint16, int> served = NginxAccessLog::servedPerUpstream(log);
    for (int i = 0; i < m_cluster->size(); ++i)
        QVERIFY2(served.value(m_cluster->instance(i).port()) > 0, qPrintable(QString::number(i)));
    const QMap<int, int> statuses = NginxAccessLog::statuses(log);
    for (auto it = statuses.cbegin(); it != statuses.cend(); ++it)
        QVERIFY2(it.key() < 500,
                 qPrintable(QStringLiteral("%1 x %2").arg(it.key()).arg(it.value())));
}

void tst_Cluster::instanceKilledMidPatchLosesNothing()
{
    m_cluster = std::make_unique<HoistdCluster>();
    QVERIFY2(m_cluster->start(3), qPrintable(m_cluster->errorString()));
    QVERIFY(startEngine(1, false));
    // Slow enough that a PATCH is under way when the instance serving it is killed.
    m_engine->scheduler()->setRateLimit(8 * MiB);
    const QString big =
        makeTestFile(m_engine->files().path(), QStringLiteral("big.bin"), BigSize, 9);
    m_engine->scheduler()->addPaths({big});
    QVERIFY(waitFor([&] { return m_engine->scheduler()->taskIds().size() == 1; }, 20000));
    const TaskId id = m_engine->scheduler()->taskIds().first();

    // One request at a time through plain round robin: the request in flight went to the
    // instance after the one that served the last request logged (nginx logs a request when it
    // ends). Wait until the upload is well under way, then kill that one mid-PATCH.
    int victim = -1;
    QVERIFY(waitFor(
        [&] {
            const QList<NginxLogEntry> log = m_cluster->front().requests();
            qint64 patched = 0;
            for (const NginxLogEntry &e : log)
                patched += e.method == "PATCH" ? e.requestLength : 0;
            // At least one PATCH done, and the one in flight 2 MiB along.
            const UploadTask *task = m_engine->task(id);
            if (patched == 0 || task->shownBytes() < patched + 2 * MiB)
                return false;
            for (int i = 0; i < m_cluster->size(); ++i) {
                if (m_cluster->instance(i).port() == log.last().servedBy())
                    victim = (i + 1) % m_cluster->size();
            }
            return victim >= 0;
        },
        120000));
    const quint16 victimPort = m_cluster->instance(victim).port();
    m_cluster->instance(victim).kill();
    QVERIFY(m_engine->waitIdle(300000));
    QVERIFY2(states({id}).isEmpty(), qPrintable(states({id})));
    const UploadTask *task = m_engine->task(id);
    bool found = false;
    const QByteArray bytes = m_cluster->object(task->uploadUrl(), &found);
    QVERIFY2(found, "no object");
    QVERIFY2(bytes == testContent(BigSize, 9), "the object differs from the file");
    QVERIFY(m_cluster->rgw().multipartUploads().isEmpty());
    // The kill cut a PATCH short (nginx answered 502), and the upload went on elsewhere.
    bool cut = false;
    bool continued = false;
    QString seen = QStringLiteral("victim %1:").arg(victimPort);
    for (const NginxLogEntry &e : m_cluster->front().requests()) {
        seen += QStringLiteral("\n%1 %2 %3 %4 %5s")
                    .arg(QString::fromLatin1(e.method))
                    .arg(e.status)
                    .arg(e.servedBy())
                    .arg(e.requestLength)
                    .arg(e.requestTime);
        cut |= e.method == "PATCH" && e.status == 502 && e.upstreamPorts.contains(victimPort);
        continued |= cut && e.method == "PATCH" && e.status == 204;
    }
    QVERIFY2(cut, qPrintable(seen));
    QVERIFY(continued);
}

void tst_Cluster::uploadLimitHoldsAcrossInstances()
{
    // Empty uploads cost no bytes and finish at once: only the bound on uploads held stops them.
    // Round robin sends each creation to another instance; the bound is one count in PostgreSQL.
    m_cluster = std::make_unique<HoistdCluster>();
    QVERIFY2(m_cluster->start(3, {QStringLiteral("--max-uploads"), QStringLiteral("4")}),
             qPrintable(m_cluster->errorString()));
    const RawHeaders create{{"Tus-Resumable", "1.0.0"}, {"Upload-Length", "0"}};
    const quint16 front = m_cluster->front().port();
    for (int i = 0; i < 4; ++i)
        QCOMPARE(rawRequest(front, "POST", "/files/", create).status, 201);
    const RawResponse refused = rawRequest(front, "POST", "/files/", create);
    QCOMPARE(refused.status, 413);
    QVERIFY2(refused.body.contains("Limit of 4 uploads exceeded: 4 held"),
             refused.body.constData());
    const QMap<quint16, int> served =
        NginxAccessLog::servedPerUpstream(m_cluster->front().requests(), "POST");
    QCOMPARE(served.size(), 3);

    // Each instance's /metrics shows its S3 and PostgreSQL requests and the refusal it made.
    int refusals = 0;
    for (int i = 0; i < m_cluster->size(); ++i) {
        const RawResponse metrics =
            rawRequest(m_cluster->instance(i).port(), "GET", "/metrics", {});
        QCOMPARE(metrics.status, 200);
        QVERIFY2(
            metrics.body.contains("hoistd_pg_statement_duration_seconds_count{outcome=\"ok\"} "),
            metrics.body.constData());
        QVERIFY(metrics.body.contains("hoistd_s3_request_duration_seconds_count{method=\"GET\""));
        QVERIFY(metrics.body.contains("hoistd_lease_handovers_total 0\n"));
        refusals += metrics.body.contains("hoistd_refusals_total{reason=\"uploads\"} 1\n") ? 1 : 0;
    }
    QCOMPARE(refusals, 1);
}

void tst_Cluster::timedWorkRunsOnceAcrossInstances()
{
    // Short expiry and grace, so both timers fire often on all three instances at once.
    m_cluster = std::make_unique<HoistdCluster>();
    QVERIFY2(m_cluster->start(3, {QStringLiteral("--expire-after"), QStringLiteral("2"),
                                  QStringLiteral("--reconcile-after"), QStringLiteral("2s")}),
             qPrintable(m_cluster->errorString()));
    // An orphan: a multipart upload under the prefix that no record names (a crash between
    // CreateMultipartUpload and the record would leave one).
    S3Bucket bucket(S3Bucket::Config(
        S3Target(m_cluster->rgw().service(), m_cluster->rgw().region(), m_cluster->rgw().bucket()),
        m_cluster->rgw().credentials()));
    const auto orphan =
        bucket.createMultipartUpload(m_cluster->prefix() + QStringLiteral("/orphan0123456789"), {});
    QVERIFY(orphan.ok());
    QCOMPARE(m_cluster->rgw().multipartUploads().size(), 1);

    constexpr int Uploads = 6;
    const RawHeaders create{{"Tus-Resumable", "1.0.0"}, {"Upload-Length", "10"}};
    QStringList locations;
    for (int i = 0; i < Uploads; ++i) {
        const RawResponse made = rawRequest(m_cluster->front().port(), "POST", "/files/", create);
        QCOMPARE(made.status, 201);
        locations << QString::fromLatin1(made.header("location"));
    }
    // Every upload expires and is removed exactly once, whichever instance's sweep got it; the
    // orphan is aborted.
    static const QRegularExpression expired(QStringLiteral("expired (\\d+) unfinished upload"));
    const auto removedInAll = [&] {
        int total = 0;
        for (int i = 0; i < m_cluster->size(); ++i) {
            auto it = expired.globalMatch(m_cluster->instance(i).serverLog());
            while (it.hasNext())
                total += it.next().captured(1).toInt();
        }
        return total;
    };
    QVERIFY2(waitFor([&] { return removedInAll() >= Uploads; }, 60000),
             qPrintable(QString::number(removedInAll())));
    QVERIFY(waitFor([&] { return m_cluster->rgw().multipartUploads().isEmpty(); }, 60000));
    for (const QString &location : locations) {
        const QString path = QUrl(location).path();
        const RawResponse head = rawRequest(m_cluster->front().port(), "HEAD", path.toLatin1(),
                                            {{"Tus-Resumable", "1.0.0"}});
        QVERIFY2(head.status == 404 || head.status == 410,
                 qPrintable(QString::number(head.status)));
    }
    QCOMPARE(removedInAll(), Uploads); // none removed twice
}

QTEST_GUILESS_MAIN(tst_Cluster)
#include "tst_cluster.moc"
