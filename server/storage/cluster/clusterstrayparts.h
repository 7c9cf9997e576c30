#pragma once

#include "pgupload.h"
#include "s3bucket.h"

#include <QList>
#include <QString>

// Completes an upload's multipart upload when S3 holds parts under numbers no record names
// (issue 20). A part number is allocated in PostgreSQL, under the lease, before its upload
// starts, and never given twice (PgLeases::allocatePart): the numbers below the upload's
// `next_part` that no recorded part has are the only ones S3 can hold besides the recorded
// ones. It may hold them: a part that succeeded after an earlier one failed, a fenced holder's
// part upload that succeeded late, a part whose answer was lost when the request was cut.
// Ceph RGW then refuses CompleteMultipartUpload of the recorded parts (InvalidPart: it wants
// every part it holds listed, each but the last at least 5 MiB), and S3 has no call to drop a
// part. So: every unrecorded number is overwritten with 5 MiB of zeros (a known ETag and size,
// whatever S3 held there or not), the multipart upload is completed from all of them (the
// object then is the recorded bytes with zeros between), and that object is copied onto itself
// without the zeros (a new multipart upload of UploadPartCopy ranges, one per recorded part,
// server-side), which makes exactly the object a plain completion makes (same bytes, same
// ETag). Numbers are never reused, so a stale holder's late part can only land on an
// unrecorded number: a recorded part is never overwritten, and a late part that lands between
// the fill and the completion makes this attempt fail, to be tried again.
//
// Every step can be cut and tried again: the zeros and the copies are written again, and an
// object found assembled (its size and ETag those of the parts with zeros) is trimmed again.
class ClusterStrayParts final {
public:
    ClusterStrayParts(S3Bucket &bucket, QList<PgPart> recorded, int nextPart);

    // Whether a refused CompleteMultipartUpload may be the doing of unrecorded parts.
    static bool mayBeStray(const S3BucketError &error);
    // The numbers allocated (below nextPart) that no recorded part has, in order.
    const QList<int> &unrecorded() const { return m_unrecorded; }

    // Makes object `key` of the recorded parts, from multipart upload `uploadId`.
    bool complete(const QString &key, const QString &uploadId,
                  const S3Bucket::ObjectMeta &meta) const;
    // Whether `info` is the object an earlier complete() assembled and did not trim yet.
    bool isAssembled(const S3Bucket::ObjectInfo &info) const;
    // Copies the assembled object `key` onto itself without the zeros.
    bool trim(const QString &key, const S3Bucket::ObjectMeta &meta) const;

    // What an unrecorded number is overwritten with.
    static constexpr qint64 FillBytes = S3Bucket::MinPartBytes;

private:
    // The parts of the assembled object: recorded and filled, by number.
    QList<S3Bucket::Part> assembly() const;
    qint64 assembledSize() const;

    S3Bucket &m_bucket;
    const QList<PgPart> m_recorded; // by number
    QList<int> m_unrecorded;
    QByteArray m_fillEtag; // of FillBytes zeros, quoted
};
