#pragma once

#include "checksum.h"
#include "storefailure.h"
#include "uploadrecord.h"

#include <memory>

class UploadSink;
class UploadStore;

// Streams one request body into an upload, as it arrives, at the upload's offset, through the
// store's UploadSink; decides what to keep and when to make it durable (the sink's commit()).
//
// Without a checksum, progress is committed every CommitEvery bytes (a checkpoint: what the store
// made durable meanwhile, UploadSink::checkpoint()) and when the connection breaks, so a long
// PATCH cut short keeps what arrived, as tus asks. With a checksum nothing is
// committed until the whole body is verified; a mismatch (or a broken connection) rolls the sink
// back to where it was, so no byte of a bad chunk is ever kept.
//
// The caller holds the upload's lock (UploadStore::tryLock) for the writer's lifetime.
class UploadWriter final {
    Q_DISABLE_COPY_MOVE(UploadWriter)
public:
    enum class Outcome { Stored, ChecksumMismatch, TooLarge, IoError };

    // `limit`: the most bytes this body may add (the rest of Upload-Length, or Tus-Max-Size).
    UploadWriter(UploadStore &store, const UploadRecord &record, qint64 limit,
                 std::unique_ptr<ChecksumHasher> hasher, const QByteArray &expectedDigest);
    ~UploadWriter();

    // False with failure() when the store cannot take bytes for the upload now.
    bool open();
    // false once the body went wrong (too large, I/O); later data is then dropped.
    bool write(const char *data, size_t size);
    // The body ended: verify, sync and commit. The record then holds the new offset.
    Outcome finish();
    // The connection broke before the body ended.
    void abort();

    // Instant upload: a running SHA-256 of the whole content so far, fed every byte of this body.
    void setContentHasher(std::unique_ptr<ChecksumHasher> hasher);
    // Back after finish() or abort(), when it has hashed exactly the bytes now committed (nullptr
    // otherwise: a rolled-back chunk went into it, so the content is read again at the end).
    std::unique_ptr<ChecksumHasher> takeContentHasher();

    const UploadRecord &record() const { return m_record; }
    qint64 received() const { return m_received; }
    // Why open() failed, or the body ended in IoError (the last write or commit that failed).
    const StoreFailure &failure() const { return m_storeFailure; }
    QByteArray checksumName() const { return m_hasher ? m_hasher->name() : QByteArray(); }

private:
    // The sink's: durable, then the offset recorded; a `checkpoint` records only what is durable
    // already (UploadSink::checkpoint()).
    bool commit(bool checkpoint = false);
    void rollBack();
    void closeSink();
    qint64 sinceCommit() const; // bytes written and not yet committed

    UploadStore &m_store;
    UploadRecord m_record;
    const qint64 m_startOffset;
    const qint64 m_limit;
    std::unique_ptr<ChecksumHasher> m_hasher;
    QByteArray m_expectedDigest;
    std::unique_ptr<ChecksumHasher> m_contentHasher;
    qint64 m_contentHashed = 0; // bytes of this body fed to m_contentHasher
    std::unique_ptr<UploadSink> m_sink;
    qint64 m_received = 0; // bytes of this body written to the sink
    Outcome m_failure = Outcome::Stored;
    StoreFailure m_storeFailure;
    bool m_done = false;
};
