#include "clusterconcatenation.h"

#include "clusterfailure.h"
#include "clusterlocks.h"
#include "clusterobjects.h"
#include "clusteruploadsource.h"
#include "pguploads.h"

#include <QFile>
#include <QSet>
#include <QThreadPool>

#include <vector>

namespace {
// UploadPartCopy requests of one final at once.
constexpr int CopiesAtOnce = 4;
} // namespace

ClusterConcatenation::ClusterConcatenation(PgUploads &uploads, S3Bucket &bucket,
                                           ClusterObjects &objects, ClusterLocks &locks,
                                           QString spoolDir)
    : m_uploads(uploads)
    , m_bucket(bucket)
    , m_objects(objects)
    , m_locks(locks)
    , m_spoolDir(std::move(spoolDir))
{
}

UploadStore::ConcatOutcome ClusterConcatenation::join(const QStringList &parts,
                                                      const QByteArray &metadata,
                                                      const QString &filename, const QString &owner,
                                                      const UploadStore::ContentCheck &check,
                                                      UploadRecord *out, StoreFailure *failure)
{
    QList<PgUpload> found;
    PgError pgError;
    for (const QString &id : parts) {
        PgUpload part;
        const auto lookup = m_uploads.find(id, &part, &pgError);
        if (lookup == PgUploads::Lookup::Failed) {
            *failure = storeFailureOf(pgError);
            return UploadStore::ConcatOutcome::Failed;
        }
        if (lookup != PgUploads::Lookup::Found || !part.record.isFinished()
            || part.record.concat != UploadRecord::Concat::Partial || part.record.owner != owner)
            return UploadStore::ConcatOutcome::PartsChanged;
        found.append(part);
    }
    QStringList locked;
    const auto unlockAll = [&] {
        for (const QString &id : std::as_const(locked))
            m_locks.unlock(id);
    };
    for (const QString &id : QSet<QString>(parts.cbegin(), parts.cend())) {
        if (!m_locks.tryLock(id)) {
            unlockAll();
            return UploadStore::ConcatOutcome::Busy;
        }
        locked.append(id);
    }

    UploadRecord final;
    final.id = ClusterObjects::newUploadId();
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
    const QString key = m_objects.objectKey(final.id);
    const auto meta = ClusterObjects::metaOf(final);
    std::optional<S3BucketError> failed;
    bool checked = false; // the check was made on the parts' objects, and passed
    if (copyable && final.length > 0) {
        // Every part but the last is large enough: the parts' objects copied within the store.
        // The store copies each part's bytes itself, which takes long for large parts: the
        // copies run CopiesAtOnce at a time, and the check reads the same bytes from the parts'
        // objects meanwhile, so that the final's request is answered well within a client's
        // patience (Hoist's: 30 s without an answer) on a busy store.
        const auto begun = m_bucket.createMultipartUpload(key, meta);
        failed = begun.error;
        std::vector<S3Result<QByteArray>> copies(size_t(found.size()));
        if (!failed) {
            QThreadPool copiers;
            copiers.setMaxThreadCount(CopiesAtOnce);
            for (int i = 0; i < found.size(); ++i) {
                copiers.start([&, i] {
                    copies[size_t(i)] = m_bucket.uploadPartCopy(
                        key, begun.value, i + 1, m_objects.objectKey(parts.at(i)), 0, -1);
                });
            }
            if (check) {
                QList<ClusterUploadSource::Piece> pieces;
                for (int i = 0; i < found.size(); ++i)
                    pieces.append({m_objects.objectKey(parts.at(i)), found.at(i).record.length});
                ClusterUploadSource joined(m_bucket, pieces);
                checked = joined.open() && check(joined, &final.contentHash);
            }
            copiers.waitForDone();
            if (check && !checked) {
                m_bucket.abortMultipartUpload(key, begun.value);
                unlockAll();
                return UploadStore::ConcatOutcome::Refused;
            }
        }
        QList<S3Bucket::Part> copied;
        for (int i = 0; !failed && i < found.size(); ++i) {
            failed = copies[size_t(i)].error;
            copied.append({i + 1, copies[size_t(i)].value});
        }
        if (!failed)
            failed = m_bucket.completeMultipartUpload(key, begun.value, copied).error;
        if (failed && begun.ok())
            m_bucket.abortMultipartUpload(key, begun.value);
    } else {
        // Small parts cannot be parts of a multipart upload: their bytes through a spool file.
        QFile spool(m_spoolDir + QLatin1Char('/') + final.id + QStringLiteral(".join"));
        if (!spool.open(QIODevice::ReadWrite | QIODevice::Truncate)) {
            unlockAll();
            *failure = StoreFailure::fromErrno(
                errno, QStringLiteral("cannot make %1").arg(spool.fileName()));
            return UploadStore::ConcatOutcome::Failed;
        }
        for (int i = 0; !failed && i < found.size(); ++i) {
            if (found.at(i).record.length == 0)
                continue;
            failed = m_bucket
                         .readObject(m_objects.objectKey(parts.at(i)), 0, -1,
                                     [&spool](const char *data, qint64 size) {
                                         return spool.write(data, size) == size;
                                     })
                         .error;
        }
        if (!failed && spool.flush())
            failed = m_objects.putFile(key, spool.fileName(), final.length, meta);
        spool.close();
        spool.remove();
    }
    if (failed) {
        unlockAll();
        *failure = storeFailureOf(*failed);
        return UploadStore::ConcatOutcome::Failed;
    }
    if (check && !checked) {
        ClusterUploadSource joined(m_bucket, key, final.length);
        const bool opened = joined.open(failure);
        if (!opened || !check(joined, &final.contentHash)) {
            m_bucket.deleteObject(key);
            unlockAll();
            return opened ? UploadStore::ConcatOutcome::Refused
                          : UploadStore::ConcatOutcome::Failed;
        }
    }
    const auto outcome = m_uploads.createFinal(final, parts, &pgError);
    unlockAll();
    if (outcome != PgUploads::Outcome::Done) {
        m_bucket.deleteObject(key);
        *failure = storeFailureOf(pgError);
        return outcome == PgUploads::Outcome::Refused ? UploadStore::ConcatOutcome::PartsChanged
                                                      : UploadStore::ConcatOutcome::Failed;
    }
    // Each part is finished: its multipart upload was completed into its object (none to abort).
    for (const PgUpload &part : found)
        m_objects.drop(part.record.id, QString(), part.tailKey);
    PgUpload made;
    if (m_uploads.find(final.id, &made, &pgError) != PgUploads::Lookup::Found) {
        *failure = storeFailureOf(pgError);
        return UploadStore::ConcatOutcome::Failed;
    }
    *out = made.record;
    return UploadStore::ConcatOutcome::Done;
}
