#include "clusterdeferredlength.h"

#include "clustercompletion.h"
#include "clusterfailure.h"
#include "clusterlocks.h"
#include "clusterobjects.h"
#include "pguploads.h"
#include "uploadstore.h"

namespace {
// Why a fenced call refused: PostgreSQL's error, or (none) the lease is another instance's.
PgLeases::Outcome refused(const PgError &error, const QString &id, StoreFailure *failure)
{
    *failure =
        error
            ? storeFailureOf(error)
            : StoreFailure::fenced(QStringLiteral("another instance holds upload %1 now").arg(id));
    return error ? PgLeases::Outcome::Failed : PgLeases::Outcome::Fenced;
}
} // namespace

ClusterDeferredLength::ClusterDeferredLength(const ClusterContext &context,
                                             const ClusterCompletion &completion)
    : m_c(context)
    , m_completion(completion)
{
}

bool ClusterDeferredLength::set(const QString &id, qint64 length, qint64 quota, qint64 *overQuota,
                                StoreFailure *failure)
{
    PgUpload upload;
    PgError error;
    const auto lookup = m_c.uploads.find(id, &upload, &error);
    if (lookup != PgUploads::Lookup::Found || !upload.record.lengthDeferred()
        || length < upload.record.offset) {
        *failure = lookup == PgUploads::Lookup::Failed
                       ? storeFailureOf(error)
                       : StoreFailure::storage(
                           QStringLiteral("upload %1 has no length to set to %2 (any more)")
                               .arg(id)
                               .arg(length));
        return false;
    }
    const PgUploads::Usage before = m_c.uploads.usage(upload.record.owner, &error);
    if (error) {
        *failure = storeFailureOf(error);
        return false;
    }
    if (quota != UploadStore::NoQuota && before.bytes - upload.countedBytes + length > quota) {
        if (overQuota)
            *overQuota = before.bytes;
        return false;
    }
    if (length > upload.record.offset) {
        // Nothing is finished by it: the length and its cost only.
        const auto outcome = m_c.uploads.setLength(id, length, quota, &error);
        if (outcome == PgUploads::Outcome::Refused && overQuota)
            *overQuota = m_c.uploads.usage(upload.record.owner, &error).bytes;
        else if (outcome == PgUploads::Outcome::Failed)
            *failure = storeFailureOf(error);
        else if (outcome == PgUploads::Outcome::Missing)
            *failure = StoreFailure::storage(
                QStringLiteral("upload %1 changed while its length was set").arg(id));
        return outcome == PgUploads::Outcome::Done;
    }
    qint64 generation = m_c.locks.generation(id);
    const bool borrowed = generation == 0;
    if (borrowed)
        generation = m_c.locks.take(id, ClusterLocks::HandOverWait);
    if (generation == 0)
        *failure = StoreFailure::fenced(
            QStringLiteral("another instance holds upload %1 (or PostgreSQL is away)").arg(id));
    const auto outcome = generation == 0 ? PgLeases::Outcome::Fenced
                                         : finishAtOffset(upload, quota, generation, failure);
    if (borrowed && generation != 0)
        m_c.locks.release(id, generation);
    if (outcome == PgLeases::Outcome::Refused && overQuota)
        *overQuota = m_c.uploads.usage(upload.record.owner, &error).bytes;
    return outcome == PgLeases::Outcome::Committed;
}

PgLeases::Outcome ClusterDeferredLength::finishAtOffset(const PgUpload &upload, qint64 quota,
                                                        qint64 generation, StoreFailure *failure)
{
    const QString &id = upload.record.id;
    const qint64 end = upload.record.offset;
    PgLeases::Commit commit;
    commit.from = end;
    commit.to = end;
    commit.length = end;
    commit.quota = quota;
    commit.expireAfter = m_c.expireAfter;
    commit.completing = true;
    const bool tailAsPart = !upload.multipartId.isEmpty() && upload.tailSize > 0;
    PgError error;
    if (tailAsPart) {
        // The tail as the last part, copied within the store under a number of this generation.
        const auto number = m_c.leases.allocatePart(id, m_c.locks.instanceId(), generation, &error);
        if (!number)
            return refused(error, id, failure);
        const auto copied = m_c.bucket.uploadPartCopy(m_c.objects.objectKey(id), upload.multipartId,
                                                      *number, upload.tailKey, 0, -1);
        if (!copied.ok()) {
            *failure = storeFailureOf(*copied.error);
            return PgLeases::Outcome::Failed;
        }
        commit.parts.append({*number, QString::fromLatin1(copied.value), upload.tailSize,
                             end - upload.tailSize, generation});
    } else {
        // No part: the recorded tail (or nothing, for an empty upload) becomes the object.
        commit.tailKey = upload.tailKey;
        commit.tailSize = upload.tailSize;
    }
    const auto decided = m_c.leases.commit(id, m_c.locks.instanceId(), generation, commit, &error);
    if (decided == PgLeases::Outcome::Failed || decided == PgLeases::Outcome::Fenced)
        refused(error, id, failure);
    if (decided != PgLeases::Outcome::Committed)
        return decided;
    if (tailAsPart)
        m_c.bucket.deleteObject(upload.tailKey); // its bytes are the last part now
    PgUpload completing;
    const auto lookup = m_c.uploads.find(id, &completing, &error);
    if (lookup != PgUploads::Lookup::Found || completing.completing != generation) {
        refused(error, id, failure);
        return PgLeases::Outcome::Failed;
    }
    // Decided: when the object cannot be made now, the next holder (or find()) makes it; the
    // client is told to come back (503), and then finds the upload finished.
    switch (m_completion.finish(completing, generation)) {
    case ClusterCompletion::Outcome::Done:
        return PgLeases::Outcome::Committed;
    case ClusterCompletion::Outcome::Fenced:
        refused({}, id, failure);
        return PgLeases::Outcome::Fenced;
    case ClusterCompletion::Outcome::Failed:
        break;
    }
    *failure = StoreFailure::unavailable(
        QStringLiteral("cannot make the object of upload %1 yet").arg(id));
    return PgLeases::Outcome::Failed;
}
