#include "uploadscheduler.h"

#include "fingerprint.h"
#include "taskrecord.h"
#include "taskstore.h"

#include <QDateTime>
#include <QFileInfo>
#include <QFutureWatcher>
#include <QLoggingCategory>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>

Q_LOGGING_CATEGORY(lcScheduler, "hoist.scheduler", QtWarningMsg)

namespace {
// At most this often a changed task is reported (so a row repaints at most 10 times a second).
constexpr int FlushIntervalMs = 100;
// How often speeds, times left and "retrying in" notes are refreshed while work is going on.
constexpr int TickIntervalMs = 500;

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
{
    m_flushTimer.setSingleShot(true);
    m_flushTimer.setInterval(FlushIntervalMs);
    connect(&m_flushTimer, &QTimer::timeout, this, &UploadScheduler::flush);
    m_retryTimer.setSingleShot(true);
    connect(&m_retryTimer, &QTimer::timeout, this, &UploadScheduler::requestSchedule);
    m_speedTimer.setInterval(TickIntervalMs);
    connect(&m_speedTimer, &QTimer::timeout, this, &UploadScheduler::tick);
    connect(m_protocol, &TransferProtocol::probed, this, &UploadScheduler::onProbed);
}

UploadScheduler::~UploadScheduler()
{
    for (auto &entry : m_tasks)
        stopTransfer(entry.second.get());
}

void UploadScheduler::setEndpoint(const QUrl &endpoint)
{
    m_endpoint = endpoint;
}

void UploadScheduler::setChunkSize(qint64 bytes)
{
    m_chunkSize = qMax<qint64>(1, bytes);
}

void UploadScheduler::setHeaders(const HttpHeaders &headers)
{
    m_headers = headers;
}

void UploadScheduler::setEndpointHeaders(const QUrl &endpoint, const HttpHeaders &headers)
{
    m_endpointHeaders.set(endpoint, headers);
}

void UploadScheduler::holdEndpoint(const QUrl &endpoint, bool held)
{
    m_endpointHeaders.setHeld(endpoint, held);
    if (!held)
        requestSchedule();
}

HttpHeaders UploadScheduler::headersFor(const QUrl &endpoint) const
{
    return m_endpointHeaders.merged(m_headers, endpoint);
}

void UploadScheduler::setConcurrency(int limit)
{
    m_concurrency = qBound(MinConcurrency, limit, MaxConcurrency);
    requestSchedule();
}

// ---- queueing -------------------------------------------------------------------------------

void UploadScheduler::addPaths(const QStringList &paths, Priority priority)
{
    ++m_pendingExpansions;
    m_wasIdle = false;
    // Folders may hold thousands of files on a slow disk: walk them off this thread. A watcher
    // owned by this object delivers the result on this thread, and not at all once it is gone.
    // (QFuture::then(context, ...) is not used: on Qt 6.4.2 its continuation sometimes runs on
    // the worker thread.)
    auto *watcher = new QFutureWatcher<QList<ExpandedPath>>(this);
    connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher, priority] {
        watcher->deleteLater();
        --m_pendingExpansions;
        onExpanded(watcher->result(), priority);
    });
    const bool fingerprints = m_store != nullptr;
    watcher->setFuture(QtConcurrent::run([paths, fingerprints] {
        QList<ExpandedPath> expanded = expandPaths(paths);
        if (fingerprints) {
            for (ExpandedPath &p : expanded) {
                if (p.rejection.isEmpty())
                    p.fingerprint = quickFingerprint(p.path, p.size);
            }
        }
        return expanded;
    }));
}

void UploadScheduler::onExpanded(const QList<ExpandedPath> &paths, Priority priority)
{
    Q_EMIT pathsExpanded(int(paths.size()));
    QList<TaskId> added;
    QList<TaskId> rejected;
    added.reserve(paths.size());
    for (const ExpandedPath &p : paths) {
        const TaskId id = m_nextId++;
        auto task = std::make_unique<UploadTask>(id, p.path, p.displayName, p.size, p.modifiedMs,
                                                 m_endpoint, priority, m_chunkSize);
        task->m_sequence = m_nextSequence++;
        task->m_fingerprint = p.fingerprint;
        task->m_createdMs = QDateTime::currentMSecsSinceEpoch();
        if (!p.rejection.isEmpty()) {
            // Not uploadable: listed all the same, with the reason, so nothing vanishes silently.
            task->m_state = TaskState::Error;
            task->m_errorKind = TransferError::Kind::FileUnreadable;
            task->m_errorMessage = p.rejection;
            rejected.append(id);
        }
        m_tasks.emplace(id, std::move(task));
        added.append(id);
    }
    if (m_store && !added.isEmpty()) {
        QList<TaskRecord> records;
        records.reserve(added.size());
        for (TaskId id : std::as_const(added)) {
            UploadTask *task = find(id);
            task->m_savedMs = task->m_createdMs;
            task->m_savedConfirmed = 0;
            records.append(recordOf(task));
        }
        QMetaObject::invokeMethod(
            m_store, [store = m_store, records] { store->saveAll(records); },
            Qt::QueuedConnection);
    }
    Q_EMIT tasksAdded(added);
    for (TaskId id : std::as_const(rejected))
        Q_EMIT taskFinished(id);
    if (!m_flushTimer.isActive())
        m_flushTimer.start();
    requestSchedule();
    if (m_tasks.empty() || rejected.size() == added.size())
        checkIdle();
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
    if (!task->m_uploadUrl.isEmpty() && task->m_state != TaskState::Success)
        m_protocol->terminate(task->m_uploadUrl, headersFor(task->m_endpoint));
    if (task->m_state != TaskState::Success)
        terminateParts(task);
    removeTask(id);
    requestSchedule();
}

void UploadScheduler::retry(TaskId id)
{
    UploadTask *task = find(id);
    if (!task || task->m_state != TaskState::Error)
        return;
    if (task->m_errorKind == TransferError::Kind::FileChanged
        || task->m_errorKind == TransferError::Kind::FileUnreadable) {
        // The person wants what the file holds now: a fresh upload, never the new bytes
        // appended to the old one.
        const QFileInfo info(task->m_path);
        if (!task->m_uploadUrl.isEmpty())
            m_protocol->terminate(task->m_uploadUrl, headersFor(task->m_endpoint));
        task->m_uploadUrl.clear();
        terminateParts(task);
        task->m_size = info.exists() ? info.size() : 0;
        task->m_modifiedMs = info.exists() ? info.lastModified().toMSecsSinceEpoch() : 0;
        task->m_chunks = ChunkMap(task->m_size, task->m_chunks.chunkSize());
        if (m_store)
            task->m_fingerprint = quickFingerprint(task->m_path, task->m_size);
        task->m_verifyBeforeStart = false;
        task->m_contentHash.clear(); // of the old content
        resetProgress(task);
    }
    task->m_retries = 0;
    task->m_retryAtMs = 0;
    task->m_errorKind = TransferError::Kind::None;
    task->m_errorMessage.clear();
    task->m_statusNote.clear();
    setState(task, TaskState::Waiting);
    requestSchedule();
}

void UploadScheduler::setPriority(TaskId id, Priority priority)
{
    UploadTask *task = find(id);
    if (!task || task->m_priority == priority)
        return;
    task->m_priority = priority;
    markDirty(task);
    requestSchedule();
}

void UploadScheduler::pauseAll()
{
    for (auto &entry : m_tasks)
        pause(entry.first);
}

void UploadScheduler::resumeAll()
{
    for (auto &entry : m_tasks)
        resume(entry.first);
}

void UploadScheduler::clearFinished(bool includeFailed)
{
    QList<TaskId> doomed;
    for (const auto &entry : m_tasks) {
        const TaskState s = entry.second->m_state;
        if (s == TaskState::Success || (includeFailed && s == TaskState::Error))
            doomed.append(entry.first);
    }
    for (TaskId id : std::as_const(doomed))
        removeTask(id);
}

// ---- queries --------------------------------------------------------------------------------

const UploadTask *UploadScheduler::task(TaskId id) const
{
    return find(id);
}

UploadTask *UploadScheduler::find(TaskId id) const
{
    const auto it = m_tasks.find(id);
    return it == m_tasks.end() ? nullptr : it->second.get();
}

QList<TaskId> UploadScheduler::taskIds() const
{
    QList<TaskId> ids;
    ids.reserve(int(m_tasks.size()));
    for (const auto &entry : m_tasks)
        ids.append(entry.first); // ids grow with every task added: map order is add order
    return ids;
}

SchedulerTotals UploadScheduler::totals() const
{
    SchedulerTotals t;
    for (const auto &entry : m_tasks) {
        const UploadTask &task = *entry.second;
        ++t.counts[int(task.m_state)];
        t.bytesTotal += task.m_size;
        t.bytesDone += task.m_shown;
        if (task.m_state == TaskState::Uploading)
            t.bytesPerSecond += task.m_speed;
    }
    return t;
}

bool UploadScheduler::isIdle() const
{
    if (m_pendingExpansions > 0)
        return false;
    return std::none_of(m_tasks.begin(), m_tasks.end(),
                        [](const auto &entry) { return isActive(entry.second->m_state); });
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
    if (from == TaskState::Uploading)
        --m_running;
    if (state == TaskState::Uploading)
        ++m_running;
    if (state != TaskState::Uploading) {
        task->m_speed = 0;
        task->m_rate.reset();
    }
    task->m_state = state;
    markDirty(task);
    save(task);
    if (state == TaskState::Uploading)
        Q_EMIT taskStarted(task->m_id);
    if (state == TaskState::Success || state == TaskState::Error)
        Q_EMIT taskFinished(task->m_id);
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
        if (m_tasks.count(id))
            ids.append(id);
    }
    m_dirty.clear();
    std::sort(ids.begin(), ids.end());
    if (!ids.isEmpty()) {
        saveProgress(ids);
        Q_EMIT tasksChanged(ids);
    }
    Q_EMIT totalsChanged(totals());
}

void UploadScheduler::tick()
{
    const qint64 now = nowMs();
    bool anyActive = false;
    for (auto &entry : m_tasks) {
        UploadTask *task = entry.second.get();
        if (task->m_state == TaskState::Uploading) {
            updateHashProgress(task);
            task->m_speed = task->m_rate.bytesPerSecond(now);
            markDirty(task);
            anyActive = true;
        } else if (task->m_state == TaskState::Waiting && task->m_retryAtMs > now) {
            markDirty(task); // "retrying in N s" counts down
            anyActive = true;
        }
    }
    if (!anyActive)
        m_speedTimer.stop();
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

void UploadScheduler::removeTask(TaskId id)
{
    UploadTask *task = find(id);
    if (!task)
        return;
    Q_EMIT taskAboutToBeRemoved(id);
    stopTransfer(task);
    if (task->m_state == TaskState::Uploading)
        --m_running;
    m_tasks.erase(id);
    m_dirty.remove(id);
    if (m_store)
        QMetaObject::invokeMethod(
            m_store, [store = m_store, id] { store->remove(id); }, Qt::QueuedConnection);
    Q_EMIT taskRemoved(id);
    if (!m_flushTimer.isActive())
        m_flushTimer.start();
    checkIdle();
}
