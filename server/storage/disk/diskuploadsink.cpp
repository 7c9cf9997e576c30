#include "diskuploadsink.h"

#include "diskuploadstore.h"

#include <QFile>

#include <algorithm>
#include <cerrno>
#include <fcntl.h>
#include <unistd.h>

namespace {
// How often to start the writeback of what arrived since (without waiting for it), so the disk
// writes while the network reads and a commit's fdatasync finds most of its bytes already there.
constexpr qint64 WritebackEvery = 2 * 1024 * 1024;
} // namespace

std::unique_ptr<DiskUploadSink> DiskUploadSink::open(DiskUploadStore &store, const QString &path,
                                                     const UploadRecord &record,
                                                     StoreFailure *failure)
{
    const QByteArray encoded = QFile::encodeName(path);
    int fd = ::open(encoded.constData(), O_WRONLY | O_CLOEXEC);
    if (fd < 0 && errno == EACCES && record.isFinished())
        fd = ::open(encoded.constData(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        *failure = StoreFailure::fromErrno(errno, QStringLiteral("cannot open %1").arg(path));
        return nullptr;
    }
    return std::unique_ptr<DiskUploadSink>(new DiskUploadSink(store, record.id, record.offset, fd));
}

DiskUploadSink::DiskUploadSink(DiskUploadStore &store, const QString &id, qint64 offset, int fd)
    : m_store(store)
    , m_id(id)
    , m_start(offset)
    , m_fd(fd)
    , m_committed(offset)
    , m_offset(offset)
    , m_writebackFrom(offset)
{
}

DiskUploadSink::~DiskUploadSink()
{
    if (m_offset != m_committed)
        rollBack();
    ::close(m_fd);
}

bool DiskUploadSink::write(const char *data, size_t size)
{
    size_t done = 0;
    while (done < size) {
        const ssize_t n = ::pwrite(m_fd, data + done, size - done, m_offset);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            // The bytes a short pwrite did store stay counted in offset(): they are there, and
            // a commit may keep them. ENOSPC comes as such a short write, then the error.
            m_failure = StoreFailure::fromErrno(n < 0 ? errno : ENOSPC,
                                                QStringLiteral("cannot write upload %1").arg(m_id));
            return false;
        }
        done += size_t(n);
        m_offset += n;
    }
    startWriteback();
    return true;
}

void DiskUploadSink::startWriteback()
{
#ifdef __linux__
    // Only a hint: durability still comes from commit()'s fdatasync, which reports any error.
    if (m_offset - m_writebackFrom >= WritebackEvery) {
        ::sync_file_range(m_fd, m_writebackFrom, m_offset - m_writebackFrom, SYNC_FILE_RANGE_WRITE);
        m_writebackFrom = m_offset;
    }
#endif
}

std::optional<UploadRecord> DiskUploadSink::commit()
{
    // Nothing written through this sink: no bytes to sync, only the expiry moves on.
    if (m_offset > m_start && ::fdatasync(m_fd) != 0) {
        // A file system that allocates late (ext4, XFS) reports no room only here.
        m_failure =
            StoreFailure::fromErrno(errno, QStringLiteral("cannot sync upload %1").arg(m_id));
        return std::nullopt;
    }
    auto updated = m_store.commitOffset(m_id, m_offset, &m_failure);
    if (updated)
        m_committed = m_offset;
    return updated;
}

void DiskUploadSink::rollBack()
{
    if (::ftruncate(m_fd, m_committed) == 0)
        ::fdatasync(m_fd);
    m_offset = m_committed;
    m_writebackFrom = std::min(m_writebackFrom, m_offset);
}
