#include "partjoiner.h"

#include "uploadfiles.h"

#include <QFile>

#include <cerrno>
#include <fcntl.h>
#include <unistd.h>

namespace {
constexpr qint64 CopyStepBytes = qint64(1) << 30; // per copy_file_range call
constexpr qint64 FallbackBufferBytes = 1024 * 1024;

class FdCloser {
public:
    explicit FdCloser(int fd)
        : m_fd(fd)
    {
    }
    ~FdCloser()
    {
        if (m_fd >= 0)
            ::close(m_fd);
    }
    Q_DISABLE_COPY_MOVE(FdCloser)

private:
    int m_fd;
};

// read()/write() for a file system without copy_file_range between these two files.
bool copyByHand(int in, qint64 from, int out, qint64 length)
{
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

PartJoiner::PartJoiner(const UploadFiles &files)
    : m_files(files)
{
}

PartJoiner::~PartJoiner()
{
    if (!m_id.isEmpty() && !m_kept)
        m_files.remove(m_id);
}

QString PartJoiner::path() const
{
    return m_files.path(m_id);
}

bool PartJoiner::join(const QList<UploadRecord> &parts, StoreFailure *failure)
{
    const int fd = m_files.createNew(&m_id, failure);
    if (fd < 0) {
        m_id.clear();
        return false;
    }
    // Every byte on disk, and the file's name in its folder, before the index may know of it.
    bool written = copyParts(fd, parts, failure);
    if (written && ::fsync(fd) != 0) {
        *failure = StoreFailure::fromErrno(errno, QStringLiteral("cannot sync the final upload"));
        written = false;
    }
    ::close(fd);
    if (written && !m_files.syncFolder()) {
        *failure = StoreFailure::fromErrno(errno, QStringLiteral("cannot sync the uploads folder"));
        written = false;
    }
    return written;
}

bool PartJoiner::copyParts(int out, const QList<UploadRecord> &parts, StoreFailure *failure) const
{
    for (const UploadRecord &part : parts) {
        const int in =
            ::open(QFile::encodeName(m_files.path(part.id)).constData(), O_RDONLY | O_CLOEXEC);
        if (in < 0) {
            *failure =
                StoreFailure::fromErrno(errno, QStringLiteral("cannot open part %1").arg(part.id));
            return false;
        }
        FdCloser closeIn(in);
        loff_t from = 0;
        while (from < part.length) {
            const ssize_t copied = ::copy_file_range(
                in, &from, out, nullptr, size_t(qMin(part.length - from, CopyStepBytes)), 0);
            if (copied > 0)
                continue; // `from` moved on
            if (copied < 0 && errno == EINTR)
                continue;
            const bool unsupported =
                copied < 0
                && (errno == EXDEV || errno == ENOSYS || errno == EINVAL || errno == EOPNOTSUPP);
            if (unsupported && copyByHand(in, from, out, part.length - from))
                break;
            *failure =
                copied == 0
                    ? StoreFailure::storage(QStringLiteral("part %1 holds fewer than its %2 bytes")
                                                .arg(part.id)
                                                .arg(part.length))
                    : StoreFailure::fromErrno(errno,
                                              QStringLiteral("cannot copy part %1").arg(part.id));
            return false;
        }
    }
    return true;
}
