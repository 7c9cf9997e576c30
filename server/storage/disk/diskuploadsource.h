#pragma once

#include "uploadsource.h"

#include <QString>

#include <memory>

// DiskUploadStore's source: an open descriptor of one upload's file (pread), which it hands over
// for sendfile. The descriptor keeps the bytes readable even when the upload is removed
// meanwhile.
class DiskUploadSource final : public UploadSource {
public:
    // `length` bytes of the file at `path`; nullptr when it cannot be opened or holds fewer
    // (deleted meanwhile, or the storage lost it).
    static std::unique_ptr<DiskUploadSource> open(const QString &path, qint64 length);
    ~DiskUploadSource() override;

    qint64 length() const override { return m_length; }
    qint64 read(qint64 offset, char *data, qint64 size) override;
    int takeFileDescriptor() override;

private:
    DiskUploadSource(int fd, qint64 length);

    int m_fd;
    const qint64 m_length;
};
