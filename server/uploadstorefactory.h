#pragma once

#include <memory>

class DiskUploadStore;
class HoistdMetrics;
class UploadStore;
struct HoistdOptions;

// The store hoistd's options ask for, not opened yet: the single-machine one (DiskUploadStore
// under --data, with --named-dir, --expire-after, --keep-finished), or with --store and --index
// the cluster store (ClusterUploadStore: bytes in the bucket, records in PostgreSQL, its spool
// under --data, a new instance id per start), whose S3 and PostgreSQL calls and lease hand-overs
// go to `metrics`.
std::unique_ptr<UploadStore> makeUploadStore(const HoistdOptions &options, HoistdMetrics &metrics);
// The disk store as the options configure it (also for EmbeddedServer, which is always one).
std::unique_ptr<DiskUploadStore> makeDiskUploadStore(const HoistdOptions &options);
