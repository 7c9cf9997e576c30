#pragma once

#include "uploadsink.h"

#include <QString>

#include <memory>

class DiskUploadStore;

// DiskUploadStore's sink: one upload's file, open for the request that holds the upload's lock.
// write() is a pwrite at the offset, with the writeback of every few MiB started at once
// (sync_file_range, without waiting) so the disk writes while the network reads; commit() is
// fdatasync, then the index commit (DiskUploadStore::commitOffset); rollBack() cuts the file back
// to the committed offset (ftruncate, fdatasync). A crash before a roll-back leaves bytes beyond
// the recorded offset, which DiskUploadStore::open() cuts off.
class DiskUploadSink final : public UploadSink {
public:
    // The sink for `record`'s file `path`, or nullptr with `failure`. A finished
    // upload whose file is shared read-only with its named file (NamedFiles) gets a read-only
    // descriptor: an empty PATCH at its end writes nothing.
    static std::unique_ptr<DiskUploadSink> open(DiskUploadStore &store, const QString &path,
                                                const UploadRecord &record, StoreFailure *failure);
    ~DiskUploadSink() override;

    bool write(const char *data, size_t size) override;
    qint64 offset() const override { return m_offset; }
    std::optional<UploadRecord> commit() override;
    void rollBack() override;
    StoreFailure failure() const override { return m_failure; }

private:
    DiskUploadSink(DiskUploadStore &store, const QString &id, qint64 offset, int fd);
    void startWriteback(); // sync_file_range(WRITE) of what arrived since the last call

    DiskUploadStore &m_store;
    const QString m_id;
    const qint64 m_start; // the offset at open()
    int m_fd;
    qint64 m_committed;
    qint64 m_offset;
    qint64 m_writebackFrom;
    StoreFailure m_failure;
};
