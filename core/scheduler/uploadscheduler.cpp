#include "uploadscheduler.h"

#include "answerwaits.h"
#include "bandwidthlimiter.h"
#include "clock.h"
#include "failurehandler.h"
#include "orphanuploads.h"
#include "slotbalancer.h"
#include "taskchangebatch.h"
#include "taskdriver.h"
#include "taskjob.h"
#include "taskpersistence.h"
#include "taskrecord.h"
#include "taskrunner.h"
#include "taskstore.h"

#include <QDateTime>
#include <QLoggingCategory>

#include <utility>

Q_LOGGING_CATEGORY(lcScheduler, "hoist.scheduler", QtWarningMsg)

namespace {
bool isActive(TaskState s)
{
    return s == TaskState::Waiting || s == TaskState::Uploading;
}
} // namespace

UploadScheduler::UploadScheduler(TransferProtocol *protocol, QObject *parent)
    : UploadScheduler(protocol, nullptr, parent)
{
}

UploadScheduler::UploadScheduler(TransferProtocol *protocol, Clock *clock, QObject *parent)
    : QObject(parent)
    , m_protocol(protocol)
    , m_ownClock(clock ? nullptr : new SystemClock(this))
    , m_preparer(new TaskPreparer(protocol, this))
    , m_bandwidth(new BandwidthLimiter(this))
    , m_changes(new TaskChangeBatch([this](TaskId id) { return find(id) != nullptr; }, this))
    , m_orphans(new OrphanUploads(
          protocol, [this](TaskId id) { return find(id); },
          [this](const QUrl &endpoint) { return headersFor(endpoint); },
          [this](const QUrl &endpoint) { return m_endpointHeaders.isHeld(endpoint); }, this))
    , m_recheck(new FileRecheck(this))
    , m_failures(new FailureHandler(
          this, protocol, [this](const QUrl &endpoint) { return headersFor(endpoint); },
          clock ? clock : m_ownClock, m_recheck, this))
    , m_runner(new TaskRunner(
          this, {protocol, m_preparer, m_orphans, m_failures},
          [this](const UploadTask &task) { return jobFor(task); },
          [this](const QUrl &endpoint) { return headersFor(endpoint); }, this))
    , m_intake(new TaskIntake(
          this, &m_tasks,
          [this](const ExpandedPath &path, Priority priority, const QUrl &endpoint, qint64 now) {
              return makeTask(path, priority, endpoint, now);
          },
          [this](const QList<const UploadTask *> &tasks, const QList<TaskId> &added,
                 const QList<TaskId> &rejected) { tasksMade(tasks, added, rejected); },
          [this] { return m_endpoint; }, this))
{
    TaskControl *control = this; // a private base: converted here, where it is accessible
    m_bulk = std::make_unique<BulkCommands>(this, control, m_failures);
    connect(m_intake, &TaskIntake::pathsExpanded, this, &UploadScheduler::pathsExpanded);
    connect(m_intake, &TaskIntake::duplicatesFound, this, [this](const DuplicateReport &report) {
        // A file given again whose uploads all failed: its last one starts again.
        m_failures->retryFailed(report.retriedTasks.values(), report.retriedChanged);
        Q_EMIT duplicatesFound(report);
    });
    connect(m_intake, &TaskIntake::sliceDone, this, &UploadScheduler::checkIdle);
    m_preparer->setInstantMinimumSize(DefaultInstantMinimumSize);
    connect(m_changes, &TaskChangeBatch::flushed, this, &UploadScheduler::flushed);
    connect(m_orphans, &OrphanUploads::settled, this, &UploadScheduler::checkIdle);
    connect(m_protocol, &TransferProtocol::requestFinished, this, &UploadScheduler::requestSampled);
    connect(&m_limits.levels(), &ConcurrencyLevels::levelChanged, this,
            &UploadScheduler::concurrencyLevelChanged);
    m_slots = new SlotBalancer(
        protocol, {&m_lanes, &m_limits, &m_queue, &m_running},
        [this](const QUrl &endpoint) { return headersFor(endpoint); },
        [this](int lane) { return laneWaits(lane); }, [this] { return m_failures->nowMs(); }, this);
    // While a server's load is checked, nothing starts there: a prepared task waits for its
    // transfer (and so for how many streams it gets).
    m_runner->setHold(
        [this](const UploadTask &task) { return m_slots->checking(task.endpoint()); });
    connect(m_slots, &SlotBalancer::loadJudged, this, [this] {
        m_runner->launchHeld();
        requestSchedule();
    });
}

UploadScheduler::~UploadScheduler()
{
    const QList<UploadTask *> running = m_running.values();
    for (UploadTask *task : running)
        m_runner->stop(task);
    m_orphans->setPersistence(nullptr); // it is destroyed before its parent, this
}

// ---- settings -------------------------------------------------------------------------------

void UploadScheduler::holdEndpoint(const QUrl &endpoint, bool held)
{
    m_endpointHeaders.setHeld(endpoint, held);
    if (!held)
        requestSchedule();
}

void UploadScheduler::setConcurrency(int limit)
{
    m_limits.setFixed(limit);
    if (m_limits.setAuto(false))
        Q_EMIT concurrencyLevelChanged();
    requestSchedule();
}

void UploadScheduler::setPerServerLimit(int limit)
{
    m_limits.setPerServer(limit);
    requestSchedule();
}

void UploadScheduler::setAutoConcurrency(bool on)
{
    if (!m_limits.setAuto(on))
        return;
    requestSchedule();
    Q_EMIT concurrencyLevelChanged();
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

void UploadScheduler::setRateCap(qint64 bytesPerSecond)
{
    m_rateCap = qMax<qint64>(0, bytesPerSecond);
    const qint64 stricter =
        m_ownRate == 0 || (m_rateCap > 0 && m_rateCap < m_ownRate) ? m_rateCap : m_ownRate;
    m_bandwidth->setGlobalRate(stricter);
}

void UploadScheduler::setSuspended(bool suspended, const QString &reason)
{
    m_suspended = suspended;
    // The notes of the hold go with it, also on those not started again at once.
    for (const TaskId id : std::exchange(m_heldIds, {})) {
        UploadTask *task = find(id);
        if (task && task->state() == TaskState::Waiting) {
            task->setStatusNote(suspended ? reason : QString());
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
        m_runner->stop(task); // an attempt Stopped, not Failed: its retries stay as they are
        task->setStatusNote(reason);
        setState(task, TaskState::Waiting);
        m_heldIds.append(task->id());
    }
}

void UploadScheduler::setTaskRateLimit(TaskId id, qint64 bytesPerSecond)
{
    UploadTask *task = find(id);
    if (!task)
        return;
    task->setRateLimit(bytesPerSecond);
    // The limiter knows only running tasks; the others get theirs when they start (jobFor).
    if (m_running.contains(id))
        m_bandwidth->setTaskRate(id, task->rateLimit());
    taskChanged(task, true);
}

void UploadScheduler::setStore(TaskStore *store)
{
    m_orphans->setPersistence(nullptr);
    m_runner->setPersistence(nullptr);
    m_persistence.reset();
    if (!store)
        return;
    m_persistence = std::make_unique<TaskPersistence>(
        store, [this](TaskId id) -> const UploadTask * { return find(id); });
    m_orphans->setPersistence(m_persistence.get());
    m_runner->setPersistence(m_persistence.get());
    connect(m_persistence.get(), &TaskPersistence::uploadUrlSaved, m_runner,
            &TaskRunner::uploadUrlSaved);
    connect(m_persistence.get(), &TaskPersistence::writeFailed, m_runner,
            &TaskRunner::storeWriteFailed);
}

// ---- queueing -------------------------------------------------------------------------------

void UploadScheduler::insertTask(std::unique_ptr<UploadTask> owned)
{
    UploadTask *task = m_tasks.insert(std::move(owned));
    const int lane = m_lanes.laneFor(task->endpoint());
    task->setLane(lane, m_failures->outageOfLane(lane, m_lanes.endpoint(lane)));
    task->setAnswerHold(answerWaits()->holdOfLane(lane));
    if (task->state() == TaskState::Waiting)
        m_queue.push(task->id(), task->sequence(), task->priority(), task->lane());
}

void UploadScheduler::addPaths(const QStringList &paths, Priority priority, Duplicates duplicates)
{
    m_wasIdle = false;
    m_intake->addPaths(paths, priority, duplicates == Duplicates::Skip, m_endpoint, m_exclude,
                       m_persistence != nullptr);
}

void UploadScheduler::addFiles(const QList<FileToQueue> &files, const QUrl &endpoint,
                               Priority priority)
{
    if (files.isEmpty())
        return;
    m_wasIdle = false;
    m_intake->addFiles(files, endpoint, priority, m_persistence != nullptr);
}

UploadTask *UploadScheduler::makeTask(const ExpandedPath &p, Priority priority,
                                      const QUrl &endpoint, qint64 now)
{
    auto task = std::make_unique<UploadTask>(m_nextId++, p.path, p.displayName, p.size,
                                             p.modifiedMs, endpoint, priority, m_chunkSize);
    task->queued(m_nextSequence++, m_maxRequestSize, p.fingerprint, now);
    // Not uploadable: listed all the same, with the reason, so nothing vanishes silently.
    if (!p.rejection.isEmpty())
        task->rejected(TransferError::Kind::FileUnreadable, p.rejection, now);
    UploadTask *made = task.get();
    insertTask(std::move(task));
    return made;
}

void UploadScheduler::tasksMade(const QList<const UploadTask *> &tasks, const QList<TaskId> &added,
                                const QList<TaskId> &rejected)
{
    if (m_persistence)
        m_persistence->added(tasks);
    Q_EMIT tasksAdded(added);
    for (TaskId id : rejected)
        Q_EMIT taskFinished(id);
    m_changes->touched();
    requestSchedule();
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
    m_changes->touched();
    requestSchedule();
}

// ---- commands -------------------------------------------------------------------------------

void UploadScheduler::pause(TaskId id)
{
    UploadTask *task = find(id);
    if (!task || !isActive(task->state()))
        return;
    m_runner->stop(task);
    task->pause();
    setState(task, TaskState::Paused);
    requestSchedule();
}

void UploadScheduler::resume(TaskId id)
{
    UploadTask *task = find(id);
    if (!task || task->state() != TaskState::Paused)
        return;
    task->waitNow();
    setState(task, TaskState::Waiting);
    requestSchedule();
}

int UploadScheduler::sendTo(const QList<TaskId> &ids, const QUrl &endpoint)
{
    if (!endpoint.isValid() || endpoint.isEmpty())
        return 0;
    int moved = 0;
    for (const TaskId id : ids) {
        UploadTask *task = find(id);
        if (!task || task->endpoint() == endpoint
            || (task->state() != TaskState::Error && task->state() != TaskState::Paused))
            continue;
        terminateUploads(task);
        m_preparer->cancel(id);
        const int lane = m_lanes.laneFor(endpoint);
        task->moveToEndpoint(endpoint, lane, m_failures->outageOfLane(lane, endpoint));
        task->setAnswerHold(answerWaits()->holdOfLane(lane));
        // As the file is now, read off this thread (see retryFailed); it waits once read.
        task->setStatusNote(tr("Reading the file…"));
        taskChanged(task, true); // the new endpoint
        recheckFile(task);
        ++moved;
    }
    if (moved)
        requestSchedule();
    return moved;
}

void UploadScheduler::setAnswerAwaited(const QString &path, const QString &note)
{
    for (const TaskId id : m_tasks.idsWithPath(path)) {
        UploadTask *task = find(id);
        if (task && task->state() == TaskState::Uploading && task->awaitedAnswer() != note) {
            task->setAwaitedAnswer(note);
            markDirty(task);
        }
    }
}

void UploadScheduler::setPriority(TaskId id, Priority priority)
{
    UploadTask *task = find(id);
    if (!task || task->priority() == priority)
        return;
    task->setPriority(priority);
    m_queue.setPriority(id, priority);
    taskChanged(task, true);
    requestSchedule();
}

// ---- queries --------------------------------------------------------------------------------

SchedulerTotals UploadScheduler::totals() const
{
    SchedulerTotals t = m_tasks.totals();
    for (const UploadTask *task : std::as_const(m_running))
        t.bytesPerSecond += task->speed();
    return t;
}

bool UploadScheduler::isAddingPaths() const
{
    return m_intake->busy();
}

bool UploadScheduler::isIdle() const
{
    const SchedulerTotals &t = m_tasks.totals();
    return !m_intake->busy() && t.count(TaskState::Waiting) == 0
           && t.count(TaskState::Uploading) == 0 && !m_orphans->busy() && !m_recheck->busy();
}

// ---- state and notification -----------------------------------------------------------------

void UploadScheduler::setState(UploadTask *task, TaskState state)
{
    const TaskState from = task->state();
    if (from == state)
        return;
    if (!task->mayMoveTo(state)) {
        qCWarning(lcScheduler) << "refused transition" << taskStateName(from) << "->"
                               << taskStateName(state) << "for task" << task->id();
        return;
    }
    const TaskId id = task->id();
    if (from == TaskState::Waiting)
        m_queue.remove(id);
    if (from == TaskState::Uploading) {
        m_running.remove(id);
        m_bandwidth->forget(id); // only running tasks cost the limiter anything
    }
    if (state == TaskState::Uploading)
        m_running.insert(id, task);
    m_tasks.setState(task, state, SystemClock::nowMs());
    if (state == TaskState::Waiting)
        m_queue.push(id, task->sequence(), task->priority(), task->lane(), task->ownRetryAtMs());
    taskChanged(task, true);
    if (state == TaskState::Uploading)
        Q_EMIT taskStarted(id);
    if (state == TaskState::Success || state == TaskState::Error)
        Q_EMIT taskFinished(id);
    checkIdle();
}

void UploadScheduler::markDirty(UploadTask *task)
{
    m_changes->changed(task->id());
}

void UploadScheduler::taskChanged(UploadTask *task, bool store)
{
    markDirty(task);
    if (store && m_persistence)
        m_persistence->changed(task->id());
}

void UploadScheduler::taskFailedAgain(UploadTask *task)
{
    taskChanged(task, true);
    Q_EMIT taskFinished(task->id());
}

void UploadScheduler::flushed(const QList<TaskId> &ids)
{
    if (!ids.isEmpty())
        Q_EMIT tasksChanged(ids);
    Q_EMIT totalsChanged(totals());
}

void UploadScheduler::checkIdle()
{
    const bool idleNow = isIdle();
    if (idleNow && !m_wasIdle) {
        m_wasIdle = true;
        // Listeners hear the last task's state before being told everything is done.
        m_changes->flush();
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
        m_runner->stop(task);
        m_queue.remove(id);
        m_running.remove(id);
        m_bandwidth->forget(id);
        m_changes->forget(id);
        m_tasks.erase(id);
    }
    if (m_persistence)
        m_persistence->removed(ids);
    Q_EMIT tasksRemoved(ids);
    m_changes->touched();
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

void UploadScheduler::requestSampled(const RequestSample &sample)
{
    if (m_limits.sampled(sample))
        requestSchedule();
}

void UploadScheduler::schedule()
{
    const qint64 now = m_failures->nowMs();
    int used = 0;
    QVector<int> usedOn = m_slots->slotsPerServer(&used);
    while (used < m_limits.global() && !m_suspended) {
        const TaskId id = m_queue.takeNext(now, [&](int lane) {
            return m_lanes.mayStart(lane, usedOn, m_limits.on(m_lanes.serverOf(lane)))
                   && !laneWaits(lane) && !m_slots->checking(m_lanes.endpoint(lane));
        });
        UploadTask *next = id ? find(id) : nullptr;
        if (!next)
            break;
        m_runner->start(next);
        // A listener to taskStarted may have paused, cancelled or started things.
        usedOn = m_slots->slotsPerServer(&used);
    }
    m_slots->balance();
    m_orphans->sweepRestored();
    m_failures->armRetryTimer(m_queue.nextReadyAtMs());
    checkIdle();
}

bool UploadScheduler::laneWaits(int lane) const
{
    return m_failures->serverDown(m_lanes.endpoint(lane)) || answerWaits()->holds(lane);
}

TransferJob UploadScheduler::jobFor(const UploadTask &task)
{
    TaskJobSettings settings;
    settings.stallTimeoutMs = m_stallTimeoutMs;
    settings.headers = headersFor(task.endpoint());
    settings.holdAfterCreate = m_persistence != nullptr;
    settings.maxStreams = m_parallelParts ? m_limits.streamsOn(m_lanes.serverOf(task.lane())) : 1;
    settings.overlapAnswers = m_limits.isAuto();
    settings.oneStreamIfNear =
        m_limits.isAuto() && !m_limits.knowsDistanceTo(m_lanes.serverOf(task.lane()));
    if (task.rateLimit() > 0)
        m_bandwidth->setTaskRate(task.id(), task.rateLimit());
    settings.throttle = m_bandwidth->throttle(task.id());
    return transferJobFor(task, settings);
}

void UploadScheduler::terminateUploads(UploadTask *task)
{
    if (!task->uploadUrl().isEmpty())
        m_protocol->terminate(task->uploadUrl(), headersFor(task->endpoint()));
    for (const UploadPart &part : task->parts()) {
        if (!part.url.isEmpty())
            m_protocol->terminate(part.url, headersFor(task->endpoint()));
    }
    task->clearParts();
}

void UploadScheduler::stopTask(UploadTask *task)
{
    m_runner->stop(task);
}

void UploadScheduler::recheckFile(UploadTask *task)
{
    m_recheck->recheck(task->id(), task->path(), m_persistence != nullptr);
}
