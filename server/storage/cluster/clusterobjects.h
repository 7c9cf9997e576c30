#pragma once

#include "s3bucket.h"
#include "uploadrecord.h"

#include <QString>

// Where the cluster store keeps an upload's bytes in its bucket, and the S3 steps it takes more
// than once: the finished object `PREFIX/<id>`, tail objects under `PREFIX/.hoistd/tails/`
// (their key carries the lease generation, so that a stale holder never overwrites a newer
// holder's tail), the object's metadata (x-amz-meta-*, printable ASCII only), and writing a
// local file as an object (one PutObject, or a multipart upload of large parts). Whether the
// store honours PutObject's If-None-Match (probed once at start) decides whether an upload
// whose whole body arrives in one request may be put as its object directly (ClusterUploadSink).
class ClusterObjects final {
public:
    ClusterObjects(S3Bucket &bucket, QString prefix);

    S3Bucket &bucket() const { return m_bucket; }
    // A new upload's id: 32 random hex digits.
    static QString newUploadId();
    // `PREFIX/<id>`: a finished upload, and the key of its multipart upload while it grows.
    QString objectKey(const QString &id) const;
    // `PREFIX/.hoistd/tails/<id>.<generation>.<serial>`
    QString tailKey(const QString &id, qint64 generation, qint64 serial) const;
    QString tailsPrefix() const;
    static S3Bucket::ObjectMeta metaOf(const UploadRecord &record);

    // The `size` bytes of file `path` as the object `key`; S3's error when it failed.
    std::optional<S3BucketError> putFile(const QString &key, const QString &path, qint64 size,
                                         const S3Bucket::ObjectMeta &meta);
    // Puts a probe object twice with If-None-Match: * under the tails' prefix (where the
    // reconciliation finds it if its removal fails): whether the second is refused, as it must
    // be for directPuts(). False also when the store cannot be asked now.
    bool probeConditionalPuts(const QString &instanceId);
    bool directPuts() const { return m_directPuts; }
    void setDirectPuts(bool on) { m_directPuts = on; }

    // Removes an upload's bytes: its multipart upload (when one), its tail, its object.
    void drop(const QString &id, const QString &multipartId, const QString &tailKey);

    // Parts of a multipart upload written from a file, at most this large each.
    static constexpr qint64 MaxPartBytes = qint64(512) * 1024 * 1024;

private:
    S3Bucket &m_bucket;
    const QString m_prefix; // "" or ending in '/'
    bool m_directPuts = false;
};
