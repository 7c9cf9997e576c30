#pragma once

#include "trtext.h"

#include <QString>
#include <chrono>
#include <optional>

// Why a transfer stopped, as an enum the scheduler can act on plus a sentence a person can read.
struct TransferError {
    enum class Kind {
        None,
        Network,         // connection refused, reset, host not found: transient
        Timeout,         // a request took too long: transient
        Stalled,         // nothing moved for the stall timeout: transient
        ServerError,     // 5xx: transient
        Conflict,        // 409 after re-reading the offset: transient
        Locked,          // 423: transient
        TooManyRequests, // 429: transient, honours retryAfter
        TooLarge,        // 413 or above Tus-Max-Size: permanent
        Rejected,        // any other 4xx (412, 415, 400, 401, 403, ...): permanent
        BadResponse,     // the server answered something that is not tus: permanent
        InvalidUrl,      // the endpoint is not a usable http(s) URL: permanent
        FileUnreadable,  // missing, unreadable, not a regular file: permanent
        FileChanged,     // size or modification time changed while uploading: permanent
        ContentMismatch, // the server's whole copy differs from the file: permanent
        ServerFull,      // 507, an S3 store out of space: transient, honours retryAfter
    };
    // The last kind there is (stores read kinds back as numbers: new ones go after it).
    static constexpr Kind LastKind = Kind::ServerFull;

    Kind kind = Kind::None;
    int httpStatus = 0;
    std::optional<std::chrono::milliseconds> retryAfter;
    // Cause first, short and whole, naming the server where it matters: "Connection refused by
    // 127.0.0.1:9". What was being done and the network library's own words go into `details`.
    // Both kept untranslated (TrText) so that they read in the language in use where shown.
    TrText cause;
    TrText details;
    // The question put to a person that this attempt needs answered (its id: an SFTP host key,
    // passphrase or password, SshQuestion::id()); empty when none was asked. The upload then waits
    // for the answer rather than failing (AnswerWaits). Headless nothing is asked.
    QString question;

    // In the language installed now.
    QString message() const { return cause.toString(); }
    QString detail() const { return details.toString(); }

    bool isTransient() const;
    // The server answered and said it will take the upload later: its disk is full, it asks to
    // slow down, or it is unavailable for a time it names (a 5xx with Retry-After). Such an
    // upload waits for as long as that takes; it is never given up for it.
    bool serverAsksToWait() const;
    static TransferError make(Kind kind, TrText cause, int httpStatus = 0);
};
