#include "taskpersistence.h"

#include "clock.h"
#include "taskrecord.h"
#include "taskstore.h"
#include "uploadtask.h"

namespace {
// Changes reach the store at most this late (a crash loses at most this much of them, and what
// it loses only makes a restart ask the server again).
constexpr int BatchIntervalMs = 250;
// Progress of one task is saved at most this often.
constexpr qint64 ProgressSaveIntervalMs = 1000;

// Runs `call` on the store's thread, after everything queued before it.
template <typename Call>
void queue(TaskStore *store, Call call)
{
    QMetaObject::invokeMethod(store, std::move(call), Qt::QueuedConnection);
}
} // namespace

TaskPersistence::TaskPersistence(TaskStore *store, Lookup find, QObject *parent)
    : QObject(parent)
    , m_store(store)
    , m_find(std::move(find))
{
    m_batch.setSingleShot(true);
    m_batch.setInterval(BatchIntervalMs);
    connect(&m_batch, &QTimer::timeout, this, &TaskPersistence::flush);
    connect(m_store, &TaskStore::uploadUrlSaved, this, &TaskPersistence::uploadUrlSaved);
    connect(m_store, &TaskStore::writeFailed, this, &TaskPersistence::writeFailed);
}

TaskPersistence::~TaskPersistence()
{
    flush();
}

void TaskPersistence::arm()
{
    if (!m_batch.isActive())
        m_batch.start();
}

void TaskPersistence::added(const QList<const UploadTask *> &tasks)
{
    if (tasks.isEmpty())
        return;
    const qint64 now = SystemClock::nowMs();
    QList<TaskRecord> records;
    records.reserve(tasks.size());
    for (const UploadTask *task : tasks)
        records.append(task->toRecord(now));
    queue(m_store, [store = m_store, records = std::move(records)] { store->saveAll(records); });
}

void TaskPersistence::changed(TaskId id)
{
    m_changed.insert(id);
    arm();
}

void TaskPersistence::progressed(TaskId id)
{
    m_progressed.insert(id);
    arm();
}

void TaskPersistence::removed(const QList<TaskId> &ids)
{
    for (TaskId id : ids) {
        m_changed.remove(id);
        m_progressed.remove(id);
        m_saved.remove(id);
    }
    m_removed += ids;
    arm();
}

quint64 TaskPersistence::saveUploadUrl(TaskId id, const QUrl &url)
{
    const quint64 token = ++m_nextToken;
    queue(m_store, [store = m_store, id, url, token] { store->saveUploadUrl(id, url, token); });
    return token;
}

quint64 TaskPersistence::saveUploadParts(TaskId id, const UploadParts &parts)
{
    const quint64 token = ++m_nextToken;
    queue(m_store,
          [store = m_store, id, parts, token] { store->saveUploadParts(id, parts, token); });
    return token;
}

quint64 TaskPersistence::saveUploadsToDelete(TaskId id, const QList<QUrl> &urls)
{
    const quint64 token = ++m_nextToken;
    queue(m_store,
          [store = m_store, id, urls, token] { store->saveUploadsToDelete(id, urls, token); });
    return token;
}

void TaskPersistence::flush()
{
    m_batch.stop();
    const qint64 now = SystemClock::nowMs();
    QList<TaskRecord> records;
    const auto take = [&](TaskId id) {
        const UploadTask *task = m_find(id);
        if (!task)
            return;
        records.append(task->toRecord(now));
        m_saved.insert(id, {now, task->confirmedBytes()});
    };
    for (TaskId id : std::as_const(m_changed))
        take(id);
    for (auto it = m_progressed.begin(); it != m_progressed.end();) {
        const UploadTask *task = m_find(*it);
        const Saved saved = m_saved.value(*it);
        if (!task || m_changed.contains(*it) || task->confirmedBytes() == saved.confirmed) {
            it = m_progressed.erase(it); // gone, saved above, or nothing new
        } else if (now - saved.atMs >= ProgressSaveIntervalMs) {
            take(*it);
            it = m_progressed.erase(it);
        } else {
            ++it; // its turn comes with a later batch
        }
    }
    m_changed.clear();
    // A finished task makes no more progress: forget when it was saved.
    for (const TaskRecord &r : std::as_const(records)) {
        if (r.state == TaskState::Success || r.state == TaskState::Error)
            m_saved.remove(r.id);
    }
    if (!records.isEmpty())
        queue(m_store,
              [store = m_store, records = std::move(records)] { store->saveAll(records); });
    if (!m_removed.isEmpty()) {
        queue(m_store,
              [store = m_store, ids = std::exchange(m_removed, {})] { store->removeAll(ids); });
    }
    if (!m_progressed.isEmpty())
        arm();
}
