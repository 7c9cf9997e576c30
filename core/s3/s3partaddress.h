#pragma once

#include "s3target.h"

#include <QUrl>

#include <optional>

// Where one part of a multipart upload lives, written as the URL an UploadPart keeps (and the
// store saves): the object's s3:// address with the upload's id and the part's number,
//
//   s3://BUCKET/KEY?endpoint=SERVICE&region=R[&style=virtual]&uploadId=ID&partNumber=N
//
// so that ProtocolRouter hands terminate() for it to S3Protocol, and a resumed task knows its
// upload from its parts alone.
struct S3PartAddress {
    S3Target target; // no prefix: `key` is whole
    QString key;
    QString uploadId;
    int partNumber = 0;

    QUrl toUrl() const;
    // Nullopt when `url` is not an s3:// part address with an upload id and a part number 1-10000.
    static std::optional<S3PartAddress> fromUrl(const QUrl &url);
    // One string per multipart upload (service, bucket, key, upload id).
    QString uploadKey() const;
};
