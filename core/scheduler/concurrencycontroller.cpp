#include "concurrencycontroller.h"

#include <QLoggingCategory>
#include <QtGlobal>

#include <algorithm>
#include <cmath>

Q_LOGGING_CATEGORY(lcController, "hoist.concurrency.controller", QtWarningMsg)

namespace {
// An epoch lasts at least this long, and two smoothed request times, and this many samples
// (or the level's worth): shorter ones are mostly noise.
constexpr qint64 MinEpochUs = 100 * 1000;
constexpr int MinEpochSamples = 8;
// A request's cost beyond its body (headers, a round trip's worth of work at the server): so that
// bodiless requests count for something in the goodput.
constexpr qint64 RequestOverheadBytes = 512;
// Slow start goes on while a doubling brings at least this much more goodput; when it brought
// less than KeepAfterSlowStart, the level goes back to the one before.
constexpr double SlowStartGain = 1.2;
constexpr double KeepAfterSlowStart = 1.1;
// A step up is kept when the goodput grew by at least this share of the step's own size (one
// more of eight requests: +12.5% possible, +1.9% needed), and by at least MinProbeGain, above
// an epoch's noise.
constexpr double ProbeGainShare = 0.1;
constexpr double MinProbeGain = 0.0;
// What a cut keeps: for a refusal, and for a step down when requests queue.
constexpr double CutFactor = 0.7;
// Requests taking this many times the least seen for their size are queueing somewhere; a step
// down is tried, and kept when the goodput stays within StepDownKeep of the best recent one
// (not of the level before: steps that each lose a little would add up).
constexpr double QueueingRatio = 2.0;
constexpr double StepDownKeep = 0.97;
// The best recent goodput forgets this much per epoch, so that a link that got slower is
// learned again.
constexpr double BestRateDecay = 0.995;
// The least request times forget slowly, per epoch, so that a link that changed is learned again.
constexpr double BaseDrift = 1.002;
// Epochs to stay at a level after a probe that did not pay, or after a cut.
constexpr int HoldEpochs = 3;
// An epoch's goodput this many times the last measured, with requests not queueing: what held
// the level back is gone (the large files whose parts shared the link have ended, and the small
// files left now answer in a round trip), so the level is found again as at the start.
constexpr double RestartGain = 2.0;
// No request ended for this long (or four request times) before one started: the work paused.
constexpr qint64 IdleGapUs = 1000 * 1000;
// After a change, the old level's requests drain for this many request times before measuring.
constexpr double SettleRequestTimes = 1.5;
// In slow start to a far server an epoch measures the requests sent at the new level, from the
// change on, and ends when half the level's worth of them have ended: about one round trip,
// without a drain (those sent first at the new level ran beside all the others) and without
// MinEpochUs and MinEpochSamples: there each round trip spent at a low level is what costs.
// The smoothed request time's gain per sample.
constexpr double SrttGain = 0.125;
} // namespace

ConcurrencyController::ConcurrencyController(int start)
    : m_level(qBound(Floor, start, Ceiling))
{
}

int ConcurrencyController::sizeClass(qint64 bytes)
{
    if (bytes < 64 * 1024)
        return 0;
    if (bytes < 1024 * 1024)
        return 1;
    if (bytes < 4 * 1024 * 1024)
        return 2;
    return 3;
}

int ConcurrencyController::step() const
{
    return qMax(1, m_level / 8);
}

void ConcurrencyController::noteDemand(int inFlight, int wanted, qint64 nowUs)
{
    Q_UNUSED(nowUs);
    if (wanted > m_level || inFlight >= m_level)
        m_limited = true;
}

bool ConcurrencyController::add(const RequestSample &sample)
{
    if (sample.refused())
        return refused(sample);
    m_shared = m_shared || sample.shared;
    const double durationUs = double(qMax<qint64>(1, sample.durationUs()));
    // A request that opened its connection took a handshake longer than the server's pace: it
    // counts for its bytes, not for how long requests take (unless nothing else is known yet).
    const bool timed = !sample.newConnection || m_srttUs <= 0;
    if (sizeClass(sample.bytes) == 0)
        m_leastSmallUs = m_leastSmallUs <= 0 ? durationUs : std::min(m_leastSmallUs, durationUs);
    if (timed)
        m_srttUs = m_srttUs <= 0 ? durationUs : m_srttUs + SrttGain * (durationUs - m_srttUs);
    // The first request, or the first after a pause in the work: a new epoch from its start.
    const qint64 idleGap = std::max<qint64>(IdleGapUs, qint64(4 * m_srttUs));
    // The first answer says the server is far while more requests wait than the start allows:
    // start at twice the start level, one round trip sooner.
    if (m_lastFinishedUs == 0 && m_limited && m_slowStart && m_level == StartLevel && isFar()) {
        m_lastFinishedUs = sample.finishedUs;
        setLevel(2 * StartLevel, sample.finishedUs);
        return true;
    }
    // It says the server is near: its ceiling at once, since a run of small files to it is over
    // within the epochs slow start would take to get there (400 x 16 KiB over loopback: 0.3 s),
    // and probing goes on from there (down when requests queue).
    if (m_lastFinishedUs == 0 && m_limited && m_slowStart && m_level == StartLevel && isNear()) {
        m_lastFinishedUs = sample.finishedUs;
        setLevel(nearCeiling(), sample.finishedUs);
        return true;
    }
    if (m_lastFinishedUs == 0 || sample.startedUs > m_lastFinishedUs + idleGap) {
        m_changedUs = sample.startedUs;
        startEpoch(sample.startedUs);
    }
    m_lastFinishedUs = std::max(m_lastFinishedUs, sample.finishedUs);
    if (sample.finishedUs < m_measureFromUs)
        return false; // the old level's requests still drain
    // Far slow start measures the new level's requests alone, from the first to end.
    if (m_slowStart && isFar() && sample.startedUs < m_changedUs)
        return false;
    ++m_samples;
    const size_t k = size_t(sizeClass(sample.bytes));
    m_bytesOf[k] += double(sample.bytes + RequestOverheadBytes);
    m_durationOf[k] += durationUs;
    ++m_samplesOf[k];
    if (!sample.newConnection) {
        m_warmBytesOf[k] += double(sample.bytes + RequestOverheadBytes);
        m_warmDurationOf[k] += durationUs;
    }
    if (sample.startedUs >= m_changedUs && timed) {
        const int c = sizeClass(sample.bytes);
        double &least = m_epochMinUs[size_t(c)];
        least = least <= 0 ? durationUs : std::min(least, durationUs);
        m_logQueueSum += std::log(durationUs);
        ++m_queueSamples;
        m_logSumOf[size_t(c)] += std::log(durationUs);
        ++m_countOf[size_t(c)];
    }
    if (!epochDone(sample.finishedUs))
        return false;
    return decide(sample.finishedUs);
}

bool ConcurrencyController::epochDone(qint64 nowUs) const
{
    if (m_slowStart && isFar())
        return m_samples >= (m_level + 1) / 2;
    const qint64 length = std::max<qint64>(MinEpochUs, qint64(2 * m_srttUs));
    return nowUs - m_measureFromUs >= length && m_samples >= std::max(MinEpochSamples, m_level);
}

void ConcurrencyController::startEpoch(qint64 nowUs)
{
    m_measureFromUs = nowUs;
    m_samples = 0;
    m_logQueueSum = 0;
    m_queueSamples = 0;
    m_epochMinUs.fill(0);
    m_logSumOf.fill(0);
    m_countOf.fill(0);
    m_bytesOf.fill(0);
    m_durationOf.fill(0);
    m_warmBytesOf.fill(0);
    m_warmDurationOf.fill(0);
    m_samplesOf.fill(0);
    m_limited = false;
}

int ConcurrencyController::dominantClass() const
{
    int best = 0;
    for (int c = 1; c < SizeClasses; ++c) {
        if (m_samplesOf[size_t(c)] > m_samplesOf[size_t(best)])
            best = c;
    }
    return best;
}

void ConcurrencyController::setLevel(int level, qint64 nowUs)
{
    level = qBound(Floor, level, isNear() ? nearCeiling() : Ceiling);
    if (level != m_level) {
        m_level = level;
        m_changedUs = nowUs;
        // Far slow start measures only the requests sent from now (add()): nothing to drain.
        if (m_slowStart && isFar()) {
            startEpoch(nowUs);
            return;
        }
        // The requests sent at the old level end within about one request time (smoothed, so
        // it lags: a half more).
        startEpoch(nowUs + qint64(SettleRequestTimes * m_srttUs));
        return;
    }
    startEpoch(nowUs);
}

bool ConcurrencyController::refused(const RequestSample &sample)
{
    m_growAfterUs = std::max(m_growAfterUs, sample.finishedUs + sample.retryAfterMs * 1000);
    // Requests sent before the last cut were sent at the level it cut: one cut answers them all.
    if (m_lastCutUs >= 0 && sample.startedUs < m_lastCutUs)
        return false;
    m_lastCutUs = sample.finishedUs;
    m_slowStart = false;
    const int before = m_level;
    const int cut = std::max(Floor, int(std::floor(m_level * CutFactor)));
    m_prevLevel = cut;
    m_prevRate = 0;
    m_hold = HoldEpochs;
    setLevel(cut, sample.finishedUs);
    return m_level != before;
}

bool ConcurrencyController::decide(qint64 nowUs)
{
    // Goodput by Little's law, level × bytes per request / time per request: the bytes answered
    // for in a window would depend on where the window cuts the requests that end together.
    // Requests that opened their connection are left out when others were timed.
    // Only the requests of the size class most of the epoch's are in count: where small files
    // and a large file's parts share the level, an 8 MiB part that ended in an epoch of small
    // requests brought its seconds of bytes into a window of a few hundred ms, and the goodput
    // swung ×30 between epochs with and without one (measured: the level held at 4-9 for a
    // whole mixed folder, its small files trickling after the large ones had ended).
    const int c = dominantClass();
    const size_t k = size_t(c);
    const bool warm = m_warmDurationOf[k] > 0;
    const double bytes = warm ? m_warmBytesOf[k] : m_bytesOf[k];
    const double durationSumUs = warm ? m_warmDurationOf[k] : m_durationOf[k];
    const double rate = durationSumUs > 0 ? m_level * bytes / (durationSumUs / 1e6) : 0;
    // What did arrive in the window, gaps between requests included (the time a file takes to
    // start, which Little's law does not see, matters where requests are short): what a step
    // down must keep. Of the same class.
    const double seconds = double(nowUs - m_measureFromUs) / 1e6;
    const double arrived = seconds > 0 ? m_bytesOf[k] / seconds : 0;
    // Rates of another class say nothing about this one's: compare from here on.
    if (c != m_rateClass) {
        if (m_rateClass >= 0) {
            m_prevRate = 0;
            m_bestArrived = 0;
        }
        m_rateClass = c;
    }
    // How far above the least seen for their size this epoch's requests took (geometric mean).
    double logQueue = 0;
    int counted = 0;
    for (int c = 0; c < SizeClasses; ++c) {
        const double least = m_epochMinUs[size_t(c)];
        if (least <= 0)
            continue;
        double &base = m_baseUs[size_t(c)];
        base = base <= 0 ? least : std::min(base * BaseDrift, least);
        logQueue += m_logSumOf[size_t(c)] - m_countOf[size_t(c)] * std::log(base);
        counted += m_countOf[size_t(c)];
    }
    const double queue = counted > 0 ? std::exp(logQueue / counted) : 1.0;
    const int before = m_level;
    const bool limited = m_limited;
    if (limited)
        m_bestArrived = std::max(m_bestArrived * BestRateDecay, arrived);
    const bool mayGrow = nowUs >= m_growAfterUs;
    qCDebug(lcController) << "epoch at" << nowUs / 1000 << "ms: level" << m_level << "rate"
                          << qint64(rate) << "queue" << queue << "used" << limited << "prev"
                          << m_prevLevel << qint64(m_prevRate) << "arrived" << qint64(arrived)
                          << "best" << qint64(m_bestArrived) << "samples" << m_samples << "hold"
                          << m_hold;
    if (!limited) {
        // Fewer requests waited than the level allows: its goodput says nothing about it.
        startEpoch(nowUs);
        return false;
    }
    // Measured through 20 ms each way, 100 Mbit/s, to RGW, a folder of two 100 MiB files and
    // 1,000 of 16 KiB: when the large files ended, 300 small ones were left, their goodput rose
    // threefold at once, and the level stayed at 14 (a hold, then one step an epoch) for the
    // last second of the upload.
    if (!m_slowStart && mayGrow && m_prevRate > 0 && rate >= m_prevRate * RestartGain
        && queue < QueueingRatio) {
        qCDebug(lcController) << "goodput" << qint64(rate) << "after" << qint64(m_prevRate)
                              << "without queueing: slow start again";
        m_slowStart = true;
        m_hold = 0;
        m_notDownFrom = 0;
        m_prevLevel = m_level;
        m_prevRate = rate;
        setLevel(m_level * 2, nowUs);
        return m_level != before;
    }
    if (m_slowStart) {
        if (mayGrow && (m_prevRate <= 0 || rate >= m_prevRate * SlowStartGain)) {
            m_prevLevel = m_level;
            m_prevRate = rate;
            setLevel(m_level * 2, nowUs);
        } else {
            m_slowStart = false;
            if (m_prevRate > 0 && rate < m_prevRate * KeepAfterSlowStart) {
                setLevel(m_prevLevel, nowUs);
                m_hold = HoldEpochs;
            } else {
                m_prevLevel = m_level;
                m_prevRate = rate;
                startEpoch(nowUs);
            }
        }
        return m_level != before;
    }
    if (m_prevRate <= 0 || m_prevLevel <= 0) {
        // After a cut: this is the goodput of the new level.
        m_prevLevel = m_level;
        m_prevRate = rate;
    } else if (m_level > m_prevLevel) {
        const double needed =
            1.0
            + std::max(MinProbeGain,
                       ProbeGainShare * double(m_level - m_prevLevel) / double(m_prevLevel));
        if (rate >= m_prevRate * needed && mayGrow) {
            m_notDownFrom = 0;
            m_prevLevel = m_level;
            m_prevRate = rate;
            setLevel(m_level + step(), nowUs);
        } else {
            setLevel(m_prevLevel, nowUs);
            m_hold = HoldEpochs;
        }
        return m_level != before;
    } else if (m_level < m_prevLevel) {
        if (arrived >= m_bestArrived * StepDownKeep) {
            m_prevLevel = m_level;
            m_prevRate = rate;
            m_hold = HoldEpochs;
        } else {
            // Fewer lost goodput: the level was not too high. The next move from it is up.
            setLevel(m_prevLevel, nowUs);
            m_hold = 2 * HoldEpochs;
            m_notDownFrom = m_level;
        }
        return m_level != before;
    } else {
        m_prevRate = 0.5 * (m_prevRate + rate);
    }
    if (m_hold > 0) {
        --m_hold;
        startEpoch(nowUs);
        return false;
    }
    m_prevLevel = m_level;
    // Requests of another size shared the epoch (a large file's parts beside small files): the
    // small ones wait behind the parts' bytes at the link, whatever the level, so their time
    // above the least says nothing about too many at once (measured through L1: 1.6-4× all
    // through a mixed folder, and each step down lost goodput).
    bool mixed = false;
    for (int other = 0; other < SizeClasses; ++other)
        mixed = mixed || (other != c && m_samplesOf[size_t(other)] > 0);
    if (!mixed && queue > QueueingRatio && m_level > Floor && m_level != m_notDownFrom)
        setLevel(int(std::floor(m_level * CutFactor)), nowUs);
    else if (mayGrow)
        setLevel(m_level + step(), nowUs);
    else
        startEpoch(nowUs);
    return m_level != before;
}
