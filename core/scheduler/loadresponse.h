#pragma once

#include <QtGlobal>

// How a server's answers take longer as more of our requests run there at once, as LoadCheck
// measured it: what tells a far server (a round trip that stays the same however many requests
// share it, where parallel parts of a file fill the link) from one that slows down under its
// own load (each request at once makes every answer later, where parts only add requests).
enum class LoadResponse {
    Unknown, // not measured (yet), or the measure failed
    Flat,    // requests at once took about as long as one alone: distance
    Grows,   // they took markedly longer: the server's load
};

namespace LoadResponses {
// Requests sent one after another, alone, before those sent at once: the least of their times is
// the time alone, so one that a busy CPU delayed does not make the server look unloaded.
constexpr int Alone = 2;
// Requests sent at once after those alone, once; the quickest of them is judged. One round of four:
// the quickest of a round is the one on the connection the requests alone left open (new
// connections' handshakes delay only the others), so a far link answers it in one round trip; and a
// loaded server's rounds take longer the more they send, while its uploads wait. Measured to hoistd
// slowing 5 ms per busy connection, a 128 MiB file against -c 1 (medians of 7, bench/peers.sh): two
// rounds of six 1.22, two of four 1.07-1.11, one of four 1.01; the quickest of four is 2.5 times
// one alone there, and through 20 and 60 ms each way the far links were still judged flat.
constexpr int Together = 4;
// The quickest of the requests sent together (the first to answer) took at least this many
// times the one alone: the server's latency grows with our concurrency. A far link's answers
// share its round trip (the quickest, on the connection already open, takes as long as one
// alone; new connections add a handshake only to theirs); a server adding latency per busy
// connection answers even the quickest of four two to three times later (bench/linkproxy
// --load-latency-ms).
constexpr double GrowthRatio = 1.6;

// The verdict from the time one request alone took and the time the quickest of those sent
// together took (microseconds; 0: none).
inline LoadResponse judge(qint64 aloneUs, qint64 quickestTogetherUs)
{
    if (aloneUs <= 0 || quickestTogetherUs <= 0)
        return LoadResponse::Unknown;
    return double(quickestTogetherUs) >= GrowthRatio * double(aloneUs) ? LoadResponse::Grows
                                                                       : LoadResponse::Flat;
}
} // namespace LoadResponses
