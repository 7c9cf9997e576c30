#pragma once

#include <QString>

#include <chrono>

// Why an UploadStore call failed, sorted by what the client can do about it: TusService answers
// each kind differently, and only the kind decides (the text is for the log, never sent).
struct StoreFailure {
    enum class Kind {
        Storage,     // a fault that may not pass by itself (500)
        Full,        // no room for the bytes or the record (ENOSPC, EDQUOT, SQLITE_FULL): passes
                     // once room is made (507 with Retry-After)
        Unavailable, // the index or the bucket cannot be reached now, or did not answer in time:
                     // passes when they are back (503 with Retry-After)
        Fenced,      // another instance holds the upload now and this request's bytes were
                     // refused: the client asks for the offset again (409)
    };

    Kind kind = Kind::Storage;
    QString text;                       // a sentence for the log
    std::chrono::seconds retryAfter{0}; // what the storage asked for (S3's Retry-After); 0: none

    static StoreFailure storage(const QString &text) { return {Kind::Storage, text, {}}; }
    static StoreFailure unavailable(const QString &text, std::chrono::seconds retryAfter = {})
    {
        return {Kind::Unavailable, text, retryAfter};
    }
    static StoreFailure fenced(const QString &text) { return {Kind::Fenced, text, {}}; }
    // Full for ENOSPC and EDQUOT, Storage for any other errno; the text gets strerror appended.
    static StoreFailure fromErrno(int error, const QString &what);
    // "full", "unavailable", ...: for the log and the metrics' label.
    static const char *name(Kind kind);
};
