#pragma once

#include <QDateTime>
#include <QElapsedTimer>
#include <QObject>

// Time as the engine reads it: the wall clock (schedules, "unreachable since 13:11") and a
// monotonic one (intervals, back-off). One object passed to whoever needs time, so that tests can
// move it: a schedule's boundary, a day without progress or a night of sleep take no real time.
// A resume from sleep shows as the wall clock jumping ahead of the monotonic one (Linux's
// CLOCK_MONOTONIC, behind QElapsedTimer, stops while the machine sleeps).
class Clock : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(Clock)
public:
    using QObject::QObject;
    ~Clock() override = default;

    // Milliseconds since the epoch.
    virtual qint64 wallMs() const = 0;
    // Milliseconds since an arbitrary start; never goes backwards.
    virtual qint64 monotonicMs() const = 0;
    QDateTime localNow() const { return QDateTime::fromMSecsSinceEpoch(wallMs()); }

Q_SIGNALS:
    // Time moved by other than its own passing (a test's jump): whoever armed a timer from the
    // clock arms it again. The system clock never emits it; its jumps are found by comparing
    // the two clocks.
    void jumped();
};

class SystemClock final : public Clock {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SystemClock)
public:
    explicit SystemClock(QObject *parent = nullptr)
        : Clock(parent)
    {
        m_monotonic.start();
    }
    // The wall clock, ms since the epoch, for code that is handed no Clock (the window's "5 s
    // ago", a task's timestamps). What a test must be able to move reads a Clock instead.
    static qint64 nowMs() { return QDateTime::currentMSecsSinceEpoch(); }
    qint64 wallMs() const override { return nowMs(); }
    qint64 monotonicMs() const override { return m_monotonic.elapsed(); }

private:
    QElapsedTimer m_monotonic;
};

// A clock that moves only when told: for tests.
class ManualClock final : public Clock {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ManualClock)
public:
    explicit ManualClock(qint64 wallMs = 0, QObject *parent = nullptr)
        : Clock(parent)
        , m_wallMs(wallMs)
    {
    }
    qint64 wallMs() const override { return m_wallMs; }
    qint64 monotonicMs() const override { return m_monotonicMs; }

    // Both clocks move on by `ms`, as time passing does.
    void advance(qint64 ms)
    {
        m_wallMs += ms;
        m_monotonicMs += ms;
        Q_EMIT jumped();
    }
    // Only the wall clock moves: the machine slept for `ms`, or someone set the clock.
    void jumpWall(qint64 ms)
    {
        m_wallMs += ms;
        Q_EMIT jumped();
    }
    void setWallMs(qint64 ms)
    {
        m_wallMs = ms;
        Q_EMIT jumped();
    }

private:
    qint64 m_wallMs;
    qint64 m_monotonicMs = 0;
};
