#pragma once

#include <QList>
#include <QtGlobal>

#include <utility>

// Bytes per second over a short sliding window of samples (time in ms, cumulative bytes).
// Holds no memory until the first sample and none after reset(): every task has one, and a queue
// of 100,000 tasks has a handful moving (a std::deque allocates half a KiB even when empty).
class RateMeter final {
public:
    explicit RateMeter(qint64 windowMs = 3000)
        : m_windowMs(windowMs)
    {
    }

    void addSample(qint64 nowMs, qint64 totalBytes);
    double bytesPerSecond(qint64 nowMs) const;
    void reset();

private:
    qint64 m_windowMs;
    QList<std::pair<qint64, qint64>> m_samples; // dropping the oldest is O(1) in Qt 6
};
