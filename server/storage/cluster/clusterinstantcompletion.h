#pragma once

#include "storefailure.h"
#include "uploadrecord.h"

#include <chrono>
#include <optional>

class ClusterCompletion;
class ClusterLocks;
class ClusterObjects;
class PgLeases;
class PgUploads;
class S3Bucket;

// The cluster store's instant completion: an upload this instance holds, with nothing written
// yet, becomes a copy of a finished upload of the same length and verified content (CopyObject
// within the store, the upload's own metadata), fenced as every completion is
// (ClusterCompletion: copied to a tail of this generation, decided under the lease, then made
// the object), and marked with the content's hash.
class ClusterInstantCompletion final {
public:
    ClusterInstantCompletion(PgUploads &uploads, PgLeases &leases, S3Bucket &bucket,
                             const ClusterObjects &objects, ClusterLocks &locks,
                             const ClusterCompletion &completion, std::chrono::seconds expireAfter);

    std::optional<UploadRecord> complete(const QString &id, const QString &sourceId,
                                         const QByteArray &digest, StoreFailure *failure);

private:
    PgUploads &m_uploads;
    PgLeases &m_leases;
    S3Bucket &m_bucket;
    const ClusterObjects &m_objects;
    ClusterLocks &m_locks;
    const ClusterCompletion &m_completion;
    const std::chrono::seconds m_expireAfter;
};
