// The persistent half of UploadScheduler: what it tells its TaskStore, when, and how a stored
// queue comes back.
#include "uploadscheduler.h"

#include "fingerprint.h"
#include "taskrecord.h"
#include "taskstore.h"

#include <QDateTime>
#include <QFileInfo>
#include <QFutureWatcher>
#include <QLoggingCategory>
#include <QtConcurrent/QtConcurrentRun>

Q_DECLARE_LOGGING_CATEGORY(lcScheduler)

namespace {
// Progress reaches the store at most this often per task; state changes go at once.
constexpr qint64 ProgressSaveIntervalMs = 1000;

qint64 nowMs()
{
    return QDateTime::currentMSecsSinceEpoch();
}

// What a restored file is checked against before a single byte more is sent.
struct FileCheck {
    bool exists = false;
    qint64 size = 0;
    qint64 modifiedMs = 0;
    QByteArray fingerprint;
};

FileCheck checkFile(const QString &path)
{
    FileCheck check;
    const QFileInfo info(path);
    check.exists = info.isFile();
    if (!check.exists)
        return check;
    check.size = info.size();
    check.modifiedMs = info.lastModified().toMSecsSinceEpoch();
    check.fingerprint = quickFingerprint(path, check.size);
    return check;
}
} // namespace

void UploadScheduler::setStore(TaskStore *store)
{
    m_store = store;
    if (!m_store)
        return;
    connect(m_store, &TaskStore::uploadUrlSaved, this, &UploadScheduler::onUploadUrlSaved);
    connect(m_store, &TaskStore::writeFailed, this, [this](const QString &message) {
        // The queue could not be saved (disk full, permissions): uploads go on rather than wait
        // for a write that will not come, and say what is at risk.
        qCWarning(lcScheduler) << "store:" << message;
        for (auto &entry : m_tasks) {
            UploadTask *task = entry.second.get();
            if (task->m_holdToken == 0 || !task->m_transfer)
                continue;
            task->m_holdToken = 0;
            task->m_statusNote = tr("The queue could not be saved (%1); this upload may not "
                                    "survive a crash.").arg(message);
            markDirty(task);
            task->m_transfer->continueAfterCreated();
        }
    });
}

TaskRecord UploadScheduler::recordOf(const UploadTask *task) const
{
    TaskRecord r;
    r.id = task->m_id;
    r.sequence = task->m_sequence;
    r.path = task->m_path;
    r.displayName = task->m_displayName;
    r.size = task->m_size;
    r.modifiedMs = task->m_modifiedMs;
    r.fingerprint = task->m_fingerprint;
    r.contentHash = task->m_contentHash;
    r.instant = task->m_instant;
    r.endpoint = task->m_endpoint;
    r.uploadUrl = task->m_uploadUrl;
    r.parts = task->m_parts;
    r.priority = task->m_priority;
    r.state = task->m_state;
    r.confirmedBytes = task->m_confirmed;
    r.chunkSize = task->m_chunks.chunkSize();
    r.chunkStates.reserve(task->m_chunks.count());
    for (ChunkState s : task->m_chunks.states())
        r.chunkStates.append(char(s == ChunkState::InFlight ? ChunkState::Pending : s));
    r.retries = task->m_retries;
    r.errorKind = task->m_errorKind;
    r.errorMessage = task->m_errorMessage;
    r.createdMs = task->m_createdMs;
    r.updatedMs = nowMs();
    return r;
}

void UploadScheduler::save(UploadTask *task)
{
    if (!m_store)
        return;
    task->m_savedMs = nowMs();
    task->m_savedConfirmed = task->m_confirmed;
    QMetaObject::invokeMethod(
        m_store, [store = m_store, record = recordOf(task)] { store->save(record); },
        Qt::QueuedConnection);
}

void UploadScheduler::saveProgress(const QList<TaskId> &ids)
{
    if (!m_store)
        return;
    const qint64 now = nowMs();
    QList<TaskRecord> records;
    for (TaskId id : ids) {
        UploadTask *task = find(id);
        if (!task || task->m_confirmed == task->m_savedConfirmed
            || now - task->m_savedMs < ProgressSaveIntervalMs)
            continue;
        task->m_savedMs = now;
        task->m_savedConfirmed = task->m_confirmed;
        records.append(recordOf(task));
    }
    if (!records.isEmpty()) {
        QMetaObject::invokeMethod(
            m_store, [store = m_store, records] { store->saveAll(records); },
            Qt::QueuedConnection);
    }
}

void UploadScheduler::restore(const QList<TaskRecord> &records)
{
    QList<TaskId> ids;
    for (const TaskRecord &r : records) {
        if (m_tasks.count(r.id))
            continue;
        auto task = std::make_unique<UploadTask>(r.id, r.path, r.displayName, r.size, r.modifiedMs,
                                                 r.endpoint, r.priority, r.chunkSize);
        task->m_sequence = r.sequence;
        task->m_fingerprint = r.fingerprint;
        task->m_contentHash = r.contentHash; // checked with the file before use: verifyThenLaunch
        task->m_instant = r.instant;
        task->m_uploadUrl = r.uploadUrl;
        task->m_createdMs = r.createdMs;
        task->m_retries = r.retries;
        task->m_errorKind = r.errorKind;
        task->m_errorMessage = r.errorMessage;
        task->m_confirmed = r.confirmedBytes;
        task->m_shown = r.confirmedBytes;
        task->m_savedConfirmed = r.confirmedBytes;
        // Not for nothing confirmed: that would mark the one empty chunk of a 0-byte file (or of
        // a path that failed before its size was known) done, and a failed row would look full.
        if (r.confirmedBytes > 0 || r.state == TaskState::Success)
            task->m_chunks.setConfirmedOffset(r.confirmedBytes);
        task->m_parts = r.parts;
        // Sent in parallel: what the server holds is each part's start, not one prefix.
        if (!r.parts.isEmpty())
            task->m_chunks.setConfirmedRanges(heldRanges(r.parts));
        for (int i = 0; i < qMin(int(r.chunkStates.size()), task->m_chunks.count()); ++i) {
            if (ChunkState(r.chunkStates.at(i)) == ChunkState::Failed)
                task->m_chunks.markFailed(i);
        }
        // A task that was uploading when Hoist stopped waits again; the server says where to go on.
        task->m_state = r.state == TaskState::Uploading ? TaskState::Waiting : r.state;
        task->m_verifyBeforeStart = task->m_state == TaskState::Waiting
                                    || task->m_state == TaskState::Paused;
        m_nextId = qMax(m_nextId, r.id + 1);
        m_nextSequence = qMax(m_nextSequence, r.sequence + 1);
        ids.append(r.id);
        m_tasks.emplace(r.id, std::move(task));
    }
    if (ids.isEmpty())
        return;
    m_wasIdle = false;
    Q_EMIT tasksAdded(ids);
    if (!m_flushTimer.isActive())
        m_flushTimer.start();
    requestSchedule();
}

void UploadScheduler::verifyThenLaunch(UploadTask *task)
{
    // Reading 128 KiB of a file for its fingerprint may be slow on a network drive: off thread.
    const TaskId id = task->m_id;
    auto *watcher = new QFutureWatcher<FileCheck>(this);
    connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher, id] {
        watcher->deleteLater();
        UploadTask *t = find(id);
        // Paused, cancelled or failed meanwhile: nothing to launch.
        if (!t || t->m_state != TaskState::Uploading || t->m_transfer || !t->m_verifyBeforeStart)
            return;
        const FileCheck check = watcher->result();
        const bool same = check.exists && check.size == t->m_size
                          && check.modifiedMs == t->m_modifiedMs
                          && (t->m_fingerprint.isEmpty() || check.fingerprint == t->m_fingerprint);
        if (!same) {
            // Not one byte of the new content may be appended to the old upload.
            fail(t, TransferError::make(
                        check.exists ? TransferError::Kind::FileChanged
                                     : TransferError::Kind::FileUnreadable,
                        check.exists ? tr("The file changed since it was queued; nothing more "
                                          "was sent. Retry uploads it anew.")
                                     : tr("The file is gone since it was queued.")));
            requestSchedule();
            return;
        }
        t->m_verifyBeforeStart = false;
        launchTransfer(t);
    });
    watcher->setFuture(QtConcurrent::run([path = task->m_path] { return checkFile(path); }));
}

void UploadScheduler::onUploadUrlSaved(TaskId id, quint64 token)
{
    UploadTask *task = find(id);
    if (task && task->m_transfer && task->m_holdToken == token) {
        task->m_holdToken = 0;
        task->m_transfer->continueAfterCreated();
    }
}
