#pragma once

#include "s3bucketerror.h"
#include "s3callsigner.h"
#include "s3transport.h"

#include <QList>
#include <QString>

#include <atomic>
#include <functional>
#include <optional>

// How often and how patiently a call is tried again.
struct S3RetryPolicy {
    int attempts = 4;         // in all, the first included
    int firstBackoffMs = 200; // doubled after each failure, with jitter
    int maxBackoffMs = 3000;  // and a Retry-After is followed up to this
};

// Told of each request sent: its method, the answer's status (0: none) and how long it took.
using S3RequestObserver = std::function<void(const QByteArray &method, int status, qint64 ms)>;

// One call as S3Bucket makes it, all attempts included.
struct S3CallSpec {
    S3Call call;
    QString what; // "PUT part 3 of KEY", for errors and the log
    const S3Body *body = nullptr;
    // Whether sending it twice does no harm (every call but CreateMultipartUpload). A call that
    // was not sent at all (no connection, 503/429: refused before acting) is tried again anyway.
    bool idempotent = true;
    qint64 maxAnswerBytes = 1 << 20;
    std::function<bool(const char *data, qint64 size)> sink; // see S3Exchange
    // Called before each attempt after the first, to adjust the call (a resumed read's Range).
    std::function<void(S3Call &call, const S3Reply &previous)> beforeRetry;
    // Refusals the caller expects and acts on (a conditional PUT's 412): not logged as failures.
    QList<int> expectedStatuses;
};

struct S3Outcome {
    S3Reply reply;
    std::optional<S3BucketError> error;
    bool ok() const { return !error.has_value(); }
};

// Signs, sends, classifies and retries: the policy S3Bucket's operations share. Transport
// failures, timeouts and 5xx are Unavailable and tried again with back-off when the call is
// idempotent; 404 NoSuchKey/NoSuchUpload is NotFound; other 4xx are Refused with S3's code. A
// RequestTimeTooSkewed answer teaches it the store's clock (its Date) and the call is signed
// again once. Thread-safe.
class S3CallRunner final {
public:
    S3CallRunner(S3CallSigner signer, S3TransportConfig transport, S3RetryPolicy retry,
                 S3RequestObserver observer = {});

    S3Outcome run(S3CallSpec spec);

    const S3CallSigner &signer() const { return m_signer; }
    const S3Transport &transport() const { return m_transport; }
    // S3Transport::abortAll(): calls in flight end (Unavailable) without another attempt.
    void abortAll() { m_transport.abortAll(); }
    // How far the store's clock is ahead of ours, as learnt (or set: a test's wrong clock).
    qint64 clockOffsetMs() const { return m_clockOffsetMs.load(); }
    void setClockOffsetMs(qint64 ms) { m_clockOffsetMs = ms; }
    // Requests sent (attempts), for tests and metrics.
    qint64 requestsSent() const { return m_sent.load(); }

private:
    std::optional<S3BucketError> classify(const S3Reply &reply, const QString &what) const;
    bool retryable(const S3Reply &reply, const S3BucketError &error, bool idempotent) const;
    int backoffMs(int failures, const S3BucketError &error) const;
    // Learns the store's clock from a RequestTimeTooSkewed answer; false when it does not say.
    bool learnClock(const S3Reply &reply);

    S3CallSigner m_signer;
    S3Transport m_transport;
    S3RetryPolicy m_retry;
    S3RequestObserver m_observer;
    std::atomic<qint64> m_clockOffsetMs{0};
    std::atomic<qint64> m_sent{0};
};
