#pragma once

#include "storefailure.h"
#include "uploadsource.h"

#include <QByteArray>
#include <QString>

class S3Bucket;

// The bytes of a finished upload in the cluster store: the object `PREFIX/<id>`, read with
// ranged GETs a window at a time (the HTTP layer reads 64 KiB blocks; one GET per block would
// cost a round trip each). No descriptor: UploadDownload streams it. A small object is read
// whole when the source opens, so that it stays readable after the upload is removed (a larger
// one read after its removal fails: its object is gone).
class ClusterUploadSource final : public UploadSource {
public:
    ClusterUploadSource(S3Bucket &bucket, QString key, qint64 length);

    // Reads the first window (the whole object when it is small); false with `failure` when
    // the bucket could not be read (Unavailable: an outage, the object is not gone), there is
    // no such object or it is not `length` bytes long (Storage).
    bool open(StoreFailure *failure);

    qint64 length() const override { return m_length; }
    qint64 read(qint64 offset, char *data, qint64 size) override;

    static constexpr qint64 Window = 1024 * 1024;

private:
    bool fill(qint64 offset);

    S3Bucket &m_bucket;
    const QString m_key;
    const qint64 m_length;
    QByteArray m_window;
    qint64 m_windowAt = 0;
};
