#pragma once

#include "storefailure.h"
#include "uploadrecord.h"

#include <QtGlobal>

#include <optional>

// Where one request's bytes go: handed out by UploadStore::openSink() for an upload the caller
// holds locked (UploadStore::tryLock), starting at the upload's recorded offset. Used by one
// thread at a time (the request's); destroy it before unlock().
//
// Bytes written are *not* acknowledged until commit() returns: a crash, a failed commit or
// rollBack() may lose them, and the store never reports them as the upload's offset before then.
// Destroying a sink without commit() is rollBack(): nothing written since the last commit stays.
class UploadSink {
public:
    virtual ~UploadSink() = default;

    // Appends `size` bytes at offset(). False on a storage error: offset() may have moved past
    // some of them; nothing is committed by it, and the caller may still commit() what came
    // before (the store keeps no byte it did not write) or rollBack().
    virtual bool write(const char *data, size_t size) = 0;
    // Said before the first write() when every byte of the body may be kept as it arrives (no
    // checksum to verify first): the store may then make bytes durable before commit() (and
    // checkpoint() records them). Without it, nothing of the body reaches the storage before
    // commit(), so that rollBack() leaves no trace there.
    virtual void keepWhatArrives() {}
    // Where the next byte goes: the committed offset plus what was written since.
    virtual qint64 offset() const = 0;
    // Makes every byte written so far durable, then records offset() as the upload's offset (and
    // pushes its expiry on), in that order: the recorded offset is never ahead of the stored
    // bytes. Called with nothing new it only pushes the expiry on. The updated record, or
    // nullopt when the bytes or the record could not be stored (nothing new recorded; the caller
    // then rolls back).
    virtual std::optional<UploadRecord> commit() = 0;
    // Between commits of a long body: records what the store has already made durable without
    // waiting for the rest (a store that sends bytes on in the background). The record (whose
    // offset may be behind offset()), or nullopt as commit(). By default, commit().
    virtual std::optional<UploadRecord> checkpoint() { return commit(); }
    // Discards what was written since the last commit (or since openSink()): offset() is the
    // committed offset again and the store holds no byte beyond it that could be mistaken for the
    // upload's. Best effort (a crash before it is repaired when the store next opens).
    virtual void rollBack() = 0;
    // Why the last write() or commit() that failed did (Full: no room; Fenced: another instance
    // took the upload over, so nothing more of this sink will be recorded).
    virtual StoreFailure failure() const = 0;

protected:
    UploadSink() = default;
    Q_DISABLE_COPY_MOVE(UploadSink)
};
