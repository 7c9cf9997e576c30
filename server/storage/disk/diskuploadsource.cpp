#include "diskuploadsource.h"

#include <QFile>

#include <cerrno>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

std::unique_ptr<DiskUploadSource> DiskUploadSource::open(const QString &path, qint64 length)
{
    const int fd = ::open(QFile::encodeName(path).constData(), O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
    struct stat st {};
    if (fd < 0 || ::fstat(fd, &st) != 0 || st.st_size < length) {
        if (fd >= 0)
            ::close(fd);
        return nullptr;
    }
    return std::unique_ptr<DiskUploadSource>(new DiskUploadSource(fd, length));
}

DiskUploadSource::DiskUploadSource(int fd, qint64 length)
    : m_fd(fd)
    , m_length(length)
{
}

DiskUploadSource::~DiskUploadSource()
{
    if (m_fd >= 0)
        ::close(m_fd);
}

qint64 DiskUploadSource::read(qint64 offset, char *data, qint64 size)
{
    if (m_fd < 0 || offset < 0 || size < 0)
        return -1;
    size = qMin(size, qMax<qint64>(0, m_length - offset)); // the file may be longer: not ours
    qint64 done = 0;
    while (done < size) {
        const ssize_t n = ::pread(m_fd, data + done, size_t(size - done), off_t(offset + done));
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0)
            return -1;
        if (n == 0)
            break; // shorter than it was at open(): the storage lost it
        done += n;
    }
    return done;
}

int DiskUploadSource::takeFileDescriptor()
{
    const int fd = m_fd;
    m_fd = -1;
    return fd;
}
