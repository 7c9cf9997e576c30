// UploadScheduler: what happens when an upload fails, and when a person retries. Transient
// failures never end an upload by their count: it waits, for its server to answer again
// (ServerHealth) or for its own back-off, until RetryPolicy::giveUpAfter passes without progress.

#include "uploadscheduler.h"

#include "clock.h"
#include "formatting.h"
#include "serverhealth.h"
#include "taskdriver.h"
#include "taskpersistence.h"

#include <QLoggingCategory>

Q_DECLARE_LOGGING_CATEGORY(lcScheduler)

namespace {
qint64 nowMs()
{
    return QDateTime::currentMSecsSinceEpoch();
}
} // namespace

int UploadScheduler::retryFailed(const QList<TaskId> &ids)
{
    int retried = 0;
    for (const TaskId id : ids) {
        UploadTask *task = find(id);
        if (!task || task->m_state != TaskState::Error || m_recheck->isPending(id))
            continue;
        ++retried;
        if (task->m_errorKind == TransferError::Kind::FileChanged
            || task->m_errorKind == TransferError::Kind::FileUnreadable
            || task->m_errorKind == TransferError::Kind::ContentMismatch) {
            // The person wants what the file holds now: a fresh upload, never the new bytes
            // appended to the old one. Read off this thread: the path may be a named pipe now,
            // or on a mount that hangs; it stays failed until read (onRechecked).
            terminateUploads(task);
            task->m_statusNote = tr("Reading the file…");
            markDirty(task);
            m_recheck->recheck(id, task->m_path, m_persistence != nullptr);
            checkIdle(); // busy until it is read
            continue;
        }
        task->clearFailure();
        setState(task, TaskState::Waiting);
    }
    if (retried) {
        m_health->wake(); // the person asks now: servers down are asked now
        requestSchedule();
    }
    return retried;
}

int UploadScheduler::retryAllFailed()
{
    return retryFailed(m_tasks.idsIn(TaskState::Error));
}

void UploadScheduler::onRechecked(TaskId id, const FileRecheck::Result &file)
{
    UploadTask *task = find(id);
    if (!task || (task->m_state != TaskState::Error && task->m_state != TaskState::Paused))
        return; // removed, or resumed by hand meanwhile
    task->m_statusNote.clear();
    if (!file.ok) {
        const TransferError error =
            TransferError::make(TransferError::Kind::FileUnreadable,
                                TrText::of(staticMetaObject, QT_TR_NOOP("Cannot read %1: %2"))
                                    .arg(task->m_displayName, file.problem));
        if (task->m_state == TaskState::Paused)
            setState(task, TaskState::Waiting); // Paused cannot fail directly
        if (task->m_state == TaskState::Error) {
            // Failed again, for this cause: said as a new failure is.
            task->m_errorKind = error.kind;
            task->m_errorText = error.cause;
            task->m_errorDetailText = {};
            markDirty(task);
            if (m_persistence)
                m_persistence->changed(id);
            Q_EMIT taskFinished(id);
        } else {
            fail(task, error);
        }
        checkIdle();
        return;
    }
    m_tasks.reshape(task,
                    [&] { task->restartWithFile(file.size, file.modifiedMs, file.fingerprint); });
    task->clearFailure();
    setState(task, TaskState::Waiting);
    requestSchedule();
}

void UploadScheduler::onTransferFailed(UploadTask *task, const TransferError &error)
{
    task->m_attempts.end(UploadAttempt::Outcome::Failed, error.message(), nowMs());
    task->dropInFlight(true);
    stopTransfer(task);
    const qint64 monotonic = qMax<qint64>(1, m_health->clock()->monotonicMs());
    if (error.isTransient() && task->m_stuckSinceMs == 0)
        task->m_stuckSinceMs = monotonic;
    if (!m_retryPolicy.shouldRetry(error, task->m_retries)) {
        fail(task, error);
    } else if (m_retryPolicy.givesUp(monotonic - task->m_stuckSinceMs)) {
        TransferError givenUp = error;
        givenUp.cause =
            TrText::of(staticMetaObject, QT_TR_NOOP("Gave up after %1 without progress: %2"))
                .arg(formatDuration(m_retryPolicy.giveUpAfter.count() / 1000), error.cause);
        fail(task, givenUp);
    } else {
        retryLater(task, error);
    }
    requestSchedule();
}

void UploadScheduler::retryLater(UploadTask *task, const TransferError &error)
{
    ++task->m_retries;
    // With a cap on tries (RetryPolicy::maxRetries) each upload counts its own, as it did.
    if (m_retryPolicy.maxRetries < 0 && ServerHealth::isUnreachable(error)) {
        // One probe for the server rather than a try per upload: it starts when that answers.
        task->m_retryAtMs = 0;
        task->m_statusNote.clear();
        m_health->markDown(task->m_endpoint, error); // the outage its task->m_outage shows
        qCInfo(lcScheduler) << "task" << task->m_id << "waits for its server:" << error.message();
        setState(task, TaskState::Waiting);
        return;
    }
    // The server answered (5xx, 429, SlowDown, 409, 423): this upload's own back-off, never
    // shorter than a Retry-After. Others to it go on: one busy path need not hold a server.
    const auto delay = m_retryPolicy.delayFor(task->m_retries - 1, error, m_random);
    task->m_retryAtMs = nowMs() + delay.count();
    task->m_statusNote = m_retryPolicy.maxRetries >= 0 ? tr("%1 · retry %2 of %3")
                                                             .arg(error.message())
                                                             .arg(task->m_retries)
                                                             .arg(m_retryPolicy.maxRetries)
                                                       : tr("%1 · next try").arg(error.message());
    qCInfo(lcScheduler) << "task" << task->m_id << "retrying in" << delay.count()
                        << "ms:" << error.message();
    setState(task, TaskState::Waiting);
}

void UploadScheduler::onServerGivenUp(const QUrl &endpoint, const TrText &message) {
    // Every upload waiting to go there: those that tried, and those queued behind them that
    // would only find it gone again and start a new outage of their own.
    const QString server = ServerHealth::keyOf(endpoint);
    const QList<TaskId> waiting = m_tasks.idsIn(TaskState::Waiting);
    for (const TaskId id : waiting) {
        UploadTask *task = find(id);
        if (!task || ServerHealth::keyOf(task->m_endpoint) != server)
            continue;
        task->m_retries = 0; // the probes tried, not it: no " · N tries" after the cause
        fail(task, TransferError::make(TransferError::Kind::Network, message));
    }
    requestSchedule();
}

bool UploadScheduler::serverDown(int lane) const
{
    return m_health->anyDown() && m_health->isDown(m_lanes.endpoint(lane));
}

void UploadScheduler::fail(UploadTask *task, const TransferError &error)
{
    task->m_attempts.end(UploadAttempt::Outcome::Failed, error.message(),
                         nowMs()); // before sending
    task->m_errorKind = error.kind;
    task->m_errorText = error.cause;
    task->m_errorDetailText = error.details;
    if (error.isTransient() && task->m_retries > 0)
        task->m_errorText = task->m_errorText.followedBy(
            TrText::of(staticMetaObject, QT_TR_N_NOOP(" · %n tries"), task->m_retries + 1));
    task->m_statusNote.clear();
    task->m_retryAtMs = 0;
    setState(task, TaskState::Error);
}

const std::shared_ptr<const ServerOutage> &UploadScheduler::outageOfLane(int lane)
{
    // One record per server for its whole life, shared by every task of it: whether it is down
    // is read through it, so that an outage's start and end touch no task.
    if (lane >= int(m_laneOutages.size()))
        m_laneOutages.resize(size_t(lane) + 1);
    std::shared_ptr<const ServerOutage> &record = m_laneOutages[size_t(lane)];
    if (!record)
        record = m_health->recordFor(m_lanes.endpoint(lane));
    return record;
}

void UploadScheduler::restartRunning()
{
    const QList<UploadTask *> running = m_running.values();
    for (UploadTask *task : running) {
        stopTransfer(task);
        task->m_retryAtMs = 0;
        setState(task, TaskState::Waiting);
    }
    requestSchedule(); // on the next turn: after the connections are closed
}
