#include "clusterinstantcompletion.h"

#include "clusterfailure.h"
#include "clusterlocks.h"
#include "clusterobjects.h"
#include "pgleases.h"
#include "pguploads.h"

ClusterInstantCompletion::ClusterInstantCompletion(PgUploads &uploads, PgLeases &leases,
                                                   S3Bucket &bucket, const ClusterObjects &objects,
                                                   ClusterLocks &locks,
                                                   std::chrono::seconds expireAfter)
    : m_uploads(uploads)
    , m_leases(leases)
    , m_bucket(bucket)
    , m_objects(objects)
    , m_locks(locks)
    , m_expireAfter(expireAfter)
{
}

std::optional<UploadRecord> ClusterInstantCompletion::complete(const QString &id,
                                                               const QString &sourceId,
                                                               const QByteArray &digest,
                                                               StoreFailure *failure)
{
    const qint64 generation = m_locks.generation(id);
    PgUpload target;
    PgUpload source;
    PgError pgError;
    if (generation == 0 || m_uploads.find(id, &target, &pgError) != PgUploads::Lookup::Found
        || m_uploads.find(sourceId, &source, &pgError) != PgUploads::Lookup::Found
        || !source.record.isFinished() || source.record.length != target.record.length
        || target.record.offset != 0) {
        *failure =
            pgError ? storeFailureOf(pgError)
                    : StoreFailure::storage(
                        QStringLiteral("upload %1 cannot be completed from %2").arg(id, sourceId));
        return std::nullopt;
    }
    const auto copied = m_bucket.copyObject(m_objects.objectKey(sourceId), m_objects.objectKey(id),
                                            ClusterObjects::metaOf(target.record));
    if (!copied.ok()) {
        *failure = storeFailureOf(*copied.error);
        return std::nullopt;
    }
    PgLeases::Commit commit;
    commit.to = target.record.length;
    commit.expireAfter = m_expireAfter;
    if (m_leases.commit(id, m_locks.instanceId(), generation, commit, &pgError)
            != PgLeases::Outcome::Committed
        || !m_uploads.setContentHash(id, digest, &pgError)) {
        *failure = pgError ? storeFailureOf(pgError)
                           : StoreFailure::fenced(
                               QStringLiteral("upload %1 was taken over meanwhile").arg(id));
        return std::nullopt;
    }
    PgUpload done;
    if (m_uploads.find(id, &done, &pgError) != PgUploads::Lookup::Found) {
        *failure = storeFailureOf(pgError);
        return std::nullopt;
    }
    return done.record;
}
