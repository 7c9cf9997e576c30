#include "uploadwriter.h"

#include "uploadstore.h"

#include <QFile>

#include <algorithm>
#include <cerrno>
#include <fcntl.h>
#include <unistd.h>

namespace {
// How much of a long PATCH may be lost to a crash; each commit costs an fdatasync and an
// index transaction, so not too often either.
constexpr qint64 CommitEvery = 16 * 1024 * 1024;
// How often to start the writeback of what arrived since (without waiting for it), so the disk
// writes while the network reads and a commit's fdatasync finds most of its bytes already there.
constexpr qint64 WritebackEvery = 2 * 1024 * 1024;
} // namespace

UploadWriter::UploadWriter(UploadStore &store, const UploadRecord &record, qint64 limit,
                           std::unique_ptr<ChecksumHasher> hasher, const QByteArray &expectedDigest)
    : m_store(store)
    , m_record(record)
    , m_startOffset(record.offset)
    , m_limit(limit)
    , m_hasher(std::move(hasher))
    , m_expectedDigest(expectedDigest)
{
}

UploadWriter::~UploadWriter()
{
    if (!m_done)
        abort();
}

bool UploadWriter::open()
{
    const QByteArray path = QFile::encodeName(m_store.filePath(m_record.id));
    m_fd = ::open(path.constData(), O_WRONLY | O_CLOEXEC);
    // A finished upload shared with its named file is read-only (NamedFiles); an empty PATCH at
    // its end writes nothing.
    if (m_fd < 0 && errno == EACCES && m_record.isFinished())
        m_fd = ::open(path.constData(), O_RDONLY | O_CLOEXEC);
    return m_fd >= 0;
}

bool UploadWriter::write(const char *data, size_t size)
{
    if (m_failure != Outcome::Stored)
        return false;
    if (m_received + qint64(size) > m_limit) {
        m_failure = Outcome::TooLarge;
        return false;
    }
    if (m_hasher)
        m_hasher->update(data, size);
    if (m_contentHasher) {
        m_contentHasher->update(data, size);
        m_contentHashed += qint64(size);
    }
    size_t done = 0;
    while (done < size) {
        const ssize_t n = ::pwrite(m_fd, data + done, size - done, m_startOffset + m_received);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            m_failure = Outcome::IoError;
            return false;
        }
        done += size_t(n);
        m_received += n;
        m_sinceCommit += n;
    }
    startWriteback();
    if (!m_hasher && m_sinceCommit >= CommitEvery && !commit()) {
        m_failure = Outcome::IoError;
        return false;
    }
    return true;
}

void UploadWriter::setContentHasher(std::unique_ptr<ChecksumHasher> hasher)
{
    m_contentHasher = std::move(hasher);
    m_contentHashed = 0;
}

std::unique_ptr<ChecksumHasher> UploadWriter::takeContentHasher()
{
    if (!m_done || m_startOffset + m_contentHashed != m_record.offset)
        m_contentHasher.reset();
    return std::move(m_contentHasher);
}

void UploadWriter::startWriteback()
{
#ifdef __linux__
    // Only a hint: durability still comes from commit()'s fdatasync, which reports any error.
    if (m_received - m_writebackFrom >= WritebackEvery) {
        ::sync_file_range(m_fd, m_startOffset + m_writebackFrom, m_received - m_writebackFrom,
                          SYNC_FILE_RANGE_WRITE);
        m_writebackFrom = m_received;
    }
#endif
}

bool UploadWriter::commit()
{
    if (::fdatasync(m_fd) != 0)
        return false;
    const auto updated = m_store.commitOffset(m_record.id, m_startOffset + m_received);
    if (!updated)
        return false;
    m_record = *updated;
    m_sinceCommit = 0;
    return true;
}

UploadWriter::Outcome UploadWriter::finish()
{
    m_done = true;
    if (m_failure != Outcome::Stored) {
        // A checksummed body is all or nothing; a plain one keeps what was good before the fault.
        if (m_hasher || m_failure == Outcome::TooLarge)
            rollBack();
        else if (m_sinceCommit > 0 && !commit())
            rollBack();
        closeFile();
        return m_failure;
    }
    if (m_hasher && m_hasher->finish() != m_expectedDigest) {
        rollBack();
        closeFile();
        return Outcome::ChecksumMismatch;
    }
    bool ok = true;
    if (m_received > 0 || m_sinceCommit > 0) {
        ok = commit();
    } else if (const auto updated = m_store.commitOffset(m_record.id, m_startOffset)) {
        m_record = *updated; // nothing new, but the expiry moves on
    }
    if (!ok) {
        rollBack();
        closeFile();
        return Outcome::IoError;
    }
    closeFile();
    return Outcome::Stored;
}

void UploadWriter::abort()
{
    m_done = true;
    if (m_fd < 0)
        return;
    if (m_hasher || m_failure != Outcome::Stored)
        rollBack();
    else if (m_sinceCommit > 0 && !commit())
        rollBack();
    closeFile();
}

void UploadWriter::rollBack()
{
    // Cut back to the last committed offset (the start, with a checksum); a crash before this
    // leaves the bytes beyond the recorded offset, which UploadStore::open() cuts off.
    const qint64 committed = m_record.offset;
    if (m_fd >= 0 && ::ftruncate(m_fd, committed) == 0)
        ::fdatasync(m_fd);
    m_received = committed - m_startOffset;
    m_writebackFrom = std::min(m_writebackFrom, m_received);
    m_sinceCommit = 0;
}

void UploadWriter::closeFile()
{
    if (m_fd >= 0)
        ::close(m_fd);
    m_fd = -1;
}
