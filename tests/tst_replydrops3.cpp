// Qt's "QNetworkReplyImplPrivate::error: Internal problem, this method must only be called once."
// (issue 23) on the S3 side: the parts of one multipart upload (S3MultipartTransfer) are cut by
// the same fault, the first part's failure stops the others, whose own errors are already on
// their way from Qt's HTTP thread. The same mechanism as tus parts (RequestGroup, endReply()) must
// keep Qt from reporting an error twice. Here for real: the run's Ceph RGW behind a FaultProxy
// that resets every connection at once while the parts are sending, several times over, with a
// message handler that records every warning (tst_replydrop is the tus twin).
#include "faultproxy.h"
#include "rgwtestpeer.h"
#include "schedulerfixture.h"
#include "testfiles.h"
#include "waitfor.h"
#include "warningrecorder.h"

#include "s3protocol.h"
#include "uploadscheduler.h"

#include <QNetworkAccessManager>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

namespace {
constexpr qint64 MiB = 1024 * 1024;
constexpr int Parts = 6;
constexpr int Resets = 8;
} // namespace

class TestReplyDropS3 : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void partsCutTogetherReportEachErrorOnce();
};

// The parts are cut at the same moment, up to Resets times; the object still ends byte-identical,
// and Qt never reports an error twice.
void TestReplyDropS3::partsCutTogetherReportEachErrorOnce()
{
    QString why;
    if (!RgwTestPeer::available(&why))
        QFAIL(qPrintable(why));
    RgwTestPeer rgw;
    QVERIFY2(rgw.start(), qPrintable(rgw.errorString()));
    FaultProxy proxy;
    QVERIFY2(proxy.start(QStringLiteral("127.0.0.1"), rgw.port()), qPrintable(proxy.errorString()));
    const WarningRecorder warnings;

    QNetworkAccessManager network;
    S3Protocol protocol(&network);
    const QUrl target = rgw.targetVia(proxy.url().adjusted(QUrl::RemovePath));
    protocol.setCredentials(target, rgw.credentials());
    UploadScheduler scheduler(&protocol);
    scheduler.setEndpoint(target);
    scheduler.setParallelParts(true);
    scheduler.setConcurrency(Parts);
    scheduler.setAutoConcurrency(false);
    scheduler.setRetryPolicy(SchedulerFixture::fastRetries(1000));
    // Slow enough that every part is mid-body when the connections go.
    scheduler.setRateLimit(16 * MiB);

    QTemporaryDir files;
    QVERIFY(files.isValid());
    constexpr qint64 Size = 96 * MiB + 5; // 13 parts of 8 MiB
    const QString path = makeTestFile(files.path(), QStringLiteral("big.bin"), Size, 29);
    QVERIFY(!path.isEmpty());
    QSignalSpy added(&scheduler, &UploadScheduler::tasksAdded);
    scheduler.addPaths({path});
    QVERIFY(waitFor([&] { return scheduler.taskCount() == 1; }, 20000));
    const TaskId id = added.first().first().value<QList<TaskId>>().first();

    int cuts = 0;
    for (int round = 0; round < Resets; ++round) {
        // Parts moving again (at least half of them: some may have finished) since the last cut.
        const qint64 from = proxy.counters().bytesToServer;
        const bool moving = waitFor(
            [&] {
                const UploadTask *task = scheduler.task(id);
                return task && task->state() == TaskState::Uploading
                       && proxy.counters().open >= Parts / 2
                       && proxy.counters().bytesToServer > from + 2 * MiB;
            },
            60000);
        if (!moving)
            break; // done already
        proxy.resetAllNow();
        ++cuts;
    }
    QVERIFY2(cuts >= 3, qPrintable(QString::number(cuts)));
    QVERIFY(waitFor([&] { return scheduler.isIdle(); }, 300000));
    const UploadTask *task = scheduler.task(id);
    QVERIFY2(task->state() == TaskState::Success, qPrintable(task->errorMessage()));
    QVERIFY(rgw.object(QStringLiteral("big.bin")) == testContent(Size, 29));
    QVERIFY(proxy.counters().reset >= qint64(cuts));
    QVERIFY2(warnings.doubleErrors() == 0, qPrintable(warnings.warnings().join(QLatin1Char('\n'))));
}

QTEST_GUILESS_MAIN(TestReplyDropS3)
#include "tst_replydrops3.moc"
