#pragma once

#include "uploadstore.h"

class ClusterLocks;
class ClusterObjects;
class PgUploads;
class S3Bucket;

// The cluster store's concatenation (tus' concatenation extension): the parts' objects become
// one new finished upload. When every part but the last is at least 5 MiB, UploadPartCopy joins
// them within the store (no byte through hoistd); otherwise their bytes go once through a spool
// file. The parts are locked (Busy when one is held), the joined object is checked (the
// ContentCheck reads it through a source), the final recorded and the parts dropped in one
// transaction, then the parts' objects deleted.
class ClusterConcatenation final {
public:
    ClusterConcatenation(PgUploads &uploads, S3Bucket &bucket, ClusterObjects &objects,
                         ClusterLocks &locks, QString spoolDir);

    UploadStore::ConcatOutcome join(const QStringList &parts, const QByteArray &metadata,
                                    const QString &filename, const QString &owner,
                                    const UploadStore::ContentCheck &check, UploadRecord *out,
                                    StoreFailure *failure);

private:
    PgUploads &m_uploads;
    S3Bucket &m_bucket;
    ClusterObjects &m_objects;
    ClusterLocks &m_locks;
    const QString m_spoolDir;
};
