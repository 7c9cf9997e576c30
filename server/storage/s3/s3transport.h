#pragma once

#include "s3body.h"

#include <QByteArray>
#include <QList>
#include <QPair>
#include <QString>

#include <atomic>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <vector>

// The blocking HTTP(S) side of S3Bucket, on libcurl: each call runs on its caller's thread
// (a libmicrohttpd worker, the sweep timer) and blocks it until the answer. A pool of easy
// handles, one per request in flight, keeps each its kept-alive connection; when all are busy a
// caller waits (up to the queue timeout) for one. TLS peers are verified (libcurl's default,
// the system's CAs or `caFile`).
struct S3TransportConfig {
    int maxInFlight = 16;
    int connectTimeoutMs = 5000;
    int idleTimeoutMs = 30000;  // no byte moving either way for this long fails the request
    int queueTimeoutMs = 30000; // waiting for a free handle
    QString caFile;             // extra CA bundle (PEM); empty: the system's
};

// One attempt: what to send and where the answer goes.
struct S3Exchange {
    QByteArray method;
    QByteArray url;
    QList<QByteArray> headerLines;
    S3Body::Reader *body = nullptr; // PUT/POST body, or none
    // A 2xx answer's body goes here as it arrives, when set; returning false stops the read.
    std::function<bool(const char *data, qint64 size)> sink;
    qint64 maxAnswerBytes = 1 << 20; // a buffered answer larger than this fails (TooLarge)
};

struct S3Reply {
    enum class Failure {
        None,
        Connect,        // no connection made: nothing was sent
        Timeout,        // connected, then nothing moved for the idle timeout
        Transport,      // reset, closed early, TLS or protocol trouble
        Tls,            // the peer's certificate was not verified
        TooLarge,       // the answer passed maxAnswerBytes
        BodyUnreadable, // the body's file failed or ended early
        SinkStopped,    // the sink returned false
        QueueFull,      // no handle came free within the queue timeout
        Aborted,        // abortAll(): the request was stopped, or not sent
    };

    int status = 0;
    QList<QPair<QByteArray, QByteArray>> headers; // names lower-cased, the final answer's only
    QByteArray body;                              // unless it went to the sink
    Failure failure = Failure::None;
    QString reason;  // the transport's words for a failure
    qint64 sunk = 0; // bytes handed to the sink

    QByteArray header(const QByteArray &lowerName) const;
};

class S3Transport final {
public:
    explicit S3Transport(S3TransportConfig config);
    ~S3Transport();
    S3Transport(const S3Transport &) = delete;
    S3Transport &operator=(const S3Transport &) = delete;

    // Sends one request and waits for its answer. Thread-safe.
    S3Reply perform(const S3Exchange &exchange);

    // Stops every request in flight (within about a second: libcurl's progress calls) and fails
    // every later one without sending it (Aborted), for good: hoistd is stopping, and a store
    // that does not answer must not hold it up. Thread-safe.
    void abortAll();
    bool isAborted() const { return m_aborted.load(); }

    const S3TransportConfig &config() const { return m_config; }
    int inFlight() const { return m_inFlight.load(); }
    int peakInFlight() const { return m_peakInFlight.load(); }

private:
    void *acquire();
    void release(void *handle);

    S3TransportConfig m_config;
    std::mutex m_mutex;
    std::condition_variable m_freed;
    std::vector<void *> m_free; // CURL *, kept with their connections between calls
    std::vector<void *> m_all;
    std::atomic<int> m_inFlight{0};
    std::atomic<bool> m_aborted{false};
    std::atomic<int> m_peakInFlight{0};
};
