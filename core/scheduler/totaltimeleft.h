#pragma once

#include <QtGlobal>

struct SchedulerTotals;

// The time left for every upload under way, for a status bar: the bytes the uploading and
// waiting ones still have to send (paused and failed ones wait for a person, so they do not
// count) over the total speed, smoothed so that the estimate does not jump with every chunk or
// while one upload hands over to the next. Each update costs the same however many tasks there
// are: the scheduler keeps the bytes left as a running total (SchedulerTotals::bytesActiveLeft).
class TotalTimeLeft final {
public:
    // The speed's smoothing time constant: a change of speed is mostly taken in after this long.
    static constexpr double SmoothingSeconds = 10.0;

    // Takes the totals as they are at `nowMs` (any monotonic clock in ms).
    void update(const SchedulerTotals &totals, qint64 nowMs);
    // Seconds left; -1 when nothing is uploading or the speed is not known yet.
    qint64 secondsLeft() const;
    double smoothedSpeed() const { return m_speed; }

private:
    double m_speed = 0;   // bytes per second, smoothed
    qint64 m_lastMs = -1; // when the speed was last taken in
    qint64 m_startMs = 0; // when this estimate began
    qint64 m_bytesLeft = 0;
    bool m_uploading = false;
};
