#include "clusteruploadstore.h"

#include "clusterfailure.h"
#include "clusteruploadsink.h"
#include "clusteruploadsource.h"
#include "pgcall.h"
#include "pgschema.h"

#include <QDebug>
#include <QDir>

ClusterUploadStore::ClusterUploadStore(PgAddress index, PgIndex::Options indexOptions,
                                       S3Bucket::Config bucket, Config config)
    : m_config(std::move(config))
    , m_index(std::make_unique<PgIndex>(std::move(index), std::move(indexOptions)))
    , m_bucket(std::make_unique<S3Bucket>(std::move(bucket)))
    , m_objects(*m_bucket, m_config.prefix)
    , m_locks(m_index->leases(), m_config.instanceId, m_config.lease, m_config.handedOver)
    , m_handOver([this](const QString &id) { m_locks.handOver(id, m_locks.generation(id)); })
    , m_context{m_index->uploads(), m_index->leases(), *m_bucket,
                m_objects,          m_locks,           m_config.expireAfter}
    , m_completion(m_context)
    , m_concatenation(m_index->uploads(), *m_bucket, m_objects, m_locks, m_config.spoolDir)
    , m_instantCompletion(m_context, m_completion)
    , m_deferredLength(m_context, m_completion)
    , m_reconciliation(*m_index, *m_bucket, m_objects)
    , m_challenges(m_index->challenges())
{
    m_partSenders.setMaxThreadCount(ClusterPartUploads::SendersPerInstance);
}

ClusterUploadStore::~ClusterUploadStore()
{
    close();
}

bool ClusterUploadStore::open(QString *error)
{
    if (!PgLimits::isHolder(m_config.instanceId)) {
        *error =
            QStringLiteral("the instance id %1 is not [a-z0-9]{1,40}").arg(m_config.instanceId);
        return false;
    }
    if (!QDir().mkpath(m_config.spoolDir)) {
        *error = QStringLiteral("cannot make the spool folder %1").arg(m_config.spoolDir);
        return false;
    }
    if (!m_index->open(error))
        return false;
    // One listing of the prefix, so that a wrong service, bucket or key shows at start.
    const auto probe = m_bucket->listObjects(m_objects.objectKey({}), {}, 1);
    if (!probe.ok()) {
        *error = QStringLiteral("the bucket %1 cannot be used: %2")
                     .arg(m_bucket->target().displayName(), probe.error->toString());
        return false;
    }
    // A store that ignores If-None-Match would let a stalled holder's late PutObject replace
    // a finished object: small uploads then go through a tail object and a copy, as before.
    m_objects.setDirectPuts(m_objects.probeConditionalPuts(m_config.instanceId));
    if (!m_objects.directPuts())
        qWarning().noquote() << "the bucket does not refuse a PutObject with If-None-Match: * of "
                                "an existing object: uploads of one request go through a tail "
                                "object and a copy";
    // Hand-over requests from other instances; a listener that cannot connect yet keeps trying
    // (meanwhile askers wait for the lease to run out instead).
    QString why;
    if (!m_handOver.start(m_index->pool().address(), m_index->leases(), m_config.instanceId, &why))
        qWarning().noquote() << "not listening for hand-over requests yet:" << why;
    return true;
}

void ClusterUploadStore::close()
{
    m_handOver.stop();
    m_locks.releaseAll();
}

QString ClusterUploadStore::location() const
{
    // The keys' prefix is the store's own (the bucket's target has none): put in its place,
    // "B/PREFIX/ on HOST:PORT", not after the host.
    const S3Target &bucket = m_bucket->target();
    const S3Target shown(bucket.service(), bucket.region(), bucket.bucket(),
                         m_objects.objectKey({}), bucket.isVirtualHosted());
    return QStringLiteral("bucket %1, index %2")
        .arg(shown.displayName(), m_index->pool().address().describe());
}

UploadStore::Lookup ClusterUploadStore::find(const QString &id, UploadRecord *out) const
{
    PgUpload upload;
    PgError error;
    auto lookup = m_index->uploads().find(id, &upload, &error);
    // A completion its holder left (it died or stalled past its lease) is finished here, so
    // that the upload a client sees at its length is one it can read.
    if (lookup == PgUploads::Lookup::Found && upload.completing != 0 && m_completion.resume(id))
        lookup = m_index->uploads().find(id, &upload, &error);
    switch (lookup) {
    case PgUploads::Lookup::Found:
        *out = upload.record;
        return Lookup::Found;
    case PgUploads::Lookup::Gone:
        *out = upload.record;
        return Lookup::Gone;
    case PgUploads::Lookup::Missing:
        return Lookup::Missing;
    case PgUploads::Lookup::Failed:
        break;
    }
    // Could not look (PostgreSQL away, or a statement failed): never "no such upload".
    qWarning().noquote() << "cannot look up upload" << id << ":" << error.message;
    return Lookup::Unavailable;
}

UploadStore::Lookup ClusterUploadStore::findLatest(const QString &id, const QString &asker,
                                                   UploadRecord *out)
{
    // Held by another instance, whose request may have received bytes it has not committed yet
    // (it commits every 16 MiB): the committed offset would send the client back to where the
    // hand-over its next PATCH asks for moves past (409 for it, and for the cut writer). Taken
    // and given back here, after the holder committed and let go; bounded by handOverWait (a
    // holder that cannot answer: what PostgreSQL says). Only from a holder whose writer has
    // stalled (a client that lost its connection): a HEAD while bytes still arrive (someone
    // watching the upload) must not cut the writer; it gets the committed offset.
    PgUpload upload;
    PgError error;
    if (m_index->uploads().find(id, &upload, &error) == PgUploads::Lookup::Found
        && upload.record.owner == asker && !upload.leaseHolder.isEmpty()
        && upload.leaseHolder != m_config.instanceId) {
        if (const qint64 generation =
                m_locks.take(id, m_config.handOverWait, ClusterLocks::Ask::IfStalled))
            m_locks.release(id, generation);
    }
    return find(id, out);
}

std::optional<UploadRecord>
ClusterUploadStore::create(qint64 length, const QByteArray &metadata, const QString &filename,
                           const QString &owner, UploadRecord::Concat concat, const Limits &limits,
                           Refusal *refusal, StoreFailure *failure)
{
    UploadRecord record;
    record.id = ClusterObjects::newUploadId();
    record.length = length;
    record.metadata = metadata;
    record.filename = filename;
    record.owner = owner;
    record.concat = concat;
    record.expires = QDateTime::currentDateTimeUtc().addSecs(m_config.expireAfter.count());
    const QString key = m_objects.objectKey(record.id);
    if (length == 0) {
        // Finished at once: its (empty) object exists before the record names it.
        const auto put =
            m_bucket->putObject(key, S3Body::fromBytes({}), ClusterObjects::metaOf(record));
        if (!put.ok()) {
            *failure = storeFailureOf(*put.error);
            return std::nullopt;
        }
    }
    PgUploads::Limits pgLimits;
    pgLimits.quota = limits.quota;
    pgLimits.maxUnfinished = limits.maxUnfinished;
    pgLimits.maxUploads = limits.maxUploads;
    PgUploads::Usage usage;
    PgError pgError;
    const auto outcome = m_index->uploads().create(record, pgLimits, &usage, &pgError);
    if (outcome == PgUploads::Outcome::Done) {
        UploadRecord made;
        const Lookup lookup = find(record.id, &made);
        if (lookup == Lookup::Found)
            return made;
        const QString text =
            QStringLiteral("upload %1 was recorded but cannot be read back").arg(record.id);
        *failure = lookup == Lookup::Unavailable ? StoreFailure::unavailable(text)
                                                 : StoreFailure::storage(text);
        return std::nullopt;
    }
    if (length == 0)
        m_bucket->deleteObject(key);
    if (outcome == PgUploads::Outcome::Refused) {
        if (limits.quota != NoQuota && usage.bytes + qMax<qint64>(length, 0) > limits.quota)
            refusal->inUse = usage.bytes;
        else if (limits.maxUploads != NoLimit && usage.uploads >= limits.maxUploads)
            refusal->uploads = int(usage.uploads);
        else
            refusal->unfinished = int(usage.unfinished);
        return std::nullopt;
    }
    *failure = storeFailureOf(pgError);
    return std::nullopt;
}

std::unique_ptr<UploadSink> ClusterUploadStore::openSink(const UploadRecord &record,
                                                         StoreFailure *failure)
{
    const qint64 generation = heldGeneration(record.id);
    if (generation == 0) {
        *failure = StoreFailure::storage(
            QStringLiteral("upload %1 is not locked by this instance").arg(record.id));
        return nullptr;
    }
    PgUpload upload;
    PgError pgError;
    if (m_index->uploads().find(record.id, &upload, &pgError) != PgUploads::Lookup::Found) {
        *failure = pgError
                       ? storeFailureOf(pgError)
                       : StoreFailure::storage(QStringLiteral("upload %1 is gone").arg(record.id));
        return nullptr;
    }
    auto sink = std::make_unique<ClusterUploadSink>(*this, upload, generation);
    if (!sink->open()) {
        *failure = sink->failure();
        return nullptr;
    }
    return sink;
}

std::unique_ptr<UploadSource> ClusterUploadStore::openSource(const UploadRecord &record,
                                                             StoreFailure *failure) const
{
    StoreFailure why =
        StoreFailure::storage(QStringLiteral("upload %1 is not finished").arg(record.id));
    if (record.isFinished()) {
        auto source = std::make_unique<ClusterUploadSource>(
            *m_bucket, m_objects.objectKey(record.id), record.length);
        if (source->open(&why))
            return source;
    }
    if (failure)
        *failure = why;
    return nullptr;
}

std::optional<UploadRecord> ClusterUploadStore::findVerified(const QByteArray &digest,
                                                             qint64 length,
                                                             const QString &exceptId) const
{
    PgError error;
    const auto found = m_index->uploads().findVerified(digest, length, exceptId, &error);
    if (!found)
        return std::nullopt;
    return found->record;
}

std::optional<UploadRecord> ClusterUploadStore::findFinal(const QStringList &parts,
                                                          const QString &owner) const
{
    PgError error;
    const auto found = m_index->uploads().findFinal(parts, owner, &error);
    if (!found)
        return std::nullopt;
    return found->record;
}

bool ClusterUploadStore::setContentHash(const QString &id, const QByteArray &digest)
{
    // Only a finished upload's content can be vouched for.
    PgUpload upload;
    PgError error;
    return m_index->uploads().find(id, &upload, &error) == PgUploads::Lookup::Found
           && upload.record.isFinished() && m_index->uploads().setContentHash(id, digest, &error);
}

qint64 ClusterUploadStore::usage(const QString &owner) const
{
    PgError error;
    return m_index->uploads().usage(owner, &error).bytes;
}

qint64 ClusterUploadStore::reserveGrowth(const QString &id, qint64 wanted, qint64 quota)
{
    PgUpload upload;
    PgError error;
    if (wanted <= 0 || m_index->uploads().find(id, &upload, &error) != PgUploads::Lookup::Found)
        return 0;
    qint64 granted = wanted;
    if (quota != NoQuota) {
        const qint64 others =
            m_index->uploads().usage(upload.record.owner, &error).bytes - upload.countedBytes;
        granted = qBound<qint64>(0, quota - others - upload.record.offset, wanted);
    }
    if (m_index->uploads().setCounted(id, upload.record.offset + granted, quota, &error)
        != PgUploads::Outcome::Done)
        return 0;
    m_locks.markGranted(id);
    return granted;
}

int ClusterUploadStore::count() const
{
    const StateCounts counts = countByState();
    return counts.unfinished + counts.finished;
}

UploadStore::StateCounts ClusterUploadStore::countByState() const
{
    PgError error;
    return pgCall(m_index->pool(), &error, [](PgConnection &c) {
        StateCounts out;
        const auto rows = c.exec(R"(SELECT count(*) FILTER (WHERE finished IS NULL),
                                           count(*) FILTER (WHERE finished IS NOT NULL)
                                    FROM uploads)");
        if (rows && !rows->isEmpty())
            out = {int(rows->at(0, 0).toLongLong()), int(rows->at(0, 1).toLongLong())};
        return out;
    });
}

bool ClusterUploadStore::tryLock(const QString &id)
{
    bool completing = false;
    if (!m_locks.tryLock(id, &completing, m_config.handOverWait))
        return false;
    m_handOver.clear(id); // a request for an earlier lock of it is answered
    if (completing) {
        // An earlier holder decided how its object is made and did not finish: this one does.
        PgUpload upload;
        PgError error;
        if (m_index->uploads().find(id, &upload, &error) == PgUploads::Lookup::Found
            && upload.completing != 0)
            m_completion.finish(upload, m_locks.generation(id));
    }
    return true;
}

void ClusterUploadStore::unlock(const QString &id)
{
    const qint64 generation = m_locks.generation(id);
    if (generation != 0 && m_locks.isGranted(id)) {
        // The grant ends with the lock: the upload counts what it holds again.
        PgUpload upload;
        PgError error;
        if (m_index->uploads().find(id, &upload, &error) == PgUploads::Lookup::Found
            && upload.record.lengthDeferred())
            m_index->uploads().setCounted(id, upload.record.offset, NoQuota, &error);
    }
    m_locks.unlock(id);
    m_handOver.clear(id);
}

bool ClusterUploadStore::removeHeld(const QString &id, qint64 generation)
{
    PgUpload upload;
    PgError error;
    if (m_index->uploads().find(id, &upload, &error) != PgUploads::Lookup::Found)
        return false;
    if (m_index->uploads().remove(id, true, &error, m_config.instanceId, generation)
        != PgUploads::Outcome::Done)
        return false;
    m_objects.drop(id, upload.multipartId, upload.tailKey);
    return true;
}

bool ClusterUploadStore::remove(const QString &id)
{
    // Held here: removed under that lease (its writer's next commit is refused, the row being
    // gone). Otherwise the lease is taken (asking its holder to let go) and the removal ends it.
    const qint64 held = heldGeneration(id);
    if (held != 0)
        return removeHeld(id, held);
    const qint64 generation = m_locks.take(id, ClusterLocks::HandOverWait);
    return generation != 0 && removeHeld(id, generation);
}

bool ClusterUploadStore::terminate(const QString &id)
{
    // A writer of this instance holds it: the record goes now (its next commit is refused, as
    // the row is gone), the lease's end is its unlock().
    return remove(id);
}

int ClusterUploadStore::sweepExpired(const QDateTime &now)
{
    PgAdvisoryLock lock(m_index->pool(), PgSchema::ExpirySweepLock);
    PgError error;
    if (!lock.tryLock(&error))
        return 0;
    const QStringList ids = pgCall(m_index->pool(), &error, [&](PgConnection &c) {
        QStringList out;
        const auto rows = c.exec(R"(SELECT id FROM uploads
                                    WHERE finished IS NULL AND expires <= $1
                                      AND (lease_holder IS NULL OR lease_expires <= now())
                                    ORDER BY expires LIMIT $2)",
                                 {now, qint64(m_config.sweepBatch)});
        if (rows) {
            for (const auto &row : rows->rows)
                out.append(row.at(0).toString());
        }
        return out;
    });
    return removeCandidates(ids);
}

int ClusterUploadStore::sweepFinished(const QDateTime &now)
{
    if (m_config.keepFinished == KeepForever)
        return 0;
    PgAdvisoryLock lock(m_index->pool(), PgSchema::FinishedSweepLock);
    PgError error;
    if (!lock.tryLock(&error))
        return 0;
    const QStringList ids = m_index->uploads().finishedBefore(
        now.addSecs(-m_config.keepFinished.count()), m_config.sweepBatch, &error);
    return removeCandidates(ids);
}

int ClusterUploadStore::removeCandidates(const QStringList &ids)
{
    // Taken without waiting: an upload someone is writing to is skipped.
    int removed = 0;
    for (const QString &id : ids) {
        const qint64 generation = m_locks.take(id, std::chrono::milliseconds(0));
        if (generation != 0 && removeHeld(id, generation))
            ++removed;
    }
    return removed;
}

UploadStore::ConcatOutcome
ClusterUploadStore::concatenate(const QStringList &parts, const QByteArray &metadata,
                                const QString &filename, const QString &owner,
                                const ContentCheck &check, UploadRecord *out, StoreFailure *failure)
{
    return m_concatenation.join(parts, metadata, filename, owner, check, out, failure);
}

std::optional<UploadRecord> ClusterUploadStore::completeFrom(const QString &id,
                                                             const QString &sourceId,
                                                             const QByteArray &digest,
                                                             StoreFailure *failure)
{
    return m_instantCompletion.complete(id, sourceId, digest, failure);
}

bool ClusterUploadStore::setLength(const QString &id, qint64 length, qint64 quota,
                                   qint64 *overQuota, StoreFailure *failure)
{
    StoreFailure why;
    const bool set = m_deferredLength.set(id, length, quota, overQuota, &why);
    if (!set && failure)
        *failure = why;
    return set;
}
