#pragma once

#include <chrono>

class ClusterObjects;
class PgIndex;
class S3Bucket;

// The cluster store's reconciliation: removes what the bucket holds under the store's prefix
// that no record names and that is older than a grace period — multipart uploads (aborted: a
// create whose id was never recorded, a removal whose abort failed) and tail objects (left by a
// fenced or failed commit). One instance at a time (an advisory lock).
class ClusterReconciliation final {
public:
    ClusterReconciliation(PgIndex &index, S3Bucket &bucket, const ClusterObjects &objects);

    // How many it removed; 0 when another instance is running it.
    int run(std::chrono::seconds grace);

private:
    PgIndex &m_index;
    S3Bucket &m_bucket;
    const ClusterObjects &m_objects;
};
