#pragma once

#include <QtGlobal>

class ClusterLocks;
class ClusterObjects;
class PgLeases;
struct PgUpload;
class PgUploads;
class QString;
class S3Bucket;

// The cluster store's deferred length (Upload-Defer-Length): sets the length once, against the
// owner's quota. A length equal to what is already committed finishes the upload, so its object
// is made first from the committed parts and tail (the tail as the last part through
// UploadPartCopy, or a CopyObject of the tail alone), under the lease (borrowed for the call
// when this instance does not hold it).
class ClusterDeferredLength final {
public:
    ClusterDeferredLength(PgUploads &uploads, PgLeases &leases, S3Bucket &bucket,
                          const ClusterObjects &objects, ClusterLocks &locks);

    bool set(const QString &id, qint64 length, qint64 quota, qint64 *overQuota);

private:
    bool finishFromCommitted(const PgUpload &upload, qint64 generation);

    PgUploads &m_uploads;
    PgLeases &m_leases;
    S3Bucket &m_bucket;
    const ClusterObjects &m_objects;
    ClusterLocks &m_locks;
};
