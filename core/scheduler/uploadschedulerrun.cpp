// The running half of UploadScheduler: choosing the next task, starting its transfer and
// turning what the transfer reports into task state, retries and back-off.
#include "uploadscheduler.h"

#include "taskstore.h"

#include <QDateTime>
#include <QFileInfo>
#include <QLoggingCategory>

#include <limits>

Q_DECLARE_LOGGING_CATEGORY(lcScheduler)

namespace {
qint64 nowMs()
{
    return QDateTime::currentMSecsSinceEpoch();
}
} // namespace

// ---- running --------------------------------------------------------------------------------

void UploadScheduler::requestSchedule()
{
    // Floods of events (a hundred tasks finishing, a folder of ten thousand files) become one
    // scheduling pass on the next turn of the event loop.
    if (m_scheduleQueued)
        return;
    m_scheduleQueued = true;
    QMetaObject::invokeMethod(
        this,
        [this] {
            m_scheduleQueued = false;
            schedule();
        },
        Qt::QueuedConnection);
}

void UploadScheduler::schedule()
{
    while (slotsInUse() < m_concurrency) {
        UploadTask *next = pickNext();
        if (!next)
            break;
        startTask(next);
    }
    balanceStreams();
    armRetryTimer();
    checkIdle();
}

UploadTask *UploadScheduler::pickNext()
{
    // Highest effective priority first, oldest first among equals. A task overtaken by a newer
    // one gains a level every m_agingSkips times it is overtaken, so a low-priority task behind
    // an endless stream of high-priority ones still starts (after at most 2 * m_agingSkips).
    const qint64 now = nowMs();
    UploadTask *best = nullptr;
    int bestLevel = -1;
    for (auto &entry : m_tasks) {
        UploadTask *task = entry.second.get();
        if (task->m_state != TaskState::Waiting || task->m_retryAtMs > now
            || m_endpointHeaders.isHeld(task->m_endpoint))
            continue;
        const int level = int(task->m_priority) + task->m_skips / m_agingSkips;
        if (level > bestLevel || (level == bestLevel && task->m_sequence < best->m_sequence)) {
            best = task;
            bestLevel = level;
        }
    }
    if (!best)
        return nullptr;
    for (auto &entry : m_tasks) {
        UploadTask *task = entry.second.get();
        if (task != best && task->m_state == TaskState::Waiting && task->m_retryAtMs <= now
            && task->m_sequence < best->m_sequence)
            ++task->m_skips;
    }
    best->m_skips = 0;
    return best;
}

void UploadScheduler::startTask(UploadTask *task)
{
    const TaskId id = task->m_id;
    task->m_retryAtMs = 0;
    task->m_statusNote.clear();
    // Set before taskStarted, so that listeners see what the task is about to do.
    task->m_phase = needsHash(task) ? TaskPhase::Hashing : TaskPhase::Transferring;
    task->m_hashedBytes = 0;
    task->m_instant = false;
    setState(task, TaskState::Uploading);
    // A listener to taskStarted may have paused or cancelled it already: start nothing then.
    task = find(id);
    if (!task || task->m_state != TaskState::Uploading)
        return;
    if (!m_speedTimer.isActive())
        m_speedTimer.start();
    if (task->m_verifyBeforeStart)
        verifyThenLaunch(task);
    else
        launchTransfer(task);
}

void UploadScheduler::launchTransfer(UploadTask *task)
{
    if (awaitProbe(task))
        return; // comes back here once the endpoint is known
    if (needsHash(task)) {
        startHashing(task); // comes back here once the hash is known
        return;
    }
    task->m_phase = TaskPhase::Transferring;
    TransferJob job;
    job.filePath = task->m_path;
    job.fileSize = task->m_size;
    job.modifiedMs = task->m_modifiedMs;
    job.endpoint = task->m_endpoint;
    job.uploadUrl = task->m_uploadUrl;
    job.chunkSize = task->m_chunks.chunkSize();
    job.stallTimeoutMs = m_stallTimeoutMs;
    job.headers = headersFor(task->m_endpoint);
    job.holdAfterCreate = m_store != nullptr;
    // It starts with one stream; balanceStreams() grants more while they are free.
    job.maxStreams = m_parallelParts ? m_concurrency : 1;
    job.parts = task->m_uploadUrl.isEmpty() ? task->m_parts : UploadParts();
    job.metadata.insert(QStringLiteral("filename"), QFileInfo(task->m_path).fileName());
    if (task->m_displayName.contains(QLatin1Char('/')))
        job.metadata.insert(QStringLiteral("relativePath"), task->m_displayName);
    // Lower-case hex, as sha256sum prints it: readable in a server's logs and its metadata files.
    if (!task->m_contentHash.isEmpty())
        job.metadata.insert(QStringLiteral("sha256"),
                            QString::fromLatin1(task->m_contentHash.toHex()));

    Transfer *transfer = m_protocol->createTransfer(job).release();
    task->m_transfer = transfer;
    connectTransfer(task, transfer);
    transfer->start();
}

void UploadScheduler::connectTransfer(UploadTask *task, Transfer *transfer)
{
    // Handlers look the task up by id: a transfer's last queued signal must never reach a task
    // that has been removed meanwhile.
    const TaskId id = task->m_id;
    connect(transfer, &Transfer::uploadCreated, this, [this, id](const QUrl &url) {
        UploadTask *t = find(id);
        if (!t)
            return;
        t->m_uploadUrl = url;
        markDirty(t);
        if (m_store) {
            // The transfer holds until the URL is on disk (TransferJob::holdAfterCreate).
            const quint64 token = t->m_holdToken = ++m_nextHoldToken;
            QMetaObject::invokeMethod(
                m_store, [store = m_store, id, url, token] { store->saveUploadUrl(id, url, token); },
                Qt::QueuedConnection);
        }
    });
    connect(transfer, &Transfer::uploadLost, this, [this, id] {
        if (UploadTask *t = find(id)) {
            resetProgress(t);
            t->m_statusNote = tr("The server no longer had this upload; starting it again.");
            markDirty(t);
        }
    });
    connect(transfer, &Transfer::offsetConfirmed, this, [this, id](qint64 offset) {
        if (UploadTask *t = find(id))
            onOffsetConfirmed(t, offset);
    });
    connect(transfer, &Transfer::chunkStarted, this, [this, id](qint64 begin, qint64) {
        UploadTask *t = find(id);
        const int index = t ? t->m_chunks.indexOf(begin) : -1;
        if (index >= 0) {
            t->m_inFlightBegin = begin;
            t->m_chunks.markInFlight(index);
            t->m_chunks.setInFlightBytes(begin - t->m_chunks.chunkBegin(index));
            markDirty(t);
        }
    });
    connect(transfer, &Transfer::chunkProgress, this, [this, id](qint64 sent) {
        if (UploadTask *t = find(id))
            onChunkProgress(t, sent);
    });
    connect(transfer, &Transfer::completedInstantly, this, [this, id] {
        if (UploadTask *t = find(id))
            t->m_instant = true; // completed() follows at once
    });
    connect(transfer, &Transfer::completed, this, [this, id] {
        if (UploadTask *t = find(id))
            onTransferCompleted(t);
    });
    connect(transfer, &Transfer::failed, this, [this, id](const TransferError &error) {
        if (UploadTask *t = find(id))
            onTransferFailed(t, error);
    });
    connectParts(task, transfer);
}

void UploadScheduler::stopTransfer(UploadTask *task)
{
    Transfer *transfer = std::exchange(task->m_transfer, nullptr);
    if (transfer) {
        transfer->disconnect(this);
        transfer->abort();
        transfer->deleteLater(); // it may be inside one of its own signal emissions
    }
    stopHashing(task);
    task->m_awaitingProbe = false;
    task->m_inFlightBegin = -1;
    task->m_holdToken = 0;
    task->m_chunks.clearInFlight();
    task->m_chunks.setInFlightBytes(0);
    task->m_streamLimit = task->m_streamsInUse = task->m_streamsWanted = 1;
    task->m_sentInFlight.clear();
}

void UploadScheduler::resetProgress(UploadTask *task)
{
    task->m_confirmed = 0;
    task->m_shown = 0;
    task->m_chunks.setConfirmedOffset(0);
    task->m_rate.reset();
}

void UploadScheduler::onOffsetConfirmed(UploadTask *task, qint64 offset)
{
    if (offset > task->m_confirmed)
        task->m_retries = 0; // progress: a later failure starts its back-off afresh
    task->m_confirmed = offset;
    task->m_shown = qMax(task->m_shown, offset);
    task->m_chunks.setConfirmedOffset(offset);
    task->m_rate.addSample(nowMs(), offset);
    markDirty(task);
}

void UploadScheduler::onChunkProgress(UploadTask *task, qint64 sent)
{
    if (task->m_inFlightBegin < 0)
        return;
    const qint64 position = task->m_inFlightBegin + sent;
    task->m_shown = qMax(task->m_shown, qMin(position, task->m_size));
    const int index = task->m_chunks.indexOf(task->m_inFlightBegin);
    if (index >= 0)
        task->m_chunks.setInFlightBytes(position - task->m_chunks.chunkBegin(index));
    task->m_rate.addSample(nowMs(), position);
    markDirty(task);
}

void UploadScheduler::onTransferCompleted(UploadTask *task)
{
    stopTransfer(task);
    task->m_confirmed = task->m_size;
    task->m_shown = task->m_size;
    task->m_chunks.setConfirmedOffset(task->m_size);
    task->m_statusNote.clear();
    setState(task, TaskState::Success);
    requestSchedule();
}

void UploadScheduler::onTransferFailed(UploadTask *task, const TransferError &error)
{
    const qint64 failedAt = task->m_inFlightBegin;
    stopTransfer(task);
    if (failedAt >= 0)
        task->m_chunks.markFailed(task->m_chunks.indexOf(failedAt));
    if (m_retryPolicy.shouldRetry(error, task->m_retries)) {
        const auto delay = m_retryPolicy.delayFor(task->m_retries, error, m_random);
        ++task->m_retries;
        task->m_retryAtMs = nowMs() + delay.count();
        task->m_statusNote = tr("%1 Retry %2 of %3.")
                                 .arg(error.message)
                                 .arg(task->m_retries)
                                 .arg(m_retryPolicy.maxRetries);
        qCInfo(lcScheduler) << "task" << task->m_id << "retrying in" << delay.count() << "ms:"
                            << error.message;
        setState(task, TaskState::Waiting);
        if (!m_speedTimer.isActive())
            m_speedTimer.start();
    } else {
        fail(task, error);
    }
    requestSchedule();
}

void UploadScheduler::fail(UploadTask *task, const TransferError &error)
{
    task->m_errorKind = error.kind;
    task->m_errorMessage = error.message;
    if (error.isTransient() && task->m_retries > 0)
        task->m_errorMessage += tr(" (gave up after %n retries)", nullptr, task->m_retries);
    task->m_statusNote.clear();
    task->m_retryAtMs = 0;
    setState(task, TaskState::Error);
}

void UploadScheduler::armRetryTimer()
{
    const qint64 now = nowMs();
    qint64 earliest = 0;
    for (const auto &entry : m_tasks) {
        const UploadTask &task = *entry.second;
        if (task.m_state == TaskState::Waiting && task.m_retryAtMs > now
            && (earliest == 0 || task.m_retryAtMs < earliest))
            earliest = task.m_retryAtMs;
    }
    if (earliest == 0)
        m_retryTimer.stop();
    else
        m_retryTimer.start(int(qMin<qint64>(earliest - now + 1, std::numeric_limits<int>::max())));
}
