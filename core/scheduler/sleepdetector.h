#pragma once

#include <QObject>
#include <QPointer>
#include <QTimer>

class Clock;

// Tells when the machine woke up from sleep: the wall clock has run ahead of the monotonic one
// (which stops while the machine sleeps) by more than a threshold since the last look. Looks
// every few seconds, and at once whenever the clock says it jumped (a test's ManualClock).
// A person setting the clock forward reads as a sleep too: waking uploads early costs a probe.
class SleepDetector final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SleepDetector)
public:
    static constexpr int DefaultIntervalMs = 5000;
    static constexpr qint64 DefaultThresholdMs = 10000;

    explicit SleepDetector(Clock *clock, QObject *parent = nullptr);

    void setInterval(int ms) { m_timer.setInterval(ms); }
    void setThreshold(qint64 ms) { m_thresholdMs = ms; }
    // Looks now (also what the timer and the clock's jumps call).
    void check();

Q_SIGNALS:
    // The machine slept (or the clock moved forward) for about `sleptMs`.
    void resumed(qint64 sleptMs);

private:
    QPointer<Clock> m_clock;
    QTimer m_timer;
    qint64 m_thresholdMs = DefaultThresholdMs;
    qint64 m_offsetMs = 0; // wall minus monotonic at the last look
};
