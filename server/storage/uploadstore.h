#pragma once

#include "namedfiles.h"
#include "uploadfiles.h"
#include "uploadrecord.h"
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

    // Forever, for `keepFinished`: finished uploads stay until deleted.
    static constexpr std::chrono::seconds KeepForever{0};

    // `expireAfter`: how long an unfinished upload is kept after its last progress;
    // `keepFinished`: how long a finished one is kept after it finished (sweepFinished()).
    UploadStore(const QString &dataDir, std::chrono::seconds expireAfter,
                std::chrono::seconds keepFinished = KeepForever);
    ~UploadStore();

    // Before open(): finished uploads also appear under their clients' names in `dir` (see
    // NamedFiles), and go from there when they are removed. open() names those that finished
    // without one (a crash in between, or a folder newly given).
    void setNamedFolder(const QString &dir);
    // The named folder; null when there is none.
    const NamedFiles *namedFiles() const { return m_named.get(); }

    bool open(QString *error);
    void close();
    // What open() had to repair, one sentence each, for the log.
    QStringList repairs() const { return m_repairs; }

    QString dataDir() const { return m_dataDir; }
    std::chrono::seconds expireAfter() const { return m_expireAfter; }
    std::chrono::seconds keepFinished() const { return m_keepFinished; }

    static constexpr qint64 NoQuota = -1;
    static constexpr int NoLimit = -1;
    // What one owner may hold: bytes (as usage() counts them) and unfinished uploads at once.
    struct Limits {
        qint64 quota = NoQuota;
        int maxUnfinished = NoLimit;
    };
    // Why create() refused an upload it did not fail to make: one of the two is set.
    struct Refusal {
        qint64 inUse = -1;   // over quota: the owner's usage()
        int unfinished = -1; // at the limit: the owner's unfinished uploads
    };

    // Gone: terminated or expired during this run (410); Missing: never known (404). For Gone,
    // `out` holds the id and owner only.
    Lookup find(const QString &id, UploadRecord *out) const;
    // A new upload (`concat`: None or Partial). Refuses one that would take its owner's
    // usage() past `limits.quota`, or that would be unfinished while they have
    // `limits.maxUnfinished` unfinished uploads already (an empty one is finished at once): nullopt
    // with `refusal` saying which (and `error` untouched). Checked and recorded under one lock, so
    // concurrent creations cannot overshoot together; the count is kept, not walked for.
    std::optional<UploadRecord> create(qint64 length, const QByteArray &metadata,
                                       const QString &filename, const QString &owner,
                                       UploadRecord::Concat concat, const Limits &limits,
                                       Refusal *refusal, QString *error);

    enum class ConcatOutcome { Done, PartsChanged, Busy, Refused, Failed };
    // Looks at a final upload's joined file (`path`, `length` bytes) before the index may name
    // it: false refuses the final. A `verifiedHash` it sets is recorded with the final, as
    // setContentHash() would.
    using ContentCheck =
        std::function<bool(const QString &path, qint64 length, QByteArray *verifiedHash)>;
    // The concatenation extension's final upload, built from `parts` (finished partial uploads
    // of `owner`, in order). Their bytes are copied kernel-side into a new file, fsync'd; `check`
    // looks at it; then one index transaction adds the final (complete: offset == length, with
    // the hash `check` verified) and drops the parts, whose files go last. The parts are
    // consumed: from then on the final counts against the quota and they do not. A crash at any
    // point leaves either the parts or the final; a final `check` refuses (Refused) leaves the
    // parts as they were. PartsChanged: a part is not (or no longer) a finished partial upload of
    // `owner`; Busy: another request holds one. `out` is the final on Done.
    ConcatOutcome concatenate(const QStringList &parts, const QByteArray &metadata,
                              const QString &filename, const QString &owner,
                              const ContentCheck &check, UploadRecord *out, QString *error);
    // Records `offset` as durable (the caller has fdatasync'd the file) and pushes the expiry on.
    std::optional<UploadRecord> commitOffset(const QString &id, qint64 offset);

    // Instant upload. A finished upload other than `exceptId` whose
    // content has the verified SHA-256 `digest` and `length` bytes, any owner; nullopt if none.
    std::optional<UploadRecord> findVerified(const QByteArray &digest, qint64 length,
                                             const QString &exceptId) const;
    // Records the verified SHA-256 of a finished upload's content.
    bool setContentHash(const QString &id, const QByteArray &digest);
    // Completes upload `id` (locked by the caller, nothing stored yet) with the content of the
    // finished upload `sourceId`: a hard link of its file (a copy where linking fails) takes
    // the place of id's empty file and is synced before the index says offset == length and
    // records `digest`. Finished uploads are never written again, so sharing the inode is safe;
    // open() unshares a file before cutting it back.
    std::optional<UploadRecord> completeFrom(const QString &id, const QString &sourceId,
                                             const QByteArray &digest, QString *error);
    // Sets a deferred length; with a `quota`, as create() does.
    bool setLength(const QString &id, qint64 length, qint64 quota = NoQuota,
                   qint64 *overQuota = nullptr);

    // What an owner's uploads count against a quota: each live upload's Upload-Length, or while
    // its length is deferred the bytes stored, or the end reserveGrowth() granted while a request
    // writes to it. Terminated and expired uploads count for nothing.
    qint64 usage(const QString &owner) const;
    // For a request about to write to a deferred-length upload (holding its lock): how many of
    // `wanted` more bytes its owner's `quota` leaves room for. They count as used until unlock().
    qint64 reserveGrowth(const QString &id, qint64 wanted, qint64 quota);
    bool remove(const QString &id);
    // DELETE: like remove(), but an upload a request is still writing to (a client that cut its
    // PATCH and terminated at once, before the server noticed) goes when that request lets go.
    // Either way it is gone for every later request.
    bool terminate(const QString &id);
    // Deletes unfinished uploads whose expiry has passed and that no request is writing to.
    int sweepExpired(const QDateTime &now);
    // Deletes finished uploads that finished longer than keepFinished() before `now` (none when
    // it is KeepForever) and that no request is using. Both sweeps cost O(log n) per upload
    // removed, not a walk over all of them.
    int sweepFinished(const QDateTime &now);
    int count() const;
    struct StateCounts {
        int unfinished = 0;
        int finished = 0; // offset == length
    };
    // count() by state, read together; kept as uploads change, not counted on each call.
    StateCounts countByState() const;

    // One writer per upload at a time.
    bool tryLock(const QString &id);
    void unlock(const QString &id);

    // Only ever called with ids the store made; nothing a client sends becomes a path.
    QString filePath(const QString &id) const;

private:
    template <typename F>
    auto onIndex(F &&f) const;
    bool reconcile(QString *error);
    void forget(const QString &id);    // with m_mutex held
    bool removeNow(const QString &id); // with m_mutex held
    qint64 usageLocked(const QString &owner) const;
    qint64 cost(const UploadRecord &record) const; // what one upload counts in usage()
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
                             const ContentCheck &check, UploadRecord *out, QString *error);

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
    QHash<QString, QString> m_gone;  // id -> owner, so that 410 is said to the owner only
    QHash<QString, qint64> m_growth; // deferred-length upload -> end reserved by reserveGrowth()
    QSet<QString> m_doomed;          // terminated while busy: removed on unlock()
    QStringList m_repairs;
};
