#pragma once

#include "readgate.h"
#include "uploadtypes.h"

#include <QHash>
#include <QObject>
#include <QPointer>

#include <deque>
#include <functional>
#include <memory>
#include <vector>

class BandwidthLimiter;
class QTimer;

// A token bucket refilled from a clock when it is used, not by a timer, so that it is exact over
// any period whatever the timer's precision. Tokens are counted in byte-microseconds: refill is
// integer arithmetic and never drifts.
class TokenBucket final {
public:
    bool limited() const { return m_rate > 0; }
    qint64 rate() const { return m_rate; }
    // The most that can pile up while nobody takes: the largest burst.
    qint64 capacity() const { return m_capacity; }
    // The smallest grant (unless less is wanted) and what a waiter is woken for: smaller pieces
    // would each cost the reader a round trip for next to nothing.
    qint64 quantum() const { return m_quantum; }
    // A newly limited bucket starts empty (no burst at the start); otherwise tokens beyond the new
    // capacity are dropped. 0 means unlimited.
    void setRate(qint64 bytesPerSecond, qint64 nowUs);
    void refill(qint64 nowUs);
    qint64 microTokens() const { return m_microTokens; }
    qint64 available() const { return m_microTokens / Micro; }
    void spend(qint64 bytes) { m_microTokens -= bytes * Micro; }
    // Microseconds until `needed` byte-microseconds are there, counting from `have`.
    qint64 timeUntil(qint64 needed, qint64 have) const;
    // Counts elapsed time from `nowUs` on (after a change of clock).
    void restartClock(qint64 nowUs);

    static constexpr qint64 Micro = 1'000'000;

private:
    qint64 m_rate = 0;
    qint64 m_capacity = 0;
    qint64 m_quantum = 0;
    qint64 m_microTokens = 0;
    qint64 m_lastUs = 0;
};

// What one task's body devices read through. All requests of a task share one, so parallel
// requests share the task's bucket; every take also draws from the limiter's global bucket.
// Lives on the limiter's thread. Outlives the limiter harmlessly: then nothing is limited.
class Throttle final : public ReadGate, public std::enable_shared_from_this<Throttle> {
public:
    ~Throttle() override;

    TaskId task() const { return m_task; }
    // O(1): refills both buckets from the clock and deducts what it grants from both.
    qint64 take(qint64 wanted) override;
    void waitForTokens(QObject *receiver, std::function<void()> wake) override;

private:
    friend class BandwidthLimiter;
    Throttle(BandwidthLimiter *limiter, TaskId task);
    Q_DISABLE_COPY_MOVE(Throttle)

    QPointer<BandwidthLimiter> m_limiter;
    TaskId m_task;
    TokenBucket m_bucket;
    int m_waiting = 0; // this task's readers in the limiter's queue
    // A turn: bytes set aside for this task when one of its readers was woken. While others
    // wait, a task reads only on its turn, so nobody overtakes the queue.
    qint64 m_credit = 0;
    qint64 m_creditUntil = 0;
    // Scratch for the limiter's wake pass: this task's tokens not yet promised (µ-tokens).
    quint64 m_passId = 0;
    qint64 m_passBudget = 0;
};

// Upload bandwidth limits shared by all transfers: one global token bucket and one per task, each
// a rate in bytes per second, 0 for unlimited. A reader that gets nothing waits in one queue; a
// timer, running only while someone waits, wakes readers in the order they came as tokens come
// back, and gives each woken reader's task a turn: an equal share of what is there. While anyone
// waits, tasks read only on their turns, so nobody is overtaken by readers that happen to ask at
// the right moment, and equal readers get equal rates. Not thread-safe: use it, and its
// throttles, on its own thread.
class BandwidthLimiter final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(BandwidthLimiter)
public:
    using Clock = std::function<qint64()>; // monotonic, microseconds

    explicit BandwidthLimiter(QObject *parent = nullptr);
    ~BandwidthLimiter() override;

    // Take effect at once: waiters are woken or rescheduled for the new rate.
    void setGlobalRate(qint64 bytesPerSecond);
    qint64 globalRate() const { return m_global.rate(); }
    void setTaskRate(TaskId task, qint64 bytesPerSecond);
    qint64 taskRate(TaskId task) const;
    // Drops the task's rate and throttle; devices still holding the throttle keep to the global
    // limit, and throttle(task) afterwards makes a new one.
    void forget(TaskId task);
    // The same throttle for every request of a task, until forget(task).
    std::shared_ptr<Throttle> throttle(TaskId task);

    // Defaults to a steady clock; tests pass a fake one.
    void setClock(Clock clock);
    qint64 now() const { return m_clock(); }

    // Waits not yet woken (a destroyed receiver's until the timer drops it).
    int waitingCount() const { return int(m_waiters.size()); }
    // The clock time (µs) at which the timer next serves waiters; -1 while it is stopped.
    qint64 nextWakeAt() const { return m_nextWakeAt; }
    // Wakes the waiters whose tokens are there, in order: what the timer runs. Public so that a
    // test can drive it over a fake clock.
    void wakeDue();

private:
    friend class Throttle;
    struct Waiter {
        std::shared_ptr<Throttle> throttle;
        QPointer<QObject> receiver;
        std::function<void()> wake;
        bool ownReady = false; // scratch for a pass: its task's bucket would let it go
    };

    void enqueue(Waiter waiter);
    // Serves the waiters whose tokens are there (into `woken`; with null, none) and returns the
    // clock time the first other one will be due, -1 if none; drops destroyed receivers.
    qint64 pass(qint64 nowUs, std::vector<Waiter> *woken);
    void expireCredits(qint64 nowUs);
    void giveCredit(const std::shared_ptr<Throttle> &throttle, qint64 bytes, qint64 nowUs);
    void spendCredit(Throttle &throttle, qint64 bytes);
    bool contended(const Throttle &throttle) const;
    // Restarts the timer for the first waiter due (a rate change may make that now), or stops it.
    void reschedule();
    std::shared_ptr<Throttle> &throttleRef(TaskId task);

    Clock m_clock;
    TokenBucket m_global;
    QHash<TaskId, std::shared_ptr<Throttle>> m_throttles;
    std::deque<Waiter> m_waiters;
    std::vector<std::shared_ptr<Throttle>> m_credited; // tasks holding a turn
    qint64 m_creditSum = 0;                            // bytes, over m_credited
    QTimer *m_timer;
    qint64 m_nextWakeAt = -1;
    quint64 m_passId = 0;
    bool m_waking = false;
};
