#pragma once

#include <QString>

#include <chrono>

class ClusterObjects;
class PgIndex;
class QDateTime;
class S3Bucket;

// The cluster store's reconciliation: removes what the bucket holds under the store's prefix
// that no record names and that is older than a grace period — multipart uploads (aborted: a
// create whose id was never recorded, a removal whose abort failed), tail objects (left by a
// fenced or failed commit) and uploads' objects `PREFIX/<id>` (a whole body's PUT whose answer
// was lost and that landed after its upload was removed, a removal whose DELETE failed). One
// instance at a time (an advisory lock). The objects are every finished upload's, so there may
// be millions: each pass reads at most ObjectPagesPerPass pages of them and the next one goes
// on from there (from the start again after the end), so that a pass costs the same whatever
// the bucket holds.
class ClusterReconciliation final {
public:
    ClusterReconciliation(PgIndex &index, S3Bucket &bucket, const ClusterObjects &objects);

    // How many it removed; 0 when another instance is running it.
    int run(std::chrono::seconds grace);

    static constexpr int ObjectPagesPerPass = 10;

private:
    // The uploads' objects no record names, from m_objectsToken on: how many it removed.
    int strayObjects(const QDateTime &cutoff);

    PgIndex &m_index;
    S3Bucket &m_bucket;
    const ClusterObjects &m_objects;
    QString m_objectsToken; // where the next pass goes on listing the objects
};
