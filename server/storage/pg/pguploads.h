#pragma once

#include "pgpool.h"
#include "pgupload.h"

#include <QStringList>

#include <optional>

// Uploads' records and their owners' usage in PostgreSQL. Safe to call from any thread: each
// call takes a connection from the pool for itself. Every call reports a failure in `error`
// (Kind::Unreachable: the store answers 503 with Retry-After).
//
// Usage is kept per owner in `owners` (bytes, uploads incl. finished, unfinished), changed in the
// same transaction as the rows it counts, and checked-and-reserved in one statement, so that
// instances racing for the last bytes of a quota cannot pass it together. An upload counts its
// Upload-Length, or while deferred the bytes granted to it (setCounted()).
class PgUploads final {
    Q_DISABLE_COPY_MOVE(PgUploads)
public:
    explicit PgUploads(PgPool &pool);

    static constexpr qint64 NoLimit = -1;
    struct Limits {
        qint64 quota = NoLimit;      // bytes
        qint64 maxUploads = NoLimit; // uploads held, finished ones included
        qint64 maxUnfinished = NoLimit;
    };
    struct Usage {
        qint64 bytes = 0;
        qint64 uploads = 0;
        qint64 unfinished = 0;
    };
    enum class Outcome { Done, Refused, Missing, Failed };

    // Records a new upload (id, owner, length, metadata, filename, concat, expires as given;
    // created now, finished now when length is 0), reserving its cost against `limits`.
    // Refused: over a limit, `usage` says where the owner stands; nothing was recorded.
    Outcome create(const UploadRecord &record, const Limits &limits, Usage *usage, PgError *error);

    // Failed first: it is what a call that got no connection gives.
    enum class Lookup { Failed, Found, Gone, Missing };
    // Gone: terminated or expired (410); `out` then holds the id and owner only.
    Lookup find(const QString &id, PgUpload *out, PgError *error);
    // Removes an upload and its parts, gives its usage back; `gone`: remembered for 410.
    // Missing when there was none. With a `holder`, only while that holder has the lease in
    // `generation` (a sweep or a DELETE takes the lease first, so no writer is cut off
    // mid-commit): Missing otherwise.
    Outcome remove(const QString &id, bool gone, PgError *error, const QString &holder = {},
                   qint64 generation = 0);

    // The concatenation extension: `final` (owner, metadata, filename, content hash; concat and
    // parts are set here) recorded complete and its `parts` (finished partial uploads of the
    // same owner, in order; one may repeat) dropped, in one transaction; the owner's bytes move
    // from the parts to the final (the same total), their uploads count from the parts to one.
    // Refused (nothing changed): a part is not, or no longer, such an upload, or the lengths
    // do not add up to `final.length`.
    Outcome createFinal(const UploadRecord &final, const QStringList &parts, PgError *error);

    // What a deferred-length upload counts (its length once known, else the bytes granted to
    // it): moves the owner's bytes by the difference, refused when that passes `quota`.
    Outcome setCounted(const QString &id, qint64 counted, qint64 quota, PgError *error);
    // Sets a deferred length (once); its cost becomes `length`, checked against `quota`.
    Outcome setLength(const QString &id, qint64 length, qint64 quota, PgError *error);
    bool setContentHash(const QString &id, const QByteArray &digest, PgError *error);
    // A finished upload other than `exceptId` with this verified content, any owner.
    std::optional<PgUpload> findVerified(const QByteArray &digest, qint64 length,
                                         const QString &exceptId, PgError *error);
    // The final upload of `owner` made of exactly `parts` (a repeated final POST).
    std::optional<PgUpload> findFinal(const QStringList &parts, const QString &owner,
                                      PgError *error);
    Usage usage(const QString &owner, PgError *error);

    // The sweeps' candidates, oldest first, at most `limit`, by index: unfinished uploads whose
    // expiry passed and that no live lease holds; finished ones that finished before `cutoff`.
    QStringList expired(int limit, PgError *error);
    QStringList finishedBefore(const QDateTime &cutoff, int limit, PgError *error);
    // Forgets gone ids older than `before`.
    int pruneGone(const QDateTime &before, PgError *error);

    // Reconciliation: those of `candidates` (S3 multipart UploadIds / tail object keys found in
    // the bucket) that no record names.
    QStringList unknownMultipartIds(const QStringList &candidates, PgError *error);
    QStringList unknownTailKeys(const QStringList &candidates, PgError *error);
    // Those of `candidates` (upload ids of objects found in the bucket) that no record has.
    QStringList unknownIds(const QStringList &candidates, PgError *error);

    static constexpr const char *Columns =
        R"(id, owner, length, "offset", metadata, filename, created, expires, finished,
        content_hash, concat, concat_parts, named_path, multipart_id, tail_key, tail_size,
        next_part, lease_holder, lease_generation, lease_expires, counted_bytes, completing)";
    static PgUpload fromRow(const QList<QVariant> &row);
    // Moves `owner`'s counted bytes by `delta`, unless that takes them past `quota` (< 0: none;
    // a shrink always passes), in the caller's transaction `t`. Null when the statement failed;
    // false when the quota refused the move.
    static std::optional<bool> moveBytes(PgConnection &t, const QVariant &owner, qint64 delta,
                                         qint64 quota);

private:
    PgPool &m_pool;
};
