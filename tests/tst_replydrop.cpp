// Qt's "QNetworkReplyImplPrivate::error: Internal problem, this method must only be called once."
// (issue 23): printed when a reply Hoist stops had already been failed by the network. It comes
// from the parts of one upload that the same fault cuts at once: the first part's failure stops
// the others (TusParallelTransfer), whose own errors are already on their way from Qt's HTTP
// thread. Here for real: hoistd behind a FaultProxy that resets every connection at once while the
// parts are sending, several times over, with a message handler that records every warning.
#include "faultproxy.h"
#include "hoistdprocess.h"
#include "schedulerfixture.h"
#include "testfiles.h"
#include "waitfor.h"
#include "warningrecorder.h"

#include "uploadscheduler.h"

#include <QTest>

namespace {
constexpr qint64 MiB = 1024 * 1024;
constexpr int Parts = 6;
constexpr int Resets = 8;
} // namespace

class TestReplyDrop : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void partsCutTogetherReportEachErrorOnce();
};

// The parts are cut at the same moment, up to Resets times; the upload still ends byte-identical,
// and Qt never reports an error twice.
void TestReplyDrop::partsCutTogetherReportEachErrorOnce()
{
    const WarningRecorder warnings;
    HoistdProcess server;
    QVERIFY2(server.start(), qPrintable(server.errorString()));
    FaultProxy proxy;
    QVERIFY2(proxy.start(QStringLiteral("127.0.0.1"), server.port()),
             qPrintable(proxy.errorString()));
    SchedulerFixture engine;
    QVERIFY2(engine.start(proxy.url(QStringLiteral("/files/"))), qPrintable(engine.errorString()));
    engine.scheduler()->setParallelParts(true);
    engine.scheduler()->setConcurrency(Parts);
    engine.scheduler()->setAutoConcurrency(false);
    engine.scheduler()->setRetryPolicy(SchedulerFixture::fastRetries(1000));
    // Slow enough that every part is mid-body when the connections go.
    engine.scheduler()->setRateLimit(16 * MiB);

    constexpr qint64 Size = 192 * MiB + 3;
    const QString path = makeTestFile(engine.files().path(), QStringLiteral("big.bin"), Size, 23);
    QVERIFY(!path.isEmpty());
    const QList<TaskId> ids = engine.add({path});
    QCOMPARE(ids.size(), 1);
    const TaskId id = ids.first();

    int cuts = 0;
    for (int round = 0; round < Resets; ++round) {
        // Parts moving again (at least half of them: some may have finished) since the last cut.
        const qint64 from = proxy.counters().bytesToServer;
        const bool moving = waitFor(
            [&] {
                const UploadTask *task = engine.task(id);
                return task && task->state() == TaskState::Uploading
                       && proxy.counters().open >= Parts / 2
                       && proxy.counters().bytesToServer > from + 2 * MiB;
            },
            60000);
        if (!moving) {
            const UploadTask *task = engine.task(id);
            qWarning("round %d: state %d, open %lld, confirmed %lld, retries %d, note %s", round,
                     int(task->state()), proxy.counters().open, task->confirmedBytes(),
                     task->retries(), qPrintable(task->statusNote()));
            break; // done already
        }
        proxy.resetAllNow();
        ++cuts;
    }
    QVERIFY2(cuts >= 3, qPrintable(QString::number(cuts)));
    QVERIFY(engine.waitIdle(300000));
    const UploadTask *task = engine.task(id);
    QCOMPARE(task->state(), TaskState::Success);
    QVERIFY(fileMatches(server.storedPath(task->uploadUrl()), Size, 23));
    QVERIFY(proxy.counters().reset >= qint64(cuts));
    QVERIFY2(warnings.doubleErrors() == 0, qPrintable(warnings.warnings().join(QLatin1Char('\n'))));
}

QTEST_GUILESS_MAIN(TestReplyDrop)
#include "tst_replydrop.moc"
