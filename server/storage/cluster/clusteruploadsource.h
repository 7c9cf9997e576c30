#pragma once

#include "storefailure.h"
#include "uploadsource.h"

#include <QByteArray>
#include <QList>
#include <QString>

class S3Bucket;

// The bytes of a finished upload in the cluster store: the object `PREFIX/<id>`, read with
// ranged GETs a window at a time (the HTTP layer reads 64 KiB blocks; one GET per block would
// cost a round trip each). No descriptor: UploadDownload streams it. A small object is read
// whole when the source opens, so that it stays readable after the upload is removed (a larger
// one read after its removal fails: its object is gone). Or the bytes of several objects one
// after the other (pieces: the parts of a final upload before it is made).
class ClusterUploadSource final : public UploadSource {
public:
    struct Piece {
        QString key;
        qint64 length = 0;
    };

    ClusterUploadSource(S3Bucket &bucket, QString key, qint64 length);
    ClusterUploadSource(S3Bucket &bucket, QList<Piece> pieces);

    // Reads the first window (the whole object when it is small); false with `failure` (when
    // given) when the bucket could not be read (Unavailable: an outage, the object is not gone),
    // there is no such object or it is not `length` bytes long (Storage). Pieces: true (each
    // piece's GET says whether it is there).
    bool open(StoreFailure *failure = nullptr);

    qint64 length() const override { return m_length; }
    qint64 read(qint64 offset, char *data, qint64 size) override;

    static constexpr qint64 Window = 8 * 1024 * 1024;

private:
    bool fill(qint64 offset);

    S3Bucket &m_bucket;
    const QList<Piece> m_pieces;
    const qint64 m_length;
    QByteArray m_window;
    qint64 m_windowAt = 0;
};
