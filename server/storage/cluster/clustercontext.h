#pragma once

#include <chrono>

class ClusterLocks;
class ClusterObjects;
class PgLeases;
class PgUploads;
class S3Bucket;

// What the cluster store's parts that write under a lease work with (ClusterCompletion,
// ClusterDeferredLength, ClusterInstantCompletion): the records and leases in PostgreSQL, the
// bucket and its names, this instance's locks, and how long an unfinished upload is kept. The
// store owns each; the parts hold this for as long as the store lives.
struct ClusterContext {
    PgUploads &uploads;
    PgLeases &leases;
    S3Bucket &bucket;
    const ClusterObjects &objects;
    ClusterLocks &locks;
    std::chrono::seconds expireAfter;
};
