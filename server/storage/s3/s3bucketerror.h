#pragma once

#include <QString>

#include <optional>

// Why an S3Bucket call failed, in the classes its callers act on: Unavailable (the store cannot
// be reached, timed out, reset the connection, answered 5xx or asked to slow down: answer the
// client 503 with Retry-After and try again later), Refused (a 4xx with the S3 code and message:
// a wrong key, a bad request), NotFound (no such key or multipart upload), BadAnswer (a success
// whose body is not the document expected, or too large), Local (our side: the body's file
// could not be read, an argument S3 cannot carry, the caller's sink stopped the read).
// Nothing in it ever holds a credential or a signature.
struct S3BucketError {
    enum class Kind { Unavailable, Refused, NotFound, BadAnswer, Local };

    Kind kind = Kind::Unavailable;
    QString what;              // what the call did: "PUT part 3 of uploads/abc"
    int status = 0;            // the HTTP status; 0 when there was no answer
    QString code;              // S3's error code ("SlowDown", "NoSuchUpload"), when it said one
    QString message;           // S3's message, or the transport's or our own reason
    QString requestId;         // S3's RequestId, when it said one
    int retryAfterSeconds = 0; // the store's Retry-After (Unavailable), 0 when it said none
    int attempts = 1;          // how many times the request was sent

    bool isUnavailable() const { return kind == Kind::Unavailable; }
    bool isRefused() const { return kind == Kind::Refused; }
    bool isNotFound() const { return kind == Kind::NotFound; }
    // "unavailable", "refused", ...
    static QString kindName(Kind kind);
    // One line for hoistd's log: "PUT part 3 of k: unavailable (HTTP 503 SlowDown "...") after
    // 4 attempts".
    QString toString() const;
};

// A call's answer: its value, or why there is none.
template <typename T>
struct S3Result {
    T value{};
    std::optional<S3BucketError> error;

    bool ok() const { return !error.has_value(); }
};

struct S3Done {};
using S3Status = S3Result<S3Done>;
