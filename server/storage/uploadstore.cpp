#include "uploadstore.h"

#include "uploadindex.h"

#include <QDir>
#include <QFileInfo>
#include <QRandomGenerator>
#include <QRegularExpression>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>

namespace {
constexpr int IdBytes = 16;
constexpr int MaxGoneRemembered = 100000;

bool fsyncPath(const QString &path, int flags)
{
    const int fd = ::open(QFile::encodeName(path).constData(), flags | O_CLOEXEC);
    if (fd < 0)
        return false;
    const bool ok = ::fsync(fd) == 0;
    ::close(fd);
    return ok;
}

bool isUploadId(const QString &name)
{
    static const QRegularExpression pattern(QStringLiteral("^[0-9a-f]{32}$"));
    return pattern.match(name).hasMatch();
}
} // namespace

UploadStore::UploadStore(const QString &dataDir, std::chrono::seconds expireAfter)
    : m_dataDir(QDir(dataDir).absolutePath())
    , m_uploadsDir(QDir(m_dataDir).filePath(QStringLiteral("uploads")))
    , m_expireAfter(expireAfter)
{
    m_indexThread.setObjectName(QStringLiteral("hoistd-index"));
}

UploadStore::~UploadStore()
{
    close();
}

template <typename F>
auto UploadStore::onIndex(F &&f) const
{
    decltype(f()) result{};
    QMetaObject::invokeMethod(
        m_index, [&result, &f] { result = f(); }, Qt::BlockingQueuedConnection);
    return result;
}

bool UploadStore::open(QString *error)
{
    if (!QDir().mkpath(m_uploadsDir)) {
        *error = QStringLiteral("cannot create %1").arg(m_uploadsDir);
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

void UploadStore::close()
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

bool UploadStore::reconcile(QString *error)
{
    bool ok = false;
    const QList<UploadRecord> records = onIndex([this, &ok] { return m_index->all(&ok); });
    if (!ok) {
        *error = QStringLiteral("cannot read the index: %1").arg(m_index->lastError());
        return false;
    }
    QMutexLocker locker(&m_mutex);
    for (UploadRecord r : records) {
        const QString path = filePath(r.id);
        QFileInfo info(path);
        if (!isUploadId(r.id) || !info.exists()) {
            m_repairs << QStringLiteral("upload %1: its file is missing; forgotten").arg(r.id);
            onIndex([this, &r] { return m_index->remove(r.id); });
            continue;
        }
        const qint64 size = info.size();
        if (size > r.offset) {
            // Never acknowledged: unsynced, interrupted, or a chunk whose checksum was not checked.
            if (!unshare(path, r.offset)
                || ::truncate(QFile::encodeName(path).constData(), r.offset) != 0
                || !fsyncPath(path, O_WRONLY)) {
                *error = QStringLiteral("cannot cut %1 back to %2 bytes").arg(path).arg(r.offset);
                return false;
            }
            m_repairs << QStringLiteral("upload %1: %2 unacknowledged bytes dropped, offset %3")
                             .arg(r.id)
                             .arg(size - r.offset)
                             .arg(r.offset);
        } else if (size < r.offset) {
            m_repairs << QStringLiteral("upload %1: file holds %2 bytes, index said %3; "
                                        "resuming from %2")
                             .arg(r.id)
                             .arg(size)
                             .arg(r.offset);
            r.offset = size;
            onIndex([this, &r] { return m_index->updateProgress(r.id, r.offset, r.expires); });
        }
        m_uploads.insert(r.id, r);
        indexContentLocked(r);
    }
    m_finished = int(std::count_if(m_uploads.cbegin(), m_uploads.cend(),
                                   [](const UploadRecord &r) { return r.isFinished(); }));
    const QStringList files = QDir(m_uploadsDir).entryList(QDir::Files | QDir::Hidden | QDir::System);
    for (const QString &name : files) {
        if (!m_uploads.contains(name)) {
            QFile::remove(QDir(m_uploadsDir).filePath(name));
            m_repairs << QStringLiteral("file %1 had no index entry; deleted").arg(name);
        }
    }
    return true;
}

UploadStore::Lookup UploadStore::find(const QString &id, UploadRecord *out) const
{
    QMutexLocker locker(&m_mutex);
    const auto it = m_uploads.constFind(id);
    const auto gone = [&](const QString &owner) {
        out->id = id;
        out->owner = owner;
        return Lookup::Gone;
    };
    if (it == m_uploads.constEnd())
        return m_gone.contains(id) ? gone(m_gone.value(id)) : Lookup::Missing;
    if (m_doomed.contains(id) || it->isExpired(QDateTime::currentDateTimeUtc()))
        return gone(it->owner); // terminated mid-request, or the sweep has not come by yet
    *out = *it;
    return Lookup::Found;
}

std::optional<UploadRecord> UploadStore::create(qint64 length, const QByteArray &metadata,
                                                const QString &filename, const QString &owner,
                                                QString *error, qint64 quota, qint64 *overQuota,
                                                UploadRecord::Concat concat)
{
    const auto exceeds = [&] {
        // Without a quota there is nothing to add up (a walk over every upload per creation).
        if (quota == NoQuota)
            return false;
        const qint64 used = usageLocked(owner);
        if (used + qMax<qint64>(0, length) <= quota)
            return false;
        if (overQuota)
            *overQuota = used;
        return true;
    };
    {
        QMutexLocker locker(&m_mutex);
        if (exceeds()) // before any disk work; checked again where it counts
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

    int fd = -1;
    for (int attempt = 0; attempt < 4 && fd < 0; ++attempt) {
        quint32 words[IdBytes / 4];
        QRandomGenerator::system()->fillRange(words);
        r.id = QString::fromLatin1(
            QByteArray(reinterpret_cast<const char *>(words), IdBytes).toHex());
        fd = ::open(QFile::encodeName(filePath(r.id)).constData(),
                    O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
    }
    if (fd < 0) {
        *error = QStringLiteral("cannot create an upload file: %1").arg(qt_error_string(errno));
        return std::nullopt;
    }
    const bool synced = ::fsync(fd) == 0;
    ::close(fd);
    if (!synced || !fsyncPath(m_uploadsDir, O_RDONLY | O_DIRECTORY)) {
        QFile::remove(filePath(r.id));
        *error = QStringLiteral("cannot sync a new upload file");
        return std::nullopt;
    }
    QMutexLocker locker(&m_mutex);
    if (exceeds()) {
        QFile::remove(filePath(r.id));
        return std::nullopt;
    }
    if (!onIndex([this, &r] { return m_index->insert(r); })) {
        QFile::remove(filePath(r.id));
        *error = QStringLiteral("cannot record the upload: %1").arg(m_index->lastError());
        return std::nullopt;
    }
    m_uploads.insert(r.id, r);
    recountFinished(false, r);
    return r;
}

std::optional<UploadRecord> UploadStore::commitOffset(const QString &id, qint64 offset)
{
    QMutexLocker locker(&m_mutex);
    auto it = m_uploads.find(id);
    if (it == m_uploads.end())
        return std::nullopt;
    const QDateTime expires = QDateTime::currentDateTimeUtc().addSecs(m_expireAfter.count());
    if (!onIndex([this, &id, offset, &expires] {
            return m_index->updateProgress(id, offset, expires);
        }))
        return std::nullopt;
    const bool wasFinished = it->isFinished();
    it->offset = offset;
    it->expires = expires;
    recountFinished(wasFinished, *it);
    return *it;
}

bool UploadStore::setLength(const QString &id, qint64 length, qint64 quota, qint64 *overQuota)
{
    QMutexLocker locker(&m_mutex);
    auto it = m_uploads.find(id);
    if (it == m_uploads.end())
        return false;
    if (quota != NoQuota) {
        const qint64 used = usageLocked(it->owner);
        if (used - cost(*it) + length > quota) {
            if (overQuota)
                *overQuota = used;
            return false;
        }
    }
    if (!onIndex([this, &id, length] { return m_index->updateLength(id, length); }))
        return false;
    const bool wasFinished = it->isFinished();
    it->length = length;
    recountFinished(wasFinished, *it);
    m_growth.remove(id);
    return true;
}

qint64 UploadStore::cost(const UploadRecord &r) const
{
    return r.lengthDeferred() ? qMax(r.offset, m_growth.value(r.id, 0)) : r.length;
}

qint64 UploadStore::usageLocked(const QString &owner) const
{
    const QDateTime now = QDateTime::currentDateTimeUtc();
    qint64 used = 0;
    for (const UploadRecord &r : m_uploads) {
        if (r.owner == owner && !m_doomed.contains(r.id) && !r.isExpired(now))
            used += cost(r);
    }
    return used;
}

qint64 UploadStore::usage(const QString &owner) const
{
    QMutexLocker locker(&m_mutex);
    return usageLocked(owner);
}

qint64 UploadStore::reserveGrowth(const QString &id, qint64 wanted, qint64 quota)
{
    QMutexLocker locker(&m_mutex);
    const auto it = m_uploads.constFind(id);
    if (it == m_uploads.constEnd() || !it->lengthDeferred())
        return 0;
    if (quota == NoQuota)
        return wanted;
    const qint64 room = quota - usageLocked(it->owner);
    const qint64 granted = qBound<qint64>(0, room, wanted);
    m_growth.insert(id, qMax(cost(*it), it->offset + granted));
    return granted;
}

void UploadStore::forget(const QString &id)
{
    const UploadRecord record = m_uploads.take(id);
    unindexContentLocked(record);
    recountFinished(record.isFinished(), UploadRecord());
    const QString owner = record.owner;
    m_growth.remove(id);
    if (m_gone.size() >= MaxGoneRemembered)
        m_gone.clear();
    m_gone.insert(id, owner);
}

bool UploadStore::removeNow(const QString &id)
{
    m_doomed.remove(id);
    if (!m_uploads.contains(id) || !onIndex([this, &id] { return m_index->remove(id); }))
        return false;
    forget(id);
    QFile::remove(filePath(id));
    return true;
}

bool UploadStore::remove(const QString &id)
{
    QMutexLocker locker(&m_mutex);
    return removeNow(id);
}

bool UploadStore::terminate(const QString &id)
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

int UploadStore::sweepExpired(const QDateTime &now)
{
    QMutexLocker locker(&m_mutex);
    QStringList expired;
    for (const UploadRecord &r : std::as_const(m_uploads)) {
        if (r.isExpired(now) && !m_busy.contains(r.id))
            expired << r.id;
    }
    int removed = 0;
    for (const QString &id : std::as_const(expired)) {
        if (removeNow(id))
            ++removed;
    }
    return removed;
}

int UploadStore::count() const
{
    QMutexLocker locker(&m_mutex);
    return int(m_uploads.size());
}

UploadStore::StateCounts UploadStore::countByState() const {
    QMutexLocker locker(&m_mutex);
    return {int(m_uploads.size()) - m_finished, m_finished};
}

void UploadStore::recountFinished(bool wasFinished, const UploadRecord &now) {
    m_finished += int(now.isFinished()) - int(wasFinished);
}

bool UploadStore::tryLock(const QString &id)
{
    QMutexLocker locker(&m_mutex);
    if (m_busy.contains(id))
        return false;
    m_busy.insert(id);
    return true;
}

void UploadStore::unlock(const QString &id)
{
    QMutexLocker locker(&m_mutex);
    m_busy.remove(id);
    m_growth.remove(id);
    if (m_doomed.contains(id))
        removeNow(id);
}

QString UploadStore::filePath(const QString &id) const
{
    return m_uploadsDir + QLatin1Char('/') + id;
}
