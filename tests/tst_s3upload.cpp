// The scheduler's promises kept for an S3 bucket: the cases of the tus suites that are not about
// tus (a folder of awkward names byte for byte, the concurrency limit, pause and resume, a server
// restart and connection resets mid-upload, a file changed since it was queued), plus what S3
// adds (a resumed upload never sends again a part the server lists; cancel aborts the multipart
// upload; a wrong key and a missing bucket are said in plain words) and the command line end to
// end. Against the run's real Ceph RGW (RgwTestPeer; a bucket per test).
#include "awkwardfolder.h"
#include "faultproxy.h"
#include "rgwtestpeer.h"
#include "testfiles.h"
#include "waitfor.h"

#include "s3protocol.h"
#include "schedulerdriving.h"
#include "schedulerfixture.h"
#include "uploadscheduler.h"

#include <QDir>
#include <QFile>
#include <QNetworkAccessManager>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

namespace {
constexpr qint64 KiB = 1024;
constexpr qint64 MiB = 1024 * KiB;
constexpr qint64 Part = 8 * MiB; // S3MultipartTransfer::partSizeFor() for every file here
} // namespace

class tst_S3Upload : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();
    void folderOfAwkwardNamesArrivesByteForByte();
    void concurrencyLimitIsKept();
    void pauseAndResumeNeverResendsAListedPart();
    void serverRestartMidUpload();
    void connectionResetsLoseNothing();
    void fileChangedSinceQueuedFails();
    void cancelAbortsTheMultipartUpload();
    void wrongSecretAndMissingBucketAreSaid();
    void headlessUploadsAFolder();

private:
    // A scheduler uploading to `target` with the fixture's keys (or `keys`).
    void startScheduler(const QUrl &target, const S3Credentials &keys = {});
    QList<TaskId> add(const QStringList &paths, int expected = 1)
    {
        return SchedulerDriving::add(m_scheduler.get(), paths, expected);
    }
    bool waitIdle(int timeoutMs = 120000)
    {
        return SchedulerDriving::waitIdle(m_scheduler.get(), timeoutMs);
    }
    const UploadTask *task(TaskId id) const { return m_scheduler->task(id); }
    QString states(const QList<TaskId> &ids) const
    {
        return SchedulerDriving::unfinished(m_scheduler.get(), ids);
    }

    std::unique_ptr<RgwTestPeer> m_rgw;
    std::unique_ptr<QTemporaryDir> m_files;
    std::unique_ptr<QNetworkAccessManager> m_network;
    std::unique_ptr<S3Protocol> m_protocol;
    std::unique_ptr<UploadScheduler> m_scheduler;
};

void tst_S3Upload::init()
{
    QString why;
    if (!RgwTestPeer::available(&why))
        QFAIL(qPrintable(why));
    m_rgw = std::make_unique<RgwTestPeer>();
    QVERIFY2(m_rgw->start(), qPrintable(m_rgw->errorString()));
    m_files = std::make_unique<QTemporaryDir>();
}

void tst_S3Upload::cleanup()
{
    m_scheduler.reset();
    m_protocol.reset();
    m_network.reset();
    if (m_rgw && !m_rgw->isRunning())
        m_rgw->restart(); // a failed restart test must not leave the others without a server
    m_rgw.reset();
}

void tst_S3Upload::startScheduler(const QUrl &target, const S3Credentials &keys)
{
    m_network = std::make_unique<QNetworkAccessManager>();
    m_protocol = std::make_unique<S3Protocol>(m_network.get());
    m_protocol->setCredentials(target, keys.isComplete() ? keys : m_rgw->credentials());
    m_scheduler = std::make_unique<UploadScheduler>(m_protocol.get());
    m_scheduler->setEndpoint(target);
    m_scheduler->setRetryPolicy(SchedulerFixture::fastRetries());
}

void tst_S3Upload::folderOfAwkwardNamesArrivesByteForByte()
{
    const QStringList relative = makeAwkwardFolder(m_files->path(), QStringLiteral("drop"));
    QVERIFY(!relative.isEmpty());
    const QString prefix = QStringLiteral("a prefix/ü/");
    startScheduler(m_rgw->target(prefix));
    m_scheduler->setConcurrency(4);
    const QList<TaskId> ids = add({m_files->filePath(QStringLiteral("drop"))}, relative.size());
    QCOMPARE(ids.size(), relative.size());
    QVERIFY(waitIdle());
    QVERIFY2(states(ids).isEmpty(), qPrintable(states(ids)));

    // Each file under the prefix plus its path as the table shows it, nothing else.
    QStringList expected;
    for (const QString &r : relative)
        expected << prefix + r;
    QStringList stored = m_rgw->keys();
    expected.sort();
    stored.sort();
    QCOMPARE(stored, expected);
    for (int i = 0; i < relative.size(); ++i) {
        bool found = false;
        const QByteArray bytes = m_rgw->object(prefix + relative[i], &found);
        QVERIFY2(found, qPrintable(relative[i]));
        QVERIFY2(bytes == testContent(awkwardSize(i), 40 + i), qPrintable(relative[i]));
    }
    QVERIFY(m_rgw->multipartUploads().isEmpty());
}

void tst_S3Upload::concurrencyLimitIsKept()
{
    QStringList paths;
    for (int i = 0; i < 10; ++i)
        paths << makeTestFile(m_files->path(), QStringLiteral("f%1.bin").arg(i), 512 * KiB, i);
    paths << makeTestFile(m_files->path(), QStringLiteral("large.bin"), 4 * Part, 99);
    startScheduler(m_rgw->target());
    m_scheduler->setConcurrency(2);
    const QList<TaskId> ids = add(paths, paths.size());
    int most = 0;
    QVERIFY(waitFor(
        [&] {
            most = qMax(most, m_scheduler->runningCount());
            return m_scheduler->isIdle();
        },
        120000));
    QVERIFY2(states(ids).isEmpty(), qPrintable(states(ids)));
    QVERIFY(most <= 2);
    // Where the bytes arrive: never more than two bodies at once (parts of the large file
    // included), and the limit was used.
    const PeerStats stats = m_rgw->stats();
    QVERIFY2(stats.maxInFlight <= 2, qPrintable(QString::number(stats.maxInFlight)));
    QCOMPARE(stats.maxInFlight, 2);
    QVERIFY(m_rgw->object(QStringLiteral("large.bin")) == testContent(4 * Part, 99));
}

void tst_S3Upload::pauseAndResumeNeverResendsAListedPart()
{
    constexpr qint64 Size = 5 * Part + 3;
    const QString path = makeTestFile(m_files->path(), QStringLiteral("paused.bin"), Size, 5);
    startScheduler(m_rgw->target());
    m_scheduler->setConcurrency(1); // one part at a time: a pause finds some done, some not
    const QList<TaskId> ids = add({path});
    QCOMPARE(ids.size(), 1);
    const TaskId id = ids.first();
    QVERIFY(waitFor([&] { return task(id)->confirmedBytes() >= 2 * Part; }, 60000));
    m_scheduler->pause(id);
    QVERIFY(waitFor([&] { return task(id)->state() == TaskState::Paused; }));
    const QList<int> listed = m_rgw->listedParts(QStringLiteral("paused.bin"));
    QVERIFY2(listed.size() >= 2, qPrintable(QString::number(listed.size())));
    QCOMPARE(m_rgw->multipartUploads(), QStringList{QStringLiteral("paused.bin")});

    m_scheduler->resume(id);
    QVERIFY(waitIdle());
    QCOMPARE(task(id)->state(), TaskState::Success);
    QVERIFY(m_rgw->object(QStringLiteral("paused.bin")) == testContent(Size, 5));
    // Every part went up once with success, the listed ones before the pause only.
    QList<int> sent = m_rgw->partsSent(QStringLiteral("paused.bin"));
    for (int number : listed)
        QCOMPARE(sent.count(number), 1);
    std::sort(sent.begin(), sent.end());
    QCOMPARE(sent, QList<int>({1, 2, 3, 4, 5, 6}));
    QVERIFY(m_rgw->multipartUploads().isEmpty());
}

void tst_S3Upload::serverRestartMidUpload()
{
    constexpr qint64 Size = 6 * Part;
    const QString path = makeTestFile(m_files->path(), QStringLiteral("restart.bin"), Size, 6);
    startScheduler(m_rgw->target());
    m_scheduler->setRetryPolicy(SchedulerFixture::fastRetries(30, std::chrono::milliseconds(500)));
    const QList<TaskId> ids = add({path});
    QVERIFY(waitFor([&] { return task(ids.first())->confirmedBytes() >= Part; }, 60000));
    m_rgw->kill();
    QVERIFY(!m_rgw->isRunning());
    QTest::qWait(500); // requests fail meanwhile: the task retries, it does not fail
    QVERIFY2(m_rgw->restart(), qPrintable(m_rgw->errorString()));
    QVERIFY(waitIdle());
    QVERIFY2(states(ids).isEmpty(), qPrintable(states(ids)));
    QVERIFY(m_rgw->object(QStringLiteral("restart.bin")) == testContent(Size, 6));
    QVERIFY(m_rgw->multipartUploads().isEmpty());
}

void tst_S3Upload::connectionResetsLoseNothing()
{
    FaultProxy proxy;
    QVERIFY2(proxy.start(QStringLiteral("127.0.0.1"), m_rgw->port()),
             qPrintable(proxy.errorString()));
    proxy.setSeed(20261123);
    proxy.setResetProbability(0.1);
    proxy.setResetWindow(256 * KiB); // within one request: mid-body
    // S3 requests carry no headers of the scheduler's (Connection: close would be signed away),
    // so connections are kept alive and few: 10% of them is a handful of resets, each mid-body.
    QStringList paths;
    for (int i = 0; i < 30; ++i)
        paths << makeTestFile(m_files->path(), QStringLiteral("r%1.bin").arg(i), 200 * KiB + i, i);
    paths << makeTestFile(m_files->path(), QStringLiteral("reset big.bin"), 3 * Part + 1, 77);
    startScheduler(m_rgw->targetVia(proxy.url().adjusted(QUrl::RemovePath)));
    m_scheduler->setRetryPolicy(SchedulerFixture::fastRetries(40));
    m_scheduler->setConcurrency(12);
    const QList<TaskId> ids = add(paths, paths.size());
    QVERIFY(waitIdle(180000));
    QVERIFY2(states(ids).isEmpty(), qPrintable(states(ids)));
    QVERIFY2(proxy.counters().reset > 0, "no connection was reset: the test tested nothing");
    for (int i = 0; i < 30; ++i)
        QVERIFY(m_rgw->object(QStringLiteral("r%1.bin").arg(i)) == testContent(200 * KiB + i, i));
    QVERIFY(m_rgw->object(QStringLiteral("reset big.bin")) == testContent(3 * Part + 1, 77));
    qInfo("connections %lld, reset %lld", proxy.counters().accepted, proxy.counters().reset);
}

void tst_S3Upload::fileChangedSinceQueuedFails()
{
    constexpr qint64 Size = 4 * Part;
    const QString path = makeTestFile(m_files->path(), QStringLiteral("edited.bin"), Size, 8);
    startScheduler(m_rgw->target());
    m_scheduler->setConcurrency(1);
    const QList<TaskId> ids = add({path});
    const TaskId id = ids.first();
    QVERIFY(waitFor([&] { return task(id)->confirmedBytes() >= Part; }, 60000));
    m_scheduler->pause(id);
    QVERIFY(waitFor([&] { return task(id)->state() == TaskState::Paused; }));
    {
        // Same size, new bytes, a new modification time.
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadWrite));
        QVERIFY(file.write(QByteArray(4096, 'X')) == 4096);
        file.close();
        QVERIFY(file.open(QIODevice::ReadWrite));
        QVERIFY(file.setFileTime(QDateTime::currentDateTime().addSecs(5),
                                 QFileDevice::FileModificationTime));
    }
    m_scheduler->resume(id);
    QVERIFY(waitIdle());
    QCOMPARE(task(id)->state(), TaskState::Error);
    QVERIFY2(task(id)->errorMessage().contains(QStringLiteral("changed")),
             qPrintable(task(id)->errorMessage()));
    bool found = true;
    m_rgw->object(QStringLiteral("edited.bin"), &found);
    QVERIFY(!found); // never completed with old and new bytes mixed
}

void tst_S3Upload::cancelAbortsTheMultipartUpload()
{
    const QString path =
        makeTestFile(m_files->path(), QStringLiteral("cancelled.bin"), 6 * Part, 9);
    startScheduler(m_rgw->target());
    m_scheduler->setConcurrency(2);
    const QList<TaskId> ids = add({path});
    QVERIFY(waitFor([&] { return task(ids.first())->confirmedBytes() >= Part; }, 60000));
    QCOMPARE(m_rgw->multipartUploads(), QStringList{QStringLiteral("cancelled.bin")});
    m_scheduler->cancel(ids.first());
    QVERIFY(waitIdle());
    // AbortMultipartUpload went out: nothing in progress, no object, no parts billed.
    QVERIFY2(waitFor([&] { return m_rgw->multipartUploads().isEmpty(); }, 20000),
             qPrintable(m_rgw->multipartUploads().join(QLatin1Char(','))));
    QVERIFY(m_rgw->keys().isEmpty());
    QVERIFY(m_rgw->stats().count(QStringLiteral("DELETE")) >= 1);
}

void tst_S3Upload::wrongSecretAndMissingBucketAreSaid()
{
    const QString path = makeTestFile(m_files->path(), QStringLiteral("small.txt"), 100, 1);
    S3Credentials wrong = m_rgw->credentials();
    wrong.secretAccessKey = "not-" + wrong.secretAccessKey;
    startScheduler(m_rgw->target(), wrong);
    m_scheduler->setRetryPolicy(SchedulerFixture::fastRetries(2));
    QList<TaskId> ids = add({path});
    QVERIFY(waitIdle());
    QCOMPARE(task(ids.first())->state(), TaskState::Error);
    QVERIFY2(
        task(ids.first())->errorMessage().contains(QStringLiteral("wrong access key or secret")),
        qPrintable(task(ids.first())->errorMessage()));

    QUrl missing = m_rgw->target();
    missing.setHost(QStringLiteral("no-such-bucket-") + m_rgw->bucket());
    startScheduler(missing);
    ids = add({path});
    QVERIFY(waitIdle());
    QCOMPARE(task(ids.first())->state(), TaskState::Error);
    QVERIFY2(task(ids.first())->errorMessage().contains(QStringLiteral("There is no bucket")),
             qPrintable(task(ids.first())->errorMessage()));
}

void tst_S3Upload::headlessUploadsAFolder()
{
    const QString hoist = qEnvironmentVariable("HOIST_BINARY");
    QVERIFY2(QFile::exists(hoist), "HOIST_BINARY must name the built hoist");
    const QStringList relative = makeAwkwardFolder(m_files->path(), QStringLiteral("folder ü"));
    QVERIFY(!relative.isEmpty());
    QProcess process;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("AWS_ACCESS_KEY_ID"), m_rgw->credentials().accessKeyId);
    env.insert(QStringLiteral("AWS_SECRET_ACCESS_KEY"),
               QString::fromUtf8(m_rgw->credentials().secretAccessKey));
    process.setProcessEnvironment(env);
    process.start(hoist, {QStringLiteral("--headless"), QStringLiteral("-e"),
                          QStringLiteral("s3://%1/cli prefix").arg(m_rgw->bucket()),
                          QStringLiteral("--s3-endpoint"), m_rgw->service().toString(),
                          QStringLiteral("--region"), m_rgw->region(),
                          m_files->filePath(QStringLiteral("folder ü"))});
    QVERIFY(process.waitForFinished(120000));
    const QByteArray out = process.readAllStandardOutput();
    const QByteArray err = process.readAllStandardError();
    QVERIFY2(process.exitCode() == 0, err.constData());
    // Keys never printed, whatever happened.
    QVERIFY(!out.contains(m_rgw->credentials().secretAccessKey));
    QVERIFY(!err.contains(m_rgw->credentials().secretAccessKey));
    QCOMPARE(out.count("success\t"), relative.size());
    for (int i = 0; i < relative.size(); ++i) {
        const QString key = QStringLiteral("cli prefix/") + relative[i];
        QVERIFY2(m_rgw->object(key) == testContent(awkwardSize(i), 40 + i), qPrintable(key));
        // The success line names the object.
        const QUrl url =
            S3Target(m_rgw->service(), m_rgw->region(), m_rgw->bucket()).objectUrl(key);
        QVERIFY2(out.contains(url.toString(QUrl::FullyEncoded).toUtf8()), qPrintable(key));
    }
    QCOMPARE(m_rgw->keys().size(), relative.size());
}

QTEST_GUILESS_MAIN(tst_S3Upload)
#include "tst_s3upload.moc"
