#pragma once

#include "storefailure.h"
#include "uploadrecord.h"
#include "uploadsink.h"
#include "uploadsource.h"

#include <QStringList>

#include <chrono>
#include <functional>
#include <memory>
#include <optional>

// Where hoistd keeps its uploads: their records (UploadRecord) and their bytes. The protocol
// layer (TusService, UploadWriter, TusConcat, TusInstant, InstantUploads, UploadDownload) and the
// daemon (HoistdInstance, the router, the sweeps) see only this; bytes go in through an
// UploadSink and come out through an UploadSource, never through a path. DiskUploadStore is the
// single-machine store (files, SQLite); a store of many instances implements the same calls.
//
// Every call is safe from any thread at any time between open() and close() (libmicrohttpd's
// workers, the sweep timer) and may block on storage. What it guarantees:
//  - Durability: a call that returns a record (create, commit, concatenate, completeFrom,
//    setLength) or true has stored it, and what it names, durably: a crash afterwards keeps it.
//    An upload's recorded offset is never ahead of its durably stored bytes.
//  - One writer: tryLock() is the only way to write to an upload; a locked upload is skipped by
//    the sweeps and by concatenate() (Busy), and a terminate() of it takes effect at unlock().
//  - Counting: create(), setLength() and reserveGrowth() check an owner's limits and record the
//    change atomically, so concurrent requests cannot together pass a limit.
//  - After open(): what a crash left half done is repaired (repairs() says what), so that no
//    record names bytes that are not stored and no stored bytes outlive their record for long.
//  - Failures say their kind (StoreFailure): a full disk, storage that cannot be reached now,
//    an upload another instance took over, or anything else; a lookup that could not look says
//    so (Unavailable), never that the upload does not exist.
class UploadStore {
public:
    enum class Lookup { Found, Gone, Missing, Unavailable };

    // Forever, for `keepFinished`: finished uploads stay until deleted.
    static constexpr std::chrono::seconds KeepForever{0};
    static constexpr qint64 NoQuota = -1;
    static constexpr int NoLimit = -1;
    // What one owner may hold: bytes (as usage() counts them), unfinished uploads at once, and
    // uploads in all (finished ones included: a byte quota alone allows any number of empty ones).
    struct Limits {
        qint64 quota = NoQuota;
        int maxUnfinished = NoLimit;
        int maxUploads = NoLimit;
    };
    // Why create() refused an upload it did not fail to make: one of the three is set.
    struct Refusal {
        qint64 inUse = -1;   // over quota: the owner's usage()
        int unfinished = -1; // at the limit: the owner's unfinished uploads
        int uploads = -1;    // at the limit: the owner's uploads, finished ones included
    };
    struct StateCounts {
        int unfinished = 0;
        int finished = 0; // offset == length
    };
    enum class ConcatOutcome { Done, PartsChanged, Busy, Refused, Failed };
    // Looks at a final upload's joined bytes before the store may record it: false refuses the
    // final. A `verifiedHash` it sets is recorded with the final, as setContentHash() would.
    using ContentCheck = std::function<bool(UploadSource &joined, QByteArray *verifiedHash)>;

    virtual ~UploadStore() = default;

    // Takes the storage (DiskUploadStore: its folder, exclusively) and repairs what a crash left.
    // False with a sentence in `error`; nothing is held then.
    virtual bool open(QString *error) = 0;
    virtual void close() = 0;
    // For a shutdown that waited long enough (any thread, also while calls run): storage calls
    // in flight that wait on a peer (a bucket that does not answer) fail now, as do later ones,
    // so that the requests blocked in them end; nothing is recorded for what they did not do.
    // A store of local files, whose calls end by themselves: nothing.
    virtual void abortCalls() {}
    // How many HTTP worker threads its requests want: a request's store calls block its thread
    // (and every connection that thread serves) for as long as they wait, so a store whose
    // calls wait on peers over the network wants more threads than cores. 0: the server's own
    // default (one a core).
    virtual int requestThreads() const { return 0; }
    // What open() had to repair, one sentence each, for the log.
    virtual QStringList repairs() const = 0;
    // Where the uploads are kept, for the log (a folder; a bucket and a database).
    virtual QString location() const = 0;
    // How long an unfinished upload is kept after its last progress, and a finished one after it
    // finished (KeepForever: until deleted).
    virtual std::chrono::seconds expireAfter() const = 0;
    virtual std::chrono::seconds keepFinished() const = 0;

    // Gone: terminated or expired (410; a store may forget that after a while and say Missing);
    // Missing: never known (404); Unavailable: the store could not look now (503). For Gone, `out`
    // holds the id and owner only.
    virtual Lookup find(const QString &id, UploadRecord *out) const = 0;
    // find() for a client asking where to go on (HEAD): the offset it gets is what is stored,
    // neither behind nor ahead. A store of many instances first has another instance that is
    // writing the upload commit what it received and let go (as a PATCH would ask it to), so
    // that a PATCH from that offset is not refused once the hand-over it asks for commits more;
    // only for `asker`'s own upload (no one else's HEAD cuts a writer). A store of one instance:
    // find().
    virtual Lookup findLatest(const QString &id, const QString &asker, UploadRecord *out)
    {
        Q_UNUSED(asker)
        return find(id, out);
    }
    // A new upload (`concat`: None or Partial), stored empty, with a fresh id made by the store.
    // Refuses one that would take its owner's usage() past `limits.quota`, one past their
    // `limits.maxUploads`, or one that would be
    // unfinished while they have `limits.maxUnfinished` unfinished uploads already (an empty one
    // is finished at once): nullopt with `refusal` saying which (and `failure` untouched). A
    // storage failure: nullopt with `failure`.
    virtual std::optional<UploadRecord> create(qint64 length, const QByteArray &metadata,
                                               const QString &filename, const QString &owner,
                                               UploadRecord::Concat concat, const Limits &limits,
                                               Refusal *refusal, StoreFailure *failure) = 0;
    // The concatenation extension's final upload, built from `parts` (finished partial uploads
    // of `owner`, in order), which the store locks for the duration. `check` looks at the joined
    // bytes before anything is recorded; then the final (complete, with the hash `check`
    // verified) replaces the parts in one step: from then on it counts against the quota and
    // they are gone. A crash at any point leaves either the parts or the final; a refusal by
    // `check` (Refused) leaves the parts as they were. PartsChanged: a part is not (or no longer)
    // a finished partial upload of `owner`; Busy: another request holds one. `out` on Done,
    // `failure` on Failed.
    virtual ConcatOutcome concatenate(const QStringList &parts, const QByteArray &metadata,
                                      const QString &filename, const QString &owner,
                                      const ContentCheck &check, UploadRecord *out,
                                      StoreFailure *failure) = 0;

    // The final upload `owner` made of exactly `parts` (in order), if any: a client whose final
    // POST got no answer (it gave up while the store joined) asks again, and is given the final
    // that was made, not told that its parts are gone. nullopt when none, or when the store
    // could not look.
    virtual std::optional<UploadRecord> findFinal(const QStringList &parts,
                                                  const QString &owner) const = 0;

    // Bytes in: a sink for `record` (found, and locked by the caller), writing from its recorded
    // offset. nullptr with `failure` when the store cannot take bytes for it.
    virtual std::unique_ptr<UploadSink> openSink(const UploadRecord &record,
                                                 StoreFailure *failure) = 0;
    // Bytes out: the stored bytes of finished upload `record` (all record.length of them).
    // nullptr with `failure` (when given) when there are none: Unavailable when the storage
    // could not be read now (503: the upload is not gone), Storage when they are no longer
    // there (removed meanwhile, or lost).
    virtual std::unique_ptr<UploadSource> openSource(const UploadRecord &record,
                                                     StoreFailure *failure = nullptr) const = 0;

    // Instant upload. A finished upload other than `exceptId` whose content has the verified
    // SHA-256 `digest` and `length` bytes, any owner; nullopt if none.
    virtual std::optional<UploadRecord> findVerified(const QByteArray &digest, qint64 length,
                                                     const QString &exceptId) const = 0;
    // Records the verified SHA-256 of a finished upload's content.
    virtual bool setContentHash(const QString &id, const QByteArray &digest) = 0;
    // Completes upload `id` (locked by the caller, nothing stored yet) with the content of the
    // finished upload `sourceId`, copied (or shared) within the store: durable before the record
    // says offset == length with the verified `digest`. nullopt with `failure` on failure; `id`
    // then still holds nothing.
    virtual std::optional<UploadRecord> completeFrom(const QString &id, const QString &sourceId,
                                                     const QByteArray &digest,
                                                     StoreFailure *failure) = 0;
    // Sets a deferred length; with a `quota`, refuses (false, the owner's usage in `overQuota`)
    // a length that would pass it, as create() does. Any other false says why in `failure`
    // (when given): the storage cannot be reached now (Unavailable), is full, another instance
    // took the upload over (Fenced), the upload is no longer one whose length can be set (gone,
    // set meanwhile, below the offset: Storage, as callers check that first under the lock).
    virtual bool setLength(const QString &id, qint64 length, qint64 quota = NoQuota,
                           qint64 *overQuota = nullptr, StoreFailure *failure = nullptr) = 0;

    // What an owner's uploads count against a quota: each live upload's Upload-Length, or while
    // its length is deferred the bytes stored, or the end reserveGrowth() granted while a request
    // writes to it. Terminated and expired uploads count for nothing.
    virtual qint64 usage(const QString &owner) const = 0;
    // For a request about to write to a deferred-length upload (holding its lock): how many of
    // `wanted` more bytes its owner's `quota` leaves room for. They count as used until unlock().
    virtual qint64 reserveGrowth(const QString &id, qint64 wanted, qint64 quota) = 0;
    // Removes an upload, record and bytes, at once (the caller holds it, or nobody writes to it).
    virtual bool remove(const QString &id) = 0;
    // DELETE: like remove(), but an upload a request is still writing to goes when that request
    // lets go (unlock()). Either way it is Gone for every later request.
    virtual bool terminate(const QString &id) = 0;
    // Removes unfinished uploads whose expiry has passed and that no request is writing to; how
    // many. A bounded batch per call: the rest wait for the next call.
    virtual int sweepExpired(const QDateTime &now) = 0;
    // Removes finished uploads that finished longer than keepFinished() before `now` (none when
    // it is KeepForever) and that no request is using; how many.
    virtual int sweepFinished(const QDateTime &now) = 0;
    // Removes stored bytes that no record names and that are older than `grace` (what a crash
    // between storing and recording left); how many. A store that cannot leave any: 0.
    virtual int reconcile(std::chrono::seconds grace)
    {
        Q_UNUSED(grace)
        return 0;
    }
    // Proof-of-possession challenges kept where every instance sharing this store sees them;
    // nullptr: the store is one instance's, and hoistd keeps them in memory (ProofChallenges).
    virtual class ChallengeBook *sharedChallenges() { return nullptr; }
    virtual int count() const = 0;
    // count() by state, read together; cheap (kept as uploads change, not counted per call).
    virtual StateCounts countByState() const = 0;

    // One writer per upload at a time: false when another request (or a concatenation) holds it.
    virtual bool tryLock(const QString &id) = 0;
    // Lets go; also drops a reserveGrowth() grant and carries out a terminate() that waited.
    virtual void unlock(const QString &id) = 0;

protected:
    UploadStore() = default;
    Q_DISABLE_COPY_MOVE(UploadStore)
};
