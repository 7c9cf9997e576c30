#pragma once

#include "uploadpart.h"
#include "uploadtypes.h"

#include <QHash>
#include <QList>
#include <QObject>
#include <QSet>
#include <QTimer>
#include <QUrl>

#include <functional>

class TaskStore;
class UploadTask;

// What the scheduler tells its TaskStore, and when. The store lives on another thread: every
// call to it is queued, and writes go in batches, one transaction each, so that a folder of
// 100,000 files, or 1,000 small files finishing a second, costs a few transactions rather than
// one per change:
// - tasks added: at once, all of one addPaths() in one transaction;
// - a state, a priority or a limit changed: within one batch interval;
// - progress: at most once a second per task, with the next batch;
// - removed: with the next batch;
// - an upload's URL (or its parts', or one to delete): at once and synced to disk, then
//   uploadUrlSaved(), because the transfer sends nothing more until then
//   (TransferJob::holdAfterCreate).
// Records are made from the live task when a batch goes, so a batch never writes an older
// picture of a task over a newer one.
class TaskPersistence final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TaskPersistence)
public:
    // `find` gives the live task for an id (null when it is gone).
    using Lookup = std::function<const UploadTask *(TaskId)>;
    TaskPersistence(TaskStore *store, Lookup find, QObject *parent = nullptr);
    // Writes what is pending.
    ~TaskPersistence() override;

    void added(const QList<const UploadTask *> &tasks);
    void changed(TaskId id);
    void progressed(TaskId id);
    void removed(const QList<TaskId> &ids);
    // Queue a durable save; uploadUrlSaved(id, token) follows with the returned token.
    quint64 saveUploadUrl(TaskId id, const QUrl &url);
    quint64 saveUploadParts(TaskId id, const UploadParts &parts);
    quint64 saveUploadsToDelete(TaskId id, const QList<QUrl> &urls);
    // Queues everything pending now.
    void flush();

Q_SIGNALS:
    void uploadUrlSaved(TaskId id, quint64 token);
    // The queue could not be saved (disk full, permissions): a sentence for a person.
    void writeFailed(const QString &message);

private:
    struct Saved {
        qint64 atMs = 0;
        qint64 confirmed = -1;
    };
    void arm();

    TaskStore *m_store;
    Lookup m_find;
    QSet<TaskId> m_changed;
    QSet<TaskId> m_progressed;
    QList<TaskId> m_removed;
    QHash<TaskId, Saved> m_saved; // of tasks whose progress was saved, what and when
    quint64 m_nextToken = 0;
    QTimer m_batch;
};
