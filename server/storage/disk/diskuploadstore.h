#pragma once

#include "namedfiles.h"
#include "ownerusage.h"
#include "uploadfiles.h"
#include "uploadstore.h"
#include "uploadtable.h"

#include <QHash>
#include <QLockFile>
#include <QMutex>
#include <QSet>
#include <QStringList>
#include <QThread>

#include <chrono>
#include <functional>
#include <memory>
#include <optional>

class UploadIndex;

// hoistd's single-machine store: DIR/uploads/<id> holds each upload's bytes, DIR/hoistd.db
// indexes them, and DIR/hoistd.lock keeps a second hoistd off the same directory. Safe to call
// from any thread; the index runs on a thread of its own. Bytes go in through a DiskUploadSink
// and out through a DiskUploadSource.
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
class DiskUploadStore final : public UploadStore {
public:
    // `expireAfter`: how long an unfinished upload is kept after its last progress;
    // `keepFinished`: how long a finished one is kept after it finished (sweepFinished()).
    DiskUploadStore(const QString &dataDir, std::chrono::seconds expireAfter,
                    std::chrono::seconds keepFinished = KeepForever);
    ~DiskUploadStore() override;

    // Before open(): finished uploads also appear under their clients' names in `dir` (see
    // NamedFiles), and go from there when they are removed. open() names those that finished
    // without one (a crash in between, or a folder newly given).
    void setNamedFolder(const QString &dir);
    // The named folder; null when there is none.
    const NamedFiles *namedFiles() const { return m_named.get(); }
    QString dataDir() const { return m_dataDir; }
    // The file of upload `id`. Only ever called with ids the store made; nothing a client sends
    // becomes a path.
    QString filePath(const QString &id) const;

    bool open(QString *error) override;
    void close() override;
    QStringList repairs() const override { return m_repairs; }
    QString location() const override { return m_dataDir; }
    std::chrono::seconds expireAfter() const override { return m_expireAfter; }
    std::chrono::seconds keepFinished() const override { return m_keepFinished; }

    Lookup find(const QString &id, UploadRecord *out) const override;
    // Checked and recorded under one lock, so concurrent creations cannot overshoot together;
    // the count is kept, not walked for.
    std::optional<UploadRecord> create(qint64 length, const QByteArray &metadata,
                                       const QString &filename, const QString &owner,
                                       UploadRecord::Concat concat, const Limits &limits,
                                       Refusal *refusal, StoreFailure *failure) override;
    // The parts' bytes are copied kernel-side into a new file, fsync'd; `check` reads it; then
    // one index transaction adds the final and drops the parts, whose files go last.
    ConcatOutcome concatenate(const QStringList &parts, const QByteArray &metadata,
                              const QString &filename, const QString &owner,
                              const ContentCheck &check, UploadRecord *out,
                              StoreFailure *failure) override;
    // A DiskUploadSink: pwrite at the offset, writeback started as it goes, fdatasync before the
    // index commit, ftruncate on a roll-back.
    std::unique_ptr<UploadSink> openSink(const UploadRecord &record,
                                         StoreFailure *failure) override;
    // A DiskUploadSource over the file, which offers its descriptor for sendfile.
    std::unique_ptr<UploadSource> openSource(const UploadRecord &record,
                                             StoreFailure *failure = nullptr) const override;

    std::optional<UploadRecord> findVerified(const QByteArray &digest, qint64 length,
                                             const QString &exceptId) const override;
    std::optional<UploadRecord> findFinal(const QStringList &parts,
                                          const QString &owner) const override;
    bool setContentHash(const QString &id, const QByteArray &digest) override;
    // A hard link of the source's file (a copy where linking fails) takes the place of id's empty
    // file and is synced before the index says offset == length. Finished uploads are never
    // written again, so sharing the inode is safe; open() unshares a file before cutting it back.
    std::optional<UploadRecord> completeFrom(const QString &id, const QString &sourceId,
                                             const QByteArray &digest,
                                             StoreFailure *failure) override;
    bool setLength(const QString &id, qint64 length, qint64 quota = NoQuota,
                   qint64 *overQuota = nullptr, StoreFailure *failure = nullptr) override;

    qint64 usage(const QString &owner) const override;
    qint64 reserveGrowth(const QString &id, qint64 wanted, qint64 quota) override;
    bool remove(const QString &id) override;
    bool terminate(const QString &id) override;
    // Both sweeps cost O(log n) per upload removed, not a walk over all of them.
    int sweepExpired(const QDateTime &now) override;
    int sweepFinished(const QDateTime &now) override;
    int count() const override;
    StateCounts countByState() const override;

    bool tryLock(const QString &id) override;
    void unlock(const QString &id) override;

private:
    friend class DiskUploadSink; // commits through commitOffset()
    // Records `offset` as durable (the caller has fdatasync'd the file) and pushes the expiry on.
    std::optional<UploadRecord> commitOffset(const QString &id, qint64 offset,
                                             StoreFailure *failure);

    template <typename F>
    auto onIndex(F &&f) const;
    bool reconcile(QString *error);
    void forget(const QString &id);    // with m_mutex held
    bool removeNow(const QString &id); // with m_mutex held
    // Removes those of `ids` still `due` and not busy, one by one.
    int sweep(const QStringList &ids, const std::function<bool(const UploadRecord &)> &due);
    // `record` as changed, into the index and the table (with m_mutex held); when it just
    // finished, since when.
    bool updateLocked(UploadRecord record);
    // Gives a finished upload its named file, once (unlocked: a copy may take a while).
    void name(const UploadRecord &record);
    // Whether `record` is a finished upload that should have a named file and has none yet.
    bool wantsName(const UploadRecord &record) const;
    // concatenate()'s steps, with the parts locked.
    ConcatOutcome joinLocked(const QStringList &parts, UploadRecord final,
                             const ContentCheck &check, UploadRecord *out, StoreFailure *failure);

    QString m_dataDir;
    UploadFiles m_files;
    std::unique_ptr<NamedFiles> m_named;
    std::chrono::seconds m_expireAfter;
    std::chrono::seconds m_keepFinished;
    std::unique_ptr<QLockFile> m_lock;
    QThread m_indexThread;
    UploadIndex *m_index = nullptr;

    mutable QMutex m_mutex;
    UploadTable m_uploads;
    QSet<QString> m_busy;
    QHash<QString, QString> m_gone;          // id -> owner, so that 410 is said to the owner only
    QSet<QString> m_doomed;                  // terminated while busy: removed on unlock()
    OwnerUsage m_usage{m_uploads, m_doomed}; // with m_mutex held
    QStringList m_repairs;
};
