// The hashing half of UploadScheduler: a new upload's SHA-256, computed off this thread before its
// first byte is sent, so that a server which already holds the content can say so; and finding
// out first whether the server can (HashPolicy::WhenServerOffersInstant).
#include "uploadscheduler.h"

#include "filehasher.h"

#include <QFutureWatcher>
#include <QLoggingCategory>
#include <QtConcurrent/QtConcurrentRun>

Q_DECLARE_LOGGING_CATEGORY(lcScheduler)

bool UploadScheduler::needsHash(const UploadTask *task) const
{
    // Only before the first transfer: an upload the server already created was announced
    // without it, and one hash per content is enough.
    if (!task->m_contentHash.isEmpty() || !task->m_uploadUrl.isEmpty())
        return false;
    switch (m_hashPolicy) {
    case HashPolicy::Never:
        return false;
    case HashPolicy::Always:
        return true;
    case HashPolicy::WhenServerOffersInstant:
        return m_protocol->offersInstantUpload(task->m_endpoint).value_or(false);
    }
    return false;
}

bool UploadScheduler::awaitProbe(UploadTask *task)
{
    if (m_hashPolicy != HashPolicy::WhenServerOffersInstant || !task->m_contentHash.isEmpty()
        || !task->m_uploadUrl.isEmpty() || m_protocol->offersInstantUpload(task->m_endpoint))
        return false;
    task->m_awaitingProbe = true;
    m_protocol->probe(task->m_endpoint, headersFor(task->m_endpoint));
    return true;
}

void UploadScheduler::onProbed()
{
    // One answer may serve many tasks (a dropped folder to one server); each goes on once its
    // own endpoint is known, as found out or as failed to find out.
    QList<TaskId> ready;
    for (const auto &entry : m_tasks) {
        const UploadTask *task = entry.second.get();
        if (task->m_awaitingProbe && m_protocol->offersInstantUpload(task->m_endpoint))
            ready.append(task->m_id);
    }
    for (TaskId id : std::as_const(ready)) {
        UploadTask *task = find(id);
        if (!task || !task->m_awaitingProbe || task->m_state != TaskState::Uploading)
            continue;
        task->m_awaitingProbe = false;
        launchTransfer(task);
    }
}

void UploadScheduler::startHashing(UploadTask *task)
{
    stopHashing(task);
    auto control = std::make_shared<FileHashControl>();
    task->m_hashControl = control;
    task->m_phase = TaskPhase::Hashing;
    task->m_hashedBytes = 0;
    markDirty(task);
    // A watcher owned by this object delivers the result on this thread, and not at all once it
    // is gone (QFuture::then(context, ...) may run its continuation on the worker on Qt 6.4.2).
    const TaskId id = task->m_id;
    auto *watcher = new QFutureWatcher<FileHash>(this);
    connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher, id, control] {
        watcher->deleteLater();
        UploadTask *t = find(id);
        // Paused, cancelled, failed or hashing anew meanwhile: this result is nobody's.
        if (!t || t->m_hashControl != control || t->m_state != TaskState::Uploading)
            return;
        onHashed(t, watcher->result());
    });
    watcher->setFuture(QtConcurrent::run([path = task->m_path, size = task->m_size, control] {
        return sha256File(path, size, control.get());
    }));
}

void UploadScheduler::stopHashing(UploadTask *task)
{
    // The worker stops within one block; its result is then dropped (its control is not ours).
    if (const auto control = std::exchange(task->m_hashControl, nullptr))
        control->cancel = true;
}

void UploadScheduler::updateHashProgress(UploadTask *task)
{
    if (task->m_hashControl)
        task->m_hashedBytes = task->m_hashControl->hashed.load(std::memory_order_relaxed);
}

void UploadScheduler::onHashed(UploadTask *task, const FileHash &hash)
{
    task->m_hashControl.reset();
    using Kind = TransferError::Kind;
    switch (hash.status) {
    case FileHash::Status::Ok:
        task->m_contentHash = hash.digest;
        task->m_hashedBytes = hash.bytes;
        qCDebug(lcScheduler) << "task" << task->m_id << "sha256" << hash.hex();
        save(task); // a restart need not read the whole file again
        launchTransfer(task);
        return;
    case FileHash::Status::Changed:
        fail(task, TransferError::make(Kind::FileChanged,
                                       tr("The file changed while uploading: %1 Nothing was sent.")
                                           .arg(hash.error)));
        break;
    case FileHash::Status::Unreadable:
    case FileHash::Status::Cancelled: // not reached: a cancelled hash's result is dropped above
        fail(task, TransferError::make(Kind::FileUnreadable, hash.error));
        break;
    }
    requestSchedule();
}
