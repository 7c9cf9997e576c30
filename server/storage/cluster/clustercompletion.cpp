#include "clustercompletion.h"

#include "clusterlocks.h"
#include "clusterobjects.h"
#include "pgleases.h"
#include "pguploads.h"

#include <QDebug>

ClusterCompletion::ClusterCompletion(const ClusterContext &context)
    : m_c(context)
{
}

bool ClusterCompletion::makeObject(const PgUpload &upload) const
{
    const QString key = m_c.objects.objectKey(upload.record.id);
    const qint64 length = upload.record.length;
    QByteArray expectedEtag;
    if (upload.multipartId.isEmpty()) {
        // Never a part: the recorded tail (all of it) becomes the object.
        const auto copied =
            upload.tailSize == 0
                ? m_c.bucket.putObject(key, S3Body::fromBytes({}),
                                       ClusterObjects::metaOf(upload.record))
                : m_c.bucket.copyObject(upload.tailKey, key, ClusterObjects::metaOf(upload.record));
        if (copied.ok())
            return true;
        if (!copied.error->isNotFound()) {
            qWarning().noquote() << copied.error->toString();
            return false;
        }
    } else {
        PgError error;
        QList<S3Bucket::Part> parts;
        for (const PgPart &p : m_c.leases.parts(upload.record.id, &error))
            parts.append({p.number, p.etag.toLatin1()});
        if (error)
            return false;
        const auto done = m_c.bucket.completeMultipartUpload(key, upload.multipartId, parts);
        if (done.ok())
            return true;
        if (!done.error->isNotFound()) {
            qWarning().noquote() << done.error->toString();
            return false;
        }
        expectedEtag = S3Bucket::multipartEtag(parts);
    }
    // The source is gone (the tail deleted, the multipart upload completed): made before, by
    // this completion, when the object is there with its length (and the parts' ETag).
    const auto head = m_c.bucket.headObject(key);
    if (!head.ok())
        return false;
    return head.value.size == length
           && (expectedEtag.isEmpty() || head.value.etag.isEmpty()
               || head.value.etag == expectedEtag);
}

ClusterCompletion::Outcome ClusterCompletion::finish(const PgUpload &upload,
                                                     qint64 generation) const
{
    if (!makeObject(upload))
        return Outcome::Failed;
    PgError error;
    const auto outcome =
        m_c.leases.finishCompletion(upload.record.id, m_c.locks.instanceId(), generation, &error);
    if (outcome == PgLeases::Outcome::Fenced)
        return Outcome::Fenced;
    if (outcome != PgLeases::Outcome::Committed) {
        qWarning().noquote() << error.message;
        return Outcome::Failed;
    }
    if (!upload.tailKey.isEmpty())
        m_c.bucket.deleteObject(upload.tailKey);
    return Outcome::Done;
}

bool ClusterCompletion::resume(const QString &id) const
{
    if (m_c.locks.generation(id) != 0)
        return false; // a request of this instance holds it: it finishes
    const qint64 generation = m_c.locks.take(id, std::chrono::milliseconds(0));
    if (generation == 0)
        return false;
    PgUpload upload;
    PgError error;
    const bool done = m_c.uploads.find(id, &upload, &error) == PgUploads::Lookup::Found
                      && upload.completing != 0 && finish(upload, generation) == Outcome::Done;
    m_c.locks.release(id, generation);
    return done;
}
