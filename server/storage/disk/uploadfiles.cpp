#include "uploadfiles.h"

#include "uploadrecord.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRandomGenerator>

#include <cerrno>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace {
constexpr int IdBytes = 16;
constexpr int IdAttempts = 4; // a collision of 128 random bits twice in a row is a broken RNG
constexpr size_t CopyBlock = 1 << 20;

QByteArray encoded(const QString &path)
{
    return QFile::encodeName(path);
}

bool fsyncPath(const QString &path, int flags)
{
    const int fd = ::open(encoded(path).constData(), flags | O_CLOEXEC);
    if (fd < 0)
        return false;
    const bool ok = ::fsync(fd) == 0;
    ::close(fd);
    return ok;
}

// The first `length` bytes of `from` into a new file `to`, synced.
bool copyFile(const QString &from, const QString &to, qint64 length, StoreFailure *failure)
{
    const int in = ::open(encoded(from).constData(), O_RDONLY | O_CLOEXEC);
    const int out = ::open(encoded(to).constData(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
    const bool ok = in >= 0 && out >= 0 && UploadFiles::copyContent(in, out, length);
    if (!ok)
        *failure = StoreFailure::fromErrno(errno, QStringLiteral("cannot copy %1").arg(from));
    if (in >= 0)
        ::close(in);
    if (out >= 0)
        ::close(out);
    if (!ok)
        QFile::remove(to);
    return ok;
}
} // namespace

bool UploadFiles::copyContent(int in, int out, qint64 length)
{
    loff_t done = 0;
    bool kernel = true;
    bool ok = true;
    QByteArray buffer;
    while (ok && done < length) {
        const size_t want = size_t(qMin<qint64>(length - done, qint64(CopyBlock)));
        ssize_t n = -1;
        if (kernel) {
            loff_t inOffset = done;
            n = ::copy_file_range(in, &inOffset, out, nullptr, want, 0);
            if (n < 0
                && (errno == EXDEV || errno == ENOSYS || errno == EINVAL || errno == EOPNOTSUPP)) {
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
    return ok && ::fdatasync(out) == 0;
}

UploadFiles::UploadFiles(const QString &dir)
    : m_dir(dir)
{
}

QString UploadFiles::path(const QString &id) const
{
    return m_dir + QLatin1Char('/') + id;
}

bool UploadFiles::makeFolder() const
{
    return QDir().mkpath(m_dir);
}

QStringList UploadFiles::names() const
{
    return QDir(m_dir).entryList(QDir::Files | QDir::Hidden | QDir::System);
}

bool UploadFiles::isUploadId(const QString &name)
{
    return UploadRecord::isId(name);
}

int UploadFiles::createNew(QString *id, StoreFailure *failure) const
{
    int fd = -1;
    for (int attempt = 0; attempt < IdAttempts && fd < 0; ++attempt) {
        quint32 words[IdBytes / 4];
        QRandomGenerator::system()->fillRange(words);
        *id =
            QString::fromLatin1(QByteArray(reinterpret_cast<const char *>(words), IdBytes).toHex());
        fd = ::open(encoded(path(*id)).constData(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
    }
    if (fd < 0)
        *failure = StoreFailure::fromErrno(errno, QStringLiteral("cannot create an upload file"));
    return fd;
}

QString UploadFiles::createEmpty(StoreFailure *failure) const
{
    QString id;
    const int fd = createNew(&id, failure);
    if (fd < 0)
        return {};
    const bool synced = ::fsync(fd) == 0;
    const int syncError = errno;
    ::close(fd);
    if (!synced || !syncFolder()) {
        remove(id);
        *failure = StoreFailure::fromErrno(synced ? errno : syncError,
                                           QStringLiteral("cannot sync a new upload file"));
        return {};
    }
    return id;
}

bool UploadFiles::syncFolder() const
{
    return fsyncPath(m_dir, O_RDONLY | O_DIRECTORY);
}

void UploadFiles::remove(const QString &id) const
{
    QFile::remove(path(id));
}

bool UploadFiles::cutBack(const QString &id, qint64 keep) const
{
    const QString file = path(id);
    struct stat st {};
    if (::stat(encoded(file).constData(), &st) == 0 && st.st_nlink > 1) {
        const QString temp = file + QStringLiteral(".unshare");
        QFile::remove(temp);
        StoreFailure failure;
        if (!copyFile(file, temp, keep, &failure))
            return false;
        if (::rename(encoded(temp).constData(), encoded(file).constData()) != 0) {
            QFile::remove(temp);
            return false;
        }
        if (!syncFolder())
            return false;
    }
    return ::truncate(encoded(file).constData(), keep) == 0 && fsyncPath(file, O_WRONLY);
}

bool UploadFiles::placeContentOf(const QString &sourceId, const QString &id, qint64 length,
                                 StoreFailure *failure) const
{
    const QString target = path(id);
    const QString source = path(sourceId);
    // Hidden, and not an upload id: open() deletes it if a crash leaves it behind.
    const QString temp = m_dir + QStringLiteral("/.") + id + QStringLiteral(".instant");
    QFile::remove(temp);
    // The source's bytes are durable already (it is finished); the link needs the folder sync.
    if (::link(encoded(source).constData(), encoded(temp).constData()) != 0
        && !copyFile(source, temp, length, failure))
        return false;
    if (QFileInfo(temp).size() != length) {
        QFile::remove(temp);
        *failure = StoreFailure::storage(
            QStringLiteral("the held content is not %1 bytes long").arg(length));
        return false;
    }
    if (::rename(encoded(temp).constData(), encoded(target).constData()) != 0) {
        *failure =
            StoreFailure::fromErrno(errno, QStringLiteral("cannot move the content into place"));
        QFile::remove(temp);
        return false;
    }
    if (!syncFolder()) {
        *failure = StoreFailure::fromErrno(errno, QStringLiteral("cannot sync the uploads folder"));
        return false;
    }
    return true;
}

bool UploadFiles::emptyAgain(const QString &id) const
{
    const QString file = path(id);
    const QString temp = file + QStringLiteral(".empty");
    const int fd =
        ::open(encoded(temp).constData(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
    if (fd < 0)
        return false;
    const bool synced = ::fsync(fd) == 0;
    ::close(fd);
    return synced && ::rename(encoded(temp).constData(), encoded(file).constData()) == 0;
}
