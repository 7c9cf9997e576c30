#include "clusterdeferredlength.h"

#include "clustercompletion.h"
#include "clusterlocks.h"
#include "clusterobjects.h"
#include "pguploads.h"
#include "uploadstore.h"

ClusterDeferredLength::ClusterDeferredLength(const ClusterContext &context,
                                             const ClusterCompletion &completion)
    : m_c(context)
    , m_completion(completion)
{
}

bool ClusterDeferredLength::set(const QString &id, qint64 length, qint64 quota, qint64 *overQuota)
{
    PgUpload upload;
    PgError error;
    if (m_c.uploads.find(id, &upload, &error) != PgUploads::Lookup::Found
        || !upload.record.lengthDeferred() || length < upload.record.offset)
        return false;
    const PgUploads::Usage before = m_c.uploads.usage(upload.record.owner, &error);
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
        return outcome == PgUploads::Outcome::Done;
    }
    qint64 generation = m_c.locks.generation(id);
    const bool borrowed = generation == 0;
    if (borrowed)
        generation = m_c.locks.take(id, ClusterLocks::HandOverWait);
    const auto outcome =
        generation == 0 ? PgLeases::Outcome::Fenced : finishAtOffset(upload, quota, generation);
    if (borrowed && generation != 0)
        m_c.locks.release(id, generation);
    if (outcome == PgLeases::Outcome::Refused && overQuota)
        *overQuota = m_c.uploads.usage(upload.record.owner, &error).bytes;
    return outcome == PgLeases::Outcome::Committed;
}

PgLeases::Outcome ClusterDeferredLength::finishAtOffset(const PgUpload &upload, qint64 quota,
                                                        qint64 generation)
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
            return error ? PgLeases::Outcome::Failed : PgLeases::Outcome::Fenced;
        const auto copied = m_c.bucket.uploadPartCopy(m_c.objects.objectKey(id), upload.multipartId,
                                                      *number, upload.tailKey, 0, -1);
        if (!copied.ok())
            return PgLeases::Outcome::Failed;
        commit.parts.append({*number, QString::fromLatin1(copied.value), upload.tailSize,
                             end - upload.tailSize, generation});
    } else {
        // No part: the recorded tail (or nothing, for an empty upload) becomes the object.
        commit.tailKey = upload.tailKey;
        commit.tailSize = upload.tailSize;
    }
    const auto decided = m_c.leases.commit(id, m_c.locks.instanceId(), generation, commit, &error);
    if (decided != PgLeases::Outcome::Committed)
        return decided;
    if (tailAsPart)
        m_c.bucket.deleteObject(upload.tailKey); // its bytes are the last part now
    PgUpload completing;
    if (m_c.uploads.find(id, &completing, &error) != PgUploads::Lookup::Found
        || completing.completing != generation)
        return PgLeases::Outcome::Failed;
    // Decided: when the object cannot be made now, the next holder (or find()) makes it.
    return m_completion.finish(completing, generation) == ClusterCompletion::Outcome::Done
               ? PgLeases::Outcome::Committed
               : PgLeases::Outcome::Failed;
}
