// The 300 MiB file (issue 20): Hoist's engine uploads it in parallel parts through
// round-robin nginx to three hoistd instances on one PostgreSQL and one bucket; the object in
// the bucket, read back with an S3 client of the test's own, has the file's SHA-256, and nothing
// else is left under the prefix. Apart from tst_cluster because of its size: it is the slowest
// of the cluster tests (HOIST_CLUSTER_BIG_MIB sets another size, for a quick look).
#include "hoistdcluster.h"
#include "loadaverage.h"
#include "nginxaccesslog.h"
#include "schedulerfixture.h"
#include "testfiles.h"
#include "uploadscheduler.h"
#include "uploadtask.h"
#include "waitfor.h"

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QElapsedTimer>
#include <QFile>
#include <QSet>
#include <QTest>

namespace {
constexpr qint64 MiB = 1024 * 1024;

qint64 bigSize()
{
    bool ok = false;
    const qint64 mib = qEnvironmentVariableIntValue("HOIST_CLUSTER_BIG_MIB", &ok);
    return (ok && mib > 0 ? mib : 300) * MiB + 4321; // and a tail below 5 MiB
}

QByteArray fileSha256(const QString &path)
{
    QFile file(path);
    QCryptographicHash hash(QCryptographicHash::Sha256);
    if (!file.open(QIODevice::ReadOnly) || !hash.addData(&file))
        return {};
    return hash.result().toHex();
}
} // namespace

class tst_ClusterBigFile : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanup();
    void bigFileInParallelPartsIsByteIdentical();

private:
    std::unique_ptr<HoistdCluster> m_cluster;
    std::unique_ptr<SchedulerFixture> m_engine;
};

void tst_ClusterBigFile::initTestCase()
{
    HoistdCluster::startForTest(m_cluster);
}

void tst_ClusterBigFile::cleanup()
{
    if (QTest::currentTestFailed() && m_engine && !m_engine->scheduler()->taskIds().isEmpty())
        qWarning("the task had %lld bytes up",
                 m_engine->task(m_engine->scheduler()->taskIds().first())->shownBytes());
    if (m_cluster)
        m_cluster->warnIfFailed();
    m_engine.reset();
}

void tst_ClusterBigFile::bigFileInParallelPartsIsByteIdentical()
{
    const qint64 size = bigSize();
    m_engine = std::make_unique<SchedulerFixture>();
    QVERIFY2(m_engine->start(m_cluster->endpoint()), qPrintable(m_engine->errorString()));
    UploadScheduler *scheduler = m_engine->scheduler();
    scheduler->setAutoConcurrency(false);
    scheduler->setConcurrency(4);
    scheduler->setParallelParts(true);
    scheduler->setChunkSize(8 * MiB); // the product's
    scheduler->setRetryPolicy(SchedulerFixture::fastRetries(20, std::chrono::milliseconds(500)));
    const QString big = makeTestFile(m_engine->files().path(), QStringLiteral("big.bin"), size, 3);
    QVERIFY(!big.isEmpty());
    const QByteArray expected = fileSha256(big);
    QVERIFY(!expected.isEmpty());

    QElapsedTimer took;
    took.start();
    const QList<TaskId> ids = m_engine->add({big});
    QCOMPARE(ids.size(), 1);
    QVERIFY(m_engine->waitIdle(600000));
    const UploadTask *task = m_engine->task(ids.first());
    QVERIFY2(task->state() == TaskState::Success,
             qPrintable(task->errorMessage() + QLatin1Char(' ') + task->errorDetail()));
    qInfo("%lld MiB uploaded in %lld ms (load %s)", size / MiB, took.elapsed(),
          loadAverage().constData());
    QVERIFY(task->parts().size() >= 2);
    QCOMPARE(task->uploadUrl().port(), int(m_cluster->front().port()));

    bool found = false;
    const QByteArray stored = m_cluster->object(task->uploadUrl(), &found);
    QVERIFY2(found, "no object");
    QCOMPARE(stored.size(), size);
    QCOMPARE(QCryptographicHash::hash(stored, QCryptographicHash::Sha256).toHex(), expected);
    // The parallel parts' own uploads are deleted once joined (the client's DELETEs may still
    // be on their way): then only the object is left.
    QStringList keys;
    QVERIFY2(waitFor(
                 [&] {
                     keys = m_cluster->rgw().keys(m_cluster->prefix() + QLatin1Char('/'));
                     return keys == QStringList{m_cluster->objectKey(task->uploadUrl())};
                 },
                 30000),
             qPrintable(keys.join(QLatin1Char(' '))));
    QVERIFY(m_cluster->rgw().multipartUploads().isEmpty());

    // The parts' PATCHes went to all three instances, and none answered 5xx.
    const QList<NginxLogEntry> log = m_cluster->front().requests();
    const QMap<quint16, int> served = NginxAccessLog::servedPerUpstream(log, "PATCH");
    QCOMPARE(served.size(), m_cluster->size());
    const QMap<int, int> statuses = NginxAccessLog::statuses(log);
    for (auto it = statuses.cbegin(); it != statuses.cend(); ++it)
        QVERIFY2(it.key() < 500,
                 qPrintable(QStringLiteral("%1 x %2").arg(it.key()).arg(it.value())));
}

int main(int argc, char **argv)
{
    // On a loaded machine the upload alone can pass QtTest's 5-minute watchdog (ctest's TIMEOUT
    // still bounds the program).
    qputenv("QTEST_FUNCTION_TIMEOUT", "840000");
    QCoreApplication app(argc, argv);
    tst_ClusterBigFile test;
    QTEST_SET_MAIN_SOURCE_PATH
    return QTest::qExec(&test, argc, argv);
}
#include "tst_clusterbigfile.moc"
