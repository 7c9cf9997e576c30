#pragma once

#include "pgpool.h"
#include "pgupload.h"

#include <QDateTime>
#include <QList>
#include <QStringList>

#include <chrono>
#include <functional>
#include <optional>

// One writer per upload across instances, fenced (cluster-design.md). The lease lives in the
// upload's row: holder (an instance id), generation, expiry on the database's clock (so that
// instances' clocks do not matter). take() gives a free or expired lease to a new holder with
// generation + 1; everything a holder writes afterwards names the generation it holds, and is
// refused once another took the lease (the generation moved on). A holder that stalled past its
// lease therefore cannot write even if it wakes up; what it sent to S3 meanwhile is named by no
// record and is left for reconciliation.
class PgLeases final {
    Q_DISABLE_COPY_MOVE(PgLeases)
public:
    explicit PgLeases(PgPool &pool);

    struct Taken {
        bool taken = false;
        qint64 generation = 0;   // taken: the generation now held
        bool completing = false; // taken: an earlier holder decided its completion (finish it)
        QString holder;          // not taken: who holds it (to NOTIFY); empty when no such upload
        std::chrono::milliseconds remaining{0}; // not taken: until it expires
        bool wanted = false; // not taken: its holder was asked to let go (and is letting go)
    };
    // Takes the lease of upload `id` for `holder` when it is free or expired, or still
    // `holder`'s own in generation `reclaim` (one it let go of while PostgreSQL could not be
    // told: taken back at once, not after it runs out). `error` set: nothing is known (the
    // caller answers 503).
    Taken take(const QString &id, const QString &holder, std::chrono::milliseconds duration,
               PgError *error, qint64 reclaim = 0);
    // Pushes the expiry on; false when the lease is no longer this holder's generation.
    bool renew(const QString &id, const QString &holder, qint64 generation,
               std::chrono::milliseconds duration, PgError *error);
    // Frees it (the generation stays, so a later take() moves it on).
    bool release(const QString &id, const QString &holder, qint64 generation, PgError *error);

    // The next part number of the upload, allocated under the lease (never given twice, even
    // across generations); nullopt when fenced out.
    std::optional<int> allocatePart(const QString &id, const QString &holder, qint64 generation,
                                    PgError *error);
    // Records the S3 multipart upload begun for `id`, under the lease.
    bool setMultipartId(const QString &id, const QString &holder, qint64 generation,
                        const QString &uploadId, PgError *error);

    // What a holder makes durable at once: the upload's offset moves from `from` to `to`, the
    // parts completed meanwhile are recorded, the tail object is now `tailKey` (empty: none)
    // of `tailSize` bytes, the expiry moves `expireAfter` on from now; when `to` reaches the
    // length, the upload is finished (its owner's unfinished count drops).
    struct Commit {
        qint64 from = 0;
        qint64 to = 0;
        QList<PgPart> parts;
        QString tailKey;
        qint64 tailSize = 0;
        std::chrono::seconds expireAfter{0};
        // `to` is the length and the object is yet to be made: the upload is marked completing
        // under this generation (parts and tail recorded as given) and its offset stays where
        // it was, since the client has not been told yet; finishCompletion() moves it to the
        // length and finishes the upload.
        bool completing = false;
        // A deferred length declared with this commit (-1: none; the upload's length must still
        // be deferred): recorded in the same transaction, the owner's counted bytes moved to it
        // unless that passes `quota` (-1: none; Refused).
        qint64 length = -1;
        qint64 quota = -1;
    };
    enum class Outcome { Failed, Committed, Fenced, Refused };
    // One transaction, `WHERE id AND holder AND generation AND offset = from`: Fenced (nothing
    // changed) when the generation moved on, another holder has it, the offset is not `from`
    // any more or the upload is completing; Refused by the quota (a declared length); Failed
    // with `error` when PostgreSQL could not say.
    Outcome commit(const QString &id, const QString &holder, qint64 generation,
                   const Commit &commit, PgError *error);
    // Marks a completing upload finished (and its tail gone) once its object exists: under the
    // lease, as commit(); Fenced when another holder has it or it is not completing.
    Outcome finishCompletion(const QString &id, const QString &holder, qint64 generation,
                             PgError *error);
    // The committed parts, by number.
    QList<PgPart> parts(const QString &id, PgError *error);

    // Hand-over: asks `holder` to commit what it has and let go of upload `id`
    // (NOTIFY hoistd_<holder>, '<id>'), recorded in the row (wanted()). The holder LISTENs on
    // channel(itself) (PgListener).
    bool askToRelease(const QString &holder, const QString &id, PgError *error);
    // Asks `holder` to let go of `id` only if its writer has stalled (NOTIFY hoistd_<holder>,
    // 'stalled:<id>'; not recorded: a holder that misses it keeps writing, which is what it
    // would decide for a writer that is moving). A holder that finds its writer stalled lets go
    // and says so with markWanted(), so that the asker sees Taken::wanted.
    bool askToReleaseIfStalled(const QString &holder, const QString &id, PgError *error);
    // Records that `holder` was asked for `id` and is letting go (askToRelease() without NOTIFY).
    bool markWanted(const QString &holder, const QString &id, PgError *error);
    // The payload prefix of askToReleaseIfStalled()'s notification.
    static QString stalledPrefix() { return QStringLiteral("stalled:"); }
    // The uploads `holder` holds that another instance asked for since it took them: what a
    // holder whose listener was away (reconnecting) may have missed.
    QStringList wanted(const QString &holder, PgError *error);
    static QString channel(const QString &holder);

private:
    // The fenced frame of commit() and finishCompletion(): in one transaction, `update` (an
    // UPDATE under the lease, `RETURNING` what `rest` needs) and then `rest` on its row; no row
    // is Fenced, and anything but Committed from `rest` rolls back.
    using FencedStep = std::function<std::optional<PgRows>(PgConnection &)>;
    using FencedRest = std::function<Outcome(PgConnection &, const PgRows &)>;
    Outcome fencedUpdate(const QString &id, const QString &holder, PgError *error,
                         const FencedStep &update, const FencedRest &rest);

    PgPool &m_pool;
};

// A session-level advisory lock (pg_try_advisory_lock) on a connection held for as long as this
// object lives, so that timed work (sweeps, reconciliation) runs on one instance at a time. An
// instance that dies loses its connection and with it the lock.
class PgAdvisoryLock final {
    Q_DISABLE_COPY_MOVE(PgAdvisoryLock)
public:
    PgAdvisoryLock(PgPool &pool, int key);
    ~PgAdvisoryLock();
    // Whether this instance now holds it; false when another does (or no connection). Call it
    // again before each batch of work: a lock lost with its connection is taken anew or not.
    bool tryLock(PgError *error);
    bool isLocked() const { return m_locked; }
    void unlock();

private:
    PgPool &m_pool;
    const int m_key;
    PgPool::Handle m_connection;
    bool m_locked = false;
    int m_lockedAt = 0; // the connection's connects() when it was taken
};
