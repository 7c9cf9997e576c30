// Items 7 and 8 of issue 17 for S3, against the run's real Ceph RGW: a PutObject and a multipart
// upload both end "Done · verified" (the object's ETag against the file's MD5, or the MD5 of its
// parts' MD5s, read with a HEAD since RGW's CompleteMultipartUpload names none), a resumed
// multipart upload too (the MD5s of parts sent before are read again), and each object carries
// x-amz-meta-mtime in rclone's format, as the reference client (aws s3api head-object) sees it.
#include "rgwtestpeer.h"
#include "schedulerfixture.h"
#include "testfiles.h"
#include "waitfor.h"

#include "s3protocol.h"
#include "s3request.h"
#include "s3verification.h"
#include "uploadscheduler.h"
#include "uploadtask.h"

#include <QCryptographicHash>
#include <QDateTime>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QProcess>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

namespace {
constexpr qint64 KiB = 1024;
constexpr qint64 MiB = 1024 * KiB;
constexpr qint64 OldTimeMs = 981173106789; // 2001-02-03 04:05:06.789 UTC

bool setModified(const QString &path, qint64 ms)
{
    QFile file(path);
    return file.open(QIODevice::ReadWrite)
           && file.setFileTime(QDateTime::fromMSecsSinceEpoch(ms, Qt::UTC),
                               QFileDevice::FileModificationTime);
}
} // namespace

class tst_S3Verification : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();
    void expectedEtags();
    void putAndMultipartAreVerified();
    void resumedMultipartIsVerified();

private:
    void startScheduler();
    QList<TaskId> add(const QStringList &paths);
    // aws s3api head-object: the object's JSON description, as the reference client reads it.

    std::unique_ptr<RgwTestPeer> m_rgw;
    QTemporaryDir m_files;
    std::unique_ptr<QNetworkAccessManager> m_network;
    std::unique_ptr<S3Protocol> m_protocol;
    std::unique_ptr<UploadScheduler> m_scheduler;
};

void tst_S3Verification::init()
{
    QString why;
    if (!RgwTestPeer::available(&why))
        QFAIL(qPrintable(why));
    m_rgw = std::make_unique<RgwTestPeer>();
    QVERIFY2(m_rgw->start(), qPrintable(m_rgw->errorString()));
}

void tst_S3Verification::cleanup()
{
    m_scheduler.reset();
    m_protocol.reset();
    m_network.reset();
    m_rgw.reset();
}

void tst_S3Verification::startScheduler()
{
    m_network = std::make_unique<QNetworkAccessManager>();
    m_protocol = std::make_unique<S3Protocol>(m_network.get());
    m_protocol->setCredentials(m_rgw->target(), m_rgw->credentials());
    m_scheduler = std::make_unique<UploadScheduler>(m_protocol.get());
    m_scheduler->setEndpoint(m_rgw->target());
    m_scheduler->setRetryPolicy(SchedulerFixture::fastRetries());
}

QList<TaskId> tst_S3Verification::add(const QStringList &paths)
{
    QSignalSpy added(m_scheduler.get(), &UploadScheduler::tasksAdded);
    m_scheduler->addPaths(paths);
    waitFor([&] { return m_scheduler->taskCount() >= paths.size(); }, 20000);
    QList<TaskId> ids;
    for (const QList<QVariant> &signal : std::as_const(added))
        ids += signal.first().value<QList<TaskId>>();
    return ids;
}

void tst_S3Verification::expectedEtags()
{
    const QByteArray a = QCryptographicHash::hash("part one", QCryptographicHash::Md5);
    const QByteArray b = QCryptographicHash::hash("part two", QCryptographicHash::Md5);
    QCOMPARE(S3Verification::expectedEtag({a}, false), a.toHex());
    QCOMPARE(S3Verification::expectedEtag({a, b}, true),
             QCryptographicHash::hash(a + b, QCryptographicHash::Md5).toHex() + "-2");
    // An ETag that is no MD5 (SSE-KMS) cannot tell: not verifiable, never a failure.
    S3Answer answer;
    answer.status = 200;
    answer.etag = "\"0123456789abcdef0123456789abcdef\"";
    answer.encryption = "aws:kms";
    TransferError mismatch;
    UploadCheck check = S3Verification::judge(answer, a.toHex(), QStringLiteral("f"), &mismatch);
    QCOMPARE(check.outcome, UploadCheck::Outcome::NotVerifiable);
    QCOMPARE(mismatch.kind, TransferError::Kind::None);
    answer.encryption.clear();
    answer.etag = "\"not-an-md5\"";
    check = S3Verification::judge(answer, a.toHex(), QStringLiteral("f"), &mismatch);
    QCOMPARE(check.outcome, UploadCheck::Outcome::NotVerifiable);
    // Another MD5: the object is not the file.
    answer.etag = '"' + b.toHex() + '"';
    check = S3Verification::judge(answer, a.toHex(), QStringLiteral("f"), &mismatch);
    QCOMPARE(mismatch.kind, TransferError::Kind::ContentMismatch);
    QVERIFY(
        mismatch.message().startsWith(QLatin1String("The server's copy differs from this file")));
    answer.etag = '"' + a.toHex() + '"';
    check = S3Verification::judge(answer, a.toHex(), QStringLiteral("f"), &mismatch);
    QVERIFY(check.verified());
    QCOMPARE(mismatch.kind, TransferError::Kind::None);
}

void tst_S3Verification::putAndMultipartAreVerified()
{
    startScheduler();
    const QString single = makeTestFile(m_files.path(), QStringLiteral("single.bin"), 300 * KiB, 1);
    const QString multi =
        makeTestFile(m_files.path(), QStringLiteral("multi.bin"), 20 * MiB + 7, 2);
    QVERIFY(setModified(single, OldTimeMs));
    QVERIFY(setModified(multi, OldTimeMs));
    const QList<TaskId> ids = add({single, multi});
    QCOMPARE(ids.size(), 2);
    QVERIFY(waitFor([this] { return m_scheduler->isIdle(); }, 180000));
    for (TaskId id : ids) {
        const UploadTask *task = m_scheduler->task(id);
        QVERIFY(task);
        QVERIFY2(task->state() == TaskState::Success,
                 qPrintable(task->errorMessage() + task->errorDetail()));
        QVERIFY2(task->check().verified(), qPrintable(task->check().how));
    }
    QVERIFY(m_scheduler->task(ids.at(0))->check().how.contains(QLatin1String("this file's MD5")));
    QVERIFY(m_scheduler->task(ids.at(1))->check().how.contains(QLatin1String("part MD5s")));
    QCOMPARE(m_rgw->object(QStringLiteral("single.bin")), testContent(300 * KiB, 1));
    QCOMPARE(m_rgw->object(QStringLiteral("multi.bin")), testContent(20 * MiB + 7, 2));
    for (const QString &key : {QStringLiteral("single.bin"), QStringLiteral("multi.bin")}) {
        const QJsonObject object = m_rgw->headObjectByAws(key);
        QVERIFY2(!object.isEmpty(), qPrintable(key));
        QCOMPARE(object.value(QLatin1String("Metadata"))
                     .toObject()
                     .value(QLatin1String("mtime"))
                     .toString(),
                 QStringLiteral("981173106.789"));
    }
    // The multipart ETag as aws reports it: three parts of 8 MiB at most.
    QVERIFY(m_rgw->headObjectByAws(QStringLiteral("multi.bin"))
                .value(QLatin1String("ETag"))
                .toString()
                .endsWith(QLatin1String("-3\"")));
}

void tst_S3Verification::resumedMultipartIsVerified()
{
    startScheduler();
    const qint64 size = 24 * MiB;
    const QString path = makeTestFile(m_files.path(), QStringLiteral("resumed.bin"), size, 5);
    m_scheduler->setConcurrency(1); // one part at a time, so the pause comes between parts
    const QList<TaskId> ids = add({path});
    QCOMPARE(ids.size(), 1);
    const TaskId id = ids.first();
    QVERIFY(waitFor([&] { return m_scheduler->task(id)->confirmedBytes() >= 8 * MiB; }, 120000));
    m_scheduler->pause(id);
    QVERIFY(waitFor([&] { return m_scheduler->task(id)->state() == TaskState::Paused; }, 20000));
    m_scheduler->resume(id);
    QVERIFY(waitFor([this] { return m_scheduler->isIdle(); }, 180000));
    const UploadTask *task = m_scheduler->task(id);
    QVERIFY2(task->state() == TaskState::Success,
             qPrintable(task->errorMessage() + task->errorDetail()));
    QVERIFY2(task->check().verified(), qPrintable(task->check().how));
    QCOMPARE(m_rgw->object(QStringLiteral("resumed.bin")), testContent(size, 5));
}

QTEST_GUILESS_MAIN(tst_S3Verification)
#include "tst_s3verification.moc"
