// ClusterUploadStore's calls that make an object out of others: concatenation, instant
// completion, and a deferred length set to what was already committed.
#include "clusteruploadsource.h"
#include "clusteruploadstore.h"

#include <QDebug>
#include <QFile>
#include <QRandomGenerator>
#include <QSet>

namespace {
QString newId()
{
    const auto half = [] {
        return QByteArray::number(QRandomGenerator::system()->generate64(), 16)
            .rightJustified(16, '0');
    };
    return QString::fromLatin1(half() + half());
}
} // namespace

bool ClusterUploadStore::finishFromCommitted(const PgUpload &upload, qint64 generation)
{
    const QString &id = upload.record.id;
    const QString key = m_objects->objectKey(id);
    const auto meta = ClusterObjects::metaOf(upload.record);
    PgError error;
    if (upload.multipartId.isEmpty()) {
        if (upload.tailSize == 0)
            return m_bucket->putObject(key, S3Body::fromBytes({}), meta).ok();
        return m_bucket->copyObject(upload.tailKey, key, meta).ok();
    }
    QList<S3Bucket::Part> all;
    for (const PgPart &p : m_index->leases().parts(id, &error))
        all.append({p.number, p.etag.toLatin1()});
    if (error)
        return false;
    if (upload.tailSize > 0) {
        // The tail as the last part, copied within the store.
        const auto number =
            m_index->leases().allocatePart(id, m_config.instanceId, generation, &error);
        if (!number)
            return false;
        const auto copied =
            m_bucket->uploadPartCopy(key, upload.multipartId, *number, upload.tailKey, 0, -1);
        if (!copied.ok())
            return false;
        all.append({*number, copied.value});
    }
    if (!m_index->leases().renew(id, m_config.instanceId, generation, m_config.lease, &error))
        return false;
    return m_bucket->completeMultipartUpload(key, upload.multipartId, all).ok();
}

bool ClusterUploadStore::setLength(const QString &id, qint64 length, qint64 quota,
                                   qint64 *overQuota)
{
    PgUpload upload;
    PgError error;
    if (m_index->uploads().find(id, &upload, &error) != PgUploads::Lookup::Found
        || !upload.record.lengthDeferred() || length < upload.record.offset)
        return false;
    const PgUploads::Usage before = m_index->uploads().usage(upload.record.owner, &error);
    if (quota != NoQuota && before.bytes - upload.countedBytes + length > quota) {
        if (overQuota)
            *overQuota = before.bytes;
        return false;
    }
    if (length == upload.record.offset) {
        // Finished by this: its object must exist before the record says so.
        qint64 generation = heldGeneration(id);
        const bool borrowed = generation == 0;
        if (borrowed)
            generation = takeLease(id);
        upload.record.length = length;
        const bool made = generation != 0 && finishFromCommitted(upload, generation);
        if (borrowed && generation != 0)
            m_index->leases().release(id, m_config.instanceId, generation, &error);
        if (!made)
            return false;
    }
    const auto outcome = m_index->uploads().setLength(id, length, quota, &error);
    if (outcome == PgUploads::Outcome::Refused && overQuota)
        *overQuota = m_index->uploads().usage(upload.record.owner, &error).bytes;
    if (outcome == PgUploads::Outcome::Done && length == upload.record.offset
        && !upload.tailKey.isEmpty())
        m_bucket->deleteObject(upload.tailKey);
    return outcome == PgUploads::Outcome::Done;
}

std::optional<UploadRecord> ClusterUploadStore::completeFrom(const QString &id,
                                                             const QString &sourceId,
                                                             const QByteArray &digest,
                                                             QString *error)
{
    const qint64 generation = heldGeneration(id);
    PgUpload target;
    PgUpload source;
    PgError pgError;
    if (generation == 0
        || m_index->uploads().find(id, &target, &pgError) != PgUploads::Lookup::Found
        || m_index->uploads().find(sourceId, &source, &pgError) != PgUploads::Lookup::Found
        || !source.record.isFinished() || source.record.length != target.record.length
        || target.record.offset != 0) {
        *error = pgError
                     ? pgError.message
                     : QStringLiteral("upload %1 cannot be completed from %2").arg(id, sourceId);
        return std::nullopt;
    }
    const auto copied =
        m_bucket->copyObject(m_objects->objectKey(sourceId), m_objects->objectKey(id),
                             ClusterObjects::metaOf(target.record));
    if (!copied.ok()) {
        *error = copied.error->toString();
        return std::nullopt;
    }
    PgLeases::Commit commit;
    commit.to = target.record.length;
    commit.expireAfter = m_config.expireAfter;
    if (m_index->leases().commit(id, m_config.instanceId, generation, commit, &pgError)
            != PgLeases::Outcome::Committed
        || !m_index->uploads().setContentHash(id, digest, &pgError)) {
        *error = pgError ? pgError.message
                         : QStringLiteral("upload %1 was taken over meanwhile").arg(id);
        return std::nullopt;
    }
    UploadRecord out;
    if (find(id, &out) != Lookup::Found)
        return std::nullopt;
    return out;
}

UploadStore::ConcatOutcome
ClusterUploadStore::concatenate(const QStringList &parts, const QByteArray &metadata,
                                const QString &filename, const QString &owner,
                                const ContentCheck &check, UploadRecord *out, QString *error)
{
    QList<PgUpload> found;
    PgError pgError;
    for (const QString &id : parts) {
        PgUpload part;
        const auto lookup = m_index->uploads().find(id, &part, &pgError);
        if (lookup == PgUploads::Lookup::Failed) {
            *error = pgError.message;
            return ConcatOutcome::Failed;
        }
        if (lookup != PgUploads::Lookup::Found || !part.record.isFinished()
            || part.record.concat != UploadRecord::Concat::Partial || part.record.owner != owner)
            return ConcatOutcome::PartsChanged;
        found.append(part);
    }
    QStringList locked;
    const auto unlockAll = [&] {
        for (const QString &id : std::as_const(locked))
            unlock(id);
    };
    for (const QString &id : QSet<QString>(parts.cbegin(), parts.cend())) {
        if (!tryLock(id)) {
            unlockAll();
            return ConcatOutcome::Busy;
        }
        locked.append(id);
    }

    UploadRecord final;
    final.id = newId();
    final.owner = owner;
    final.metadata = metadata;
    final.filename = filename;
    final.concat = UploadRecord::Concat::Final;
    final.parts = parts;
    final.length = 0;
    bool copyable = found.size() <= S3Bucket::MaxPartNumber;
    for (int i = 0; i < found.size(); ++i) {
        final.length += found.at(i).record.length;
        if (i + 1 < found.size() && found.at(i).record.length < S3Bucket::MinPartBytes)
            copyable = false;
    }
    final.offset = final.length;
    const QString key = m_objects->objectKey(final.id);
    const auto meta = ClusterObjects::metaOf(final);
    std::optional<S3BucketError> failed;
    if (copyable && final.length > 0) {
        // Every part but the last is large enough: the parts' objects copied within the store.
        const auto begun = m_bucket->createMultipartUpload(key, meta);
        failed = begun.error;
        QList<S3Bucket::Part> copied;
        for (int i = 0; !failed && i < found.size(); ++i) {
            const auto part = m_bucket->uploadPartCopy(key, begun.value, i + 1,
                                                       m_objects->objectKey(parts.at(i)), 0, -1);
            failed = part.error;
            copied.append({i + 1, part.value});
        }
        if (!failed)
            failed = m_bucket->completeMultipartUpload(key, begun.value, copied).error;
        if (failed && begun.ok())
            m_bucket->abortMultipartUpload(key, begun.value);
    } else {
        // Small parts cannot be parts of a multipart upload: their bytes through a spool file.
        QFile spool(m_config.spoolDir + QLatin1Char('/') + final.id + QStringLiteral(".join"));
        if (!spool.open(QIODevice::ReadWrite | QIODevice::Truncate)) {
            unlockAll();
            *error = spool.errorString();
            return ConcatOutcome::Failed;
        }
        for (int i = 0; !failed && i < found.size(); ++i) {
            if (found.at(i).record.length == 0)
                continue;
            failed = m_bucket
                         ->readObject(m_objects->objectKey(parts.at(i)), 0, -1,
                                      [&spool](const char *data, qint64 size) {
                                          return spool.write(data, size) == size;
                                      })
                         .error;
        }
        if (!failed && spool.flush())
            failed = m_objects->putFile(key, spool.fileName(), final.length, meta);
        spool.close();
        spool.remove();
    }
    if (failed) {
        unlockAll();
        *error = failed->toString();
        return ConcatOutcome::Failed;
    }
    if (check) {
        ClusterUploadSource joined(*m_bucket, key, final.length);
        if (!joined.open() || !check(joined, &final.contentHash)) {
            m_bucket->deleteObject(key);
            unlockAll();
            return ConcatOutcome::Refused;
        }
    }
    const auto outcome = m_index->uploads().createFinal(final, parts, &pgError);
    unlockAll();
    if (outcome != PgUploads::Outcome::Done) {
        m_bucket->deleteObject(key);
        *error = pgError.message;
        return outcome == PgUploads::Outcome::Refused ? ConcatOutcome::PartsChanged
                                                      : ConcatOutcome::Failed;
    }
    for (const PgUpload &part : found)
        m_objects->drop(part.record.id, part.multipartId, part.tailKey);
    return find(final.id, out) == Lookup::Found ? ConcatOutcome::Done : ConcatOutcome::Failed;
}
