#include "clusterdeferredlength.h"

#include "clusterlocks.h"
#include "clusterobjects.h"
#include "pgleases.h"
#include "pguploads.h"
#include "uploadstore.h"

ClusterDeferredLength::ClusterDeferredLength(PgUploads &uploads, PgLeases &leases, S3Bucket &bucket,
                                             const ClusterObjects &objects, ClusterLocks &locks)
    : m_uploads(uploads)
    , m_leases(leases)
    , m_bucket(bucket)
    , m_objects(objects)
    , m_locks(locks)
{
}

bool ClusterDeferredLength::set(const QString &id, qint64 length, qint64 quota, qint64 *overQuota)
{
    PgUpload upload;
    PgError error;
    if (m_uploads.find(id, &upload, &error) != PgUploads::Lookup::Found
        || !upload.record.lengthDeferred() || length < upload.record.offset)
        return false;
    const PgUploads::Usage before = m_uploads.usage(upload.record.owner, &error);
    if (quota != UploadStore::NoQuota && before.bytes - upload.countedBytes + length > quota) {
        if (overQuota)
            *overQuota = before.bytes;
        return false;
    }
    if (length == upload.record.offset) {
        // Finished by this: its object must exist before the record says so.
        qint64 generation = m_locks.generation(id);
        const bool borrowed = generation == 0;
        if (borrowed)
            generation = m_locks.take(id, ClusterLocks::HandOverWait);
        upload.record.length = length;
        const bool made = generation != 0 && finishFromCommitted(upload, generation);
        if (borrowed && generation != 0)
            m_locks.release(id, generation);
        if (!made)
            return false;
    }
    const auto outcome = m_uploads.setLength(id, length, quota, &error);
    if (outcome == PgUploads::Outcome::Refused && overQuota)
        *overQuota = m_uploads.usage(upload.record.owner, &error).bytes;
    if (outcome == PgUploads::Outcome::Done && length == upload.record.offset
        && !upload.tailKey.isEmpty())
        m_bucket.deleteObject(upload.tailKey);
    return outcome == PgUploads::Outcome::Done;
}

bool ClusterDeferredLength::finishFromCommitted(const PgUpload &upload, qint64 generation)
{
    const QString &id = upload.record.id;
    const QString key = m_objects.objectKey(id);
    const auto meta = ClusterObjects::metaOf(upload.record);
    PgError error;
    if (upload.multipartId.isEmpty()) {
        if (upload.tailSize == 0)
            return m_bucket.putObject(key, S3Body::fromBytes({}), meta).ok();
        return m_bucket.copyObject(upload.tailKey, key, meta).ok();
    }
    QList<S3Bucket::Part> all;
    for (const PgPart &p : m_leases.parts(id, &error))
        all.append({p.number, p.etag.toLatin1()});
    if (error)
        return false;
    if (upload.tailSize > 0) {
        // The tail as the last part, copied within the store.
        const auto number = m_leases.allocatePart(id, m_locks.instanceId(), generation, &error);
        if (!number)
            return false;
        const auto copied =
            m_bucket.uploadPartCopy(key, upload.multipartId, *number, upload.tailKey, 0, -1);
        if (!copied.ok())
            return false;
        all.append({*number, copied.value});
    }
    if (!m_leases.renew(id, m_locks.instanceId(), generation, m_locks.lease(), &error))
        return false;
    return m_bucket.completeMultipartUpload(key, upload.multipartId, all).ok();
}
