#include "clusteruploadstore.h"

#include "clusteruploadsink.h"
#include "clusteruploadsource.h"
#include "pgcall.h"
#include "pgschema.h"

#include <QDebug>
#include <QDir>
#include <QRandomGenerator>
#include <QThread>

namespace {
QString newId()
{
    const auto half = [] {
        return QByteArray::number(QRandomGenerator::system()->generate64(), 16)
            .rightJustified(16, '0');
    };
    return QString::fromLatin1(half() + half());
}

// How long remove() and terminate() wait for another instance to let go of an upload.
constexpr std::chrono::milliseconds HandOverWait{5000};
constexpr std::chrono::milliseconds HandOverPoll{100};
} // namespace

ClusterUploadStore::ClusterUploadStore(PgAddress index, PgIndex::Options indexOptions,
                                       S3Bucket::Config bucket, Config config)
    : m_config(std::move(config))
    , m_index(std::make_unique<PgIndex>(std::move(index), std::move(indexOptions)))
    , m_bucket(std::make_unique<S3Bucket>(std::move(bucket)))
    , m_objects(std::make_unique<ClusterObjects>(*m_bucket, m_config.prefix))
{
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
    const auto probe = m_bucket->listObjects(m_objects->objectKey({}), {}, 1);
    if (!probe.ok()) {
        *error = QStringLiteral("the bucket %1 cannot be used: %2")
                     .arg(m_bucket->target().displayName(), probe.error->toString());
        return false;
    }
    return true;
}

void ClusterUploadStore::close()
{
    QHash<QString, Held> held;
    {
        QMutexLocker lock(&m_mutex);
        held.swap(m_held);
    }
    for (auto it = held.cbegin(); it != held.cend(); ++it) {
        PgError error;
        m_index->leases().release(it.key(), m_config.instanceId, it->generation, &error);
    }
}

QString ClusterUploadStore::location() const
{
    return QStringLiteral("bucket %1, index %2")
        .arg(m_bucket->target().displayName() + m_objects->objectKey({}),
             m_index->pool().address().describe());
}

qint64 ClusterUploadStore::heldGeneration(const QString &id) const
{
    QMutexLocker lock(&m_mutex);
    return m_held.value(id).generation;
}

UploadStore::Lookup ClusterUploadStore::find(const QString &id, UploadRecord *out) const
{
    PgUpload upload;
    PgError error;
    switch (m_index->uploads().find(id, &upload, &error)) {
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
    // The interface cannot say "unavailable" yet (cluster-report.md): a 404 for now.
    qWarning().noquote() << "cannot look up upload" << id << ":" << error.message;
    return Lookup::Missing;
}

std::optional<UploadRecord>
ClusterUploadStore::create(qint64 length, const QByteArray &metadata, const QString &filename,
                           const QString &owner, UploadRecord::Concat concat, const Limits &limits,
                           Refusal *refusal, QString *error)
{
    UploadRecord record;
    record.id = newId();
    record.length = length;
    record.metadata = metadata;
    record.filename = filename;
    record.owner = owner;
    record.concat = concat;
    record.expires = QDateTime::currentDateTimeUtc().addSecs(m_config.expireAfter.count());
    const QString key = m_objects->objectKey(record.id);
    if (length == 0) {
        // Finished at once: its (empty) object exists before the record names it.
        const auto put =
            m_bucket->putObject(key, S3Body::fromBytes({}), ClusterObjects::metaOf(record));
        if (!put.ok()) {
            *error = put.error->toString();
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
        if (find(record.id, &made) == Lookup::Found)
            return made;
        *error = QStringLiteral("upload %1 was recorded but cannot be read back").arg(record.id);
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
    *error = pgError.message;
    return std::nullopt;
}

std::unique_ptr<UploadSink> ClusterUploadStore::openSink(const UploadRecord &record, QString *error)
{
    const qint64 generation = heldGeneration(record.id);
    if (generation == 0) {
        *error = QStringLiteral("upload %1 is not locked by this instance").arg(record.id);
        return nullptr;
    }
    PgUpload upload;
    PgError pgError;
    if (m_index->uploads().find(record.id, &upload, &pgError) != PgUploads::Lookup::Found) {
        *error = pgError ? pgError.message : QStringLiteral("upload %1 is gone").arg(record.id);
        return nullptr;
    }
    auto sink = std::make_unique<ClusterUploadSink>(*this, upload, generation);
    if (!sink->open(error))
        return nullptr;
    return sink;
}

std::unique_ptr<UploadSource> ClusterUploadStore::openSource(const UploadRecord &record) const
{
    if (!record.isFinished())
        return nullptr;
    auto source = std::make_unique<ClusterUploadSource>(*m_bucket, m_objects->objectKey(record.id),
                                                        record.length);
    if (!source->open())
        return nullptr;
    return source;
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
    QMutexLocker lock(&m_mutex);
    if (m_held.contains(id))
        m_held[id].granted = true;
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
    {
        QMutexLocker lock(&m_mutex);
        if (m_held.contains(id))
            return false;
        m_held.insert(id, {}); // claimed here while PostgreSQL is asked
    }
    PgError error;
    const auto taken = m_index->leases().take(id, m_config.instanceId, m_config.lease, &error);
    QMutexLocker lock(&m_mutex);
    if (!taken.taken) {
        m_held.remove(id);
        return false;
    }
    m_held[id].generation = taken.generation;
    return true;
}

void ClusterUploadStore::unlock(const QString &id)
{
    Held held;
    {
        QMutexLocker lock(&m_mutex);
        held = m_held.take(id);
    }
    if (held.generation == 0)
        return;
    PgError error;
    if (held.granted) {
        // The grant ends with the lock: the upload counts what it holds again.
        PgUpload upload;
        if (m_index->uploads().find(id, &upload, &error) == PgUploads::Lookup::Found
            && upload.record.lengthDeferred())
            m_index->uploads().setCounted(id, upload.record.offset, NoQuota, &error);
    }
    m_index->leases().release(id, m_config.instanceId, held.generation, &error);
}

qint64 ClusterUploadStore::takeLease(const QString &id)
{
    const auto deadline = std::chrono::steady_clock::now() + HandOverWait;
    bool asked = false;
    while (true) {
        PgError error;
        const auto taken = m_index->leases().take(id, m_config.instanceId, m_config.lease, &error);
        if (taken.taken)
            return taken.generation;
        if (error || taken.holder.isEmpty() || std::chrono::steady_clock::now() >= deadline)
            return 0;
        if (!asked && taken.holder != m_config.instanceId)
            asked = m_index->leases().askToRelease(taken.holder, id, &error);
        QThread::msleep(HandOverPoll.count());
    }
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
    m_objects->drop(id, upload.multipartId, upload.tailKey);
    return true;
}

bool ClusterUploadStore::removeTaking(const QString &id)
{
    const qint64 generation = takeLease(id);
    return generation != 0 && removeHeld(id, generation);
}

bool ClusterUploadStore::remove(const QString &id)
{
    const qint64 held = heldGeneration(id);
    return held != 0 ? removeHeld(id, held) : removeTaking(id);
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
    int removed = 0;
    for (const QString &id : ids) {
        const auto taken = m_index->leases().take(id, m_config.instanceId, m_config.lease, &error);
        if (taken.taken && removeHeld(id, taken.generation))
            ++removed;
    }
    return removed;
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
    int removed = 0;
    for (const QString &id : ids) {
        const auto taken = m_index->leases().take(id, m_config.instanceId, m_config.lease, &error);
        if (taken.taken && removeHeld(id, taken.generation))
            ++removed;
    }
    return removed;
}
