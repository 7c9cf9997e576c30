#pragma once

#include "s3body.h"
#include "s3bucketerror.h"
#include "s3callrunner.h"
#include "s3credentials.h"
#include "s3target.h"
#include "s3xml.h"

#include <QByteArray>
#include <QDateTime>
#include <QList>
#include <QMap>
#include <QPair>
#include <QString>

#include <functional>
#include <memory>
#include <optional>

// hoistd's own client of one S3 bucket (issue 20): blocking and thread-safe, for the HTTP
// layer's worker threads (each blocks on its own call, many at once) and the sweep timer. Each
// call runs on its caller's thread over libcurl (S3Transport): at most maxInFlight requests at
// once, the others wait; a connect and an idle timeout per request; idempotent calls tried
// again on 5xx, resets and timeouts with bounded back-off (S3CallRunner); errors in the classes
// callers act on (S3BucketError: unavailable, refused, not found). Keys are full object keys
// (the target's prefix is the caller's to put in front). Answers are read through S3Xml's
// bounded parsers. Nothing in it logs a credential or a signature.
//
// ListParts is deliberately absent: which parts exist is the caller's record, never a listing.
class S3Bucket final {
public:
    struct Config {
        Config(S3Target target, S3Credentials credentials)
            : target(std::move(target))
            , credentials(std::move(credentials))
        {
        }

        S3Target target; // service, region, bucket, addressing style
        S3Credentials credentials;
        S3TransportConfig transport;
        S3RetryPolicy retry;
        // Told of every request sent (retries too), on the caller's thread: for /metrics.
        S3RequestObserver observer;
    };

    // An object's Content-Type and x-amz-meta-* pairs (names without the prefix, lower case;
    // values printable ASCII: encode anything else, as tus's base64 already is).
    struct ObjectMeta {
        QByteArray contentType;
        QList<QPair<QByteArray, QByteArray>> metadata;
    };

    struct ObjectInfo {
        qint64 size = 0; // the whole object's
        QByteArray etag; // quotes included
        QByteArray contentType;
        QDateTime lastModified;
        QMap<QByteArray, QByteArray> metadata; // x-amz-meta-*, names lower-cased, unprefixed
    };

    struct Part {
        int number = 0;
        QByteArray etag; // as UploadPart or UploadPartCopy answered it
    };

    struct ObjectPage {
        QList<S3Xml::ListedObject> objects;
        QString nextToken; // empty: the last page
    };

    struct UploadPage {
        QList<S3Xml::ListedUpload> uploads;
        QString nextKeyMarker; // both empty: the last page
        QString nextUploadIdMarker;
    };

    // Receives a download's bytes as they arrive; returning false stops it (a Local error).
    using Sink = std::function<bool(const char *data, qint64 size)>;

    // S3's limits.
    static constexpr qint64 MinPartBytes = 5 * 1024 * 1024;
    static constexpr int MaxPartNumber = 10000;
    static constexpr int MaxListPage = 1000;

    explicit S3Bucket(Config config);
    ~S3Bucket();
    S3Bucket(const S3Bucket &) = delete;
    S3Bucket &operator=(const S3Bucket &) = delete;

    const S3Target &target() const;

    // Multipart uploads.
    S3Result<QString> createMultipartUpload(const QString &key, const ObjectMeta &meta);
    S3Result<QByteArray> uploadPart(const QString &key, const QString &uploadId, int partNumber,
                                    const S3Body &body);
    // Bytes [first, first + length) of the object `sourceKey` in this bucket as a part; the whole
    // object when `length` < 0.
    S3Result<QByteArray> uploadPartCopy(const QString &key, const QString &uploadId, int partNumber,
                                        const QString &sourceKey, qint64 first, qint64 length);
    // The parts the caller recorded, in order. Answers the object's ETag (RGW sends an empty one).
    // Tried again after a lost answer and told NoSuchUpload, it checks the object: when its ETag
    // is the one these parts make (multipartEtag), the first attempt completed it: success.
    S3Result<QByteArray> completeMultipartUpload(const QString &key, const QString &uploadId,
                                                 const QList<Part> &parts);
    // The ETag S3 gives an object completed from `parts` ("md5-of-the-parts'-md5s-N"); empty
    // when a part's ETag is no MD5 (SSE-KMS, SSE-C).
    static QByteArray multipartEtag(const QList<Part> &parts);
    // NotFound when there is no such upload (aborted or completed before).
    S3Status abortMultipartUpload(const QString &key, const QString &uploadId);

    // Objects. IfAbsent: only when no object `key` exists (If-None-Match: *), so that a late
    // PUT never replaces one; refused otherwise (isNotAbsent()).
    enum class Put { Always, IfAbsent };
    S3Result<QByteArray> putObject(const QString &key, const S3Body &body, const ObjectMeta &meta,
                                   Put put = Put::Always);
    // A Put::IfAbsent refused because the object exists (412), or because another conditional
    // write of it was under way (409, as S3 answers then).
    static bool isNotAbsent(const S3BucketError &error);
    // Server-side copy within the bucket: the source's metadata kept, or replaced by `replace`.
    S3Result<QByteArray> copyObject(const QString &sourceKey, const QString &key,
                                    const std::optional<ObjectMeta> &replace = std::nullopt);
    // Bytes [first, first + length) (to the end when `length` < 0) into memory, at most
    // `maxBytes` of them (BadAnswer beyond).
    S3Result<QByteArray> getObject(const QString &key, qint64 first = 0, qint64 length = -1,
                                   qint64 maxBytes = 16 * 1024 * 1024);
    // The same range streamed into `sink`, for serving downloads. A connection lost midway is
    // resumed from the byte reached (If-Match on the first answer's ETag), so the sink sees each
    // byte once. Answers the object's info (size: the whole object's).
    S3Result<ObjectInfo> readObject(const QString &key, qint64 first, qint64 length,
                                    const Sink &sink);
    S3Result<ObjectInfo> headObject(const QString &key);
    S3Status deleteObject(const QString &key);
    // At most MaxListPage keys in one request (the sweep's batches); answers the keys it could
    // not delete (a key that did not exist counts as deleted, as S3 says).
    S3Result<QList<S3Xml::DeleteFailure>> deleteObjects(const QStringList &keys);

    // Listings for the reconciliation sweep, a page at a time (at most MaxListPage entries).
    S3Result<ObjectPage> listObjects(const QString &prefix, const QString &continuationToken = {},
                                     int maxKeys = MaxListPage);
    S3Result<UploadPage> listMultipartUploads(const QString &prefix, const QString &keyMarker = {},
                                              const QString &uploadIdMarker = {},
                                              int maxUploads = MaxListPage);

    // The store's clock minus ours, learnt from a RequestTimeTooSkewed answer (requests are
    // signed with the store's time from then on); settable, for tests of a wrong clock.
    qint64 clockOffsetMs() const;
    void setClockOffsetMs(qint64 ms);
    // Stops every call in flight and fails every later one at once (Unavailable), for good:
    // for a shutdown that must not wait on a store that does not answer.
    void abortAll();
    // For tests and /metrics: requests sent (retries included), in flight now, most at once.
    qint64 requestsSent() const;
    int inFlight() const;
    int peakInFlight() const;

private:
    // What every body-carrying call needs: Content-MD5, and the SHA-256 when signed with it.
    std::optional<S3BucketError> prepareBody(S3Call &call, S3Body &body, const QString &what);
    std::optional<S3BucketError> addMeta(S3Call &call, const ObjectMeta &meta,
                                         const QString &what) const;
    S3Outcome run(S3CallSpec spec);

    std::unique_ptr<S3CallRunner> m_runner;
};
