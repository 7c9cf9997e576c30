#include "clusteruploadsink.h"

#include "clusterfailure.h"
#include "clusteruploadstore.h"

#include <QDebug>
#include <QRandomGenerator>

ClusterUploadSink::ClusterUploadSink(ClusterUploadStore &store, PgUpload upload, qint64 generation)
    : m_store(store)
    , m_upload(std::move(upload))
    , m_generation(generation)
    , m_partsEnd(m_upload.record.offset - m_upload.tailSize)
{
    m_renewed.start();
}

ClusterUploadSink::~ClusterUploadSink()
{
    m_store.handOver().detach(m_upload.record.id, this);
    m_spool.close();
    if (!m_spool.fileName().isEmpty())
        QFile::remove(m_spool.fileName());
}

std::nullopt_t ClusterUploadSink::failed(StoreFailure failure)
{
    m_failure = std::move(failure);
    return std::nullopt;
}

void ClusterUploadSink::leaseRefused(const PgError &error)
{
    m_fenced = !error;
    failed(m_fenced ? StoreFailure::fenced(
               QStringLiteral("another instance holds upload %1 now").arg(m_upload.record.id))
                    : storeFailureOf(error));
}

bool ClusterUploadSink::open()
{
    m_spool.setFileName(m_store.config().spoolDir + QLatin1Char('/') + m_upload.record.id
                        + QLatin1Char('.') + QString::number(m_generation) + QLatin1Char('.')
                        + QString::number(QRandomGenerator::global()->generate64(), 16)
                        + QStringLiteral(".spool"));
    if (!m_spool.open(QIODevice::ReadWrite | QIODevice::Truncate)) {
        failed(StoreFailure::fromErrno(
            errno, QStringLiteral("cannot make the spool file %1").arg(m_spool.fileName())));
        return false;
    }
    if (m_upload.tailSize == 0) {
        m_store.handOver().attach(m_upload.record.id, this);
        return true;
    }
    // The tail becomes the head of the next part (or the last part): read it back.
    const auto tail = m_store.objects().bucket().getObject(m_upload.tailKey, 0, m_upload.tailSize,
                                                           m_upload.tailSize);
    if (!tail.ok() || tail.value.size() != m_upload.tailSize) {
        failed(tail.ok() ? StoreFailure::storage(
                   QStringLiteral("the tail object %1 is short").arg(m_upload.tailKey))
                         : storeFailureOf(*tail.error));
        return false;
    }
    if (m_spool.write(tail.value) != tail.value.size()) {
        failed(StoreFailure::fromErrno(errno, QStringLiteral("cannot write the spool file")));
        return false;
    }
    m_spoolSize = m_upload.tailSize;
    m_store.handOver().attach(m_upload.record.id, this);
    return true;
}

bool ClusterUploadSink::keepLease()
{
    const auto lease = m_store.config().lease;
    if (m_fenced)
        return false;
    if (m_renewed.elapsed() < lease.count() / 3)
        return true;
    PgError error;
    if (!m_store.index().leases().renew(m_upload.record.id, m_store.config().instanceId,
                                        m_generation, lease, &error)) {
        if (error)
            return true; // PostgreSQL away: the commit will tell
        leaseRefused(error);
        return false;
    }
    m_renewed.restart();
    return true;
}

void ClusterUploadSink::handOverIfIdle()
{
    if (!m_busy.tryLock())
        return; // inside a write or commit: the next write() hands over
    if (!m_handedOver)
        handOverNow();
    m_busy.unlock();
}

void ClusterUploadSink::handOverNow()
{
    // What arrived so far is committed (a part, a tail; or the upload finished), then the lease
    // goes, so that the asking instance takes it at once.
    if (!m_fenced && offset() > m_upload.record.offset)
        commitNow();
    m_handedOver = true;
    m_store.handedOver(m_upload.record.id, m_generation);
    failed(StoreFailure::fenced(
        QStringLiteral("upload %1 was handed over to another instance").arg(m_upload.record.id)));
}

bool ClusterUploadSink::write(const char *data, size_t size)
{
    QMutexLocker busy(&m_busy);
    if (m_handedOver)
        return false;
    if (m_store.handOver().isRequested(m_upload.record.id)) {
        handOverNow();
        return false;
    }
    if (!keepLease() || !m_spool.seek(m_spoolSize))
        return false;
    const qint64 wrote = m_spool.write(data, qint64(size));
    if (wrote > 0)
        m_spoolSize += wrote;
    if (wrote != qint64(size)) // the spool's disk is full, most likely
        failed(StoreFailure::fromErrno(errno, QStringLiteral("cannot write the spool file")));
    return wrote == qint64(size);
}

void ClusterUploadSink::rollBack()
{
    QMutexLocker busy(&m_busy);
    if (m_handedOver)
        return;
    m_spoolSize = m_upload.record.offset - m_partsEnd;
    m_spool.resize(m_spoolSize);
}

bool ClusterUploadSink::uploadPart(qint64 from, qint64 size, QList<PgPart> *parts)
{
    PgIndex &index = m_store.index();
    const QString &id = m_upload.record.id;
    const QString &holder = m_store.config().instanceId;
    const QString key = m_store.objects().objectKey(id);
    S3Bucket &bucket = m_store.objects().bucket();
    PgError error;
    if (m_upload.multipartId.isEmpty()) {
        const auto begun =
            bucket.createMultipartUpload(key, ClusterObjects::metaOf(m_upload.record));
        if (!begun.ok()) {
            failed(storeFailureOf(*begun.error));
            return false;
        }
        if (!index.leases().setMultipartId(id, holder, m_generation, begun.value, &error)) {
            leaseRefused(error);
            bucket.abortMultipartUpload(key, begun.value);
            return false;
        }
        m_upload.multipartId = begun.value;
    }
    const auto number = index.leases().allocatePart(id, holder, m_generation, &error);
    if (!number) {
        leaseRefused(error);
        return false;
    }
    const auto sent = bucket.uploadPart(key, m_upload.multipartId, *number,
                                        S3Body::fromFile(m_spool.fileName(), from, size));
    if (!sent.ok()) {
        failed(storeFailureOf(*sent.error));
        return false;
    }
    parts->append(
        {*number, QString::fromLatin1(sent.value), size, m_partsEnd + from, m_generation});
    return true;
}

std::optional<UploadRecord> ClusterUploadSink::commit()
{
    QMutexLocker busy(&m_busy);
    if (m_handedOver)
        return std::nullopt; // m_failure says so since
    return commitNow();
}

std::optional<UploadRecord> ClusterUploadSink::commitNow()
{
    if (m_fenced)
        return std::nullopt; // m_failure says so since
    if (!m_spool.flush())
        return failed(
            StoreFailure::fromErrno(errno, QStringLiteral("cannot write the spool file")));
    if (m_upload.completing != 0)
        return completeDecided(); // decided before (an earlier attempt, or holder): finish it
    const qint64 end = offset();
    const UploadRecord &was = m_upload.record;
    if (end == was.offset)
        return record(m_upload.tailKey, m_upload.tailSize, {}, end); // pushes the expiry on
    if (!was.lengthDeferred() && end == was.length)
        return finish(end);
    QList<PgPart> parts;
    qint64 consumed = 0;
    while (m_spoolSize - consumed >= S3Bucket::MinPartBytes) {
        const qint64 size = qMin(ClusterObjects::MaxPartBytes, m_spoolSize - consumed);
        if (!uploadPart(consumed, size, &parts))
            return std::nullopt;
        consumed += size;
    }
    const qint64 rest = m_spoolSize - consumed;
    QString tailKey;
    if (rest > 0) {
        tailKey = m_store.objects().tailKey(was.id, m_generation, end);
        const auto put = m_store.objects().bucket().putObject(
            tailKey, S3Body::fromFile(m_spool.fileName(), consumed, rest), {});
        if (!put.ok())
            return failed(storeFailureOf(*put.error));
    }
    const QString oldTail = m_upload.tailKey;
    auto out = record(tailKey, rest, parts, end);
    if (!out) {
        // Named by no record when fenced. When PostgreSQL went away the commit may have gone
        // through unseen: the tail stays, and reconciliation removes it if no record names it.
        if (!tailKey.isEmpty() && m_fenced)
            m_store.objects().bucket().deleteObject(tailKey);
        return std::nullopt;
    }
    if (!oldTail.isEmpty() && oldTail != tailKey)
        m_store.objects().bucket().deleteObject(oldTail);
    if (consumed > 0 && !dropSpoolHead(consumed))
        qWarning().noquote() << "cannot cut the spool file" << m_spool.fileName();
    return out;
}

std::optional<UploadRecord> ClusterUploadSink::finish(qint64 end)
{
    // Every byte goes to S3 first, named by what this generation alone writes (new part
    // numbers, or a tail key carrying the generation); then the fenced decision "completing
    // from exactly these"; only then the object (ClusterCompletion). A holder refused the
    // decision has touched nothing another holder reads.
    const QString &id = m_upload.record.id;
    ClusterObjects &objects = m_store.objects();
    QList<PgPart> added;
    QString tailKey;
    qint64 tailSize = 0;
    if (m_upload.multipartId.isEmpty() && m_partsEnd == 0) {
        // It never reached 5 MiB in a part: the whole upload is one tail, copied at the end.
        tailKey = objects.tailKey(id, m_generation, end);
        tailSize = m_spoolSize;
        const auto put = objects.bucket().putObject(
            tailKey, S3Body::fromFile(m_spool.fileName(), 0, m_spoolSize), {});
        if (!put.ok()) {
            failed(storeFailureOf(*put.error));
            return std::nullopt;
        }
    } else {
        for (qint64 at = 0; at < m_spoolSize; at += ClusterObjects::MaxPartBytes) {
            if (!uploadPart(at, qMin(ClusterObjects::MaxPartBytes, m_spoolSize - at), &added))
                return std::nullopt;
        }
    }
    const QString oldTail = m_upload.tailKey;
    if (!record(tailKey, tailSize, added, end, true)) {
        // Named by no record when fenced; when PostgreSQL went away the decision may have gone
        // through unseen, so the tail stays (reconciliation removes it if no record names it).
        if (!tailKey.isEmpty() && m_fenced)
            objects.bucket().deleteObject(tailKey);
        return std::nullopt;
    }
    if (!oldTail.isEmpty() && oldTail != tailKey)
        objects.bucket().deleteObject(oldTail);
    return completeDecided();
}

std::optional<UploadRecord> ClusterUploadSink::completeDecided()
{
    switch (m_store.completion().finish(m_upload, m_generation)) {
    case ClusterCompletion::Outcome::Done:
        break;
    case ClusterCompletion::Outcome::Fenced:
        leaseRefused({});
        return std::nullopt;
    case ClusterCompletion::Outcome::Failed:
        // Decided and recorded: the object is made by the next attempt (or the next holder's),
        // once the storage answers.
        return failed(StoreFailure::unavailable(
            QStringLiteral("cannot make the object of upload %1 yet").arg(m_upload.record.id)));
    }
    UploadRecord found;
    if (const auto lookup = m_store.find(m_upload.record.id, &found);
        lookup != UploadStore::Lookup::Found)
        return failed(lookup == UploadStore::Lookup::Unavailable
                          ? StoreFailure::unavailable(QStringLiteral("cannot read the upload back"))
                          : StoreFailure::storage(QStringLiteral("the upload went meanwhile")));
    m_upload.record = found;
    m_upload.completing = 0;
    m_upload.tailKey.clear();
    m_upload.tailSize = 0;
    return found;
}

std::optional<UploadRecord> ClusterUploadSink::record(const QString &tailKey, qint64 tailSize,
                                                      const QList<PgPart> &parts, qint64 end,
                                                      bool completing)
{
    PgLeases::Commit commit;
    commit.from = m_upload.record.offset;
    commit.to = end;
    commit.parts = parts;
    commit.tailKey = tailKey;
    commit.tailSize = tailSize;
    commit.expireAfter = m_store.config().expireAfter;
    commit.completing = completing;
    PgError error;
    const auto outcome = m_store.index().leases().commit(
        m_upload.record.id, m_store.config().instanceId, m_generation, commit, &error);
    if (outcome != PgLeases::Outcome::Committed) {
        if (outcome == PgLeases::Outcome::Fenced)
            leaseRefused({});
        else
            failed(storeFailureOf(error));
        return std::nullopt;
    }
    for (const PgPart &p : parts)
        m_partsEnd = qMax(m_partsEnd, p.offset + p.size);
    m_upload.tailKey = tailKey;
    m_upload.tailSize = tailSize;
    m_upload.record.offset = end;
    if (completing) {
        m_upload.completing = m_generation;
        return m_upload.record; // the caller goes on to make the object
    }
    UploadRecord found;
    if (const auto lookup = m_store.find(m_upload.record.id, &found);
        lookup != UploadStore::Lookup::Found)
        return failed(lookup == UploadStore::Lookup::Unavailable
                          ? StoreFailure::unavailable(QStringLiteral("cannot read the commit back"))
                          : StoreFailure::storage(QStringLiteral("the upload went meanwhile")));
    m_upload.record = found;
    return found;
}

bool ClusterUploadSink::dropSpoolHead(qint64 consumed)
{
    const qint64 rest = m_spoolSize - consumed;
    QByteArray bytes;
    if (rest > 0) {
        if (!m_spool.seek(consumed))
            return false;
        bytes = m_spool.read(rest);
        if (bytes.size() != rest)
            return false;
    }
    if (!m_spool.resize(0) || !m_spool.seek(0) || m_spool.write(bytes) != rest)
        return false;
    m_spoolSize = rest;
    return true;
}
