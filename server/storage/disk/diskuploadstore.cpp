#include "diskuploadstore.h"

#include "diskuploadsink.h"
#include "diskuploadsource.h"
#include "partjoiner.h"
#include "uploadindex.h"
#include "uploadrepair.h"

#include <QDir>

#include <limits>

namespace {
constexpr int MaxGoneRemembered = 100000;
// Uploads one sweep looks at; the rest wait for the next (at most a minute later).
constexpr int MaxSweptAtOnce = 10000;
} // namespace

DiskUploadStore::DiskUploadStore(const QString &dataDir, std::chrono::seconds expireAfter,
                                 std::chrono::seconds keepFinished)
    : m_dataDir(QDir(dataDir).absolutePath())
    , m_files(QDir(m_dataDir).filePath(QStringLiteral("uploads")))
    , m_expireAfter(expireAfter)
    , m_keepFinished(keepFinished)
{
    m_indexThread.setObjectName(QStringLiteral("hoistd-index"));
}

DiskUploadStore::~DiskUploadStore()
{
    close();
}

template <typename F>
auto DiskUploadStore::onIndex(F &&f) const
{
    decltype(f()) result{};
    QMetaObject::invokeMethod(
        m_index, [&result, &f] { result = f(); }, Qt::BlockingQueuedConnection);
    return result;
}

void DiskUploadStore::setNamedFolder(const QString &dir)
{
    m_named = dir.isEmpty() ? nullptr : std::make_unique<NamedFiles>(dir);
}

bool DiskUploadStore::wantsName(const UploadRecord &r) const
{
    return m_named && r.isFinished() && r.concat != UploadRecord::Concat::Partial
           && r.namedPath.isEmpty();
}

void DiskUploadStore::name(const UploadRecord &r)
{
    if (!wantsName(r))
        return;
    QString error;
    const QString source = m_files.path(r.id);
    const QString named = m_named->place(source, NamedFiles::wantedName(r.metadata), &error,
                                         NamedFiles::wantedTime(r.metadata));
    if (named.isEmpty()) {
        qWarning("hoistd: upload %s has no named file: %s", qPrintable(r.id), qPrintable(error));
        return;
    }
    QMutexLocker locker(&m_mutex);
    const UploadRecord *found = m_uploads.find(r.id);
    UploadRecord updated = found ? *found : UploadRecord();
    updated.namedPath = named;
    // Removed meanwhile, or the index would not say where: no named file it cannot remove later.
    if (!found || m_doomed.contains(r.id) || !onIndex([&] { return m_index->update(updated); })) {
        if (m_uploads.namedUsers(named) == 0) // not another upload's name too
            m_named->remove(named, source);
        return;
    }
    m_uploads.put(updated);
}

bool DiskUploadStore::open(QString *error)
{
    if (!m_files.makeFolder()) {
        *error = QStringLiteral("cannot create %1").arg(m_files.dir());
        return false;
    }
    m_lock = std::make_unique<QLockFile>(QDir(m_dataDir).filePath(QStringLiteral("hoistd.lock")));
    m_lock->setStaleLockTime(0);
    if (!m_lock->tryLock(0)) {
        *error = QStringLiteral("another hoistd is using %1").arg(m_dataDir);
        m_lock.reset();
        return false;
    }
    m_index = new UploadIndex(QDir(m_dataDir).filePath(QStringLiteral("hoistd.db")));
    m_index->moveToThread(&m_indexThread);
    m_indexThread.start();
    QString indexError;
    if (!onIndex([this, &indexError] { return m_index->open(&indexError); })) {
        *error = QStringLiteral("cannot open the index: %1").arg(indexError);
        close();
        return false;
    }
    if (!reconcile(error)) {
        close();
        return false;
    }
    return true;
}

void DiskUploadStore::close()
{
    if (m_index) {
        QMetaObject::invokeMethod(
            m_index, [index = m_index] { delete index; }, Qt::BlockingQueuedConnection);
        m_index = nullptr;
        m_indexThread.quit();
        m_indexThread.wait();
    }
    m_lock.reset();
}

bool DiskUploadStore::reconcile(QString *error)
{
    bool ok = false;
    const QList<UploadRecord> records = onIndex([this, &ok] { return m_index->all(&ok); });
    if (!ok) {
        *error = QStringLiteral("cannot read the index: %1").arg(m_index->lastError());
        return false;
    }
    const UploadRepair repair(m_files);
    UploadRepair::Outcome repaired;
    if (!repair.reconcile(records, &repaired, error))
        return false;
    QMutexLocker locker(&m_mutex);
    for (const QString &id : std::as_const(repaired.forgotten))
        onIndex([this, &id] { return m_index->remove(id); });
    for (const UploadRecord &r : std::as_const(repaired.changed))
        onIndex([this, &r] { return m_index->update(r); });
    QList<UploadRecord> unnamed; // named once the lock is off: a copy may take a while
    for (const UploadRecord &r : std::as_const(repaired.kept)) {
        m_uploads.put(r);
        if (wantsName(r))
            unnamed.append(r); // finished before a crash took its name, or before --named-dir
    }
    m_repairs << repaired.repairs
              << repair.deleteStrays([this](const QString &id) { return m_uploads.contains(id); });
    locker.unlock();
    for (const UploadRecord &r : std::as_const(unnamed))
        name(r);
    return true;
}

DiskUploadStore::Lookup DiskUploadStore::find(const QString &id, UploadRecord *out) const
{
    QMutexLocker locker(&m_mutex);
    const UploadRecord *r = m_uploads.find(id);
    const auto gone = [&](const QString &owner) {
        out->id = id;
        out->owner = owner;
        return Lookup::Gone;
    };
    if (!r)
        return m_gone.contains(id) ? gone(m_gone.value(id)) : Lookup::Missing;
    if (m_doomed.contains(id) || r->isExpired(QDateTime::currentDateTimeUtc()))
        return gone(r->owner); // terminated mid-request, or the sweep has not come by yet
    *out = *r;
    return Lookup::Found;
}

std::optional<UploadRecord> DiskUploadStore::create(qint64 length, const QByteArray &metadata,
                                                    const QString &filename, const QString &owner,
                                                    UploadRecord::Concat concat,
                                                    const Limits &limits, Refusal *refusal,
                                                    StoreFailure *failure)
{
    {
        QMutexLocker locker(&m_mutex);
        // Before any disk work; checked again where it counts.
        if (m_usage.refuses(owner, length, limits, refusal))
            return std::nullopt;
    }
    UploadRecord r;
    r.length = length;
    r.metadata = metadata;
    r.filename = filename;
    r.owner = owner;
    r.concat = concat;
    r.created = QDateTime::currentDateTimeUtc();
    r.expires = r.created.addSecs(m_expireAfter.count());
    if (r.isFinished())
        r.finished = r.created;
    r.id = m_files.createEmpty(failure);
    if (r.id.isEmpty())
        return std::nullopt;
    QMutexLocker locker(&m_mutex);
    if (m_usage.refuses(owner, length, limits, refusal)) {
        m_files.remove(r.id);
        return std::nullopt;
    }
    if (!onIndex([this, &r] { return m_index->insert(r); })) {
        m_files.remove(r.id);
        *failure = m_index->failure(QStringLiteral("cannot record the upload"));
        return std::nullopt;
    }
    m_uploads.put(r);
    locker.unlock();
    name(r); // an empty upload is finished at once
    return r;
}

DiskUploadStore::ConcatOutcome
DiskUploadStore::concatenate(const QStringList &parts, const QByteArray &metadata,
                             const QString &filename, const QString &owner,
                             const ContentCheck &check, UploadRecord *out, StoreFailure *failure)
{
    // Held to the end, so no PATCH, DELETE or other final can touch a part while it is copied.
    QStringList locked;
    const auto unlockAll = [&] {
        for (const QString &id : std::as_const(locked))
            unlock(id);
    };
    for (const QString &id : parts) {
        if (!tryLock(id)) {
            unlockAll();
            return ConcatOutcome::Busy;
        }
        locked << id;
    }
    UploadRecord final;
    final.metadata = metadata;
    final.filename = filename;
    final.owner = owner;
    final.concat = UploadRecord::Concat::Final;
    final.parts = parts;
    final.created = QDateTime::currentDateTimeUtc();
    final.expires = final.created.addSecs(m_expireAfter.count());
    const ConcatOutcome outcome = joinLocked(parts, final, check, out, failure);
    unlockAll();
    return outcome;
}

DiskUploadStore::ConcatOutcome DiskUploadStore::joinLocked(const QStringList &ids,
                                                           UploadRecord final,
                                                           const ContentCheck &check,
                                                           UploadRecord *out, StoreFailure *failure)
{
    QList<UploadRecord> parts;
    const auto partsAreUsable = [&] {
        for (const QString &id : ids) {
            const UploadRecord *part = m_uploads.find(id);
            if (!part || m_doomed.contains(id) || part->owner != final.owner
                || part->concat != UploadRecord::Concat::Partial || !part->isFinished())
                return false;
        }
        return true;
    };
    qint64 length = 0;
    {
        QMutexLocker locker(&m_mutex);
        if (!partsAreUsable())
            return ConcatOutcome::PartsChanged;
        for (const QString &id : ids) {
            const UploadRecord &part = *m_uploads.find(id);
            if (part.length > std::numeric_limits<qint64>::max() - length) {
                *failure = StoreFailure::storage(QStringLiteral("the parts are too long together"));
                return ConcatOutcome::Failed;
            }
            length += part.length;
            parts << part;
        }
    }
    PartJoiner joiner(m_files); // removes the new file on every way out but the last
    if (!joiner.join(parts, failure))
        return ConcatOutcome::Failed;
    // Before the transaction that drops the parts: a final refused now costs them nothing.
    // Unlocked (a hash reads the whole file); the parts are locked, and looked at again below.
    if (check) {
        const auto joined = DiskUploadSource::open(joiner.path(), length);
        if (!joined) {
            *failure = StoreFailure::storage(QStringLiteral("cannot read the joined file back"));
            return ConcatOutcome::Failed;
        }
        if (!check(*joined, &final.contentHash))
            return ConcatOutcome::Refused;
    }
    final.id = joiner.id();
    final.length = length;
    final.offset = length;
    final.finished = QDateTime::currentDateTimeUtc();

    QMutexLocker locker(&m_mutex);
    if (!partsAreUsable()) // a DELETE came while the bytes were copied
        return ConcatOutcome::PartsChanged;
    if (!onIndex([&] { return m_index->insertReplacing(final, ids); })) {
        *failure = m_index->failure(QStringLiteral("cannot record the final upload"));
        return ConcatOutcome::Failed;
    }
    joiner.keep();
    m_uploads.put(final);
    for (const QString &id : ids) {
        forget(id);
        m_files.remove(id); // a crash before this: open() deletes files without a row
    }
    *out = final;
    locker.unlock();
    name(final);
    return ConcatOutcome::Done;
}

bool DiskUploadStore::updateLocked(UploadRecord r)
{
    if (r.isFinished() && !r.finished.isValid())
        r.finished = QDateTime::currentDateTimeUtc();
    if (!onIndex([this, &r] { return m_index->update(r); }))
        return false;
    m_uploads.put(r);
    return true;
}

std::optional<UploadRecord> DiskUploadStore::commitOffset(const QString &id, qint64 offset,
                                                          StoreFailure *failure)
{
    QMutexLocker locker(&m_mutex);
    const UploadRecord *found = m_uploads.find(id);
    UploadRecord r = found ? *found : UploadRecord();
    r.offset = offset;
    r.expires = QDateTime::currentDateTimeUtc().addSecs(m_expireAfter.count());
    if (!found || !updateLocked(r)) {
        *failure = found ? m_index->failure(QStringLiteral("cannot record the offset"))
                         : StoreFailure::storage(QStringLiteral("the upload was removed"));
        return std::nullopt;
    }
    const UploadRecord committed = *m_uploads.find(id);
    locker.unlock();
    name(committed);
    return committed;
}

std::optional<UploadRecord> DiskUploadStore::findVerified(const QByteArray &digest, qint64 length,
                                                          const QString &exceptId) const
{
    QMutexLocker locker(&m_mutex);
    const QDateTime now = QDateTime::currentDateTimeUtc();
    for (const QString &id : m_uploads.withContent(digest)) {
        const UploadRecord *r = m_uploads.find(id);
        if (r && r->id != exceptId && !m_doomed.contains(r->id) && r->isFinished()
            && r->length == length && r->contentHash == digest && !r->isExpired(now))
            return *r;
    }
    return std::nullopt;
}

std::optional<UploadRecord> DiskUploadStore::findFinal(const QStringList &parts,
                                                       const QString &owner) const
{
    QMutexLocker locker(&m_mutex);
    const UploadRecord *r = m_uploads.find(m_uploads.finalOf(parts, owner));
    return r && !m_doomed.contains(r->id) ? std::optional<UploadRecord>(*r) : std::nullopt;
}

bool DiskUploadStore::setContentHash(const QString &id, const QByteArray &digest)
{
    QMutexLocker locker(&m_mutex);
    const UploadRecord *found = m_uploads.find(id);
    if (!found || !found->isFinished())
        return false;
    UploadRecord r = *found;
    r.contentHash = digest;
    return updateLocked(r);
}

std::optional<UploadRecord> DiskUploadStore::completeFrom(const QString &id,
                                                          const QString &sourceId,
                                                          const QByteArray &digest,
                                                          StoreFailure *failure)
{
    qint64 length = 0;
    {
        QMutexLocker locker(&m_mutex);
        const UploadRecord *target = m_uploads.find(id);
        const UploadRecord *source = m_uploads.find(sourceId);
        if (!target || !source || m_doomed.contains(id) || !source->isFinished()
            || source->length != target->length || target->offset != 0) {
            *failure = StoreFailure::storage(QStringLiteral("the uploads changed meanwhile"));
            return std::nullopt;
        }
        length = target->length;
    }
    const bool placed = m_files.placeContentOf(sourceId, id, length, failure);
    QMutexLocker locker(&m_mutex);
    const UploadRecord *found = m_uploads.find(id);
    UploadRecord r = found ? *found : UploadRecord();
    r.offset = length;
    r.contentHash = digest;
    if (!placed || !found || !updateLocked(r)) {
        // The index still says 0 bytes: the file must hold none, or a PATCH would write into an
        // inode another upload shares.
        if (found)
            m_files.emptyAgain(id);
        if (placed)
            *failure = m_index->failure(QStringLiteral("cannot record the upload"));
        return std::nullopt;
    }
    const UploadRecord completed = *m_uploads.find(id);
    locker.unlock();
    name(completed);
    return completed;
}

bool DiskUploadStore::setLength(const QString &id, qint64 length, qint64 quota, qint64 *overQuota,
                                StoreFailure *failure)
{
    QMutexLocker locker(&m_mutex);
    const UploadRecord *found = m_uploads.find(id);
    if (!found) {
        if (failure)
            *failure = StoreFailure::storage(QStringLiteral("upload %1 is gone").arg(id));
        return false;
    }
    if (quota != NoQuota) {
        const qint64 used = m_usage.of(found->owner);
        if (used - m_usage.cost(*found) + length > quota) {
            if (overQuota)
                *overQuota = used;
            return false;
        }
    }
    UploadRecord r = *found;
    r.length = length;
    if (!updateLocked(r)) {
        if (failure)
            *failure = m_index->failure(QStringLiteral("cannot record the length of %1").arg(id));
        return false;
    }
    m_usage.drop(id);
    const UploadRecord updated = *m_uploads.find(id);
    locker.unlock();
    name(updated); // a deferred length set to what is already stored
    return true;
}

qint64 DiskUploadStore::usage(const QString &owner) const
{
    QMutexLocker locker(&m_mutex);
    return m_usage.of(owner);
}

qint64 DiskUploadStore::reserveGrowth(const QString &id, qint64 wanted, qint64 quota)
{
    QMutexLocker locker(&m_mutex);
    const UploadRecord *r = m_uploads.find(id);
    if (!r || !r->lengthDeferred())
        return 0;
    return m_usage.reserve(*r, wanted, quota);
}

void DiskUploadStore::forget(const QString &id)
{
    const QString owner = m_uploads.take(id).owner;
    m_usage.drop(id);
    if (m_gone.size() >= MaxGoneRemembered)
        m_gone.clear();
    m_gone.insert(id, owner);
}

bool DiskUploadStore::removeNow(const QString &id)
{
    m_doomed.remove(id);
    if (!m_uploads.contains(id) || !onIndex([this, &id] { return m_index->remove(id); }))
        return false;
    // Before the stored file: the named one is recognised as the same file.
    // Unless another upload of the same content has that name too.
    const QString named = m_uploads.find(id)->namedPath;
    if (m_named && !named.isEmpty() && m_uploads.namedUsers(named) == 1)
        m_named->remove(named, m_files.path(id));
    forget(id);
    m_files.remove(id);
    return true;
}

bool DiskUploadStore::remove(const QString &id)
{
    QMutexLocker locker(&m_mutex);
    return removeNow(id);
}

bool DiskUploadStore::terminate(const QString &id)
{
    QMutexLocker locker(&m_mutex);
    if (!m_uploads.contains(id) || m_doomed.contains(id))
        return false;
    if (m_busy.contains(id)) {
        m_doomed.insert(id);
        return true;
    }
    return removeNow(id);
}

int DiskUploadStore::sweepExpired(const QDateTime &now)
{
    QStringList expired;
    {
        QMutexLocker locker(&m_mutex);
        expired = m_uploads.expiredBy(now, MaxSweptAtOnce);
    }
    return sweep(expired, [&now](const UploadRecord &r) { return r.isExpired(now); });
}

int DiskUploadStore::sweepFinished(const QDateTime &now)
{
    if (m_keepFinished == KeepForever)
        return 0;
    const QDateTime before = now.addSecs(-m_keepFinished.count());
    QStringList old;
    {
        QMutexLocker locker(&m_mutex);
        old = m_uploads.finishedBefore(before, MaxSweptAtOnce);
    }
    return sweep(old, [&before](const UploadRecord &r) {
        return r.isFinished() && r.finished.isValid() && r.finished < before;
    });
}

int DiskUploadStore::sweep(const QStringList &ids,
                           const std::function<bool(const UploadRecord &)> &due)
{
    int removed = 0;
    for (const QString &id : ids) {
        // One at a time, each under the mutex: requests go on between two removals (each an
        // index commit). A busy one (a request writing to it, a final joining it) stays for
        // the next sweep.
        QMutexLocker locker(&m_mutex);
        const UploadRecord *r = m_uploads.find(id);
        if (r && due(*r) && !m_busy.contains(id) && removeNow(id))
            ++removed;
    }
    return removed;
}

int DiskUploadStore::count() const
{
    QMutexLocker locker(&m_mutex);
    return int(m_uploads.size());
}

DiskUploadStore::StateCounts DiskUploadStore::countByState() const
{
    QMutexLocker locker(&m_mutex);
    const int finished = int(m_uploads.finished());
    return {int(m_uploads.size()) - finished, finished};
}

bool DiskUploadStore::tryLock(const QString &id)
{
    QMutexLocker locker(&m_mutex);
    if (m_busy.contains(id))
        return false;
    m_busy.insert(id);
    return true;
}

void DiskUploadStore::unlock(const QString &id)
{
    QMutexLocker locker(&m_mutex);
    m_busy.remove(id);
    m_usage.drop(id);
    if (m_doomed.contains(id))
        removeNow(id);
}

std::unique_ptr<UploadSink> DiskUploadStore::openSink(const UploadRecord &record,
                                                      StoreFailure *failure)
{
    return DiskUploadSink::open(*this, m_files.path(record.id), record, failure);
}

std::unique_ptr<UploadSource> DiskUploadStore::openSource(const UploadRecord &record,
                                                          StoreFailure *failure) const
{
    auto source = DiskUploadSource::open(m_files.path(record.id), record.length);
    if (!source && failure)
        *failure = StoreFailure::storage(QStringLiteral("upload %1 has no file").arg(record.id));
    return source;
}

QString DiskUploadStore::filePath(const QString &id) const
{
    return m_files.path(id);
}
