#pragma once

#include <QMetaType>
#include <QString>

// One HTTP request to a server, as it ended: what the Auto concurrency controller learns a
// server's pace from (ConcurrencyController). Reported for every request a protocol's network
// managers carry (NetworkPool), whoever sent it.
struct RequestSample {
    enum class Outcome {
        Done,    // answered, and not a refusal
        Refused, // the server said it is overloaded (429, 503, other 5xx) or the request timed
                 // out or was reset: it counts against the load
    };
    QString server; // NetworkPool::serverOf() of the request's URL
    // On a monotonic clock, in microseconds (a request over loopback takes less than a ms).
    qint64 startedUs = 0;
    qint64 finishedUs = 0;
    qint64 bytes = 0; // request body bytes sent (0 for a HEAD or an OPTIONS)
    int status = 0;   // HTTP status; 0 when no answer came
    Outcome outcome = Outcome::Done;
    qint64 retryAfterMs = 0; // a refusal's Retry-After, in ms; 0 when none
    // The request opened a connection of its own (no kept-alive one was free): its time
    // includes the handshake's round trip (or more), so it overstates the server's pace.
    bool newConnection = false;
    // One of several sent together over one connection, sharing its round trips (SFTP small
    // files, SftpSmallFiles): more of them in flight make larger batches, not more connections.
    bool shared = false;

    qint64 durationUs() const { return finishedUs - startedUs; }

    // A server whose small requests answer within this is near (loopback, a LAN; a far link's
    // round trip is tens of ms).
    static constexpr qint64 NearServerUs = 10000;
    bool refused() const { return outcome == Outcome::Refused; }
};
Q_DECLARE_METATYPE(RequestSample)
