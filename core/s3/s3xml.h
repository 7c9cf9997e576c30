#pragma once

#include <QByteArray>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

// What S3 answers in XML, read from bodies of bounded size (the caller's: see S3Request). A
// body that is not the document expected (malformed, a DTD, out-of-range numbers) is refused
// with a sentence in `problem`: a hostile or broken server never crashes us or makes us guess.
namespace S3Xml {

// <Error><Code/><Message/><RequestId/>[<ServerTime/>]</Error>
struct Error {
    QString code;
    QString message;
    QString requestId;
    QString serverTime; // RequestTimeTooSkewed: the server's clock (ISO 8601), when it says
};

struct ListedPart {
    int number = 0;
    QByteArray etag; // as the server wrote it, quotes included
    qint64 size = 0;
};

struct PartListing {
    QList<ListedPart> parts;
    bool truncated = false;
    int nextMarker = 0; // NextPartNumberMarker: the next page starts after it
};

// An <Error> document's fields; nullopt when `xml` is not one.
std::optional<Error> parseError(const QByteArray &xml);
// InitiateMultipartUploadResult's UploadId.
std::optional<QString> parseUploadId(const QByteArray &xml, QString *problem);
// ListPartsResult: its parts and paging.
std::optional<PartListing> parseListParts(const QByteArray &xml, QString *problem);

// CompleteMultipartUploadResult, or an <Error> inside a 200 (S3 sends one when it fails after
// having answered 200 to keep the connection alive).
struct CompleteResult {
    bool completed = false;
    std::optional<Error> error;
    QString problem; // neither: malformed
};
CompleteResult parseComplete(const QByteArray &xml);

// The body of CompleteMultipartUpload: each part's number and ETag, in order.
QByteArray completeBody(const QList<ListedPart> &parts);

// What hoistd's bucket client (server/storage/s3) reads besides: copies and listings. Keys in a
// listing are decoded when the answer says EncodingType url (asked for, so that any key survives
// XML); a page holds at most 10000 entries, each value at most 4096 characters.

// CopyObjectResult or CopyPartResult: the new ETag; or an <Error> inside a 200, as for Complete.
struct CopyResult {
    QByteArray etag; // quotes included; empty when the copy failed
    std::optional<Error> error;
    QString problem; // neither: malformed
};
CopyResult parseCopy(const QByteArray &xml);

struct ListedObject {
    QString key;
    qint64 size = 0;
    QByteArray etag;
    QString lastModified; // ISO 8601, as the server wrote it
};

// ListObjectsV2's ListBucketResult.
struct ObjectListing {
    QList<ListedObject> objects;
    bool truncated = false;
    QString nextContinuationToken; // set when truncated
};
std::optional<ObjectListing> parseListObjects(const QByteArray &xml, QString *problem);

struct ListedUpload {
    QString key;
    QString uploadId;
    QString initiated; // ISO 8601
};

// ListMultipartUploadsResult.
struct UploadListing {
    QList<ListedUpload> uploads;
    bool truncated = false;
    QString nextKeyMarker; // set when truncated: the next page starts after them
    QString nextUploadIdMarker;
};
std::optional<UploadListing> parseListUploads(const QByteArray &xml, QString *problem);

// DeleteObjects (quiet): the keys it could not delete, each with S3's code and message.
struct DeleteFailure {
    QString key;
    QString code;
    QString message;
};
std::optional<QList<DeleteFailure>> parseDeleteResult(const QByteArray &xml, QString *problem);
// The body of DeleteObjects, quiet (only failures are answered): each key, XML-escaped.
QByteArray deleteBody(const QStringList &keys);

} // namespace S3Xml
