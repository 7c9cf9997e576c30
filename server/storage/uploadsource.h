#pragma once

#include <QtGlobal>

// The bytes of one upload as they are stored, to read: handed out by UploadStore::openSource()
// for a finished upload (or a final one being joined, for UploadStore::ContentCheck). What it
// reads does not change while it lives (finished uploads are never written again), even when the
// upload is removed meanwhile. Used by one thread at a time; may be handed to another thread
// (the HTTP layer's) to be read there.
class UploadSource {
public:
    virtual ~UploadSource() = default;

    // The bytes it holds.
    virtual qint64 length() const = 0;
    // Up to `size` bytes from `offset` into `data`: how many were read (fewer only at the end),
    // -1 on a storage error. May block (a disk, a network store).
    virtual qint64 read(qint64 offset, char *data, qint64 size) = 0;
    // For a zero-copy answer (sendfile): a descriptor holding the same bytes at the same
    // offsets, now the caller's to close; -1 when the source has none (then read() it). The
    // source can still be read afterwards only when it returned -1.
    virtual int takeFileDescriptor() { return -1; }

protected:
    UploadSource() = default;
    Q_DISABLE_COPY_MOVE(UploadSource)
};
