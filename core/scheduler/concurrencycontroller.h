#pragma once

#include "requestsample.h"

#include <array>

// How many requests one server should have in flight (Parallel: Auto), learned from how its
// requests end, the way a congestion controller probes a link:
// - it measures in epochs: after a change it lets the requests of the old level drain (one
//   smoothed request time), then counts the bytes answered for at least two request times;
// - slow start doubles the level each epoch while the goodput grows markedly;
// - then it probes: one step up, kept when the goodput gained at least part of what the step
//   could give, else back; when the requests' time has climbed well above the least seen for
//   requests of their size (queueing, not the link), one step down ×0.7, kept when the goodput
//   holds;
// - a refusal (429, 503, 5xx, a timeout or reset) cuts it ×0.7 at once, at most once per
//   request time, and nothing grows until a Retry-After has passed;
// - it grows only while the level is used: when fewer requests wait than it allows, it holds.
// Pure logic: time comes with each call (microseconds on a monotonic clock), so that tests drive
// it with a simulated link.
class ConcurrencyController final {
public:
    static constexpr int Floor = 1;
    static constexpr int Ceiling = 64;
    static constexpr int StartLevel = 4;
    // A server whose small requests answer within NearServerUs (loopback, a LAN; a far link's
    // round trip is tens of ms) is near: nothing above NearCeiling pays there, and a large file
    // goes to it as one stream (ConcurrencyLimits::streamsOn). Measured over loopback to hoistd
    // (bench/peers.sh, 400 x 16 KiB, medians of 5 and 7 rounds): -c 16 0.193 and 0.198 s, -c 8
    // 0.208 and 0.216, -c 32 0.212 and 0.202.
    static constexpr qint64 NearServerUs = RequestSample::NearServerUs;
    static constexpr int NearCeiling = 16;
    // Except for requests sent together over one connection (RequestSample::shared): there more
    // at once make larger batches rather than more connections, and pay up to the Ceiling. SFTP,
    // 2,000 files of 16 KiB over loopback to OpenSSH over 4 connections (2 cores, medians of 9):
    // -c 16 0.44 s, -c 64 0.38 s.
    int nearCeiling() const { return m_shared ? Ceiling : NearCeiling; }
    bool isNear() const
    {
        const qint64 least = leastSmallRequestUs();
        return least > 0 && least < NearServerUs;
    }

    // A far server (small requests take NearServerUs or more): slow start doubles there about
    // once per round trip (it measures the first half of the requests sent at the new level),
    // not per 100 ms and eight answers after a drain, since on a far link each round trip at a
    // low level is what costs.
    bool isFar() const { return leastSmallRequestUs() >= NearServerUs; }

    explicit ConcurrencyController(int start = StartLevel);

    int level() const { return m_level; }
    bool inSlowStart() const { return m_slowStart; }
    // The least time a small request (below 64 KiB) took, microseconds; 0 when none was seen.
    qint64 leastSmallRequestUs() const
    {
        return qint64(m_baseUs[0] > 0 ? m_baseUs[0] : m_leastSmallUs);
    }
    // A request to the server ended at sample.finishedUs. Returns true when the level changed.
    bool add(const RequestSample &sample);
    // What the server could use at `nowUs`: requests in flight, and those that would run if the
    // level allowed (in flight plus the ready ones waiting). Growth needs the level to be used.
    void noteDemand(int inFlight, int wanted, qint64 nowUs);

private:
    static constexpr int SizeClasses = 4;
    static int sizeClass(qint64 bytes);
    void setLevel(int level, qint64 nowUs);
    void startEpoch(qint64 nowUs);
    bool epochDone(qint64 nowUs) const;
    // Decides at an epoch's end; returns true when the level changed.
    bool decide(qint64 nowUs);
    bool refused(const RequestSample &sample);
    int step() const;

    int m_level;
    bool m_shared = false;     // a request sent together with others was seen
    double m_leastSmallUs = 0; // before the first epoch ends
    bool m_slowStart = true;
    // Smoothed request time, microseconds (what an epoch's length is measured in).
    double m_srttUs = 0;
    // Per size class, the least time a request took, microseconds (0: none yet).
    std::array<double, SizeClasses> m_baseUs{};
    // The level compared against and the goodput measured there (bytes per second; 0: none).
    int m_prevLevel = 0;
    double m_prevRate = 0;
    double m_bestArrived = 0;    // the best recent bytes per second arrived, decaying
    int m_notDownFrom = 0;       // a step down from this level lost goodput: probe up from it
    int m_hold = 0;              // epochs to stay before probing again
    qint64 m_growAfterUs = 0;    // a Retry-After: nothing grows before
    qint64 m_lastCutUs = -1;     // the last cut for a refusal
    qint64 m_lastFinishedUs = 0; // the last sample's end
    // The epoch: samples of requests started from m_changedUs, ending from m_measureFromUs.
    qint64 m_changedUs = 0;
    qint64 m_measureFromUs = 0;
    int m_samples = 0;
    double m_logQueueSum = 0; // sum of log(time) over the epoch's samples
    int m_queueSamples = 0;
    // Per size class: the least time, the sum of log(time) and the count of the epoch's samples.
    std::array<double, SizeClasses> m_epochMinUs{};
    std::array<double, SizeClasses> m_logSumOf{};
    std::array<int, SizeClasses> m_countOf{};
    // Per size class: bytes and summed time of the epoch's samples, all and warm ones. Goodput
    // is judged on the class most of the epoch's requests are in (dominantClass()).
    std::array<double, SizeClasses> m_bytesOf{};
    std::array<double, SizeClasses> m_durationOf{};
    std::array<double, SizeClasses> m_warmBytesOf{};
    std::array<double, SizeClasses> m_warmDurationOf{};
    std::array<int, SizeClasses> m_samplesOf{};
    int m_rateClass = -1;   // the class m_prevRate and m_bestArrived were measured on
    bool m_limited = false; // the level was used up at some point in the epoch
    int dominantClass() const;
};
