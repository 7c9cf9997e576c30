// UploadStore's part of the concatenation extension: a final upload built from partial ones.
#include "uploadstore.h"

#include "uploadindex.h"

#include <QFile>
#include <QRandomGenerator>

#include <cerrno>
#include <fcntl.h>
#include <limits>
#include <unistd.h>

namespace {
constexpr int IdBytes = 16;
constexpr qint64 CopyStepBytes = qint64(1) << 30; // per copy_file_range call
constexpr qint64 FallbackBufferBytes = 1024 * 1024;

class FdCloser {
public:
    explicit FdCloser(int fd)
        : m_fd(fd) {}
    ~FdCloser() {
        if (m_fd >= 0)
            ::close(m_fd);
    }
    Q_DISABLE_COPY_MOVE(FdCloser)

private:
    int m_fd;
};

// read()/write() for a file system without copy_file_range between these two files.
bool copyByHand(int in, qint64 from, int out, qint64 length) {
    QByteArray buffer(int(qMin(length, FallbackBufferBytes)), Qt::Uninitialized);
    while (length > 0) {
        const ssize_t got =
            ::pread(in, buffer.data(), size_t(qMin<qint64>(length, buffer.size())), off_t(from));
        if (got < 0 && errno == EINTR)
            continue;
        if (got <= 0)
            return false;
        for (ssize_t done = 0; done < got;) {
            const ssize_t put = ::write(out, buffer.constData() + done, size_t(got - done));
            if (put < 0 && errno == EINTR)
                continue;
            if (put <= 0)
                return false;
            done += put;
        }
        from += got;
        length -= got;
    }
    return true;
}
} // namespace

bool UploadStore::copyParts(int out, const QList<UploadRecord> &parts, QString *error) const {
    for (const UploadRecord &part : parts) {
        const int in =
            ::open(QFile::encodeName(filePath(part.id)).constData(), O_RDONLY | O_CLOEXEC);
        if (in < 0) {
            *error = QStringLiteral("cannot open part %1: %2").arg(part.id, qt_error_string(errno));
            return false;
        }
        FdCloser closeIn(in);
        // Kernel-side: no bytes through user space, and a reflink where the file system has them.
        loff_t from = 0;
        while (from < part.length) {
            const ssize_t copied = ::copy_file_range(
                in, &from, out, nullptr, size_t(qMin(part.length - from, CopyStepBytes)), 0);
            if (copied > 0)
                continue; // `from` moved on
            if (copied < 0 && errno == EINTR)
                continue;
            const bool unsupported = copied < 0 && (errno == EXDEV || errno == ENOSYS ||
                                                    errno == EINVAL || errno == EOPNOTSUPP);
            if (unsupported && copyByHand(in, from, out, part.length - from))
                break;
            *error = copied == 0 ? QStringLiteral("part %1 holds fewer than its %2 bytes")
                                       .arg(part.id)
                                       .arg(part.length)
                                 : QStringLiteral("cannot copy part %1: %2")
                                       .arg(part.id, qt_error_string(errno));
            return false;
        }
    }
    return true;
}

UploadStore::ConcatOutcome UploadStore::concatenate(const QStringList &parts,
                                                    const QByteArray &metadata,
                                                    const QString &filename, const QString &owner,
                                                    UploadRecord *out, QString *error) {
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
    const ConcatOutcome outcome = joinLocked(parts, final, out, error);
    unlockAll();
    return outcome;
}

UploadStore::ConcatOutcome UploadStore::joinLocked(const QStringList &ids, UploadRecord final,
                                                   UploadRecord *out, QString *error) {
    QList<UploadRecord> parts;
    qint64 length = 0;
    const auto partsAreUsable = [&] {
        for (const QString &id : ids) {
            const auto it = m_uploads.constFind(id);
            if (it == m_uploads.constEnd() || m_doomed.contains(id) || it->owner != final.owner ||
                it->concat != UploadRecord::Concat::Partial || !it->isFinished())
                return false;
        }
        return true;
    };
    {
        QMutexLocker locker(&m_mutex);
        if (!partsAreUsable())
            return ConcatOutcome::PartsChanged;
        for (const QString &id : ids) {
            const UploadRecord &part = m_uploads[id];
            if (part.length > std::numeric_limits<qint64>::max() - length) {
                *error = QStringLiteral("the parts are too long together");
                return ConcatOutcome::Failed;
            }
            length += part.length;
            parts << part;
        }
    }
    final.length = length;
    final.offset = length;

    int fd = -1;
    for (int attempt = 0; attempt < 4 && fd < 0; ++attempt) {
        quint32 words[IdBytes / 4];
        QRandomGenerator::system()->fillRange(words);
        final.id =
            QString::fromLatin1(QByteArray(reinterpret_cast<const char *>(words), IdBytes).toHex());
        fd = ::open(QFile::encodeName(filePath(final.id)).constData(),
                    O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
    }
    if (fd < 0) {
        *error =
            QStringLiteral("cannot create a final upload file: %1").arg(qt_error_string(errno));
        return ConcatOutcome::Failed;
    }
    const auto discard = [&](const QString &why) {
        QFile::remove(filePath(final.id));
        if (!why.isEmpty())
            *error = why;
    };
    // Every byte on disk, and the file's name in its directory, before the index may know of it.
    bool written = copyParts(fd, parts, error);
    written = written && ::fsync(fd) == 0;
    ::close(fd);
    if (!written) {
        discard(error->isEmpty() ? QStringLiteral("cannot sync the final upload") : QString());
        return ConcatOutcome::Failed;
    }
    const int dir =
        ::open(QFile::encodeName(m_uploadsDir).constData(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    const bool dirSynced = dir >= 0 && ::fsync(dir) == 0;
    if (dir >= 0)
        ::close(dir);
    if (!dirSynced) {
        discard(QStringLiteral("cannot sync the uploads folder"));
        return ConcatOutcome::Failed;
    }

    QMutexLocker locker(&m_mutex);
    if (!partsAreUsable()) { // a DELETE came while the bytes were copied
        discard(QString());
        return ConcatOutcome::PartsChanged;
    }
    bool recorded = false;
    QMetaObject::invokeMethod(
        m_index, [&] { recorded = m_index->insertReplacing(final, ids); },
        Qt::BlockingQueuedConnection);
    if (!recorded) {
        discard(QStringLiteral("cannot record the final upload: %1").arg(m_index->lastError()));
        return ConcatOutcome::Failed;
    }
    m_uploads.insert(final.id, final);
    recountFinished(false, final);
    for (const QString &id : ids) {
        forget(id);
        QFile::remove(filePath(id)); // a crash before this: open() deletes files without a row
    }
    *out = final;
    return ConcatOutcome::Done;
}
