#include "orphanuploads.h"

#include "taskpersistence.h"
#include "uploadtask.h"

#include <QLoggingCategory>

#include <algorithm>

Q_LOGGING_CATEGORY(lcOrphans, "hoist.orphans", QtWarningMsg)

OrphanUploads::OrphanUploads(TransferProtocol *protocol, Lookup find, HeadersFor headers,
                             IsHeld held, QObject *parent)
    : QObject(parent)
    , m_protocol(protocol)
    , m_find(std::move(find))
    , m_headers(std::move(headers))
    , m_held(std::move(held))
{
    connect(m_protocol, &TransferProtocol::abandonedCreationAnswered, this,
            &OrphanUploads::onAbandoned);
    connect(m_protocol, &TransferProtocol::terminated, this, &OrphanUploads::onTerminated);
}

quint64 OrphanUploads::temporaryCreated(UploadTask *task, const QUrl &url)
{
    task->addUploadToDelete(url);
    m_owners.insert(url, task->id());
    return m_persistence ? m_persistence->saveUploadsToDelete(task->id(), task->uploadsToDelete())
                         : 0;
}

void OrphanUploads::claimed(UploadTask *task, const QUrl &url)
{
    if (!task->removeUploadToDelete(url))
        return;
    m_owners.remove(url);
    changed(task);
}

void OrphanUploads::sweep(UploadTask *task)
{
    if (task->uploadsToDelete().isEmpty())
        return;
    // One that is the task's own after all (an instant attempt whose success was not saved yet
    // when Hoist stopped) is never deleted: the task resumes through it.
    if (task->keepOwnUploads())
        changed(task);
    for (const QUrl &url : task->uploadsToDelete()) {
        m_owners.insert(url, task->id());
        send(url, task->endpoint());
    }
}

void OrphanUploads::restored(const UploadTask *task)
{
    if (!task->uploadsToDelete().isEmpty())
        m_restored.insert(task->id());
}

void OrphanUploads::sweepRestored()
{
    for (auto it = m_restored.begin(); it != m_restored.end();) {
        UploadTask *task = m_find(*it);
        // One that starts is swept then, with the headers it starts with.
        if (task
            && (task->state() == TaskState::Waiting || task->state() == TaskState::Uploading)) {
            it = m_restored.erase(it);
        } else if (task && m_held(task->endpoint())) {
            ++it;
        } else {
            if (task)
                sweep(task);
            it = m_restored.erase(it);
        }
    }
}

void OrphanUploads::onAbandoned(const AbandonedUpload &upload)
{
    UploadTask *task = m_find(TaskId(upload.owner));
    if (upload.url.isEmpty()) {
        // Nothing was made.
    } else if (task && adopt(task, upload)) {
        qCDebug(lcOrphans) << "task" << task->id() << "keeps" << upload.url;
    } else {
        qCDebug(lcOrphans) << "deleting" << upload.url << "made after its transfer stopped";
        discard(task, upload.url, upload.endpoint);
    }
    checkSettled();
}

void OrphanUploads::checkSettled()
{
    if (!busy())
        Q_EMIT settled();
}

bool OrphanUploads::adopt(UploadTask *task, const AbandonedUpload &upload)
{
    // A running task has made (or is making) another one in its place: this one goes. So does
    // one holding the start of a file that has changed since (a retry begins anew).
    if (task->driver() || task->state() == TaskState::Success || !task->uploadUrl().isEmpty()
        || task->size() != upload.fileSize || task->modifiedMs() != upload.modifiedMs)
        return false;
    switch (upload.kind) {
    case AbandonedUpload::Kind::Attempt:
        return false;
    case AbandonedUpload::Kind::Whole:
        // The file's upload: resuming asks its offset (a final's is its length: done at once).
        task->setUploadUrl(upload.url);
        if (m_persistence)
            m_persistence->saveUploadUrl(task->id(), upload.url);
        return true;
    case AbandonedUpload::Kind::Part:
        if (!task->adoptPart(upload.begin, upload.end, upload.url))
            return false;
        if (m_persistence)
            m_persistence->saveUploadParts(task->id(), task->parts());
        return true;
    }
    return false;
}

void OrphanUploads::discard(UploadTask *task, const QUrl &url, const QUrl &endpoint)
{
    if (task) {
        task->addUploadToDelete(url);
        m_owners.insert(url, task->id());
        if (m_persistence)
            m_persistence->saveUploadsToDelete(task->id(), task->uploadsToDelete());
    }
    send(url, task ? task->endpoint() : endpoint);
}

void OrphanUploads::send(const QUrl &url, const QUrl &endpoint)
{
    if (m_deleting.contains(url))
        return;
    m_deleting.insert(url);
    m_protocol->terminate(url, m_headers(endpoint));
}

void OrphanUploads::onTerminated(const QUrl &url, bool deleted)
{
    // Also the DELETE a transfer sent itself (an instant attempt with nothing to prove).
    const bool ours = m_deleting.remove(url);
    const auto owner = m_owners.constFind(url);
    if (deleted && owner != m_owners.constEnd()) {
        UploadTask *task = m_find(*owner);
        m_owners.erase(owner);
        if (task && task->removeUploadToDelete(url))
            changed(task);
    } else if (!deleted) {
        qCDebug(lcOrphans) << "not deleted, kept for later:" << url;
    }
    if (ours)
        checkSettled();
}

void OrphanUploads::changed(const UploadTask *task)
{
    if (m_persistence)
        m_persistence->changed(task->id());
}
