#pragma once

#include "transfer.h"
#include "uploadtypes.h"

#include <QHash>
#include <QObject>
#include <QSet>
#include <QUrl>

#include <functional>

class TaskPersistence;
class UploadTask;

// Keeps the scheduler's tasks from leaving uploads on the server that nobody will finish or
// delete, which would count against the user's quota there until they expire:
// - A creation that an aborted transfer left to finish (a pause or a failure came while its
//   request was already out, TransferProtocol::abandonedCreationAnswered) is taken back by its
//   task when the task is not running, still lacks that upload (its URL, or that part's) and its
//   file is as it was then; saved to the store at once, so the task resumes through it.
//   Otherwise it is deleted.
// - An upload a task holds only to delete it (the instant attempt before parts, one it could not
//   take back) is on the task's list (UploadTask::uploadsToDelete, kept in the store) from the
//   moment it is known until a DELETE is answered 204, 404 or 410. The list is swept (DELETE,
//   with the task's endpoint headers) whenever the task starts or stops, and, for a task restored
//   in a state that does not start by itself, once its endpoint's headers are known.
class OrphanUploads final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(OrphanUploads)
public:
    using Lookup = std::function<UploadTask *(TaskId)>;
    using HeadersFor = std::function<HttpHeaders(const QUrl &endpoint)>;
    using IsHeld = std::function<bool(const QUrl &endpoint)>;

    // `find` gives the live task for an id (null when it is gone); `headers` what requests to an
    // endpoint carry; `held` whether those are not known yet (a token being looked up).
    OrphanUploads(TransferProtocol *protocol, Lookup find, HeadersFor headers, IsHeld held,
                  QObject *parent = nullptr);

    // Where lists and adopted uploads are saved; null: nowhere.
    void setPersistence(TaskPersistence *persistence) { m_persistence = persistence; }

    // The transfer of `task` made `url` to delete it later (Transfer::temporaryUploadCreated):
    // listed, and saved durably. Returns the save's token (0 without a store), which the transfer
    // waits for before it sends anything more.
    quint64 temporaryCreated(UploadTask *task, const QUrl &url);
    // `url` became the task's own upload (an instant attempt that proved the content).
    void claimed(UploadTask *task, const QUrl &url);
    // Deletes what is on the task's list (not twice at once).
    void sweep(UploadTask *task);
    // A task restored from the store: swept by sweepRestored() unless it starts by itself.
    void restored(const UploadTask *task);
    // Sweeps the restored tasks whose endpoint's headers are known now.
    void sweepRestored();
    // Some DELETE, or the answer to an abandoned creation, is still on its way.
    bool busy() const
    {
        return !m_deleting.isEmpty() || m_protocol->abandonedCreationsAwaited() > 0;
    }

Q_SIGNALS:
    // Nothing is on its way any more.
    void settled();

private:
    void onAbandoned(const AbandonedUpload &upload);
    void checkSettled();
    void onTerminated(const QUrl &url, bool deleted);
    // Gives `upload` its place in `task`; false when the task has no place for it.
    bool adopt(UploadTask *task, const AbandonedUpload &upload);
    // Lists `url` with `task` (when there is one) and deletes it.
    void discard(UploadTask *task, const QUrl &url, const QUrl &endpoint);
    void send(const QUrl &url, const QUrl &endpoint);
    void changed(const UploadTask *task);

    TransferProtocol *m_protocol;
    Lookup m_find;
    HeadersFor m_headers;
    IsHeld m_held;
    TaskPersistence *m_persistence = nullptr;
    QHash<QUrl, TaskId> m_owners; // listed uploads known this run, and the task listing each
    QSet<QUrl> m_deleting;        // DELETEs on their way
    QSet<TaskId> m_restored;      // restored tasks not swept yet
};
