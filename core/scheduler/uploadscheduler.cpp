#include "uploadscheduler.h"

#include "bandwidthlimiter.h"
#include "clock.h"
#include "fingerprint.h"
#include "mtimewire.h"
#include "formatting.h"
#include "offthread.h"
#include "orphanuploads.h"
#include "serverhealth.h"
#include "streamallocator.h"
#include "taskdriver.h"
#include "taskpersistence.h"
#include "taskrecord.h"
#include "taskstore.h"

#include <QDateTime>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QLoggingCategory>

#include <algorithm>
#include <limits>

Q_LOGGING_CATEGORY(lcScheduler, "hoist.scheduler", QtWarningMsg)

namespace {
// At most this often a changed task is reported (so a row repaints at most 10 times a second).
constexpr int FlushIntervalMs = 100;
// How often speeds and hashing progress are refreshed while uploads run.
constexpr int TickIntervalMs = 500;
// Tasks are made from a walked folder for this long per turn of the event loop (then the window
// gets its turn), in batches of at least IntakeBatch.
// (Making a task, its row and its record costs ~5 us here: a slice is a few thousand.)
constexpr qint64 IntakeSliceMs = 8;
constexpr qsizetype IntakeBatch = 128;

qint64 nowMs()
{
    return QDateTime::currentMSecsSinceEpoch();
}

bool isActive(TaskState s)
{
    return s == TaskState::Waiting || s == TaskState::Uploading;
}

bool allowedTransition(TaskState from, TaskState to)
{
    switch (from) {
    case TaskState::Waiting:
        return to == TaskState::Uploading || to == TaskState::Paused || to == TaskState::Error;
    case TaskState::Uploading:
        return to != TaskState::Uploading;
    case TaskState::Paused:
        return to == TaskState::Waiting;
    case TaskState::Success:
        return false;
    case TaskState::Error:
        return to == TaskState::Waiting;
    }
    return false;
}
} // namespace

UploadScheduler::UploadScheduler(TransferProtocol *protocol, QObject *parent)
    : QObject(parent)
    , m_protocol(protocol)
    , m_random(std::random_device{}())
    , m_preparer(new TaskPreparer(protocol, this))
    , m_bandwidth(new BandwidthLimiter(this))
    , m_orphans(new OrphanUploads(
          protocol, [this](TaskId id) { return find(id); },
          [this](const QUrl &endpoint) { return headersFor(endpoint); },
          [this](const QUrl &endpoint) { return m_endpointHeaders.isHeld(endpoint); }, this))
    , m_health(new ServerHealth(
          protocol, [this](const QUrl &endpoint) { return headersFor(endpoint); }, this))
    , m_recheck(new FileRecheck(this))
{
    m_health->setPolicy(m_retryPolicy);
    // A server back: all its uploads go at once (as far as the limits let them).
    connect(m_health, &ServerHealth::serverUp, this, &UploadScheduler::requestSchedule);
    connect(m_health, &ServerHealth::gaveUp, this, &UploadScheduler::onServerGivenUp);
    connect(m_health, &ServerHealth::networkChanged, this, &UploadScheduler::restartRunning);
    connect(m_recheck, &FileRecheck::rechecked, this, &UploadScheduler::onRechecked);
    m_preparer->setInstantMinimumSize(DefaultInstantMinimumSize);
    m_flushTimer.setSingleShot(true);
    m_flushTimer.setInterval(FlushIntervalMs);
    connect(&m_flushTimer, &QTimer::timeout, this, &UploadScheduler::flush);
    m_retryTimer.setSingleShot(true);
    connect(&m_retryTimer, &QTimer::timeout, this, &UploadScheduler::requestSchedule);
    m_speedTimer.setInterval(TickIntervalMs);
    connect(&m_speedTimer, &QTimer::timeout, this, &UploadScheduler::tick);
    connect(m_preparer, &TaskPreparer::prepared, this, &UploadScheduler::onPrepared);
    connect(m_preparer, &TaskPreparer::hashingStarted, this, [this](TaskId id) {
        if (UploadTask *task = find(id)) {
            task->m_phase = TaskPhase::Hashing;
            task->m_hashedBytes = 0;
            markDirty(task);
        }
    });
    connect(m_orphans, &OrphanUploads::settled, this, &UploadScheduler::checkIdle);
    connect(m_preparer, &TaskPreparer::failed, this, [this](TaskId id, const TransferError &e) {
        UploadTask *task = find(id);
        if (!task || task->m_state != TaskState::Uploading)
            return;
        fail(task, e);
        requestSchedule();
    });
}

UploadScheduler::~UploadScheduler()
{
    const QList<UploadTask *> running = m_running.values();
    for (UploadTask *task : running)
        stopTransfer(task);
    m_orphans->setPersistence(nullptr); // it is destroyed before its parent, this
}

// ---- settings -------------------------------------------------------------------------------

void UploadScheduler::holdEndpoint(const QUrl &endpoint, bool held)
{
    m_endpointHeaders.setHeld(endpoint, held);
    if (!held)
        requestSchedule();
}

void UploadScheduler::setRetryPolicy(const RetryPolicy &policy)
{
    m_retryPolicy = policy;
    m_health->setPolicy(policy);
}

void UploadScheduler::setConcurrency(int limit)
{
    m_concurrency = qBound(MinConcurrency, limit, MaxConcurrency);
    requestSchedule();
}

void UploadScheduler::setPerServerLimit(int limit)
{
    m_perServerLimit = limit <= 0 ? 0 : qMin(limit, MaxConcurrency);
    requestSchedule();
}

void UploadScheduler::setInstantMinimumSize(qint64 bytes)
{
    m_preparer->setInstantMinimumSize(qMax<qint64>(0, bytes));
}

void UploadScheduler::setRateLimit(qint64 bytesPerSecond)
{
    m_ownRate = qMax<qint64>(0, bytesPerSecond);
    setRateCap(m_rateCap);
}

qint64 UploadScheduler::rateLimit() const
{
    return m_ownRate;
}

void UploadScheduler::setRateCap(qint64 bytesPerSecond)
{
    m_rateCap = qMax<qint64>(0, bytesPerSecond);
    const qint64 stricter = m_ownRate == 0 || (m_rateCap > 0 && m_rateCap < m_ownRate)
        ? m_rateCap : m_ownRate;
    m_bandwidth->setGlobalRate(stricter);
}

void UploadScheduler::setSuspended(bool suspended, const QString &reason)
{
    m_suspended = suspended;
    // The notes of the hold go with it, also on those not started again at once.
    for (const TaskId id : std::exchange(m_heldIds, {})) {
        UploadTask *task = find(id);
        if (task && task->m_state == TaskState::Waiting) {
            task->m_statusNote = suspended ? reason : QString();
            markDirty(task);
            if (suspended)
                m_heldIds.append(id);
        }
    }
    if (!suspended) {
        requestSchedule();
        return;
    }
    const QList<UploadTask *> running = m_running.values();
    for (UploadTask *task : running) {
        stopTransfer(task); // an attempt Stopped, not Failed: m_retries stays as it is
        task->m_statusNote = reason;
        setState(task, TaskState::Waiting);
        m_heldIds.append(task->m_id);
    }
}

void UploadScheduler::setTaskRateLimit(TaskId id, qint64 bytesPerSecond)
{
    UploadTask *task = find(id);
    if (!task)
        return;
    task->m_rateLimit = qMax<qint64>(0, bytesPerSecond);
    // The limiter knows only running tasks; the others get theirs when they start (jobFor).
    if (m_running.contains(id))
        m_bandwidth->setTaskRate(id, task->m_rateLimit);
    markDirty(task);
    if (m_persistence)
        m_persistence->changed(id);
}

void UploadScheduler::setStore(TaskStore *store)
{
    m_orphans->setPersistence(nullptr);
    m_persistence.reset();
    if (!store)
        return;
    m_persistence = std::make_unique<TaskPersistence>(
        store, [this](TaskId id) -> const UploadTask * { return find(id); });
    m_orphans->setPersistence(m_persistence.get());
    connect(m_persistence.get(), &TaskPersistence::uploadUrlSaved, this,
            &UploadScheduler::onUploadUrlSaved);
    connect(m_persistence.get(), &TaskPersistence::writeFailed, this,
            &UploadScheduler::onStoreWriteFailed);
}

// ---- queueing -------------------------------------------------------------------------------

void UploadScheduler::insertTask(std::unique_ptr<UploadTask> owned, int lane)
{
    UploadTask *task = m_tasks.insert(std::move(owned));
    task->m_lane = lane >= 0 ? lane : m_lanes.laneFor(task->m_endpoint);
    task->m_outage = outageOfLane(task->m_lane);
    if (task->m_state == TaskState::Waiting)
        m_queue.push(task->m_id, task->m_sequence, task->m_priority, task->m_lane);
}

void UploadScheduler::addPaths(const QStringList &paths, Priority priority, Duplicates duplicates)
{
    ++m_pendingExpansions;
    m_wasIdle = false;
    // Folders may hold thousands of files on a slow disk: walk them off this thread.
    const bool fingerprints = m_persistence != nullptr;
    runOffThread(
        this,
        [paths, fingerprints, exclude = m_exclude] {
            QList<ExpandedPath> expanded = expandPaths(paths, nullptr, exclude);
            if (fingerprints) {
                for (ExpandedPath &p : expanded) {
                    if (p.rejection.isEmpty())
                        p.fingerprint = quickFingerprint(p.path, p.size);
                }
            }
            return expanded;
        },
        [this, priority, duplicates](const QList<ExpandedPath> &expanded) {
            Q_EMIT pathsExpanded(int(expanded.size()));
            onExpanded(std::make_shared<const QList<ExpandedPath>>(expanded), 0, priority,
                       duplicates == Duplicates::Skip ? std::make_shared<DuplicateReport>()
                                                      : nullptr,
                       m_endpoint);
        });
}

void UploadScheduler::addFiles(const QList<FileToQueue> &files, const QUrl &endpoint,
                               Priority priority)
{
    if (files.isEmpty())
        return;
    ++m_pendingExpansions;
    m_wasIdle = false;
    const bool fingerprints = m_persistence != nullptr;
    runOffThread(
        this,
        [files, fingerprints] {
            QList<ExpandedPath> expanded;
            expanded.reserve(files.size());
            for (const FileToQueue &file : files) {
                ExpandedPath p = expandPaths({file.path}).value(0);
                p.path = file.path;
                p.displayName = file.remoteName;
                if (fingerprints && p.rejection.isEmpty())
                    p.fingerprint = quickFingerprint(p.path, p.size);
                expanded.append(p);
            }
            return expanded;
        },
        [this, priority, endpoint](const QList<ExpandedPath> &expanded) {
            onExpanded(std::make_shared<const QList<ExpandedPath>>(expanded), 0, priority,
                       nullptr, endpoint);
        });
}

void UploadScheduler::onExpanded(std::shared_ptr<const QList<ExpandedPath>> paths, qsizetype from,
                                 Priority priority, std::shared_ptr<DuplicateReport> duplicates,
                                 const QUrl &endpoint)
{
    // A slice at a time, each its own turn of the event loop: 100,000 files become tasks, rows
    // and records in about a second, and the window must not freeze for all of it.
    QElapsedTimer slice;
    slice.start();
    QList<TaskId> added;
    QList<TaskId> rejected;
    QList<const UploadTask *> tasks;
    const qint64 now = nowMs();
    const int lane = m_lanes.laneFor(endpoint);
    qsizetype to = from;
    for (; to < paths->size(); ++to) {
        if ((to - from) % IntakeBatch == 0 && to > from && slice.elapsed() >= IntakeSliceMs)
            break;
        const qsizetype i = to;
        const ExpandedPath &p = paths->at(i);
        if (duplicates && skipQueued(p, now, duplicates.get()))
            continue;
        const TaskId id = m_nextId++;
        auto task = std::make_unique<UploadTask>(id, p.path, p.displayName, p.size, p.modifiedMs,
                                                 endpoint, priority, m_chunkSize);
        task->m_sequence = m_nextSequence++;
        task->m_maxRequestSize = m_maxRequestSize;
        task->m_fingerprint = p.fingerprint;
        task->m_createdMs = now;
        if (!p.rejection.isEmpty()) {
            // Not uploadable: listed all the same, with the reason, so nothing vanishes silently.
            task->m_state = TaskState::Error;
            task->m_errorKind = TransferError::Kind::FileUnreadable;
            task->m_errorText = p.rejection;
            task->m_finishedMs = now;
            rejected.append(id);
        }
        tasks.append(task.get());
        insertTask(std::move(task), lane);
        added.append(id);
    }
    if (m_persistence)
        m_persistence->added(tasks);
    Q_EMIT tasksAdded(added);
    for (TaskId id : std::as_const(rejected))
        Q_EMIT taskFinished(id);
    if (!m_flushTimer.isActive())
        m_flushTimer.start();
    requestSchedule();
    if (to < paths->size()) {
        // A real timer (Qt turns a 0 ms one into a posted call, and posted calls may all run
        // before any timer of the window's does).
        QTimer::singleShot(1, Qt::PreciseTimer, this,
                           [this, paths, to, priority, duplicates, endpoint] {
                               onExpanded(paths, to, priority, duplicates, endpoint);
                           });
        return;
    }
    --m_pendingExpansions;
    if (duplicates && !duplicates->isEmpty())
        Q_EMIT duplicatesFound(*duplicates);
    checkIdle();
}

bool UploadScheduler::skipQueued(const ExpandedPath &file, qint64 now, DuplicateReport *report)
{
    const DuplicateCheck::Match match = DuplicateCheck::find(m_tasks, file, m_endpoint);
    if (match.verdict == DuplicateCheck::Verdict::New)
        return false;
    if (match.verdict == DuplicateCheck::Verdict::Newer) {
        // Nothing of the older version went anywhere: the person wants the file as it is now.
        UploadTask *task = match.task;
        m_tasks.reshape(task, [&] {
            task->takeNewerFile(file.size, file.modifiedMs, file.fingerprint, now);
        });
        markDirty(task);
        if (m_persistence)
            m_persistence->changed(task->m_id);
        ++report->replaced;
        return true;
    }
    DuplicateCheck::note(report, match, file.path);
    return true;
}

void UploadScheduler::restore(const QList<TaskRecord> &records)
{
    QList<TaskId> ids;
    for (const TaskRecord &r : records) {
        if (find(r.id))
            continue;
        m_nextId = qMax(m_nextId, r.id + 1);
        m_nextSequence = qMax(m_nextSequence, r.sequence + 1);
        insertTask(UploadTask::fromRecord(r));
        m_orphans->restored(find(r.id));
        ids.append(r.id);
    }
    if (ids.isEmpty())
        return;
    m_wasIdle = false;
    Q_EMIT tasksAdded(ids);
    if (!m_flushTimer.isActive())
        m_flushTimer.start();
    requestSchedule();
}

// ---- commands -------------------------------------------------------------------------------

void UploadScheduler::pause(TaskId id)
{
    UploadTask *task = find(id);
    if (!task || !isActive(task->m_state))
        return;
    stopTransfer(task);
    task->m_retryAtMs = 0;
    task->m_statusNote.clear();
    setState(task, TaskState::Paused);
    requestSchedule();
}

void UploadScheduler::resume(TaskId id)
{
    UploadTask *task = find(id);
    if (!task || task->m_state != TaskState::Paused)
        return;
    task->m_retryAtMs = 0;
    setState(task, TaskState::Waiting);
    requestSchedule();
}

void UploadScheduler::cancel(TaskId id)
{
    UploadTask *task = find(id);
    if (!task)
        return;
    stopTransfer(task);
    if (task->m_state != TaskState::Success) {
        terminateUploads(task);
    }
    removeTasks({id});
    requestSchedule();
}

int UploadScheduler::sendTo(const QList<TaskId> &ids, const QUrl &endpoint)
{
    if (!endpoint.isValid() || endpoint.isEmpty())
        return 0;
    int moved = 0;
    for (const TaskId id : ids) {
        UploadTask *task = find(id);
        if (!task || task->m_endpoint == endpoint
            || (task->m_state != TaskState::Error && task->m_state != TaskState::Paused))
            continue;
        terminateUploads(task);
        m_preparer->cancel(id);
        task->m_endpoint = endpoint;
        task->m_lane = m_lanes.laneFor(endpoint);
        task->m_outage = outageOfLane(task->m_lane);
        // As the file is now, read off this thread (see retryFailed); it waits once read.
        task->m_statusNote = tr("Reading the file…");
        markDirty(task);
        if (m_persistence)
            m_persistence->changed(id); // the new endpoint
        m_recheck->recheck(id, task->m_path, m_persistence != nullptr);
        ++moved;
    }
    if (moved)
        requestSchedule();
    return moved;
}

void UploadScheduler::setPriority(TaskId id, Priority priority)
{
    UploadTask *task = find(id);
    if (!task || task->m_priority == priority)
        return;
    task->m_priority = priority;
    m_queue.setPriority(id, priority);
    markDirty(task);
    if (m_persistence)
        m_persistence->changed(id);
    requestSchedule();
}

void UploadScheduler::cancelTasks(const QList<TaskId> &ids)
{
    for (const TaskId id : ids) {
        UploadTask *task = find(id);
        if (!task)
            continue;
        stopTransfer(task);
        if (task->m_state != TaskState::Success)
            terminateUploads(task);
    }
    removeTasks(ids);
    requestSchedule();
}

void UploadScheduler::pauseTasks(const QList<TaskId> &ids)
{
    // Waiting ones first, as pauseAll() does: pausing an uploading one frees a slot.
    for (const TaskState state : {TaskState::Waiting, TaskState::Uploading}) {
        for (const TaskId id : ids) {
            const UploadTask *task = find(id);
            if (task && task->m_state == state)
                pause(id);
        }
    }
}

void UploadScheduler::resumeTasks(const QList<TaskId> &ids)
{
    for (const TaskId id : ids)
        resume(id);
}

void UploadScheduler::setTasksPriority(const QList<TaskId> &ids, Priority priority)
{
    for (const TaskId id : ids)
        setPriority(id, priority);
}

void UploadScheduler::pauseAll()
{
    // Waiting ones first: pausing an uploading one frees a slot a waiting one would take.
    for (TaskState state : {TaskState::Waiting, TaskState::Uploading}) {
        const QList<TaskId> ids = m_tasks.idsIn(state);
        for (TaskId id : ids)
            pause(id);
    }
}

void UploadScheduler::resumeAll()
{
    const QList<TaskId> ids = m_tasks.idsIn(TaskState::Paused);
    for (TaskId id : ids)
        resume(id);
    // What failed only because a server or the network would not answer (given up) is what a
    // person resuming everything wants going again too.
    QList<TaskId> transient;
    for (const TaskId id : m_tasks.idsIn(TaskState::Error)) {
        TransferError cause;
        cause.kind = find(id)->m_errorKind;
        if (cause.isTransient())
            transient.append(id);
    }
    if (retryFailed(transient) == 0)
        m_health->wake();
}

void UploadScheduler::clearFinished(bool includeFailed)
{
    QList<TaskId> doomed = m_tasks.idsIn(TaskState::Success);
    if (includeFailed)
        doomed += m_tasks.idsIn(TaskState::Error);
    removeTasks(doomed);
}

void UploadScheduler::clearFailed()
{
    const QList<TaskId> failed = m_tasks.idsIn(TaskState::Error);
    for (const TaskId id : failed) {
        UploadTask *task = find(id);
        terminateUploads(task);
    }
    removeTasks(failed);
}

// ---- queries --------------------------------------------------------------------------------

const UploadTask *UploadScheduler::task(TaskId id) const
{
    return find(id);
}

QList<TaskId> UploadScheduler::taskIds() const
{
    return m_tasks.ids();
}

SchedulerTotals UploadScheduler::totals() const
{
    SchedulerTotals t = m_tasks.totals();
    for (const UploadTask *task : std::as_const(m_running))
        t.bytesPerSecond += task->m_speed;
    return t;
}

bool UploadScheduler::isIdle() const
{
    const SchedulerTotals &t = m_tasks.totals();
    return m_pendingExpansions == 0 && t.count(TaskState::Waiting) == 0
           && t.count(TaskState::Uploading) == 0 && !m_orphans->busy() && !m_recheck->busy();
}

// ---- state and notification -----------------------------------------------------------------

void UploadScheduler::setState(UploadTask *task, TaskState state)
{
    const TaskState from = task->m_state;
    if (from == state)
        return;
    if (!allowedTransition(from, state)) {
        qCWarning(lcScheduler) << "refused transition" << taskStateName(from) << "->"
                               << taskStateName(state) << "for task" << task->m_id;
        return;
    }
    const TaskId id = task->m_id;
    if (from == TaskState::Waiting)
        m_queue.remove(id);
    if (from == TaskState::Uploading) {
        m_running.remove(id);
        m_bandwidth->forget(id); // only running tasks cost the limiter anything
    }
    if (state == TaskState::Uploading) {
        m_running.insert(id, task);
    } else {
        task->m_speed = 0;
        task->m_rate.reset();
    }
    m_tasks.setState(task, state);
    const bool finished = state == TaskState::Success || state == TaskState::Error;
    task->m_finishedMs = finished ? nowMs() : 0;
    if (state == TaskState::Waiting)
        m_queue.push(id, task->m_sequence, task->m_priority, task->m_lane, task->m_retryAtMs);
    markDirty(task);
    if (m_persistence)
        m_persistence->changed(id);
    if (state == TaskState::Uploading)
        Q_EMIT taskStarted(id);
    if (state == TaskState::Success || state == TaskState::Error)
        Q_EMIT taskFinished(id);
    checkIdle();
}

void UploadScheduler::markDirty(UploadTask *task)
{
    m_dirty.insert(task->m_id);
    if (!m_flushTimer.isActive())
        m_flushTimer.start();
}

void UploadScheduler::flush()
{
    QList<TaskId> ids;
    ids.reserve(m_dirty.size());
    for (TaskId id : std::as_const(m_dirty)) {
        if (find(id))
            ids.append(id);
    }
    m_dirty.clear();
    std::sort(ids.begin(), ids.end());
    if (!ids.isEmpty())
        Q_EMIT tasksChanged(ids);
    Q_EMIT totalsChanged(totals());
}

void UploadScheduler::tick()
{
    if (m_running.isEmpty()) {
        m_speedTimer.stop();
        return;
    }
    const qint64 now = nowMs();
    for (UploadTask *task : std::as_const(m_running)) {
        if (m_preparer->isHashing(task->m_id))
            task->m_hashedBytes = m_preparer->hashedBytes(task->m_id);
        task->updateSpeed(now);
        markDirty(task);
    }
}

void UploadScheduler::checkIdle()
{
    const bool idleNow = isIdle();
    if (idleNow && !m_wasIdle) {
        m_wasIdle = true;
        // Listeners hear the last task's state before being told everything is done.
        flush();
        Q_EMIT idle();
    } else if (!idleNow) {
        m_wasIdle = false;
    }
}

void UploadScheduler::removeTasks(const QList<TaskId> &candidates)
{
    QList<TaskId> ids;
    ids.reserve(candidates.size());
    for (TaskId id : candidates) {
        if (find(id))
            ids.append(id);
    }
    if (ids.isEmpty())
        return;
    Q_EMIT tasksAboutToBeRemoved(ids);
    for (TaskId id : std::as_const(ids)) {
        UploadTask *task = find(id);
        if (!task)
            continue; // a listener removed it already
        stopTransfer(task);
        m_queue.remove(id);
        m_running.remove(id);
        m_bandwidth->forget(id);
        m_dirty.remove(id);
        m_tasks.erase(id);
    }
    if (m_persistence)
        m_persistence->removed(ids);
    Q_EMIT tasksRemoved(ids);
    if (!m_flushTimer.isActive())
        m_flushTimer.start();
    checkIdle();
}

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

QVector<int> UploadScheduler::slotsPerServer(int *total) const
{
    QVector<int> used(m_lanes.serverCount(), 0);
    *total = 0;
    for (const UploadTask *task : std::as_const(m_running)) {
        used[m_lanes.serverOf(task->m_lane)] += task->streams();
        *total += task->streams();
    }
    return used;
}

void UploadScheduler::schedule()
{
    const qint64 now = nowMs();
    int used = 0;
    QVector<int> usedOn = slotsPerServer(&used);
    while (used < m_concurrency && !m_suspended) {
        const TaskId id =
            m_queue.takeNext(now, [&](int lane) {
                return m_lanes.mayStart(lane, usedOn, m_perServerLimit) && !serverDown(lane);
            });
        UploadTask *next = id ? find(id) : nullptr;
        if (!next)
            break;
        startTask(next);
        // A listener to taskStarted may have paused, cancelled or started things.
        usedOn = slotsPerServer(&used);
    }
    balanceStreams();
    m_orphans->sweepRestored();
    armRetryTimer();
    checkIdle();
}

void UploadScheduler::startTask(UploadTask *task)
{
    const TaskId id = task->m_id;
    task->m_retryAtMs = 0;
    task->m_statusNote.clear();
    task->m_hashedBytes = 0;
    task->m_instant = false;
    TaskPreparer::Request request;
    request.id = id;
    request.path = task->m_path;
    request.size = task->m_size;
    request.modifiedMs = task->m_modifiedMs;
    request.fingerprint = task->m_fingerprint;
    request.endpoint = task->m_endpoint;
    request.headers = headersFor(task->m_endpoint);
    request.verifyFile = task->m_verifyBeforeStart;
    // Only before the first transfer: an upload the server already has was announced without
    // a hash, and one hash per content is enough.
    request.mayHash = task->m_contentHash.isEmpty() && task->m_uploadUrl.isEmpty()
                      && std::none_of(task->m_parts.cbegin(), task->m_parts.cend(),
                                      [](const UploadPart &part) { return !part.url.isEmpty(); });
    // Set before taskStarted, so that listeners see what the task is about to do.
    task->m_phase = m_preparer->wouldHash(request) ? TaskPhase::Hashing : TaskPhase::Transferring;
    task->m_attempts.begin(nowMs());
    setState(task, TaskState::Uploading);
    // A listener to taskStarted may have paused or cancelled it already: start nothing then.
    task = find(id);
    if (!task || task->m_state != TaskState::Uploading)
        return;
    if (!m_speedTimer.isActive())
        m_speedTimer.start();
    m_orphans->sweep(task); // alongside its own requests
    m_preparer->prepare(request);
}

void UploadScheduler::onPrepared(TaskId id, const QByteArray &contentHash)
{
    UploadTask *task = find(id);
    if (!task || task->m_state != TaskState::Uploading || task->m_driver)
        return;
    task->m_verifyBeforeStart = false;
    if (!contentHash.isEmpty()) {
        task->m_contentHash = contentHash;
        task->m_hashedBytes = task->m_size;
        if (m_persistence)
            m_persistence->changed(id); // a restart need not read the whole file again
    }
    launchTransfer(task);
}

TransferJob UploadScheduler::jobFor(const UploadTask *task)
{
    TransferJob job;
    job.filePath = task->m_path;
    job.fileSize = task->m_size;
    job.modifiedMs = task->m_modifiedMs;
    job.endpoint = task->m_endpoint;
    job.uploadUrl = task->m_uploadUrl;
    job.chunkSize = task->m_chunks.chunkSize();
    job.maxRequestSize = qMax(job.chunkSize, task->m_maxRequestSize); // as it was queued
    job.stallTimeoutMs = m_stallTimeoutMs;
    job.headers = headersFor(task->m_endpoint);
    job.owner = task->m_id;
    job.holdAfterCreate = m_persistence != nullptr;
    // It starts with one stream; balanceStreams() grants more while they are free.
    job.maxStreams = m_parallelParts ? m_concurrency : 1;
    job.parts = task->m_uploadUrl.isEmpty() ? task->m_parts : UploadParts();
    if (task->m_rateLimit > 0)
        m_bandwidth->setTaskRate(task->m_id, task->m_rateLimit);
    job.throttle = m_bandwidth->throttle(task->m_id);
    job.metadata.insert(QStringLiteral("filename"), QFileInfo(task->m_path).fileName());
    if (task->m_displayName.contains(QLatin1Char('/')))
        job.metadata.insert(QStringLiteral("relativePath"), task->m_displayName);
    // Lower-case hex, as sha256sum prints it: readable in a server's logs and its metadata files.
    if (!task->m_contentHash.isEmpty())
        job.metadata.insert(QStringLiteral("sha256"),
                            QString::fromLatin1(task->m_contentHash.toHex()));
    // Kept on the server's copy (hoistd's named file; tus servers keep it in their metadata).
    job.metadata.insert(QLatin1String(MtimeWire::MetadataKey),
                        QString::fromLatin1(MtimeWire::format(task->m_modifiedMs)));
    return job;
}

void UploadScheduler::launchTransfer(UploadTask *task)
{
    task->m_phase = TaskPhase::Transferring;
    auto *driver = new TaskDriver(task, m_protocol->createTransfer(jobFor(task)), this);
    task->m_driver = driver;
    // Handlers look the task up by id: a driver stopped meanwhile reports nothing, and a removed
    // task is never reached.
    const TaskId id = task->m_id;
    connect(driver, &TaskDriver::progressed, this, [this, id](qint64 shown, qint64 confirmed) {
        UploadTask *t = find(id);
        if (!t)
            return;
        m_tasks.shownMoved(t, shown);
        if (t->m_confirmed > confirmed) {
            // Progress: a later failure starts its back-off (and its server's) afresh, and the
            // time without progress that gives an upload up starts again.
            if (t->m_retries > 0)
                m_health->progressed(t->m_endpoint);
            t->m_retries = 0;
            t->m_stuckSinceMs = 0;
        }
        if (m_persistence && t->m_confirmed != confirmed)
            m_persistence->progressed(id);
        markDirty(t);
    });
    // The transfer sends nothing more until the URL is on disk (TransferJob::holdAfterCreate).
    connect(driver, &TaskDriver::uploadCreated, this, [this, id](const QUrl &url) {
        if (UploadTask *t = find(id)) {
            markDirty(t);
            m_orphans->claimed(t, url);
            if (m_persistence)
                t->m_holdToken = m_persistence->saveUploadUrl(id, url);
        }
    });
    // Likewise an upload it will delete itself (an instant attempt): it is kept as one to delete.
    connect(driver, &TaskDriver::temporaryUploadCreated, this, [this, id](const QUrl &url) {
        if (UploadTask *t = find(id))
            t->m_holdToken = m_orphans->temporaryCreated(t, url);
    });
    // Likewise a new part; the latest save holds every part, so only its token releases them.
    connect(driver, &TaskDriver::partsCreated, this, [this, id](const UploadParts &parts) {
        if (UploadTask *t = find(id)) {
            markDirty(t);
            if (m_persistence)
                t->m_holdToken = m_persistence->saveUploadParts(id, parts);
        }
    });
    // A part finished or stopped: its slot may go to someone else.
    connect(driver, &TaskDriver::streamsChanged, this, &UploadScheduler::requestSchedule);
    connect(driver, &TaskDriver::completed, this, [this, id] {
        if (UploadTask *t = find(id))
            onTransferCompleted(t);
    });
    connect(driver, &TaskDriver::failed, this, [this, id](const TransferError &error) {
        if (UploadTask *t = find(id))
            onTransferFailed(t, error);
    });
    driver->start();
}

void UploadScheduler::balanceStreams()
{
    if (m_running.isEmpty())
        return;
    // In queue order, so that the oldest upload is offered free slots first.
    QVector<UploadTask *> tasks(m_running.cbegin(), m_running.cend());
    std::sort(tasks.begin(), tasks.end(), [](const UploadTask *a, const UploadTask *b) {
        return a->m_sequence < b->m_sequence;
    });
    QVector<StreamAllocator::Task> demands;
    demands.reserve(tasks.size());
    for (const UploadTask *task : std::as_const(tasks)) {
        StreamAllocator::Task d;
        d.server = m_lanes.serverOf(task->m_lane);
        d.limit = task->m_streamLimit;
        d.inUse = task->m_driver ? task->m_streamsInUse : 1;
        d.wanted = task->m_driver ? task->m_streamsWanted : 1;
        demands.append(d);
    }
    const qint64 now = nowMs();
    const auto waiting = [this, now](int server, const QVector<int> &usedOn) {
        return m_queue.hasReady(now, [&](int lane) {
            return m_lanes.wouldStartWithSlotOn(server, lane, usedOn, m_perServerLimit)
                   && !serverDown(lane);
        });
    };
    StreamAllocator::allocate(demands, m_lanes.serverCount(), {m_concurrency, m_perServerLimit},
                              waiting);
    for (int i = 0; i < tasks.size(); ++i) {
        UploadTask *task = tasks.at(i);
        if (!task->m_driver || task->m_streamLimit == demands.at(i).limit)
            continue;
        task->m_streamLimit = demands.at(i).limit;
        task->m_driver->setStreamLimit(task->m_streamLimit);
    }
}

void UploadScheduler::terminateUploads(UploadTask *task)
{
    if (!task->m_uploadUrl.isEmpty())
        m_protocol->terminate(task->m_uploadUrl, headersFor(task->m_endpoint));
    for (const UploadPart &part : std::as_const(task->m_parts)) {
        if (!part.url.isEmpty())
            m_protocol->terminate(part.url, headersFor(task->m_endpoint));
    }
    task->m_parts.clear();
}

void UploadScheduler::stopTransfer(UploadTask *task)
{
    if (TaskDriver *driver = std::exchange(task->m_driver, nullptr)) {
        driver->disconnect(this);
        driver->stop();
        driver->deleteLater(); // it may be inside one of its own signal emissions
    }
    m_preparer->cancel(task->m_id);
    task->dropInFlight(false);
    task->m_attempts.end(UploadAttempt::Outcome::Stopped, QString(), nowMs()); // unless ended
    // What the transfer would have deleted itself (an instant attempt cut short).
    m_orphans->sweep(task);
    task->m_holdToken = 0;
    task->m_streamLimit = task->m_streamsInUse = task->m_streamsWanted = 1;
}

void UploadScheduler::onTransferCompleted(UploadTask *task)
{
    task->m_attempts.end(UploadAttempt::Outcome::Completed, QString(), nowMs());
    stopTransfer(task);
    m_tasks.reshape(task, [task] { task->completeProgress(); });
    task->m_statusNote.clear();
    setState(task, TaskState::Success);
    requestSchedule();
}

void UploadScheduler::armRetryTimer()
{
    const qint64 earliest = m_queue.nextReadyAtMs();
    if (earliest == 0) {
        m_retryTimer.stop();
        return;
    }
    const qint64 wait = qMax<qint64>(0, earliest - nowMs() + 1);
    m_retryTimer.start(int(qMin<qint64>(wait, std::numeric_limits<int>::max())));
}

// ---- the store ------------------------------------------------------------------------------

void UploadScheduler::onUploadUrlSaved(TaskId id, quint64 token)
{
    UploadTask *task = find(id);
    if (task && task->m_driver && task->m_holdToken == token) {
        task->m_holdToken = 0;
        task->m_driver->continueAfterCreated();
    }
}

void UploadScheduler::onStoreWriteFailed(const QString &message)
{
    // The queue could not be saved (disk full, permissions): uploads go on rather than wait for
    // a write that will not come, and say what is at risk.
    qCWarning(lcScheduler) << "store:" << message;
    const QList<UploadTask *> running = m_running.values();
    for (UploadTask *task : running) {
        if (task->m_holdToken == 0 || !task->m_driver)
            continue;
        task->m_holdToken = 0;
        task->m_statusNote =
            tr("The queue could not be saved (%1); this upload may not survive a crash.")
                .arg(message);
        markDirty(task);
        task->m_driver->continueAfterCreated();
    }
}
