#include "clusteruploadsink.h"

#include "clusterfailure.h"
#include "clusteruploadstore.h"

#include <QRandomGenerator>

namespace {
// Parts past every this many are twice as large (up to 512 times PartBytes).
constexpr int PartsPerSize = 1000;
constexpr int MaxSizeDoublings = 9;
} // namespace

ClusterUploadSink::ClusterUploadSink(ClusterUploadStore &store, PgUpload upload, qint64 generation)
    : m_store(store)
    , m_upload(std::move(upload))
    , m_generation(generation)
    , m_fileStart(m_upload.record.offset - m_upload.tailSize)
    , m_partsEnd(m_fileStart)
    , m_parts(
          [&store, key = store.objects().objectKey(m_upload.record.id)](
              const ClusterPartUploads::Part &part,
              StoreFailure *why) -> std::optional<QByteArray> {
              const auto sent = store.objects().bucket().uploadPart(
                  key, part.uploadId, part.part.number,
                  S3Body::fromFile(part.path, 0, part.part.size));
              if (sent.ok())
                  return sent.value;
              *why = storeFailureOf(*sent.error);
              return std::nullopt;
          },
          PartsInFlight, store.partSenders())
{
    m_renewed.start();
}

ClusterUploadSink::~ClusterUploadSink()
{
    m_store.handOver().detach(m_upload.record.id, this);
    m_parts.discard(); // their files go as they answer
    dropReady();
    m_file.close();
    if (!m_file.fileName().isEmpty())
        QFile::remove(m_file.fileName());
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
    if (!newFile() || !loadTail())
        return false;
    if (auto run = m_store.reusableParts().take(m_upload, m_partsEnd))
        m_reusable = std::move(run->parts); // a rolled-back checksummed request's: its retry
    m_store.handOver().attach(m_upload.record.id, this);
    return true;
}

bool ClusterUploadSink::newFile()
{
    if (!m_file.fileName().isEmpty()) { // never sent as a part: nobody else removes it
        m_file.close();
        QFile::remove(m_file.fileName());
    }
    m_file.setFileName(m_store.config().spoolDir + QLatin1Char('/') + m_upload.record.id
                       + QLatin1Char('.') + QString::number(m_generation) + QLatin1Char('.')
                       + QString::number(QRandomGenerator::global()->generate64(), 16)
                       + QLatin1Char('.') + QString::number(++m_files) + QStringLiteral(".spool"));
    m_fileSize = 0;
    if (!m_file.open(QIODevice::ReadWrite | QIODevice::Truncate)) {
        failed(StoreFailure::fromErrno(
            errno, QStringLiteral("cannot make the spool file %1").arg(m_file.fileName())));
        return false;
    }
    return true;
}

bool ClusterUploadSink::loadTail()
{
    if (m_upload.tailSize == 0)
        return true;
    // The tail becomes the head of the next part (or the last part): read it back.
    const auto tail = m_store.objects().bucket().getObject(m_upload.tailKey, 0, m_upload.tailSize,
                                                           m_upload.tailSize);
    if (!tail.ok() || tail.value.size() != m_upload.tailSize) {
        failed(tail.ok() ? StoreFailure::storage(
                   QStringLiteral("the tail object %1 is short").arg(m_upload.tailKey))
                         : storeFailureOf(*tail.error));
        return false;
    }
    if (m_file.write(tail.value) != tail.value.size()) {
        failed(StoreFailure::fromErrno(errno, QStringLiteral("cannot write the spool file")));
        return false;
    }
    m_fileSize = m_upload.tailSize;
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
    // What arrived so far is committed (parts, a tail; or the upload finished), then the lease
    // goes, so that the asking instance takes it at once. Not a checksummed body's bytes
    // (!keepWhatArrives()): unverified, they are all or nothing, and the client sends them again.
    if (!m_fenced && m_background && offset() > m_upload.record.offset)
        commitNow();
    m_parts.discard(); // a failed commit's: named by no record
    dropReady();
    m_handedOver = true;
    m_store.handedOver(m_upload.record.id, m_generation);
    failed(StoreFailure::fenced(
        QStringLiteral("upload %1 was handed over to another instance").arg(m_upload.record.id)));
}

qint64 ClusterUploadSink::partBytes() const
{
    return PartBytes << qMin(MaxSizeDoublings, (m_upload.nextPart - 1) / PartsPerSize);
}

bool ClusterUploadSink::write(const char *data, size_t size)
{
    m_writes.fetch_add(1, std::memory_order_relaxed);
    QMutexLocker busy(&m_busy);
    if (m_handedOver || m_broken)
        return false;
    if (m_store.handOver().isRequested(m_upload.record.id)) {
        handOverNow();
        return false;
    }
    if (!keepLease())
        return false;
    if (const auto failure = m_parts.failure()) {
        failed(*failure); // S3 refused a part: this request's bytes from there on are lost
        return false;
    }
    while (size > 0) {
        if (m_fileSize >= partBytes() && !fileFilled())
            return false;
        const qint64 piece = qMin(qint64(size), partBytes() - m_fileSize);
        const qint64 wrote = m_file.write(data, piece);
        if (wrote > 0)
            m_fileSize += wrote;
        if (wrote != piece) { // the spool's disk is full, most likely
            failed(StoreFailure::fromErrno(errno, QStringLiteral("cannot write the spool file")));
            return false;
        }
        data += piece;
        size -= size_t(piece);
        if (m_fileSize >= partBytes() && !fileFilled())
            return false;
    }
    return true;
}

void ClusterUploadSink::rollBack()
{
    QMutexLocker busy(&m_busy);
    if (m_handedOver)
        return;
    if (m_background)
        keepUploaded();
    else
        keepForRetry(); // unverified: never recorded here
    m_parts.discard();  // after a failed one, or unverified: named by no record
    m_uploaded.clear();
    dropReady();
    if (m_fileStart == m_partsEnd) {
        // The file still starts where the recorded parts end: keep the tail's bytes in it.
        m_fileSize = m_upload.record.offset - m_partsEnd;
        m_file.resize(m_fileSize);
        m_file.seek(m_fileSize);
        return;
    }
    // The tail's bytes went with a part that is not recorded: read them back.
    m_fileStart = m_partsEnd;
    m_broken = !newFile() || !loadTail();
}

void ClusterUploadSink::dropReady()
{
    for (const Ready &ready : std::as_const(m_ready))
        QFile::remove(ready.path);
    m_ready.clear();
}

bool ClusterUploadSink::waitForUploads(bool all)
{
    // The lease is not renewed meanwhile, as a request waiting on S3 inside a commit never did:
    // a holder stuck on S3 past its lease lets another instance take the upload over (and is
    // refused when it records), rather than holding it for as long as S3 takes.
    const auto patience = std::chrono::hours(24);
    if (!(all ? m_parts.waitForAll(patience) : m_parts.waitForSlot(patience)))
        return false;
    return !m_fenced;
}

bool ClusterUploadSink::takeUploaded()
{
    m_uploaded.append(m_parts.takeUploaded());
    if (const auto failure = m_parts.failure()) {
        failed(*failure);
        return false;
    }
    return true;
}

void ClusterUploadSink::takeAnswered()
{
    m_parts.waitForAll(std::chrono::hours(24));
    m_uploaded.append(m_parts.takeUploaded());
}

void ClusterUploadSink::keepUploaded()
{
    takeAnswered();
    if (m_uploaded.isEmpty() || m_fenced)
        return;
    const StoreFailure why = m_failure; // what brought the sink here stays the answer
    const PgPart &last = m_uploaded.last();
    const QString oldTail = m_upload.tailKey;
    if (record(QString(), 0, last.offset + last.size) && !oldTail.isEmpty())
        m_store.objects().bucket().deleteObject(oldTail); // its bytes are in the first part
    if (!m_fenced)
        m_failure = why;
}

void ClusterUploadSink::keepForRetry()
{
    takeAnswered(); // beside a commit's that PostgreSQL did not take
    if (m_fenced || m_uploaded.isEmpty() || m_uploaded.first().offset != m_partsEnd)
        return;
    m_store.reusableParts().keep(m_upload.record.id,
                                 {m_upload.multipartId, m_partsEnd, m_upload.nextPart, m_uploaded});
}

bool ClusterUploadSink::fileFilled()
{
    // A checksummed body's parts go too, while the rest of it arrives: they are recorded only
    // by commit(), after the checksum matched (rollBack() keeps their numbers for the retry).
    return finishFile() && sendReady();
}

bool ClusterUploadSink::finishFile()
{
    if (!m_file.flush()) {
        failed(StoreFailure::fromErrno(errno, QStringLiteral("cannot write the spool file")));
        return false;
    }
    m_ready.append({m_file.fileName(), m_fileStart, m_fileSize});
    m_fileStart += m_fileSize;
    m_file.close();
    m_file.setFileName(QString()); // the part's now: removed once sent
    return newFile();
}

bool ClusterUploadSink::sendReady()
{
    PgIndex &index = m_store.index();
    const QString &id = m_upload.record.id;
    const QString &holder = m_store.config().instanceId;
    while (!m_ready.isEmpty()) {
        if (!waitForUploads(false))
            return false;
        PgError error;
        if (m_upload.multipartId.isEmpty()) {
            S3Bucket &bucket = m_store.objects().bucket();
            const QString key = m_store.objects().objectKey(id);
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
        const Ready &next = m_ready.first();
        std::optional<int> number;
        if (!m_reusable.isEmpty() && m_reusable.first().offset == next.offset
            && m_reusable.first().size == next.size) {
            number = m_reusable.takeFirst().number; // the retry's part: written again
        } else {
            m_reusable.clear(); // from here on the numbers must be above all of the run's
            number = index.leases().allocatePart(id, holder, m_generation, &error);
            if (!number) {
                leaseRefused(error);
                return false;
            }
            m_upload.nextPart = *number + 1;
        }
        const Ready ready = m_ready.takeFirst();
        m_parts.start({{*number, QString(), ready.size, ready.offset, m_generation},
                       ready.path,
                       m_upload.multipartId});
    }
    return true;
}

std::optional<UploadRecord> ClusterUploadSink::checkpoint()
{
    QMutexLocker busy(&m_busy);
    if (m_handedOver || m_fenced)
        return std::nullopt; // m_failure says so since
    if (!takeUploaded())
        return std::nullopt;
    if (m_uploaded.isEmpty())
        return m_upload.record; // nothing answered since: nothing to record
    const PgPart &last = m_uploaded.last();
    const QString oldTail = m_upload.tailKey;
    const auto out = record(QString(), 0, last.offset + last.size);
    if (out && !oldTail.isEmpty())
        m_store.objects().bucket().deleteObject(oldTail); // its bytes are in the first part
    return out;
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
    if (!m_file.flush())
        return failed(
            StoreFailure::fromErrno(errno, QStringLiteral("cannot write the spool file")));
    if (m_upload.completing != 0)
        return completeDecided(); // decided before (an earlier attempt, or holder): finish it
    const qint64 end = offset();
    const UploadRecord &was = m_upload.record;
    if (end == was.offset)
        return record(m_upload.tailKey, m_upload.tailSize, end); // pushes the expiry on
    const bool last = !was.lengthDeferred() && end == was.length;
    ClusterObjects &objects = m_store.objects();
    if (last && objects.directPuts() && m_upload.multipartId.isEmpty() && m_ready.isEmpty()
        && m_fileStart == 0 && m_fileSize == end) {
        // A holder whose lease visibly went (renewed when a third of it passed) does not PUT at
        // all; one that stalls from here on is fenced by the condition.
        if (!keepLease())
            return std::nullopt;
        switch (putWhole()) {
        case Direct::Made:
            return recordWhole(end);
        case Direct::Failed:
            return std::nullopt;
        case Direct::Exists:
            break; // a late PUT's, or ours whose answer was lost: the tail way copies over it
        }
    }
    QString tailKey;
    qint64 tailSize = 0;
    if ((last && m_upload.multipartId.isEmpty() && m_ready.isEmpty())
        || (!last && m_fileSize > 0 && m_fileSize < S3Bucket::MinPartBytes)) {
        // Below a part: a tail object (for a finished upload that never reached a part, all of
        // it, copied at the end), sent while the parts before it are still on their way.
        tailKey = objects.tailKey(was.id, m_generation, end);
        tailSize = m_fileSize;
        const auto put = objects.bucket().putObject(
            tailKey, S3Body::fromFile(m_file.fileName(), 0, m_fileSize), {});
        if (!put.ok())
            return failed(storeFailureOf(*put.error));
    } else if (m_fileSize > 0 && !finishFile()) {
        return std::nullopt;
    }
    // Every part on its way must have answered before any of this request is recorded.
    if (!sendReady() || !waitForUploads(true) || !takeUploaded()) {
        if (!tailKey.isEmpty())
            objects.bucket().deleteObject(tailKey); // named by no record
        keepUploaded();
        return std::nullopt;
    }
    const QString oldTail = m_upload.tailKey;
    auto out = record(tailKey, tailSize, end, last);
    if (!out) {
        // Named by no record when fenced. When PostgreSQL went away the commit may have gone
        // through unseen: the tail stays, and reconciliation removes it if no record names it.
        if (!tailKey.isEmpty() && m_fenced)
            objects.bucket().deleteObject(tailKey);
        return std::nullopt;
    }
    if (!oldTail.isEmpty() && oldTail != tailKey)
        objects.bucket().deleteObject(oldTail);
    return last ? completeDecided() : out;
}

ClusterUploadSink::Direct ClusterUploadSink::putWhole()
{
    ClusterObjects &objects = m_store.objects();
    const auto put = objects.bucket().putObject(
        objects.objectKey(m_upload.record.id), S3Body::fromFile(m_file.fileName(), 0, m_fileSize),
        ClusterObjects::metaOf(m_upload.record), S3Bucket::Put::IfAbsent);
    if (put.ok())
        return Direct::Made;
    if (S3Bucket::isNotAbsent(*put.error))
        return Direct::Exists;
    failed(storeFailureOf(*put.error));
    return Direct::Failed;
}

std::optional<UploadRecord> ClusterUploadSink::recordWhole(qint64 end)
{
    const QString oldTail = m_upload.tailKey;
    auto out = record(QString(), 0, end); // `end` is the length: finished in the same commit
    if (!out) {
        // Fenced with the upload removed meanwhile: the object just made is nobody's (its
        // removal may have come before it). Fenced by another holder: left, for that holder's
        // own conditional PUT to find. PostgreSQL away: left too, as the commit may have gone
        // through unseen; a removal of the upload removes it.
        PgUpload row;
        PgError error;
        if (m_fenced
            && m_store.index().uploads().find(m_upload.record.id, &row, &error)
                   != PgUploads::Lookup::Found
            && !error)
            m_store.objects().bucket().deleteObject(
                m_store.objects().objectKey(m_upload.record.id));
        return std::nullopt;
    }
    if (!oldTail.isEmpty())
        m_store.objects().bucket().deleteObject(oldTail); // its bytes are in the object
    return out;
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
                                                      qint64 end, bool completing)
{
    PgLeases::Commit commit;
    commit.from = m_upload.record.offset;
    commit.to = end;
    commit.parts = m_uploaded;
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
    for (const PgPart &p : std::as_const(m_uploaded))
        m_partsEnd = qMax(m_partsEnd, p.offset + p.size);
    m_uploaded.clear();
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
