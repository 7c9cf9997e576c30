// FailureHandler on its own, with a ManualClock: what a failure does to an upload (the states it
// reaches), the back-off's bounds and cap, giving up after the set time without progress, one
// probe per server however many uploads wait for it, and what Retry and Resume all start again.

#include "clock.h"
#include "failurehandler.h"
#include "taskcontrol.h"
#include "uploadtask.h"

#include <QSignalSpy>
#include <QTest>

#include <map>
#include <memory>

using namespace std::chrono_literals;
using Kind = TransferError::Kind;
using Verdict = FailureHandler::Verdict;

Q_DECLARE_METATYPE(TransferError::Kind)

namespace {
constexpr qint64 Start = 1'800'000'000'000; // ms since the epoch: some day in 2027
const QUrl Endpoint(QStringLiteral("http://127.0.0.1:9/files/"));

// Answers every checkServer() only when told to, and counts them.
class CountingProtocol final : public TransferProtocol {
public:
    int checks = 0;
    std::unique_ptr<Transfer> createTransfer(const TransferJob &) override { return nullptr; }
    void terminate(const QUrl &, const HttpHeaders &) override {}
    void checkServer(const QUrl &, const HttpHeaders &) override { ++checks; }
    void answer(const TransferError &error) { Q_EMIT serverChecked(Endpoint, error); }
};

// The scheduler's side of TaskControl, kept to what the handler does to tasks.
class FakeTasks final : public TaskControl {
public:
    std::map<TaskId, std::unique_ptr<UploadTask>> tasks;
    QList<TaskId> rechecked;
    QList<TaskId> failedAgain;
    int schedules = 0;

    UploadTask *add(TaskState state = TaskState::Uploading)
    {
        const TaskId id = TaskId(tasks.size() + 1);
        auto task = std::make_unique<UploadTask>(id, QStringLiteral("/f%1").arg(id),
                                                 QStringLiteral("f%1").arg(id), 100, 1, Endpoint,
                                                 Priority::Normal, 10);
        UploadTask *raw = task.get();
        tasks.emplace(id, std::move(task));
        if (state != TaskState::Waiting)
            raw->moveTo(state, Start);
        return raw;
    }
    UploadTask *findTask(TaskId id) const override
    {
        const auto it = tasks.find(id);
        return it == tasks.end() ? nullptr : it->second.get();
    }
    QList<TaskId> tasksIn(TaskState state) const override
    {
        QList<TaskId> ids;
        for (const auto &[id, task] : tasks) {
            if (task->state() == state)
                ids.append(id);
        }
        return ids;
    }
    QList<UploadTask *> runningTasks() const override { return {}; }
    QList<TaskId> readyIn(int) const override { return {}; }
    void setTaskState(UploadTask *task, TaskState state) override
    {
        QVERIFY(task->mayMoveTo(state));
        task->moveTo(state, Start);
    }
    void stopTask(UploadTask *) override {}
    void endUploads(UploadTask *task) override { task->clearParts(); }
    void removeTasks(const QList<TaskId> &) override {}
    void reshapeTask(UploadTask *, const std::function<void()> &change) override { change(); }
    void bytesShown(UploadTask *, qint64) override {}
    void taskChanged(UploadTask *, bool) override {}
    void recheckFile(UploadTask *task) override { rechecked.append(task->id()); }
    void taskFailedAgain(UploadTask *task) override { failedAgain.append(task->id()); }
    void scheduleSoon() override { ++schedules; }
    void checkIdle() override {}
};

TransferError errorOf(Kind kind, const QString &message = QStringLiteral("it broke"))
{
    return TransferError::make(kind, message);
}
} // namespace

class tst_FailureHandler final : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();
    void permanentFailsAtOnce_data();
    void permanentFailsAtOnce();
    void answeredFailureWaitsItsOwnBackOff();
    void backOffStaysWithinItsBoundsAndCap();
    void retryAfterIsAFloor();
    void givesUpAfterTheTimeWithoutProgress();
    void serverAskingToWaitIsNeverGivenUp_data();
    void serverAskingToWaitIsNeverGivenUp();
    void progressStartsTheTimeAgain();
    void capOnTriesFailsWithTheirCount();
    void unreachableWaitsForItsServer();
    void oneProbePerServerPerStep();
    void serverBackLetsThemGo();
    void serverGivenUpFailsItsUploads();
    void retryFailedStartsOnlyFailed();
    void resumeAllRetriesOnlyTransient();
    void clockHandedDown();

private:
    FailureHandler::Judgement fail(UploadTask *task, const TransferError &error);

    std::unique_ptr<ManualClock> m_clock;
    std::unique_ptr<CountingProtocol> m_protocol;
    std::unique_ptr<FakeTasks> m_tasks;
    std::unique_ptr<FileRecheck> m_recheck;
    std::unique_ptr<FailureHandler> m_handler;
};

void tst_FailureHandler::init()
{
    m_clock = std::make_unique<ManualClock>(Start);
    m_protocol = std::make_unique<CountingProtocol>();
    m_tasks = std::make_unique<FakeTasks>();
    m_recheck = std::make_unique<FileRecheck>();
    m_handler = std::make_unique<FailureHandler>(
        m_tasks.get(), m_protocol.get(), [](const QUrl &) { return HttpHeaders(); }, m_clock.get(),
        m_recheck.get());
    RetryPolicy policy;
    policy.baseDelay = 1s;
    policy.maxDelay = 8s;
    policy.giveUpAfter = 1h;
    m_handler->setPolicy(policy);
}

void tst_FailureHandler::cleanup()
{
    m_handler.reset();
    m_recheck.reset();
    m_tasks.reset();
    m_protocol.reset();
    m_clock.reset();
}

FailureHandler::Judgement tst_FailureHandler::fail(UploadTask *task, const TransferError &error)
{
    const FailureHandler::Judgement judgement = m_handler->judge(task, error);
    // What transferFailed() does with it, without judging twice.
    if (judgement.verdict == Verdict::Fail) {
        m_handler->fail(task, judgement.error);
    } else if (judgement.verdict == Verdict::WaitForServer) {
        task->waitForServer();
        m_tasks->setTaskState(task, TaskState::Waiting);
    } else {
        task->waitForRetry(judgement.retryAtMs, judgement.note);
        m_tasks->setTaskState(task, TaskState::Waiting);
    }
    return judgement;
}

void tst_FailureHandler::permanentFailsAtOnce_data()
{
    QTest::addColumn<Kind>("kind");
    QTest::newRow("401/403") << Kind::Rejected;
    QTest::newRow("413") << Kind::TooLarge;
    QTest::newRow("bad response") << Kind::BadResponse;
    QTest::newRow("file unreadable") << Kind::FileUnreadable;
    QTest::newRow("file changed") << Kind::FileChanged;
    QTest::newRow("content mismatch") << Kind::ContentMismatch;
}

void tst_FailureHandler::permanentFailsAtOnce()
{
    QFETCH(Kind, kind);
    UploadTask *task = m_tasks->add();
    m_handler->transferFailed(task, errorOf(kind, QStringLiteral("no")));
    QCOMPARE(task->state(), TaskState::Error);
    QCOMPARE(task->errorKind(), kind);
    QCOMPARE(task->errorMessage(), QStringLiteral("no")); // no " · N tries": none were retried
    QCOMPARE(task->retries(), 0);
    QCOMPARE(m_protocol->checks, 0);
    QVERIFY(!m_handler->serverHealth()->anyDown());
}

void tst_FailureHandler::answeredFailureWaitsItsOwnBackOff()
{
    UploadTask *task = m_tasks->add();
    m_handler->transferFailed(task, errorOf(Kind::ServerError, QStringLiteral("503")));
    QCOMPARE(task->state(), TaskState::Waiting);
    QCOMPARE(task->retries(), 1);
    QVERIFY(!task->waitingForServer()); // the server answered: nobody probes it
    QVERIFY(!m_handler->serverHealth()->anyDown());
    QVERIFY(task->retryAtMs() >= Start && task->retryAtMs() <= Start + 1000);
    QCOMPARE(task->statusNote(), QStringLiteral("503 · next try"));
    QCOMPARE(m_tasks->schedules, 1);
}

void tst_FailureHandler::backOffStaysWithinItsBoundsAndCap()
{
    // The n-th retry waits in [0, min(8 s, 1 s * 2^n)]: over many draws it reaches both ends
    // of each step's range, and never passes the cap however many retries there were.
    UploadTask *task = m_tasks->add();
    qint64 longest[12] = {};
    for (int draw = 0; draw < 400; ++draw) {
        for (int n = 0; n < 12; ++n) {
            if (task->state() != TaskState::Uploading)
                m_tasks->setTaskState(task, TaskState::Uploading);
            const FailureHandler::Judgement judgement = fail(task, errorOf(Kind::TooManyRequests));
            QCOMPARE(judgement.verdict, Verdict::RetryLater);
            const qint64 wait = judgement.retryAtMs - m_handler->nowMs();
            const qint64 bound = qMin<qint64>(8000, 1000LL << qMin(n, 20));
            QVERIFY2(wait >= 0 && wait <= bound,
                     qPrintable(QStringLiteral("retry %1 waits %2 ms").arg(n).arg(wait)));
            longest[n] = qMax(longest[n], wait);
        }
        m_handler->progressed(task); // the next round starts from the first step again
        QCOMPARE(task->retries(), 0);
    }
    QVERIFY(longest[0] > 800);   // the first step's range is used
    QVERIFY(longest[11] > 7000); // the cap is reached, and held
    QVERIFY(longest[11] <= 8000);
}

void tst_FailureHandler::retryAfterIsAFloor()
{
    UploadTask *task = m_tasks->add();
    TransferError error = errorOf(Kind::TooManyRequests);
    error.retryAfter = 30s; // above the cap: the server's word wins
    const FailureHandler::Judgement judgement = fail(task, error);
    QCOMPARE(judgement.verdict, Verdict::RetryLater);
    QVERIFY(judgement.retryAtMs - m_handler->nowMs() >= 30000);
}

void tst_FailureHandler::givesUpAfterTheTimeWithoutProgress()
{
    UploadTask *task = m_tasks->add();
    fail(task, errorOf(Kind::ServerError, QStringLiteral("503")));
    for (int minute = 0; minute < 59; ++minute) {
        m_clock->advance(60 * 1000);
        m_tasks->setTaskState(task, TaskState::Uploading);
        QCOMPARE(fail(task, errorOf(Kind::ServerError, QStringLiteral("503"))).verdict,
                 Verdict::RetryLater);
    }
    QCOMPARE(task->retries(), 60); // transient failures never end it by their count
    m_clock->advance(61 * 1000);   // an hour since the first failure, nothing moved
    m_tasks->setTaskState(task, TaskState::Uploading);
    const FailureHandler::Judgement judgement =
        fail(task, errorOf(Kind::ServerError, QStringLiteral("503")));
    QCOMPARE(judgement.verdict, Verdict::Fail);
    QCOMPARE(task->state(), TaskState::Error);
    QCOMPARE(task->errorMessage(),
             QStringLiteral("Gave up after 1 h 0 min without progress: 503 · 61 tries"));
}

void tst_FailureHandler::serverAskingToWaitIsNeverGivenUp_data()
{
    QTest::addColumn<Kind>("kind");
    QTest::addColumn<bool>("retryAfter");
    QTest::addColumn<QString>("note");
    QTest::newRow("507: disk full")
        << Kind::ServerFull << true << QStringLiteral("Server's disk is full · next try");
    QTest::newRow("507 without Retry-After")
        << Kind::ServerFull << false << QStringLiteral("Server's disk is full · next try");
    QTest::newRow("503 with Retry-After")
        << Kind::ServerError << true << QStringLiteral("busy · next try");
    QTest::newRow("429 / S3 SlowDown")
        << Kind::TooManyRequests << false << QStringLiteral("busy · next try");
}

void tst_FailureHandler::serverAskingToWaitIsNeverGivenUp()
{
    // A server that answers "later" is alive: a day of it, without a byte moving, is still a
    // wait (the policy gives up after an hour without progress), never a failure.
    QFETCH(Kind, kind);
    QFETCH(bool, retryAfter);
    QFETCH(QString, note);
    UploadTask *task = m_tasks->add();
    TransferError error = errorOf(kind, QStringLiteral("busy"));
    if (retryAfter)
        error.retryAfter = 120s;
    for (int hour = 0; hour < 24; ++hour) {
        const FailureHandler::Judgement judgement = fail(task, error);
        QCOMPARE(judgement.verdict, Verdict::RetryLater);
        QCOMPARE(task->state(), TaskState::Waiting);
        QCOMPARE(task->statusNote(), note);
        if (retryAfter)
            QVERIFY(judgement.retryAtMs - m_handler->nowMs() >= 120 * 1000);
        m_clock->advance(3600 * 1000);
        m_tasks->setTaskState(task, TaskState::Uploading);
    }
    QCOMPARE(task->retries(), 24);
    QCOMPARE(m_protocol->checks, 0); // its own back-off, not an outage: the server answers
    // The same answer without a word of waiting (a plain 5xx) is given up as before.
    const FailureHandler::Judgement judgement =
        fail(task, errorOf(Kind::ServerError, QStringLiteral("500")));
    QCOMPARE(judgement.verdict, Verdict::Fail);
    QCOMPARE(task->state(), TaskState::Error);
}

void tst_FailureHandler::progressStartsTheTimeAgain()
{
    UploadTask *task = m_tasks->add();
    fail(task, errorOf(Kind::ServerError));
    m_clock->advance(50 * 60 * 1000);
    m_handler->progressed(task); // bytes moved after 50 minutes
    QCOMPARE(task->stuckSinceMs(), 0);
    m_clock->advance(50 * 60 * 1000);
    m_tasks->setTaskState(task, TaskState::Uploading);
    QCOMPARE(fail(task, errorOf(Kind::ServerError)).verdict, Verdict::RetryLater);
    m_clock->advance(59 * 60 * 1000);
    m_tasks->setTaskState(task, TaskState::Uploading);
    QCOMPARE(fail(task, errorOf(Kind::ServerError)).verdict, Verdict::RetryLater);
    m_clock->advance(60 * 1000);
    m_tasks->setTaskState(task, TaskState::Uploading);
    QCOMPARE(fail(task, errorOf(Kind::ServerError)).verdict, Verdict::Fail);
}

void tst_FailureHandler::capOnTriesFailsWithTheirCount()
{
    RetryPolicy policy = m_handler->policy();
    policy.maxRetries = 2;
    m_handler->setPolicy(policy);
    UploadTask *task = m_tasks->add();
    // With a cap, even an unreachable server is retried by the upload itself, and counted.
    FailureHandler::Judgement judgement =
        fail(task, errorOf(Kind::Network, QStringLiteral("refused")));
    QCOMPARE(judgement.verdict, Verdict::RetryLater);
    QCOMPARE(judgement.note, QStringLiteral("refused · retry 1 of 2"));
    m_tasks->setTaskState(task, TaskState::Uploading);
    QCOMPARE(fail(task, errorOf(Kind::Network, QStringLiteral("refused"))).verdict,
             Verdict::RetryLater);
    m_tasks->setTaskState(task, TaskState::Uploading);
    QCOMPARE(fail(task, errorOf(Kind::Network, QStringLiteral("refused"))).verdict, Verdict::Fail);
    QCOMPARE(task->errorMessage(), QStringLiteral("refused · 3 tries"));
    QCOMPARE(m_protocol->checks, 0);
}

void tst_FailureHandler::unreachableWaitsForItsServer()
{
    UploadTask *task = m_tasks->add();
    QSignalSpy down(m_handler->serverHealth(), &ServerHealth::serverDown);
    const std::shared_ptr<const ServerOutage> outage = m_handler->outageOfLane(0, Endpoint);
    task->setLane(0, outage);
    m_handler->transferFailed(task, errorOf(Kind::Network, QStringLiteral("refused")));
    QCOMPARE(task->state(), TaskState::Waiting);
    QCOMPARE(down.size(), 1);
    QVERIFY(m_handler->serverDown(Endpoint));
    QVERIFY(task->waitingForServer());
    QCOMPARE(task->ownRetryAtMs(), 0); // it waits for the probe, not for a time of its own
    QVERIFY(task->statusNote().startsWith(QStringLiteral("Down since")));
    QCOMPARE(outage->sinceWallMs, Start);
    QVERIFY(outage->nextTryWallMs >= Start && outage->nextTryWallMs <= Start + 1000);
    QCOMPARE(m_protocol->checks, 0); // the first probe waits for its step
}

void tst_FailureHandler::oneProbePerServerPerStep()
{
    // A hundred uploads to one dead server: one outage, and one probe per back-off step.
    QList<UploadTask *> tasks;
    for (int i = 0; i < 100; ++i)
        tasks.append(m_tasks->add());
    QSignalSpy down(m_handler->serverHealth(), &ServerHealth::serverDown);
    for (UploadTask *task : std::as_const(tasks))
        m_handler->transferFailed(task, errorOf(Kind::Network));
    QCOMPARE(down.size(), 1);
    QCOMPARE(m_tasks->tasksIn(TaskState::Waiting).size(), 100);
    for (int step = 1; step <= 6; ++step) {
        m_clock->advance(8000); // past any step of this policy
        QCOMPARE(m_protocol->checks, step);
        m_clock->advance(8000); // no answer yet: nothing more is sent meanwhile
        QCOMPARE(m_protocol->checks, step);
        m_protocol->answer(errorOf(Kind::Network, QStringLiteral("refused")));
    }
    QCOMPARE(m_handler->serverHealth()->probesSent(), 6);
    QVERIFY(m_handler->serverDown(Endpoint));
}

void tst_FailureHandler::serverBackLetsThemGo()
{
    UploadTask *task = m_tasks->add();
    m_handler->transferFailed(task, errorOf(Kind::Network));
    const int before = m_tasks->schedules;
    QSignalSpy up(m_handler->serverHealth(), &ServerHealth::serverUp);
    m_handler->wake(); // Retry or Resume all pressed: asked now, not at its step
    QCOMPARE(m_protocol->checks, 1);
    m_protocol->answer(TransferError());
    QCOMPARE(up.size(), 1);
    QVERIFY(!m_handler->serverDown(Endpoint));
    QVERIFY(m_tasks->schedules > before); // they go at once
    QCOMPARE(task->state(), TaskState::Waiting);
}

void tst_FailureHandler::serverGivenUpFailsItsUploads()
{
    UploadTask *a = m_tasks->add();
    UploadTask *b = m_tasks->add();
    UploadTask *queued = m_tasks->add(TaskState::Waiting); // behind them, never tried
    UploadTask *elsewhere = m_tasks->add(TaskState::Waiting);
    elsewhere->moveToEndpoint(QUrl(QStringLiteral("http://127.0.0.2:9/files/")), 1, nullptr);
    m_handler->transferFailed(a, errorOf(Kind::Network));
    m_handler->transferFailed(b, errorOf(Kind::Network));
    m_clock->advance(59 * 60 * 1000);
    QVERIFY(m_protocol->checks >= 1);
    m_protocol->answer(errorOf(Kind::Network, QStringLiteral("refused")));
    QCOMPARE(a->state(), TaskState::Waiting);
    m_clock->advance(60 * 1000); // an hour down
    m_protocol->answer(errorOf(Kind::Network, QStringLiteral("refused")));
    for (UploadTask *task : {a, b, queued}) {
        QCOMPARE(task->state(), TaskState::Error);
        QCOMPARE(task->errorKind(), Kind::Network);
        QCOMPARE(task->errorMessage(),
                 QStringLiteral("Gave up after 1 h 0 min without reaching the server: refused"));
        QVERIFY(!task->errorMessage().contains(QStringLiteral("tries")));
    }
    QCOMPARE(elsewhere->state(), TaskState::Waiting);
    QVERIFY(!m_handler->serverDown(Endpoint)); // what is queued to it later tries again
}

void tst_FailureHandler::retryFailedStartsOnlyFailed()
{
    UploadTask *network = m_tasks->add();
    m_handler->fail(network, errorOf(Kind::Network));
    UploadTask *changed = m_tasks->add();
    m_handler->fail(changed, errorOf(Kind::FileChanged));
    UploadTask *running = m_tasks->add();
    QCOMPARE(m_handler->retryFailed({network->id(), changed->id(), running->id(), 99}), 2);
    QCOMPARE(network->state(), TaskState::Waiting);
    QCOMPARE(network->errorKind(), Kind::None);
    // A changed file is read again first (off the GUI thread): failed until then.
    QCOMPARE(changed->state(), TaskState::Error);
    QCOMPARE(m_tasks->rechecked, QList<TaskId>{changed->id()});
    QCOMPARE(changed->statusNote(), QStringLiteral("Reading the file…"));
    QCOMPARE(running->state(), TaskState::Uploading);
    QCOMPARE(m_handler->retryAllFailed(), 1); // the changed one, asked again
}

void tst_FailureHandler::resumeAllRetriesOnlyTransient()
{
    UploadTask *unreachable = m_tasks->add();
    m_handler->fail(unreachable, errorOf(Kind::Timeout));
    UploadTask *refused = m_tasks->add();
    m_handler->fail(refused, errorOf(Kind::Rejected));
    m_handler->retryTransient();
    QCOMPARE(unreachable->state(), TaskState::Waiting);
    QCOMPARE(refused->state(), TaskState::Error);
}

void tst_FailureHandler::clockHandedDown()
{
    ManualClock later(Start + 3600 * 1000);
    m_handler->setClock(&later);
    QCOMPARE(m_handler->serverHealth()->clock(), &later);
    QCOMPARE(m_handler->nowMs(), Start + 3600 * 1000);
    const int before = m_tasks->schedules;
    later.advance(1000); // a test's clock moved: back-offs it passed are due
    QCOMPARE(m_tasks->schedules, before + 1);
    m_handler->setClock(m_clock.get());
}

QTEST_GUILESS_MAIN(tst_FailureHandler)
#include "tst_failurehandler.moc"
