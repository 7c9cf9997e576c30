// The S3 client (core/s3) against a real Ceph RGW (the rgw fixture): PutObject and multipart
// uploads of awkward sizes read back byte for byte, parts in parallel, held until saved, resume
// through paged ListParts without sending a listed part again, an upload aborted behind its back
// begun anew, Abort through terminate(), readable permanent errors for a wrong key or bucket or
// none, clock skew corrected with one retry, a file changed mid-upload, and the scheduler
// driving it all. What RGW will not do is in tst_s3protocol (a scripted server).
#include "delaylink.h"
#include "filestall.h"
#include "latenessprobe.h"
#include "protocolrouter.h"
#include "rgwpeer.h"
#include "s3multiparttransfer.h"
#include "s3partaddress.h"
#include "s3protocol.h"
#include "testfiles.h"
#include "testjob.h"
#include "transferrecorder.h"
#include "uploadscheduler.h"
#include "uploadtask.h"
#include "waitfor.h"

#include <QFile>
#include <QFileInfo>
#include <QNetworkAccessManager>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

namespace {
constexpr qint64 MiB = 1024 * 1024;
constexpr qint64 Part = S3MultipartTransfer::MinPartSize;
constexpr int TimeoutMs = 120000;

// Part numbers of the parts a transfer started, in order (chunkStarted carries part ranges).
void startedParts(Transfer *transfer, QObject *context, QList<int> *into)
{
    QObject::connect(transfer, &Transfer::chunkStarted, context,
                     [into](qint64 begin, qint64) { into->append(int(begin / Part) + 1); });
}
} // namespace

class tst_S3Transfer : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();

    void sizesReadBackIdentical_data();
    void sizesReadBackIdentical();
    void partsInParallel();
    void nextPartSendsWhileAnswerAwaited_data();
    void nextPartSendsWhileAnswerAwaited();
    void holdsAfterCreateUntilSaved();
    void resumeSendsOnlyUnlistedParts();
    void terminateAbortsTheUpload();
    void resumeOfAbortedUploadStartsAnew();
    void wrongSecretIsReadableAndPermanent();
    void missingBucketIsReadableAndPermanent();
    void missingKeysFailAtOnce();
    void clockSkewIsCorrectedWithOneRetry();
    void clockSkewOfConcurrentRequests();
    void fileChangedMidUpload();
    void stalledFileFailsWithoutFreezing();
    void throughTheScheduler();

private:
    std::optional<RgwEnv> m_env;
    std::unique_ptr<RgwPeer> m_peer;
    QNetworkAccessManager m_network;
    std::unique_ptr<S3Protocol> m_protocol;
    QString m_bucket;
    QTemporaryDir m_dir;
};

void tst_S3Transfer::initTestCase()
{
    QVERIFY(m_dir.isValid());
    QString problem;
    m_env = RgwEnv::load(&problem);
    QVERIFY2(m_env, qPrintable(problem));
    m_peer = std::make_unique<RgwPeer>(*m_env);
    m_bucket = RgwPeer::uniqueBucketName(QStringLiteral("tst-s3transfer"));
    QVERIFY(m_peer->createBucket(m_bucket));
    m_protocol = std::make_unique<S3Protocol>(&m_network);
    m_protocol->setCredentials(m_env->endpoint, m_env->keys);
}

// ---- against RGW ----------------------------------------------------------------------------

void tst_S3Transfer::sizesReadBackIdentical_data()
{
    QTest::addColumn<qint64>("size");
    QTest::newRow("empty") << qint64(0);
    QTest::newRow("one byte") << qint64(1);
    QTest::newRow("5 MiB - 1") << 5 * MiB - 1;
    QTest::newRow("one part exactly") << Part;
    QTest::newRow("one part + 1") << Part + 1;
    QTest::newRow("three parts + 3") << 3 * Part + 3;
}

void tst_S3Transfer::sizesReadBackIdentical()
{
    QFETCH(qint64, size);
    const QString name = QStringLiteral("size %1.bin").arg(size);
    const QString path = makeTestFile(m_dir.path(), name, size, quint32(size + 7));
    QVERIFY(!path.isEmpty());
    TransferJob job = testJob(path, m_env->targetUrl(m_bucket, QStringLiteral("sizes")));
    job.metadata.insert(QStringLiteral("relativePath"), QStringLiteral("folder/") + name);
    auto transfer = m_protocol->createTransfer(job);
    QSignalSpy created(transfer.get(), &Transfer::partsCreated);
    TransferRecorder recorder(transfer.get());
    transfer->start();
    QVERIFY(recorder.wait(TimeoutMs));
    QVERIFY2(recorder.succeeded(), qPrintable(recorder.error.message()));
    QCOMPARE(recorder.afterEnd, 0);
    // Multipart only above one part; its parts were reported for the store.
    QCOMPARE(created.isEmpty(), size <= Part);
    const std::optional<QByteArray> object =
        m_peer->getObject(m_bucket, QStringLiteral("sizes/folder/") + name);
    QVERIFY(object);
    QCOMPARE(object->size(), size);
    QVERIFY(*object == testContent(size, quint32(size + 7)));
}

void tst_S3Transfer::partsInParallel()
{
    const qint64 size = 5 * Part + 11;
    const QString path = makeTestFile(m_dir.path(), QStringLiteral("parallel.bin"), size, 3);
    TransferJob job = testJob(path, m_env->targetUrl(m_bucket));
    job.maxStreams = 4;
    auto transfer = m_protocol->createTransfer(job);
    transfer->setStreamLimit(4);
    int mostInUse = 0;
    connect(transfer.get(), &Transfer::streamsChanged, this,
            [&mostInUse](int inUse, int) { mostInUse = qMax(mostInUse, inUse); });
    TransferRecorder recorder(transfer.get());
    transfer->start();
    QVERIFY(recorder.wait(TimeoutMs));
    QVERIFY2(recorder.succeeded(), qPrintable(recorder.error.message()));
    QCOMPARE(mostInUse, 4);
    const auto object = m_peer->getObject(m_bucket, QStringLiteral("parallel.bin"));
    QVERIFY(object && *object == testContent(size, 3));
}

void tst_S3Transfer::nextPartSendsWhileAnswerAwaited_data()
{
    QTest::addColumn<bool>("overlap");
    QTest::newRow("Auto: overlapped") << true;
    QTest::newRow("fixed cap: one request") << false;
}

// One stream, three parts, through a link 100 ms each way: under Auto (overlapAnswers) the
// second part starts once the first part's bytes have all left, a round trip before its answer;
// with a fixed cap it waits for that answer. Either way the object is byte-identical.
void tst_S3Transfer::nextPartSendsWhileAnswerAwaited()
{
    QFETCH(bool, overlap);
    using namespace std::chrono_literals;
    DelayLink link;
    QVERIFY2(link.start(m_env->endpoint.host(), quint16(m_env->endpoint.port())),
             qPrintable(link.errorString()));
    link.setDelay(100ms);
    RgwEnv far = *m_env;
    far.endpoint = link.url().adjusted(QUrl::StripTrailingSlash);
    m_protocol->setCredentials(far.endpoint, far.keys);
    const qint64 size = 2 * Part + 5;
    const QString name = QStringLiteral("overlap-%1.bin").arg(overlap);
    const QString path = makeTestFile(m_dir.path(), name, size, 9);
    TransferJob job = testJob(path, far.targetUrl(m_bucket));
    job.maxStreams = 1;
    job.overlapAnswers = overlap;
    auto transfer = m_protocol->createTransfer(job);
    transfer->setStreamLimit(1);
    // Which part began, and how many parts the server had confirmed by then.
    QList<qint64> startedAt;
    QList<int> confirmedWhenStarted;
    int confirmed = 0;
    int mostInUse = 0;
    connect(transfer.get(), &Transfer::chunkStarted, this, [&](qint64 begin, qint64) {
        startedAt.append(begin);
        confirmedWhenStarted.append(confirmed);
    });
    connect(transfer.get(), &Transfer::partsConfirmed, this, [&](const UploadParts &parts) {
        confirmed = int(std::count_if(parts.cbegin(), parts.cend(),
                                      [](const UploadPart &p) { return p.isDone(); }));
    });
    connect(transfer.get(), &Transfer::streamsChanged, this,
            [&mostInUse](int inUse, int) { mostInUse = qMax(mostInUse, inUse); });
    TransferRecorder recorder(transfer.get());
    transfer->start();
    QVERIFY(recorder.wait(TimeoutMs));
    QVERIFY2(recorder.succeeded(), qPrintable(recorder.error.message()));
    QCOMPARE(startedAt, (QList<qint64>{0, Part, 2 * Part}));
    // Parts 2 and 3 began before (overlapped) or after (capped) the part before them was answered.
    QCOMPARE(confirmedWhenStarted, overlap ? (QList<int>{0, 0, 1}) : (QList<int>{0, 1, 2}));
    // What the scheduler is told holds a slot stays within the limit either way.
    QCOMPARE(mostInUse, 1);
    const auto object = m_peer->getObject(m_bucket, name);
    QVERIFY(object && *object == testContent(size, 9));
}

void tst_S3Transfer::holdsAfterCreateUntilSaved()
{
    const qint64 size = Part + 5;
    const QString path = makeTestFile(m_dir.path(), QStringLiteral("held.bin"), size, 4);
    TransferJob job = testJob(path, m_env->targetUrl(m_bucket));
    job.holdAfterCreate = true;
    auto transfer = m_protocol->createTransfer(job);
    QSignalSpy created(transfer.get(), &Transfer::partsCreated);
    QSignalSpy started(transfer.get(), &Transfer::chunkStarted);
    TransferRecorder recorder(transfer.get());
    transfer->start();
    QVERIFY(created.wait(TimeoutMs));
    const UploadParts parts = created.first().first().value<UploadParts>();
    QCOMPARE(parts.size(), 2);
    for (const UploadPart &part : parts)
        QVERIFY(S3PartAddress::fromUrl(part.url));
    QVERIFY(!started.wait(300)); // held: nothing is sent before the parts are saved
    transfer->continueAfterCreated();
    QVERIFY(recorder.wait(TimeoutMs));
    QVERIFY2(recorder.succeeded(), qPrintable(recorder.error.message()));
    // Each part's ETag was reported for the store as it arrived.
    const UploadParts last = created.last().first().value<UploadParts>();
    QVERIFY(std::all_of(last.cbegin(), last.cend(),
                        [](const UploadPart &p) { return p.isDone() && !p.etag.isEmpty(); }));
}

void tst_S3Transfer::resumeSendsOnlyUnlistedParts()
{
    const qint64 size = 5 * Part + 3;
    const QString path = makeTestFile(m_dir.path(), QStringLiteral("resume.bin"), size, 5);
    const TransferJob job = testJob(path, m_env->targetUrl(m_bucket));
    UploadParts saved;
    {
        auto first = m_protocol->createTransfer(job);
        connect(first.get(), &Transfer::partsCreated, this,
                [&saved](const UploadParts &parts) { saved = parts; });
        TransferRecorder recorder(first.get());
        first->start();
        QVERIFY(waitFor(
            [&] {
                return recorder.done()
                       || std::count_if(saved.cbegin(), saved.cend(), [](const UploadPart &p) {
                              return p.isDone();
                          }) >= 3;
            },
            TimeoutMs));
        QVERIFY(!recorder.done());
        first->abort(); // a pause: the upload stays on the server with three parts
    }
    // The store's idea of what is done does not count: only the server's listing does.
    TransferJob again = job;
    again.parts = saved;
    for (UploadPart &part : again.parts) {
        part.confirmed = 0;
        part.etag.clear();
    }
    m_protocol->setListPartsPageSize(2); // three listed parts: two pages
    auto second = m_protocol->createTransfer(again);
    QList<int> sent;
    startedParts(second.get(), this, &sent);
    QSignalSpy lost(second.get(), &Transfer::uploadLost);
    TransferRecorder recorder(second.get());
    second->start();
    QVERIFY(recorder.wait(TimeoutMs));
    m_protocol->setListPartsPageSize(S3Protocol::DefaultListPartsPageSize);
    QVERIFY2(recorder.succeeded(), qPrintable(recorder.error.message()));
    QCOMPARE(lost.size(), 0);
    QCOMPARE(sent, (QList<int>{4, 5, 6}));
    const auto object = m_peer->getObject(m_bucket, QStringLiteral("resume.bin"));
    QVERIFY(object && *object == testContent(size, 5));
}

void tst_S3Transfer::terminateAbortsTheUpload()
{
    const QString bucket = RgwPeer::uniqueBucketName(QStringLiteral("tst-s3abort"));
    QVERIFY(m_peer->createBucket(bucket));
    const QString path = makeTestFile(m_dir.path(), QStringLiteral("abort.bin"), 3 * Part, 6);
    auto transfer = m_protocol->createTransfer(testJob(path, m_env->targetUrl(bucket)));
    UploadParts parts;
    connect(transfer.get(), &Transfer::partsCreated, this,
            [&parts](const UploadParts &p) { parts = p; });
    TransferRecorder recorder(transfer.get());
    transfer->start();
    QVERIFY(waitFor([&] { return !parts.isEmpty() && parts.first().isDone(); }, TimeoutMs));
    transfer->abort();
    QCOMPARE(m_peer->multipartUploads(bucket).value_or(QStringList()).size(), 1);
    QSignalSpy terminated(m_protocol.get(), &TransferProtocol::terminated);
    for (const UploadPart &part : std::as_const(parts))
        m_protocol->terminate(part.url, {});
    QVERIFY(waitFor([&] { return terminated.size() == parts.size(); }, TimeoutMs));
    for (const QList<QVariant> &args : std::as_const(terminated))
        QVERIFY(args.at(1).toBool());
    const std::optional<QStringList> uploads = m_peer->multipartUploads(bucket);
    QVERIFY(uploads);
    QVERIFY2(uploads->isEmpty(), qPrintable(uploads->join(QLatin1Char(','))));
    // Asked again later: the same answer, no upload to abort.
    m_protocol->terminate(parts.first().url, {});
    QVERIFY(terminated.wait(TimeoutMs));
    QVERIFY(terminated.last().at(1).toBool());
}

void tst_S3Transfer::resumeOfAbortedUploadStartsAnew()
{
    const qint64 size = 2 * Part + 1;
    const QString path = makeTestFile(m_dir.path(), QStringLiteral("gone.bin"), size, 10);
    const TransferJob job = testJob(path, m_env->targetUrl(m_bucket));
    UploadParts saved;
    {
        auto first = m_protocol->createTransfer(job);
        connect(first.get(), &Transfer::partsCreated, this,
                [&saved](const UploadParts &parts) { saved = parts; });
        first->start();
        QVERIFY(waitFor([&] { return !saved.isEmpty() && saved.first().isDone(); }, TimeoutMs));
        first->abort();
    }
    // Aborted behind its back (another client, a lifecycle rule): NoSuchUpload on resume.
    QSignalSpy terminated(m_protocol.get(), &TransferProtocol::terminated);
    m_protocol->terminate(saved.first().url, {});
    QVERIFY(terminated.wait(TimeoutMs));
    TransferJob again = job;
    again.parts = saved;
    auto second = m_protocol->createTransfer(again);
    QSignalSpy lost(second.get(), &Transfer::uploadLost);
    QSignalSpy created(second.get(), &Transfer::partsCreated);
    TransferRecorder recorder(second.get());
    second->start();
    QVERIFY(recorder.wait(TimeoutMs));
    QVERIFY2(recorder.succeeded(), qPrintable(recorder.error.message()));
    QCOMPARE(lost.size(), 1);
    // The new upload's parts were reported for the store, under another upload id.
    const UploadParts fresh = created.first().first().value<UploadParts>();
    QVERIFY(S3PartAddress::fromUrl(fresh.first().url)->uploadId
            != S3PartAddress::fromUrl(saved.first().url)->uploadId);
    const auto object = m_peer->getObject(m_bucket, QStringLiteral("gone.bin"));
    QVERIFY(object && *object == testContent(size, 10));
}

void tst_S3Transfer::wrongSecretIsReadableAndPermanent()
{
    S3Protocol protocol(&m_network);
    S3Credentials wrong = m_env->keys;
    wrong.secretAccessKey = "wrong-" + wrong.secretAccessKey;
    protocol.setCredentials(m_env->targetUrl(m_bucket), wrong);
    const QString path = makeTestFile(m_dir.path(), QStringLiteral("secret.bin"), 10, 1);
    auto transfer = protocol.createTransfer(testJob(path, m_env->targetUrl(m_bucket)));
    TransferRecorder recorder(transfer.get());
    transfer->start();
    QVERIFY(recorder.wait(TimeoutMs));
    QVERIFY(!recorder.succeeded());
    QVERIFY(!recorder.error.isTransient());
    QVERIFY2(recorder.error.message().contains(QLatin1String("refused the key: wrong access key "
                                                             "or secret")),
             qPrintable(recorder.error.message()));
    QVERIFY(recorder.error.message().contains(QString::number(m_env->endpoint.port())));
    QVERIFY2(recorder.error.detail().contains(QLatin1String("SignatureDoesNotMatch")),
             qPrintable(recorder.error.detail()));
    QVERIFY(!recorder.error.message().contains(QString::fromUtf8(wrong.secretAccessKey)));
    QVERIFY(!recorder.error.detail().contains(QString::fromUtf8(wrong.secretAccessKey)));
}

void tst_S3Transfer::missingBucketIsReadableAndPermanent()
{
    const QString path = makeTestFile(m_dir.path(), QStringLiteral("nobucket.bin"), 10, 1);
    auto transfer = m_protocol->createTransfer(
        testJob(path, m_env->targetUrl(QStringLiteral("no-such-bucket-here"))));
    TransferRecorder recorder(transfer.get());
    transfer->start();
    QVERIFY(recorder.wait(TimeoutMs));
    QVERIFY(!recorder.succeeded());
    QVERIFY(!recorder.error.isTransient());
    QVERIFY2(recorder.error.message().startsWith(
                 QLatin1String("There is no bucket \"no-such-bucket-here\" at ")),
             qPrintable(recorder.error.message()));
    QVERIFY(recorder.error.detail().contains(QLatin1String("NoSuchBucket")));
}

void tst_S3Transfer::missingKeysFailAtOnce()
{
    S3Protocol protocol(&m_network);
    const QString path = makeTestFile(m_dir.path(), QStringLiteral("nokeys.bin"), 10, 1);
    auto transfer = protocol.createTransfer(testJob(path, m_env->targetUrl(m_bucket)));
    TransferRecorder recorder(transfer.get());
    transfer->start();
    QVERIFY(recorder.wait(TimeoutMs));
    QVERIFY(!recorder.error.isTransient());
    QVERIFY2(recorder.error.message().contains(QLatin1String("No keys are set")),
             qPrintable(recorder.error.message()));
}

void tst_S3Transfer::clockSkewIsCorrectedWithOneRetry()
{
    S3Protocol protocol(&m_network);
    protocol.setCredentials(m_env->endpoint, m_env->keys);
    protocol.setClockSkewForTest(3600 * 1000);
    QSignalSpy corrected(&protocol, &S3Protocol::clockCorrected);
    const qint64 size = Part + 9;
    const QString path = makeTestFile(m_dir.path(), QStringLiteral("skew.bin"), size, 8);
    auto transfer = protocol.createTransfer(testJob(path, m_env->targetUrl(m_bucket)));
    TransferRecorder recorder(transfer.get());
    transfer->start();
    QVERIFY(recorder.wait(TimeoutMs));
    QVERIFY2(recorder.succeeded(), qPrintable(recorder.error.message()));
    QCOMPARE(corrected.size(), 1); // the first request; every later one signs corrected
    QVERIFY(qAbs(corrected.first().at(1).toLongLong() + 3600 * 1000) < 60 * 1000);
    const auto object = m_peer->getObject(m_bucket, QStringLiteral("skew.bin"));
    QVERIFY(object && *object == testContent(size, 8));
}

void tst_S3Transfer::clockSkewOfConcurrentRequests()
{
    // Four requests refused at once, all signed with the same wrong clock, learn one offset
    // between them (not four times it).
    S3Protocol protocol(&m_network);
    protocol.setCredentials(m_env->endpoint, m_env->keys);
    protocol.setClockSkewForTest(-3600 * 1000);
    QSignalSpy corrected(&protocol, &S3Protocol::clockCorrected);
    std::vector<std::unique_ptr<Transfer>> transfers;
    std::vector<std::unique_ptr<TransferRecorder>> recorders;
    for (int i = 0; i < 4; ++i) {
        const QString path =
            makeTestFile(m_dir.path(), QStringLiteral("skew%1.txt").arg(i), 100, quint32(i));
        transfers.push_back(protocol.createTransfer(testJob(path, m_env->targetUrl(m_bucket))));
        recorders.push_back(std::make_unique<TransferRecorder>(transfers.back().get()));
        transfers.back()->start();
    }
    for (const auto &recorder : recorders) {
        QVERIFY(recorder->wait(TimeoutMs));
        QVERIFY2(recorder->succeeded(), qPrintable(recorder->error.message()));
    }
    QVERIFY(!corrected.isEmpty() && corrected.size() <= 4);
    for (const QList<QVariant> &args : std::as_const(corrected))
        QVERIFY(qAbs(args.at(1).toLongLong() - 3600 * 1000) < 60 * 1000);
}

void tst_S3Transfer::fileChangedMidUpload()
{
    const QString path = makeTestFile(m_dir.path(), QStringLiteral("changing.bin"), 3 * Part, 9);
    auto transfer = m_protocol->createTransfer(testJob(path, m_env->targetUrl(m_bucket)));
    bool appended = false;
    connect(transfer.get(), &Transfer::partsConfirmed, this, [&](const UploadParts &parts) {
        if (appended || !parts.first().isDone())
            return;
        appended = true;
        QFile file(path);
        QVERIFY(file.open(QIODevice::Append));
        file.write("more");
    });
    TransferRecorder recorder(transfer.get());
    transfer->start();
    QVERIFY(recorder.wait(TimeoutMs));
    QVERIFY(appended);
    QCOMPARE(recorder.error.kind, TransferError::Kind::FileChanged);
}

void tst_S3Transfer::stalledFileFailsWithoutFreezing()
{
    // The file's opens and reads hang, as on a dead network mount (FileStall): the PutObject fails
    // as Stalled after the stall timeout, nothing is stored, and the event loop never waits.
    const QString path = makeTestFile(m_dir.path(), QStringLiteral("stalled.bin"), 2 * MiB, 13);
    TransferJob job = testJob(path, m_env->targetUrl(m_bucket, QStringLiteral("stalled")));
    job.stallTimeoutMs = 2000;
    {
        FileStall stall(path, FileStall::Hold::OpenAndRead, 8000);
        if (!stall.isValid())
            QSKIP(qPrintable(QStringLiteral("no fanotify here: ") + stall.errorString()));
        auto transfer = m_protocol->createTransfer(job);
        TransferRecorder recorder(transfer.get());
        LatenessProbe probe;
        transfer->start();
        QVERIFY(recorder.wait(TimeoutMs));
        qInfo("the loop at worst %lld ms late: %s", probe.worstMs(),
              qPrintable(recorder.error.message()));
        QVERIFY(stall.held() > 0);
        QCOMPARE(recorder.error.kind, TransferError::Kind::Stalled);
        QVERIFY2(recorder.error.message().contains(QStringLiteral("stalled")),
                 qPrintable(recorder.error.message()));
        QVERIFY2(probe.worstMs() < 1500, qPrintable(QString::number(probe.worstMs())));
        QVERIFY(!m_peer->getObject(m_bucket, QStringLiteral("stalled/stalled.bin")));
    }
    // Once the file system answers, the same job stores the file whole.
    auto retry = m_protocol->createTransfer(job);
    TransferRecorder recorder(retry.get());
    retry->start();
    QVERIFY(recorder.wait(TimeoutMs));
    QVERIFY2(recorder.succeeded(), qPrintable(recorder.error.message()));
    const std::optional<QByteArray> object =
        m_peer->getObject(m_bucket, QStringLiteral("stalled/stalled.bin"));
    QVERIFY(object);
    QVERIFY(*object == testContent(2 * MiB, 13));
}

void tst_S3Transfer::throughTheScheduler()
{
    // The scheduler drives S3 as it drives tus (the router hands it s3:// tasks): a folder with
    // a multipart file sent in parallel parts and a small one, each to its key under the prefix.
    QTemporaryDir folder;
    QVERIFY(folder.isValid());
    QVERIFY(QDir(folder.path()).mkpath(QStringLiteral("drop/sub")));
    const qint64 big = 4 * Part + 7;
    QVERIFY(!makeTestFile(folder.filePath(QStringLiteral("drop/sub")), QStringLiteral("big.bin"),
                          big, 11)
                 .isEmpty());
    QVERIFY(!makeTestFile(folder.filePath(QStringLiteral("drop")), QStringLiteral("small.txt"),
                          1000, 12)
                 .isEmpty());
    ProtocolRouter router;
    router.route(QString::fromLatin1(S3Target::Scheme), m_protocol.get());
    UploadScheduler scheduler(&router);
    scheduler.setEndpoint(m_env->targetUrl(m_bucket, QStringLiteral("sched")));
    scheduler.setConcurrency(4);
    scheduler.setParallelParts(true);
    int mostStreams = 0;
    QSignalSpy added(&scheduler, &UploadScheduler::tasksAdded);
    scheduler.addPaths({folder.filePath(QStringLiteral("drop"))});
    QVERIFY(added.wait(TimeoutMs));
    const QList<TaskId> ids = added.first().first().value<QList<TaskId>>();
    QCOMPARE(ids.size(), 2);
    QVERIFY(waitFor(
        [&] {
            for (const TaskId id : ids) {
                if (const UploadTask *task = scheduler.task(id))
                    mostStreams = qMax(mostStreams, task->streams());
            }
            return scheduler.isIdle();
        },
        TimeoutMs));
    for (const TaskId id : ids) {
        QCOMPARE(scheduler.task(id)->state(), TaskState::Success);
        QVERIFY2(scheduler.task(id)->errorMessage().isEmpty(),
                 qPrintable(scheduler.task(id)->errorMessage()));
    }
    QVERIFY(mostStreams > 1);
    const auto object = m_peer->getObject(m_bucket, QStringLiteral("sched/drop/sub/big.bin"));
    QVERIFY(object && *object == testContent(big, 11));
    const auto small = m_peer->getObject(m_bucket, QStringLiteral("sched/drop/small.txt"));
    QVERIFY(small && *small == testContent(1000, 12));
}

QTEST_GUILESS_MAIN(tst_S3Transfer)
#include "tst_s3transfer.moc"
