#include "clusterinstantcompletion.h"

#include "clustercompletion.h"
#include "clusterfailure.h"
#include "clusterlocks.h"
#include "clusterobjects.h"
#include "pgleases.h"
#include "pguploads.h"

ClusterInstantCompletion::ClusterInstantCompletion(const ClusterContext &context,
                                                   const ClusterCompletion &completion)
    : m_c(context)
    , m_completion(completion)
{
}

std::optional<UploadRecord> ClusterInstantCompletion::complete(const QString &id,
                                                               const QString &sourceId,
                                                               const QByteArray &digest,
                                                               StoreFailure *failure)
{
    const qint64 generation = m_c.locks.generation(id);
    PgUpload target;
    PgUpload source;
    PgError pgError;
    if (generation == 0 || m_c.uploads.find(id, &target, &pgError) != PgUploads::Lookup::Found
        || m_c.uploads.find(sourceId, &source, &pgError) != PgUploads::Lookup::Found
        || !source.record.isFinished() || source.record.length != target.record.length
        || target.record.offset != 0) {
        *failure =
            pgError ? storeFailureOf(pgError)
                    : StoreFailure::storage(
                        QStringLiteral("upload %1 cannot be completed from %2").arg(id, sourceId));
        return std::nullopt;
    }
    // The source's bytes as a tail of this generation (a stale holder's late copy lands on a
    // key no record names), decided under the lease, then made the object (ClusterCompletion).
    PgLeases::Commit commit;
    commit.to = target.record.length;
    commit.tailKey = m_c.objects.tailKey(id, generation, commit.to);
    commit.tailSize = commit.to;
    commit.expireAfter = m_c.expireAfter;
    commit.completing = true;
    const auto copied = m_c.bucket.copyObject(m_c.objects.objectKey(sourceId), commit.tailKey);
    if (!copied.ok()) {
        *failure = storeFailureOf(*copied.error);
        return std::nullopt;
    }
    const auto decided =
        m_c.leases.commit(id, m_c.locks.instanceId(), generation, commit, &pgError);
    if (decided != PgLeases::Outcome::Committed) {
        // Fenced: named by no record. PostgreSQL away: the commit may have gone through unseen,
        // so the copy stays (reconciliation removes it if no record names it).
        if (!pgError)
            m_c.bucket.deleteObject(commit.tailKey);
        *failure = pgError ? storeFailureOf(pgError)
                           : StoreFailure::fenced(
                               QStringLiteral("upload %1 was taken over meanwhile").arg(id));
        return std::nullopt;
    }
    target.tailKey = commit.tailKey;
    target.tailSize = commit.tailSize;
    target.completing = generation;
    if (m_completion.finish(target, generation) != ClusterCompletion::Outcome::Done
        || !m_c.uploads.setContentHash(id, digest, &pgError)) {
        *failure =
            pgError
                ? storeFailureOf(pgError)
                : StoreFailure::storage(
                    QStringLiteral("upload %1 could not be completed from %2").arg(id, sourceId));
        return std::nullopt;
    }
    PgUpload done;
    if (m_c.uploads.find(id, &done, &pgError) != PgUploads::Lookup::Found) {
        *failure = storeFailureOf(pgError);
        return std::nullopt;
    }
    return done.record;
}
