#pragma once

#include "damagedrows.h"
#include "pendingwrites.h"
#include "queueloss.h"
#include "taskrecord.h"

#include <QList>
#include <QLockFile>
#include <QObject>
#include <QSqlDatabase>
#include <QString>
#include <QTimer>
#include <QUrl>

// The upload queue on disk: one SQLite database (WAL) in a directory, guarded by a lock file so
// that two Hoist processes never drive the same queue.
//
// Threads: the store has no thread of its own and assumes nothing but that every call, open()
// included, happens on one thread (SQLite connections belong to the thread that opened them).
// The intended use is a worker QThread: move the store there, call open() with a blocking queued
// call, then queue every write:
//     QMetaObject::invokeMethod(store, [store, r] { store->save(r); }, Qt::QueuedConnection);
// Writes never block the caller that way, and stay in the order they were queued.
//
// Failures never crash and never pass silently: open() says why in OpenResult. A write that
// fails (a full disk) is not dropped: it stays pending (PendingWrites) with everything written
// after it, and the store tries again every second until one transaction holds it all, so the
// queue on disk catches up by itself once there is room. savingFailed() and savingResumed() say
// when that starts and ends, once each; writeFailed() comes with the first failure and with every
// durable save (upload URL) that could not be made, for the transfer waiting on it.
class TaskStore final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TaskStore)
public:
    struct OpenResult {
        bool ok = false;
        QString error;      // why open() failed, a sentence; empty when ok
        QString movedAside; // where an unreadable database went, empty if none was
        // A sentence for a person about movedAside, or about damaged rows; empty if none.
        QString notice;
        QList<TaskRecord> tasks; // every sound stored task, ordered by sequence
        // Rows left out of `tasks` as damaged (TaskRowCheck), moved to DamagedRows' table.
        int damagedRows = 0;
    };

    explicit TaskStore(const QString &directory, QObject *parent = nullptr);
    ~TaskStore() override;

    // Creates the directory, takes the lock, opens (or creates) the database and reads the queue.
    // A database SQLite cannot read is moved aside to hoist.db.corrupt-<yyyyMMdd-HHmmss> and a
    // fresh one started, which the result reports. A row that is damaged (TaskRowCheck) is left
    // out of the queue and moved aside (DamagedRows), which the result reports too. Call once,
    // before anything else.
    OpenResult open();
    // Closes the database and releases the lock (the destructor does too). What it could not
    // write by then (the disk still full) is lost, and lost() says what that means.
    void close();
    const QueueLoss &lost() const { return m_lost; }
    bool isOpen() const;

    QString directory() const { return m_directory; }
    QString databasePath() const;

    // Each in its own transaction, with whatever failed before; on an SQL error, rolled back and
    // kept for the retry.
    void save(const TaskRecord &record); // insert, or replace the stored task with the same id
    void saveAll(const QList<TaskRecord> &records);
    void remove(TaskId id);
    void removeAll(const QList<TaskId> &ids);
    // Stores the upload URL the server just created, synced to disk (synchronous=FULL for this
    // commit), then emits uploadUrlSaved(id, token). On failure emits writeFailed() instead.
    // A task the store does not hold is not an error: the signal still comes.
    void saveUploadUrl(TaskId id, const QUrl &url, quint64 token);
    // The same for the parts of an upload sent in parallel (every part, each with its URL).
    void saveUploadParts(TaskId id, const UploadParts &parts, quint64 token);
    // The same for the uploads a task is to delete (TaskRecord::uploadsToDelete).
    void saveUploadsToDelete(TaskId id, const QList<QUrl> &urls, quint64 token);

    // Changes not on disk yet (records, removals, column updates).
    qsizetype pendingWrites() const { return m_pending.size(); }
    bool isFailing() const { return m_failing; }

    // "ok", or what PRAGMA integrity_check found, one problem a line.
    QString integrityCheck();

Q_SIGNALS:
    void writeFailed(const QString &message);
    void uploadUrlSaved(TaskId id, quint64 token);
    // Saving the queue started failing; `cause` is short ("disk full", or SQLite's words).
    void savingFailed(const QString &cause);
    // Everything pending was written after savingFailed().
    void savingResumed();

private:
    enum class Attempt { Ok, Unreadable, Failed };
    Attempt checkExisting(QString *error, bool *empty) const;
    Attempt checkSchema(const QSqlDatabase &db, QString *error, bool *empty) const;
    Attempt openDatabase(QString *error, QList<TaskRecord> *tasks,
                         QList<DamagedRows::Row> *damaged);
    // Brings a database written by an older Hoist up to this one's schema, in one transaction.
    Attempt migrate(QString *error);
    bool moveAside(QString *movedTo, QString *error) const;
    void closeDatabase();
    QString lockError() const;
    // Queued: a change as it comes (not tried while failing); Durable: synced to disk
    // (synchronous=FULL); Retry: the timer's or close()'s attempt.
    enum class Write { Queued, Durable, Retry };
    // Yes; Kept for the retry, already said; Reported: writeFailed() emitted just now.
    enum class Written { Yes, Kept, Reported };
    // Writes m_pending in one transaction; on a failure that may pass, keeps it and arms the
    // retry.
    Written writePending(Write write);
    void retryPending();
    // One UPDATE of `column` for task `id`, synced to disk; emits uploadUrlSaved on success.
    void saveDurably(TaskId id, const QString &column, const QVariant &value, quint64 token);

    QString m_directory;
    QString m_connectionName;
    QLockFile m_lock;
    QSqlDatabase m_db; // held, not looked up by name: QSqlDatabase::database() is thread-bound
    bool m_open = false;
    PendingWrites m_pending;
    bool m_failing = false;
    QString m_cause; // why saving fails, while it does
    QueueLoss m_lost;
    QTimer m_retry;
};
