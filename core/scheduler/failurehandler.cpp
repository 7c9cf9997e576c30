#include "failurehandler.h"

#include "answerwaits.h"
#include "clock.h"
#include "formatting.h"
#include "taskcontrol.h"
#include "uploadtask.h"

#include <QLoggingCategory>

#include <limits>

Q_DECLARE_LOGGING_CATEGORY(lcScheduler)

FailureHandler::FailureHandler(TaskControl *tasks, TransferProtocol *protocol,
                               ServerHealth::HeadersFor headersFor, Clock *clock,
                               const FileRecheck *recheck, QObject *parent)
    : QObject(parent)
    , m_tasks(tasks)
    , m_recheck(recheck)
    , m_clock(clock)
    , m_health(new ServerHealth(protocol, std::move(headersFor), clock, this))
    , m_answers(std::make_unique<AnswerWaits>(
          tasks, [this](UploadTask *task, const TransferError &error) { fail(task, error); }))
    , m_random(std::random_device{}())
{
    m_health->setPolicy(m_policy);
    // A server back: all its uploads go at once (as far as the limits let them).
    connect(m_health, &ServerHealth::serverUp, this, [this] { m_tasks->scheduleSoon(); });
    connect(m_health, &ServerHealth::gaveUp, this, &FailureHandler::onServerGivenUp);
    connect(m_health, &ServerHealth::networkChanged, this, &FailureHandler::restartRunning);
    connect(m_recheck, &FileRecheck::rechecked, this, &FailureHandler::onRechecked);
    m_retryTimer.setSingleShot(true);
    connect(&m_retryTimer, &QTimer::timeout, this, [this] { m_tasks->scheduleSoon(); });
    setClock(clock);
}

FailureHandler::~FailureHandler() = default;

void FailureHandler::setClock(Clock *clock)
{
    Q_ASSERT(clock);
    disconnect(m_clock, &Clock::jumped, this, nullptr);
    m_clock = clock;
    // A test's clock moved: back-offs it passed are due now.
    connect(m_clock, &Clock::jumped, this, [this] { m_tasks->scheduleSoon(); });
    m_health->setClock(clock);
}

qint64 FailureHandler::nowMs() const
{
    return m_clock->wallMs();
}

void FailureHandler::setPolicy(const RetryPolicy &policy)
{
    m_policy = policy;
    m_health->setPolicy(policy);
}

FailureHandler::Judgement FailureHandler::judge(UploadTask *task, const TransferError &error)
{
    Judgement judgement;
    judgement.error = error;
    if (!error.question.isEmpty()) {
        // A question put to a person (an unknown host key, a password): the answer lets it go on,
        // not time, and it is no failure meanwhile.
        const AnswerWaits::Met met = m_answers->met(task->lane(), error.question);
        if (met.waits)
            judgement.verdict = Verdict::WaitForAnswer;
        else if (!met.refusal.isEmpty())
            judgement.error = TransferError::make(TransferError::Kind::Rejected, met.refusal);
        if (met.waits || !met.refusal.isEmpty())
            return judgement;
    }
    const qint64 monotonic = qMax<qint64>(1, m_clock->monotonicMs());
    if (error.isTransient())
        task->noteStuck(monotonic);
    if (!m_policy.shouldRetry(error, task->retries()))
        return judgement;
    // A server that answers "later" (its disk is full, it is busy for a time it names) is alive
    // and will come back: its uploads wait for as long as that takes, unattended, never failed
    // for it. Only silence or answers that never say so are given up.
    if (!error.serverAsksToWait() && m_policy.givesUp(monotonic - task->stuckSinceMs())) {
        judgement.error.cause =
            TrText::of(staticMetaObject, QT_TR_NOOP("Gave up after %1 without progress: %2"))
                .arg(formatDuration(m_policy.giveUpAfter.count() / 1000), error.cause);
        return judgement;
    }
    const int retries = task->countRetry();
    // With a cap on tries (RetryPolicy::maxRetries) each upload counts its own, as it did.
    if (m_policy.maxRetries < 0 && ServerHealth::isUnreachable(error)) {
        // One probe for the server rather than a try per upload: it starts when that answers.
        m_health->markDown(task->endpoint(), error); // the outage its row shows
        judgement.verdict = Verdict::WaitForServer;
        return judgement;
    }
    // The server answered (5xx, 429, SlowDown, 409, 423): this upload's own back-off, never
    // shorter than a Retry-After. Others to it go on: one busy path need not hold a server.
    const auto delay = m_policy.delayFor(retries - 1, error, m_random);
    judgement.verdict = Verdict::RetryLater;
    judgement.retryAtMs = nowMs() + delay.count();
    judgement.note =
        m_policy.maxRetries >= 0
            ? tr("%1 · retry %2 of %3").arg(waitReason(error)).arg(retries).arg(m_policy.maxRetries)
            : tr("%1 · next try").arg(waitReason(error));
    return judgement;
}

QString FailureHandler::waitReason(const TransferError &error)
{
    // Short, as a row has room for: the whole cause (which server, its words) is in the details.
    if (error.kind == TransferError::Kind::ServerFull)
        return tr("Server's disk is full");
    return error.message();
}

void FailureHandler::transferFailed(UploadTask *task, const TransferError &error)
{
    const Judgement judgement = judge(task, error);
    switch (judgement.verdict) {
    case Verdict::Fail:
        fail(task, judgement.error);
        break;
    case Verdict::WaitForServer:
        qCInfo(lcScheduler) << "task" << task->id() << "waits for its server:" << error.message();
        task->waitForServer();
        m_tasks->setTaskState(task, TaskState::Waiting);
        break;
    case Verdict::WaitForAnswer:
        qCInfo(lcScheduler) << "task" << task->id() << "waits for an answer:" << error.question;
        task->waitNow();
        m_tasks->setTaskState(task, TaskState::Waiting);
        break;
    case Verdict::RetryLater:
        qCInfo(lcScheduler) << "task" << task->id() << "retrying in"
                            << judgement.retryAtMs - nowMs() << "ms:" << error.message();
        task->waitForRetry(judgement.retryAtMs, judgement.note);
        m_tasks->setTaskState(task, TaskState::Waiting);
        if (error.serverAsksToWait())
            Q_EMIT serverAskedToWait(task->endpoint(), waitReason(error), judgement.retryAtMs);
        break;
    }
    m_tasks->scheduleSoon();
}

void FailureHandler::fail(UploadTask *task, const TransferError &error)
{
    TrText message = error.cause;
    if (error.isTransient() && task->retries() > 0)
        message = message.followedBy(
            TrText::of(staticMetaObject, QT_TR_N_NOOP(" · %n tries"), task->retries() + 1));
    task->fail(error, message, QDateTime::currentMSecsSinceEpoch()); // its attempt ends first
    m_tasks->setTaskState(task, TaskState::Error);
}

void FailureHandler::progressed(UploadTask *task)
{
    if (task->progressed())
        m_health->progressed(task->endpoint());
}

int FailureHandler::retryFailed(const QList<TaskId> &ids, const QSet<TaskId> &reread)
{
    int retried = 0;
    for (const TaskId id : ids) {
        UploadTask *task = m_tasks->findTask(id);
        if (!task || task->state() != TaskState::Error || m_recheck->isPending(id))
            continue;
        ++retried;
        if (reread.contains(id) || task->errorKind() == TransferError::Kind::FileChanged
            || task->errorKind() == TransferError::Kind::FileUnreadable
            || task->errorKind() == TransferError::Kind::ContentMismatch) {
            // The person wants what the file holds now: a fresh upload, never the new bytes
            // appended to the old one. Read off this thread: the path may be a named pipe now,
            // or on a mount that hangs; it stays failed until read (onRechecked).
            m_tasks->endUploads(task);
            task->setStatusNote(tr("Reading the file…"));
            m_tasks->taskChanged(task, false);
            m_tasks->recheckFile(task);
            m_tasks->checkIdle(); // busy until it is read
            continue;
        }
        task->clearFailure();
        m_tasks->setTaskState(task, TaskState::Waiting);
    }
    if (retried) {
        m_health->wake(); // the person asks now: servers down are asked now
        m_tasks->scheduleSoon();
    }
    return retried;
}

int FailureHandler::retryAllFailed()
{
    return retryFailed(m_tasks->tasksIn(TaskState::Error));
}

int FailureHandler::retryTransient()
{
    // What failed only because a server or the network would not answer (given up) is what a
    // person resuming everything wants going again too.
    QList<TaskId> transient;
    for (const TaskId id : m_tasks->tasksIn(TaskState::Error)) {
        TransferError cause;
        cause.kind = m_tasks->findTask(id)->errorKind();
        if (cause.isTransient())
            transient.append(id);
    }
    const int retried = retryFailed(transient);
    if (retried == 0)
        m_health->wake();
    return retried;
}

void FailureHandler::wake()
{
    m_health->wake();
}

void FailureHandler::onRechecked(TaskId id, const FileRecheck::Result &file)
{
    UploadTask *task = m_tasks->findTask(id);
    if (!task || (task->state() != TaskState::Error && task->state() != TaskState::Paused))
        return; // removed, or resumed by hand meanwhile
    task->setStatusNote(QString());
    if (!file.ok) {
        const TransferError error =
            TransferError::make(TransferError::Kind::FileUnreadable,
                                TrText::of(staticMetaObject, QT_TR_NOOP("Cannot read %1: %2"))
                                    .arg(task->displayName(), file.problem));
        if (task->state() == TaskState::Paused)
            m_tasks->setTaskState(task, TaskState::Waiting); // Paused cannot fail directly
        if (task->state() == TaskState::Error) {
            // Failed again, for this cause: said as a new failure is.
            task->failAgain(error);
            m_tasks->taskFailedAgain(task);
        } else {
            fail(task, error);
        }
        m_tasks->checkIdle();
        return;
    }
    m_tasks->reshapeTask(
        task, [&] { task->restartWithFile(file.size, file.modifiedMs, file.fingerprint); });
    task->clearFailure();
    m_tasks->setTaskState(task, TaskState::Waiting);
    m_tasks->scheduleSoon();
}

void FailureHandler::onServerGivenUp(const QUrl &endpoint, const TrText &message)
{
    // Every upload waiting to go there: those that tried, and those queued behind them that
    // would only find it gone again and start a new outage of their own.
    const QString server = ServerHealth::keyOf(endpoint);
    const QList<TaskId> waiting = m_tasks->tasksIn(TaskState::Waiting);
    for (const TaskId id : waiting) {
        UploadTask *task = m_tasks->findTask(id);
        if (!task || ServerHealth::keyOf(task->endpoint()) != server)
            continue;
        task->forgetRetries(); // the probes tried, not it: no " · N tries" after the cause
        fail(task, TransferError::make(TransferError::Kind::Network, message));
    }
    m_tasks->scheduleSoon();
}

void FailureHandler::restartRunning()
{
    const QList<UploadTask *> running = m_tasks->runningTasks();
    for (UploadTask *task : running) {
        m_tasks->stopTask(task);
        task->waitNow();
        m_tasks->setTaskState(task, TaskState::Waiting);
    }
    m_tasks->scheduleSoon(); // on the next turn: after the connections are closed
}

bool FailureHandler::serverDown(const QUrl &endpoint) const
{
    return m_health->anyDown() && m_health->isDown(endpoint);
}

const std::shared_ptr<const ServerOutage> &FailureHandler::outageOfLane(int lane,
                                                                        const QUrl &endpoint)
{
    // One record per server for its whole life, shared by every task of it: whether it is down
    // is read through it, so that an outage's start and end touch no task.
    if (lane >= int(m_laneOutages.size()))
        m_laneOutages.resize(size_t(lane) + 1);
    std::shared_ptr<const ServerOutage> &record = m_laneOutages[size_t(lane)];
    if (!record)
        record = m_health->recordFor(endpoint);
    return record;
}

void FailureHandler::armRetryTimer(qint64 earliestMs)
{
    if (earliestMs == 0) {
        m_retryTimer.stop();
        return;
    }
    const qint64 wait = qMax<qint64>(0, earliestMs - nowMs() + 1);
    m_retryTimer.start(int(qMin<qint64>(wait, std::numeric_limits<int>::max())));
}
