#include "bandwidthlimiter.h"

#include <QTimer>

#include <chrono>
#include <climits>
#include <utility>
#include <vector>

namespace {
// Capacity: 50 ms of the rate, so a rate measured over seconds shows no burst...
constexpr qint64 BurstUs = 50'000;
// ...but at least a few KiB, so that small rates still move whole pieces.
constexpr qint64 MinBurst = 4 * 1024;
// A waiter is woken for about 10 ms of the rate: ~100 wakes a second at most rates...
constexpr qint64 WakeUs = 10'000;
// ...and never for more than one piece of Qt's upload pipeline (it reads 16 KiB at a time)...
constexpr qint64 MaxQuantum = 16 * 1024;
// ...nor less than this (or a tenth of a second of the rate, when that is less).
constexpr qint64 MinQuantum = 512;
// How long a woken reader's turn is kept for it: Qt's pipeline reads within one event-loop pass,
// and a turn nobody takes must not hold tokens back for long.
constexpr qint64 TurnUs = 10'000;
// 1 TB/s: far above any link, and low enough that no byte-microsecond count overflows.
constexpr qint64 MaxRate = 1'000'000'000'000;

// What of `wanted` may go out of `have`: not crumbs, as each read costs its reader a round trip.
qint64 grantFrom(qint64 wanted, qint64 have, qint64 quantum)
{
    return have >= qMin(wanted, quantum) ? qMin(wanted, have) : 0;
}

qint64 steadyMicros()
{
    using namespace std::chrono;
    return duration_cast<microseconds>(steady_clock::now().time_since_epoch()).count();
}
} // namespace

void TokenBucket::setRate(qint64 bytesPerSecond, qint64 nowUs)
{
    refill(nowUs);
    const bool wasLimited = limited();
    m_rate = qBound<qint64>(0, bytesPerSecond, MaxRate);
    m_lastUs = nowUs;
    if (!limited()) {
        m_capacity = m_quantum = m_microTokens = 0;
        return;
    }
    m_capacity = qMax(m_rate * BurstUs / Micro, MinBurst);
    const qint64 floor = qMin(MinQuantum, qMax<qint64>(1, m_rate / 10));
    m_quantum = qMin(qBound(floor, m_rate * WakeUs / Micro, MaxQuantum), m_capacity);
    m_microTokens = wasLimited ? qMin(m_microTokens, m_capacity * Micro) : 0;
}

void TokenBucket::refill(qint64 nowUs)
{
    const qint64 elapsed = nowUs - m_lastUs;
    m_lastUs = nowUs;
    if (!limited() || elapsed <= 0)
        return;
    const qint64 room = m_capacity * Micro - m_microTokens;
    if (room <= 0)
        return;
    // elapsed * rate could overflow after a long idle; by then the bucket is full anyway.
    m_microTokens += elapsed > room / m_rate ? room : elapsed * m_rate;
}

qint64 TokenBucket::timeUntil(qint64 needed, qint64 have) const
{
    if (have >= needed)
        return 0;
    return (needed - have + m_rate - 1) / m_rate;
}

void TokenBucket::restartClock(qint64 nowUs)
{
    m_lastUs = nowUs;
}

Throttle::Throttle(BandwidthLimiter *limiter, TaskId task)
    : m_limiter(limiter)
    , m_task(task)
{
}

Throttle::~Throttle() = default;

qint64 Throttle::take(qint64 wanted)
{
    if (wanted <= 0)
        return 0;
    BandwidthLimiter *limiter = m_limiter.data();
    if (!limiter)
        return wanted;
    TokenBucket &global = limiter->m_global;
    const bool ownLimited = m_bucket.limited();
    const bool globalLimited = global.limited();
    if (!ownLimited && !globalLimited)
        return wanted;
    const qint64 now = limiter->now();
    if (m_credit > 0 && now >= m_creditUntil)
        limiter->spendCredit(*this, m_credit);
    if (ownLimited)
        m_bucket.refill(now);
    if (globalLimited)
        global.refill(now);
    qint64 grant = wanted;
    if (limiter->contended(*this)) {
        grant = qMin(grant, m_credit); // others wait: only on this task's turn
    } else {
        if (ownLimited)
            grant = grantFrom(grant, m_bucket.available(), m_bucket.quantum());
        // Other tasks' turns are theirs.
        if (globalLimited)
            grant = grantFrom(grant, global.available() - (limiter->m_creditSum - m_credit),
                              global.quantum());
    }
    if (ownLimited)
        grant = qMin(grant, m_bucket.available());
    if (globalLimited)
        grant = qMin(grant, global.available());
    if (grant <= 0)
        return 0;
    if (ownLimited)
        m_bucket.spend(grant);
    if (globalLimited)
        global.spend(grant);
    limiter->spendCredit(*this, grant);
    return grant;
}

void Throttle::waitForTokens(QObject *receiver, std::function<void()> wake)
{
    if (!receiver || !wake)
        return;
    if (BandwidthLimiter *limiter = m_limiter.data()) {
        limiter->enqueue({shared_from_this(), receiver, std::move(wake)});
        return;
    }
    // Nothing limits any more: wake at once, but not inside the caller's read.
    QMetaObject::invokeMethod(receiver, std::move(wake), Qt::QueuedConnection);
}

BandwidthLimiter::BandwidthLimiter(QObject *parent)
    : QObject(parent)
    , m_clock(&steadyMicros)
    , m_timer(new QTimer(this))
{
    m_timer->setSingleShot(true);
    // A late timer costs no rate (refill is computed from the clock) but adds latency.
    m_timer->setTimerType(Qt::PreciseTimer);
    connect(m_timer, &QTimer::timeout, this, &BandwidthLimiter::wakeDue);
}

BandwidthLimiter::~BandwidthLimiter()
{
    // Throttles outlive the limiter unlimited; readers waiting on it must hear so, or they would
    // wait forever. Queued: they read again once this is gone.
    for (Waiter &waiter : m_waiters) {
        if (waiter.receiver)
            QMetaObject::invokeMethod(waiter.receiver.data(), std::move(waiter.wake),
                                      Qt::QueuedConnection);
    }
}

void BandwidthLimiter::setGlobalRate(qint64 bytesPerSecond)
{
    m_global.setRate(bytesPerSecond, now());
    reschedule();
}

void BandwidthLimiter::setTaskRate(TaskId task, qint64 bytesPerSecond)
{
    if (bytesPerSecond <= 0 && !m_throttles.contains(task))
        return;
    throttleRef(task)->m_bucket.setRate(bytesPerSecond, now());
    reschedule();
}

qint64 BandwidthLimiter::taskRate(TaskId task) const
{
    const auto it = m_throttles.constFind(task);
    return it == m_throttles.constEnd() ? 0 : (*it)->m_bucket.rate();
}

void BandwidthLimiter::forget(TaskId task)
{
    const std::shared_ptr<Throttle> throttle = m_throttles.take(task);
    if (!throttle || !throttle->m_bucket.limited())
        return;
    throttle->m_bucket.setRate(0, now());
    reschedule();
}

std::shared_ptr<Throttle> BandwidthLimiter::throttle(TaskId task)
{
    return throttleRef(task);
}

std::shared_ptr<Throttle> &BandwidthLimiter::throttleRef(TaskId task)
{
    auto it = m_throttles.find(task);
    if (it == m_throttles.end())
        it = m_throttles.insert(task, std::shared_ptr<Throttle>(new Throttle(this, task)));
    return *it;
}

void BandwidthLimiter::setClock(Clock clock)
{
    m_clock = clock ? std::move(clock) : Clock(&steadyMicros);
    // Elapsed time is only meaningful on one clock.
    const qint64 nowUs = now();
    m_global.restartClock(nowUs);
    for (const std::shared_ptr<Throttle> &throttle : std::as_const(m_throttles))
        throttle->m_bucket.restartClock(nowUs);
    for (const std::shared_ptr<Throttle> &throttle : m_credited)
        spendCredit(*throttle, throttle->m_credit);
    m_credited.clear();
    reschedule();
}

void BandwidthLimiter::enqueue(Waiter waiter)
{
    ++waiter.throttle->m_waiting;
    m_waiters.push_back(std::move(waiter));
    reschedule();
}

bool BandwidthLimiter::contended(const Throttle &throttle) const
{
    // Every waiter draws on the global bucket; only the task's own on its bucket.
    return (m_global.limited() && !m_waiters.empty())
           || (throttle.m_bucket.limited() && throttle.m_waiting > 0);
}

void BandwidthLimiter::giveCredit(const std::shared_ptr<Throttle> &throttle, qint64 bytes,
                                  qint64 nowUs)
{
    if (throttle->m_credit == 0)
        m_credited.push_back(throttle);
    throttle->m_credit += bytes;
    throttle->m_creditUntil = nowUs + TurnUs;
    m_creditSum += bytes;
}

void BandwidthLimiter::spendCredit(Throttle &throttle, qint64 bytes)
{
    bytes = qMin(bytes, throttle.m_credit);
    throttle.m_credit -= bytes;
    m_creditSum -= bytes;
}

void BandwidthLimiter::expireCredits(qint64 nowUs)
{
    for (auto it = m_credited.begin(); it != m_credited.end();) {
        Throttle &throttle = **it;
        if (throttle.m_credit > 0 && nowUs >= throttle.m_creditUntil)
            spendCredit(throttle, throttle.m_credit);
        if (throttle.m_credit == 0)
            it = m_credited.erase(it);
        else
            ++it;
    }
}

qint64 BandwidthLimiter::pass(qint64 nowUs, std::vector<Waiter> *woken)
{
    constexpr qint64 Micro = TokenBucket::Micro;
    expireCredits(nowUs);
    ++m_passId;
    const bool globalLimited = m_global.limited();
    m_global.refill(nowUs);
    // What is there and not yet promised, as a turn, to a task.
    qint64 globalBudget = m_global.microTokens() - m_creditSum * Micro;
    const qint64 globalNeed = m_global.quantum() * Micro;
    // First who could go as far as their own task's bucket goes: the global share is split
    // among those.
    int ownReady = 0;
    for (auto it = m_waiters.begin(); it != m_waiters.end();) {
        if (!it->receiver) {
            --it->throttle->m_waiting;
            it = m_waiters.erase(it);
            continue;
        }
        Throttle &throttle = *it->throttle;
        TokenBucket &own = throttle.m_bucket;
        if (throttle.m_passId != m_passId) {
            throttle.m_passId = m_passId;
            own.refill(nowUs);
            throttle.m_passBudget = own.microTokens() - throttle.m_credit * Micro;
        }
        it->ownReady = !own.limited() || throttle.m_passBudget >= own.quantum() * Micro;
        ownReady += it->ownReady ? 1 : 0;
        ++it;
    }
    // Then in order: each waiter whose buckets hold a quantum is woken, and its task gets a turn
    // of an equal share of what is there. Who comes later waits for more tokens.
    qint64 firstDue = -1;
    for (auto it = m_waiters.begin(); it != m_waiters.end();) {
        Throttle &throttle = *it->throttle;
        TokenBucket &own = throttle.m_bucket;
        qint64 waitUs = 0;
        qint64 turn = -1; // bytes; -1: nothing limits it
        if (own.limited()) {
            waitUs = own.timeUntil(own.quantum() * Micro, throttle.m_passBudget);
            turn = throttle.m_passBudget / Micro;
        }
        if (globalLimited) {
            waitUs = qMax(waitUs, m_global.timeUntil(globalNeed, globalBudget));
            const qint64 share = qMax(globalBudget / Micro / qMax(1, ownReady), m_global.quantum());
            turn = qMin(turn < 0 ? share : qMin(turn, share), globalBudget / Micro);
        }
        if (it->ownReady)
            --ownReady;
        if (waitUs > 0 || !woken) {
            firstDue = firstDue < 0 ? nowUs + waitUs : qMin(firstDue, nowUs + waitUs);
            ++it;
            continue;
        }
        if (turn > 0) {
            if (own.limited())
                throttle.m_passBudget -= turn * Micro;
            if (globalLimited)
                globalBudget -= turn * Micro;
            giveCredit(it->throttle, turn, nowUs);
        }
        --throttle.m_waiting;
        woken->push_back(std::move(*it));
        it = m_waiters.erase(it);
    }
    return firstDue;
}

void BandwidthLimiter::wakeDue()
{
    m_timer->stop();
    m_nextWakeAt = -1;
    const qint64 nowUs = now();
    std::vector<Waiter> woken;
    pass(nowUs, &woken);
    // Wakes may read, wait again, change rates or even delete this: all after the pass, which
    // has already taken the woken out of the queue.
    const QPointer<BandwidthLimiter> self(this);
    m_waking = true;
    for (Waiter &waiter : woken) {
        if (waiter.receiver)
            QMetaObject::invokeMethod(waiter.receiver.data(), std::move(waiter.wake));
        if (!self)
            return;
    }
    m_waking = false;
    reschedule();
}

void BandwidthLimiter::reschedule()
{
    if (m_waking)
        return; // wakeDue() reschedules when it is done
    const qint64 nowUs = now();
    const qint64 due = pass(nowUs, nullptr);
    if (due < 0) {
        m_timer->stop();
        m_nextWakeAt = -1;
        return;
    }
    const qint64 delayMs = qMin<qint64>((qMax<qint64>(0, due - nowUs) + 999) / 1000, INT_MAX);
    m_nextWakeAt = nowUs + delayMs * 1000;
    m_timer->start(int(delayMs));
}
