#pragma once

#include <memory>

class DiskUploadStore;
class UploadStore;
struct HoistdOptions;

// The store hoistd's options ask for, not opened yet. Today always the single-machine one
// (DiskUploadStore under --data, with --named-dir, --expire-after, --keep-finished); the seam
// where `--store s3://… --index postgresql://…` will choose another.
std::unique_ptr<UploadStore> makeUploadStore(const HoistdOptions &options);
// The disk store as the options configure it (also for EmbeddedServer, which is always one).
std::unique_ptr<DiskUploadStore> makeDiskUploadStore(const HoistdOptions &options);
