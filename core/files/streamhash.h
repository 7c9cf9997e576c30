#pragma once

#include <QByteArray>

#include <memory>

// The SHA-256 of a file's bytes as they are read to be sent, in order (libcrypto): each read
// reports its file offset, and only the bytes just past what was hashed so far are taken, so a
// body that Qt starts over, or a request resent from an earlier offset, is never hashed twice.
// A read that leaves a gap stops nothing: the hash simply stays short of the file, and the caller
// hashes the whole file off the GUI thread instead (complete() false). One thread at a time.
class StreamHash final {
    Q_DISABLE_COPY_MOVE(StreamHash)
public:
    StreamHash();
    ~StreamHash();

    // Bytes [fileOffset, fileOffset + size) of the file were just read.
    void feed(qint64 fileOffset, const char *data, qint64 size);
    // Bytes [0, position()) are hashed.
    qint64 position() const { return m_position; }
    // The digest (32 raw bytes) when exactly [0, length) was hashed; empty otherwise. Once.
    QByteArray finish(qint64 length);

private:
    struct Context;
    std::unique_ptr<Context> m_context;
    qint64 m_position = 0;
    bool m_finished = false;
};
