#include "uploadwriter.h"

#include "uploadstore.h"

namespace {
// How much of a long PATCH may be lost to a crash; each commit costs a sync and an index
// transaction, so not too often either.
constexpr qint64 CommitEvery = 16 * 1024 * 1024;
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
    m_sink = m_store.openSink(m_record, &m_storeFailure);
    if (m_sink && !m_hasher)
        m_sink->keepWhatArrives();
    return m_sink != nullptr;
}

qint64 UploadWriter::sinceCommit() const
{
    return m_startOffset + m_received - m_record.offset;
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
    const bool written = m_sink->write(data, size);
    m_received = m_sink->offset() - m_startOffset; // what went in, even when not all of it
    if (!written) {
        m_storeFailure = m_sink->failure();
        m_failure = Outcome::IoError;
        return false;
    }
    if (!m_hasher && sinceCommit() >= CommitEvery && !commit(true)) {
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

bool UploadWriter::commit(bool checkpoint)
{
    const auto updated = checkpoint ? m_sink->checkpoint() : m_sink->commit();
    if (!updated) {
        m_storeFailure = m_sink->failure();
        return false;
    }
    m_record = *updated;
    return true;
}

UploadWriter::Outcome UploadWriter::finish()
{
    m_done = true;
    if (m_failure != Outcome::Stored) {
        // A checksummed body is all or nothing; a plain one keeps what was good before the fault.
        if (m_hasher || m_failure == Outcome::TooLarge)
            rollBack();
        else if (sinceCommit() > 0 && !commit())
            rollBack();
        closeSink();
        return m_failure;
    }
    if (m_hasher && m_hasher->finish() != m_expectedDigest) {
        rollBack();
        closeSink();
        return Outcome::ChecksumMismatch;
    }
    bool ok = true;
    if (m_received > 0)
        ok = commit();
    else
        commit(); // nothing new, but the expiry moves on (or not: nothing is lost either way)
    if (!ok) {
        rollBack();
        closeSink();
        return Outcome::IoError;
    }
    closeSink();
    return Outcome::Stored;
}

void UploadWriter::abort()
{
    m_done = true;
    if (!m_sink)
        return;
    if (m_hasher || m_failure != Outcome::Stored)
        rollBack();
    else if (sinceCommit() > 0 && !commit())
        rollBack();
    closeSink();
}

void UploadWriter::rollBack()
{
    // Back to the last committed offset (the start, with a checksum).
    m_sink->rollBack();
    m_received = m_record.offset - m_startOffset;
}

void UploadWriter::closeSink()
{
    m_sink.reset();
}
