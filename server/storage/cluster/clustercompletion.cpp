#include "clustercompletion.h"

#include "clusterlocks.h"
#include "clusterobjects.h"
#include "clusterstrayparts.h"
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
        const QList<PgPart> recorded = m_c.leases.parts(upload.record.id, &error);
        QList<S3Bucket::Part> parts;
        for (const PgPart &p : recorded)
            parts.append({p.number, p.etag.toLatin1()});
        if (error)
            return false;
        const auto done = m_c.bucket.completeMultipartUpload(key, upload.multipartId, parts);
        if (done.ok())
            return true;
        if (ClusterStrayParts::mayBeStray(*done.error)) {
            qWarning().noquote() << done.error->toString();
            const auto strays = strayParts(upload.record.id, recorded);
            return strays
                   && strays->complete(key, upload.multipartId,
                                       ClusterObjects::metaOf(upload.record));
        }
        // Not found, or (RGW, for minutes after a completion) "completion already in
        // progress": made before when the object says so.
        if (!done.error->isNotFound())
            qWarning().noquote() << done.error->toString();
        expectedEtag = S3Bucket::multipartEtag(parts);
    }
    // The source is gone (the tail deleted, the multipart upload completed): made before, by
    // this completion, when the object is there with its length (and the parts' ETag).
    const auto head = m_c.bucket.headObject(key);
    if (!head.ok())
        return false;
    if (head.value.size == length
        && (expectedEtag.isEmpty() || head.value.etag.isEmpty() || head.value.etag == expectedEtag))
        return true;
    if (upload.multipartId.isEmpty())
        return false;
    // Or completed with unrecorded parts overwritten, and not trimmed yet: trimmed now.
    PgError error;
    const auto strays = strayParts(upload.record.id, m_c.leases.parts(upload.record.id, &error));
    return !error && strays && strays->isAssembled(head.value)
           && strays->trim(key, ClusterObjects::metaOf(upload.record));
}

std::optional<ClusterStrayParts> ClusterCompletion::strayParts(const QString &id,
                                                               const QList<PgPart> &recorded) const
{
    // The numbers allocated as PostgreSQL has them now, not as the caller read them.
    PgUpload now;
    PgError error;
    if (m_c.uploads.find(id, &now, &error) != PgUploads::Lookup::Found)
        return std::nullopt;
    return ClusterStrayParts(m_c.bucket, recorded, now.nextPart);
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
