// A server whose disk is full answers 507 Insufficient Storage (with Retry-After): the client
// waits, with the reason in its row, honours Retry-After, retries for as long as it takes (never
// Failed for that, however short the time without progress it allows), and the file arrives whole.
// hoistd's own 507 is another branch's work, so the server here is scripted: MiniTus, answering
// 507 to the upload's second PATCH a number of times, then taking it. S3's equivalents (out of
// space, SlowDown, ServiceUnavailable) are judged the same way.

#include "minitus.h"
#include "schedulerfixture.h"
#include "scriptedserver.h"
#include "testfiles.h"
#include "waitfor.h"

#include "headlessrunner.h"
#include "s3error.h"
#include "s3target.h"
#include "uploadcelltext.h"
#include "uploadscheduler.h"
#include "uploadtask.h"

#include <QDateTime>
#include <QElapsedTimer>
#include <QSignalSpy>
#include <QTest>
#include <QTextStream>

using namespace std::chrono_literals;
using Kind = TransferError::Kind;

Q_DECLARE_METATYPE(TransferError::Kind)

namespace {
constexpr qint64 Chunk = SchedulerFixture::ChunkSize;
constexpr qint64 FileSize = 3 * Chunk + 1234;
constexpr int FullAnswers = 3; // 507s before the server has room again
} // namespace

class tst_ServerFull final : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void fullDiskIsAWaitNotAFailure();
    void headlessSaysWhyItWaitsOnce();
    void s3AnswersThatMeanWait_data();
    void s3AnswersThatMeanWait();
};

void tst_ServerFull::fullDiskIsAWaitNotAFailure()
{
    MiniTus tus;
    tus.extensions = "creation"; // one stream: the PATCHes come in order
    ScriptedServer server(tus.handler());
    QVERIFY2(server.listen(), qPrintable(server.errorString()));

    SchedulerFixture fixture;
    QVERIFY2(fixture.start(server.url(QStringLiteral("/files/"))),
             qPrintable(fixture.errorString()));
    UploadScheduler *scheduler = fixture.scheduler();
    // Back-off alone would wait under 200 ms, and anything that stops moving for 1 ms is given
    // up: only a full disk's answer can keep this upload alive through three refusals.
    RetryPolicy policy = SchedulerFixture::fastRetries();
    policy.giveUpAfter = 1ms;
    scheduler->setRetryPolicy(policy);

    TaskId id = 0;
    int patches = 0;
    QElapsedTimer clock;
    clock.start();
    QList<qint64> refusedAt;     // when each 507 went out (ms)
    QList<qint64> patchAt;       // when each PATCH after the first 507 came in
    QList<int> retriesAtPatch;   // the upload's retries as each PATCH came in
    QStringList rowWhileWaiting; // the State column's text after each 507
    QList<TaskState> statesSeen; // consecutive states, as the scheduler said them
    const auto noteState = [&] {
        if (const UploadTask *task = scheduler->task(id);
            task && (statesSeen.isEmpty() || statesSeen.last() != task->state()))
            statesSeen.append(task->state());
    };
    connect(scheduler, &UploadScheduler::tasksChanged, this, noteState);
    connect(scheduler, &UploadScheduler::taskStarted, this, noteState);
    connect(scheduler, &UploadScheduler::taskFinished, this, noteState);
    tus.fault =
        [&](const ScriptedServer::Request &request) -> std::optional<ScriptedServer::Reply> {
        if (request.method != "PATCH")
            return std::nullopt;
        ++patches;
        if (!refusedAt.isEmpty())
            patchAt.append(clock.elapsed());
        if (const UploadTask *task = scheduler->task(id))
            retriesAtPatch.append(task->retries());
        // The second chunk meets a full disk, three times; then there is room again.
        if (patches >= 2 && refusedAt.size() < FullAnswers) {
            refusedAt.append(clock.elapsed());
            return ScriptedServer::Reply(507, {{"Tus-Resumable", "1.0.0"}, {"Retry-After", "1"}},
                                         "no space left on device");
        }
        return std::nullopt;
    };

    const QString path =
        makeTestFile(fixture.files().path(), QStringLiteral("full.bin"), FileSize, 507);
    QVERIFY(!path.isEmpty());
    // Known from the moment it is made, so that no state it takes is missed.
    connect(scheduler, &UploadScheduler::tasksAdded, this, [&id](const QList<TaskId> &ids) {
        if (!id && !ids.isEmpty())
            id = ids.first();
    });
    QCOMPARE(fixture.add({path}).value(0), id);
    QVERIFY(id);
    // Each refusal leaves the upload waiting, its row naming the cause and the next try.
    for (int refusal = 1; refusal <= FullAnswers; ++refusal) {
        QVERIFY2(waitFor(
                     [&] {
                         const UploadTask *task = scheduler->task(id);
                         return refusedAt.size() == refusal && task->state() == TaskState::Waiting
                                && task->retryAtMs() > 0;
                     },
                     30000),
                 qPrintable(QStringLiteral("refusal %1: %2").arg(refusal).arg(refusedAt.size())));
        const UploadTask *task = scheduler->task(id);
        QCOMPARE(task->statusNote(), QStringLiteral("Server's disk is full · next try"));
        QCOMPARE(task->retries(), refusal);
        rowWhileWaiting.append(
            UploadCellText::stateText(*task, QDateTime::currentMSecsSinceEpoch()));
    }
    QVERIFY(fixture.waitIdle(60000));

    const UploadTask *task = scheduler->task(id);
    QCOMPARE(task->state(), TaskState::Success);
    QVERIFY2(!statesSeen.contains(TaskState::Error), "a full disk failed the upload");
    // Uploading, then waiting after each refusal, uploading again, and done.
    const qsizetype firstUpload = statesSeen.indexOf(TaskState::Uploading);
    QVERIFY(firstUpload >= 0);
    QVERIFY(statesSeen.indexOf(TaskState::Waiting, firstUpload) > firstUpload);
    QCOMPARE(statesSeen.count(TaskState::Uploading), FullAnswers + 1);
    QCOMPARE(statesSeen.last(), TaskState::Success);
    for (const QString &row : rowWhileWaiting)
        QVERIFY2(row.startsWith(QStringLiteral("Server's disk is full · next try in ")),
                 qPrintable(row));
    // Every try after a refusal came no sooner than the server's Retry-After.
    QCOMPARE(refusedAt.size(), FullAnswers);
    QVERIFY(patchAt.size() >= FullAnswers);
    for (int i = 0; i < FullAnswers; ++i)
        QVERIFY2(
            patchAt[i] - refusedAt[i] >= 1000,
            qPrintable(
                QStringLiteral("try %1 after %2 ms").arg(i + 1).arg(patchAt[i] - refusedAt[i])));
    // The first chunk, the second refused three times and then taken, the rest.
    QCOMPARE(patches, 4 + FullAnswers);
    QCOMPARE(retriesAtPatch.mid(1, FullAnswers + 1), (QList<int>{0, 1, 2, 3}));
    QCOMPARE(task->retries(), 0); // bytes moved again: its count starts afresh
    // Whole, byte for byte, in one upload.
    QCOMPARE(tus.created, 1);
    QCOMPARE(tus.data.value("/files/1"), testContent(FileSize, 507));
}

void tst_ServerFull::headlessSaysWhyItWaitsOnce()
{
    // Every PATCH meets a full disk three times in all, then there is room.
    MiniTus tus;
    tus.extensions = "creation";
    int refusals = 0;
    tus.fault =
        [&](const ScriptedServer::Request &request) -> std::optional<ScriptedServer::Reply> {
        if (request.method != "PATCH" || refusals == FullAnswers)
            return std::nullopt;
        ++refusals;
        return ScriptedServer::Reply(507, {{"Tus-Resumable", "1.0.0"}, {"Retry-After", "1"}});
    };
    ScriptedServer server(tus.handler());
    QVERIFY2(server.listen(), qPrintable(server.errorString()));
    SchedulerFixture fixture;
    QVERIFY2(fixture.start(server.url(QStringLiteral("/files/"))),
             qPrintable(fixture.errorString()));
    RetryPolicy policy = SchedulerFixture::fastRetries();
    policy.giveUpAfter = 1ms;
    fixture.scheduler()->setRetryPolicy(policy);

    QString out;
    QString err;
    QTextStream outStream(&out);
    QTextStream errStream(&err);
    HeadlessRunner runner(fixture.scheduler(), outStream, errStream);
    QSignalSpy finished(&runner, &HeadlessRunner::finished);
    const QString path =
        makeTestFile(fixture.files().path(), QStringLiteral("said.bin"), Chunk + 5, 508);
    runner.start({path});
    QVERIFY(finished.wait(60000));
    QCOMPARE(finished.first().first().toInt(), 0);
    QCOMPARE(refusals, FullAnswers);
    const QString said = QStringLiteral("hoist: Server's disk is full (http://127.0.0.1:%1); its "
                                        "uploads wait and try again (next in ")
                             .arg(server.port());
    QVERIFY2(err.count(said) == 1, qPrintable(err)); // three refusals, one line
    QVERIFY2(out.startsWith(QStringLiteral("success\t")), qPrintable(out));
    QCOMPARE(tus.data.value("/files/1"), testContent(Chunk + 5, 508));
}

void tst_ServerFull::s3AnswersThatMeanWait_data()
{
    QTest::addColumn<int>("status");
    QTest::addColumn<QString>("code");
    QTest::addColumn<QByteArray>("retryAfter");
    QTest::addColumn<Kind>("kind");
    QTest::addColumn<bool>("waits");

    QTest::newRow("507 alone") << 507 << QString() << QByteArray() << Kind::ServerFull << true;
    QTest::newRow("RGW out of space")
        << 507 << "InsufficientCapacity" << QByteArray("7") << Kind::ServerFull << true;
    QTest::newRow("MinIO drives full")
        << 507 << "XMinioStorageFull" << QByteArray("7") << Kind::ServerFull << true;
    QTest::newRow("SlowDown") << 503 << "SlowDown" << QByteArray() << Kind::TooManyRequests << true;
    QTest::newRow("ServiceUnavailable")
        << 503 << "ServiceUnavailable" << QByteArray("7") << Kind::TooManyRequests << true;
    QTest::newRow("InternalError, Retry-After")
        << 500 << "InternalError" << QByteArray("7") << Kind::ServerError << true;
    QTest::newRow("InternalError")
        << 500 << "InternalError" << QByteArray() << Kind::ServerError << false;
    QTest::newRow("QuotaExceeded")
        << 403 << "QuotaExceeded" << QByteArray("7") << Kind::Rejected << false;
}

void tst_ServerFull::s3AnswersThatMeanWait()
{
    QFETCH(int, status);
    QFETCH(QString, code);
    QFETCH(QByteArray, retryAfter);
    QFETCH(Kind, kind);
    QFETCH(bool, waits);

    const S3Target target =
        *S3Target::fromUrl(QUrl(QStringLiteral("s3://bucket?endpoint=http://127.0.0.1:7480/")));
    std::optional<S3Xml::Error> body;
    if (!code.isEmpty())
        body = S3Xml::Error{code, QStringLiteral("words"), QStringLiteral("req-1"), QString()};
    const TransferError error =
        S3Errors::fromAnswer(status, body, target, TrText(QStringLiteral("uploading")), retryAfter);
    QCOMPARE(error.kind, kind);
    QCOMPARE(error.serverAsksToWait(), waits);
    QCOMPARE(error.isTransient(), kind != Kind::Rejected);
    if (waits && !retryAfter.isEmpty())
        QCOMPARE(error.retryAfter.value_or(0ms), 7000ms);
}

QTEST_GUILESS_MAIN(tst_ServerFull)
#include "tst_serverfull.moc"
