#pragma once

#include "uploadrecord.h"

#include <QHash>
#include <QLockFile>
#include <QMutex>
#include <QSet>
#include <QStringList>
#include <QThread>

#include <chrono>
#include <memory>
#include <optional>

class UploadIndex;

// hoistd's storage: DIR/uploads/<id> holds each upload's bytes, DIR/hoistd.db indexes them, and
// DIR/hoistd.lock keeps a second hoistd off the same directory. Safe to call from any thread
// (libmicrohttpd's workers, the sweep timer); the index runs on a thread of its own.
//
// Durability order, which makes a crash at any point safe:
//  - create: the file (fsync'd, directory fsync'd) before the index row, the row before 201.
//  - write:  bytes into the file, fdatasync, then commitOffset() (an index commit), then the
//            answer. So the offset in the index is never ahead of the bytes on disk.
//  - delete: the index row before the file.
// open() reconciles what a crash can leave: a file longer than its recorded offset is cut back to
// it (those bytes were never acknowledged and may be unsynced or unverified by their checksum); a
// file shorter than its offset (storage lost synced data) lowers the offset to what is there; a
// row without a file is dropped; a file without a row is deleted.
class UploadStore final {
    Q_DISABLE_COPY_MOVE(UploadStore)
public:
    enum class Lookup { Found, Gone, Missing };

    UploadStore(const QString &dataDir, std::chrono::seconds expireAfter);
    ~UploadStore();

    bool open(QString *error);
    void close();
    // What open() had to repair, one sentence each, for the log.
    QStringList repairs() const { return m_repairs; }

    QString dataDir() const { return m_dataDir; }
    std::chrono::seconds expireAfter() const { return m_expireAfter; }

    // Gone: terminated or expired during this run (410); Missing: never known (404).
    Lookup find(const QString &id, UploadRecord *out) const;
    std::optional<UploadRecord> create(qint64 length, const QByteArray &metadata,
                                       const QString &filename, const QString &owner,
                                       QString *error);
    // Records `offset` as durable (the caller has fdatasync'd the file) and pushes the expiry on.
    std::optional<UploadRecord> commitOffset(const QString &id, qint64 offset);
    bool setLength(const QString &id, qint64 length);
    bool remove(const QString &id);
    // DELETE: like remove(), but an upload a request is still writing to (a client that cut its
    // PATCH and terminated at once, before the server noticed) goes when that request lets go.
    // Either way it is gone for every later request.
    bool terminate(const QString &id);
    // Deletes unfinished uploads whose expiry has passed and that no request is writing to.
    int sweepExpired(const QDateTime &now);
    int count() const;

    // One writer per upload at a time.
    bool tryLock(const QString &id);
    void unlock(const QString &id);

    // Only ever called with ids the store made; nothing a client sends becomes a path.
    QString filePath(const QString &id) const;

private:
    template <typename F>
    auto onIndex(F &&f) const;
    bool reconcile(QString *error);
    void forget(const QString &id);   // with m_mutex held
    bool removeNow(const QString &id); // with m_mutex held

    QString m_dataDir;
    QString m_uploadsDir;
    std::chrono::seconds m_expireAfter;
    std::unique_ptr<QLockFile> m_lock;
    QThread m_indexThread;
    UploadIndex *m_index = nullptr;

    mutable QMutex m_mutex;
    QHash<QString, UploadRecord> m_uploads;
    QSet<QString> m_busy;
    QSet<QString> m_gone;
    QSet<QString> m_doomed; // terminated while busy: removed on unlock()
    QStringList m_repairs;
};
