// The instant-upload half of UploadStore: finding content by its verified hash, and completing a
// new upload from content already held, in the durability order uploadstore.h describes.
#include "uploadstore.h"

#include "uploadindex.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <cerrno>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace {
constexpr size_t CopyBlock = 1 << 20;

bool syncDirectory(const QString &path) {
    const int fd = ::open(QFile::encodeName(path).constData(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0)
        return false;
    const bool ok = ::fsync(fd) == 0;
    ::close(fd);
    return ok;
}

// The first `length` bytes of `from` into a new file `to`, kernel-side where it can, synced.
bool copyFile(const QString &from, const QString &to, qint64 length, QString *error) {
    const int in = ::open(QFile::encodeName(from).constData(), O_RDONLY | O_CLOEXEC);
    const int out =
        ::open(QFile::encodeName(to).constData(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
    bool ok = in >= 0 && out >= 0;
    loff_t done = 0;
    bool kernel = true;
    QByteArray buffer;
    while (ok && done < length) {
        const size_t want = size_t(qMin<qint64>(length - done, qint64(CopyBlock)));
        ssize_t n = -1;
        if (kernel) {
            loff_t inOffset = done;
            n = ::copy_file_range(in, &inOffset, out, nullptr, want, 0);
            if (n < 0 &&
                (errno == EXDEV || errno == ENOSYS || errno == EINVAL || errno == EOPNOTSUPP)) {
                kernel = false;
                continue;
            }
        } else {
            buffer.resize(qsizetype(want));
            n = ::pread(in, buffer.data(), want, done);
            if (n > 0 && ::write(out, buffer.constData(), size_t(n)) != n)
                n = -1;
        }
        if (n < 0 && errno == EINTR)
            continue;
        ok = n > 0;
        done += n > 0 ? n : 0;
    }
    ok = ok && ::fdatasync(out) == 0;
    if (!ok)
        *error = QStringLiteral("cannot copy %1: %2").arg(from, qt_error_string(errno));
    if (in >= 0)
        ::close(in);
    if (out >= 0)
        ::close(out);
    if (!ok)
        QFile::remove(to);
    return ok;
}

// Puts a new empty file in `path`'s place, so that no write to it can reach a shared inode.
bool replaceWithEmpty(const QString &path) {
    const QString temp = path + QStringLiteral(".empty");
    const int fd =
        ::open(QFile::encodeName(temp).constData(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
    if (fd < 0)
        return false;
    const bool synced = ::fsync(fd) == 0;
    ::close(fd);
    return synced &&
           ::rename(QFile::encodeName(temp).constData(), QFile::encodeName(path).constData()) == 0;
}
} // namespace

bool UploadStore::recordContent(const QString &id, qint64 offset, const QByteArray &digest) {
    // As onIndex() does (a template of uploadstore.cpp): on the index's thread, waiting for it.
    bool recorded = false;
    QMetaObject::invokeMethod(
        m_index, [&] { recorded = m_index->updateContent(id, offset, digest); },
        Qt::BlockingQueuedConnection);
    return recorded;
}

void UploadStore::indexContentLocked(const UploadRecord &r) {
    if (r.isFinished() && !r.contentHash.isEmpty() && !m_byContent.contains(r.contentHash, r.id))
        m_byContent.insert(r.contentHash, r.id);
}

void UploadStore::unindexContentLocked(const UploadRecord &r) {
    if (!r.contentHash.isEmpty())
        m_byContent.remove(r.contentHash, r.id);
}

std::optional<UploadRecord> UploadStore::findVerified(const QByteArray &digest, qint64 length,
                                                      const QString &exceptId) const {
    QMutexLocker locker(&m_mutex);
    const QDateTime now = QDateTime::currentDateTimeUtc();
    for (auto it = m_byContent.constFind(digest); it != m_byContent.cend() && it.key() == digest;
         ++it) {
        const auto r = m_uploads.constFind(it.value());
        if (r != m_uploads.cend() && r->id != exceptId && !m_doomed.contains(r->id) &&
            r->isFinished() && r->length == length && r->contentHash == digest &&
            !r->isExpired(now))
            return *r;
    }
    return std::nullopt;
}

bool UploadStore::setContentHash(const QString &id, const QByteArray &digest) {
    QMutexLocker locker(&m_mutex);
    const auto it = m_uploads.find(id);
    if (it == m_uploads.end() || !it->isFinished())
        return false;
    if (!recordContent(id, it->offset, digest))
        return false;
    unindexContentLocked(*it);
    it->contentHash = digest;
    indexContentLocked(*it);
    return true;
}

std::optional<UploadRecord> UploadStore::completeFrom(const QString &id, const QString &sourceId,
                                                      const QByteArray &digest, QString *error) {
    qint64 length = 0;
    {
        QMutexLocker locker(&m_mutex);
        const auto target = m_uploads.constFind(id);
        const auto source = m_uploads.constFind(sourceId);
        if (target == m_uploads.cend() || source == m_uploads.cend() || m_doomed.contains(id) ||
            !source->isFinished() || source->length != target->length || target->offset != 0) {
            *error = QStringLiteral("the uploads changed meanwhile");
            return std::nullopt;
        }
        length = target->length;
    }
    const QString path = filePath(id);
    const QString sourcePath = filePath(sourceId);
    // Hidden, and not an upload id: open() deletes it if a crash leaves it behind.
    const QString temp = m_uploadsDir + QStringLiteral("/.") + id + QStringLiteral(".instant");
    QFile::remove(temp);
    // The source's bytes are durable already (it is finished); the link needs the directory sync.
    if (::link(QFile::encodeName(sourcePath).constData(), QFile::encodeName(temp).constData()) !=
            0 &&
        !copyFile(sourcePath, temp, length, error))
        return std::nullopt;
    if (QFileInfo(temp).size() != length) {
        QFile::remove(temp);
        *error = QStringLiteral("the held content is not %1 bytes long").arg(length);
        return std::nullopt;
    }
    if (::rename(QFile::encodeName(temp).constData(), QFile::encodeName(path).constData()) != 0) {
        *error =
            QStringLiteral("cannot move the content into place: %1").arg(qt_error_string(errno));
        QFile::remove(temp);
        return std::nullopt;
    }
    const bool synced = syncDirectory(m_uploadsDir);
    QMutexLocker locker(&m_mutex);
    const auto it = m_uploads.find(id);
    if (it == m_uploads.end() || !synced || !recordContent(id, length, digest)) {
        // The index still says 0 bytes: the file must hold none, or a PATCH would write into an
        // inode another upload shares.
        if (it != m_uploads.end())
            replaceWithEmpty(path);
        *error = synced ? QStringLiteral("cannot record the upload: %1").arg(m_index->lastError())
                        : QStringLiteral("cannot sync the uploads folder");
        return std::nullopt;
    }
    const bool wasFinished = it->isFinished();
    it->offset = length;
    it->contentHash = digest;
    recountFinished(wasFinished, *it);
    indexContentLocked(*it);
    return *it;
}

bool UploadStore::unshare(const QString &path, qint64 keep) {
    struct stat st {};
    if (::stat(QFile::encodeName(path).constData(), &st) != 0 || st.st_nlink <= 1)
        return true; // nothing shared; truncate() says what is wrong, if anything is
    const QString temp = path + QStringLiteral(".unshare");
    QFile::remove(temp);
    QString error;
    if (!copyFile(path, temp, keep, &error))
        return false;
    if (::rename(QFile::encodeName(temp).constData(), QFile::encodeName(path).constData()) != 0) {
        QFile::remove(temp);
        return false;
    }
    return syncDirectory(QFileInfo(path).absolutePath());
}
