#pragma once

#include <QtGlobal>
#include <deque>
#include <utility>

// Bytes per second over a short sliding window of samples (time in ms, cumulative bytes).
class RateMeter final {
public:
    explicit RateMeter(qint64 windowMs = 3000) : m_windowMs(windowMs) {}

    void addSample(qint64 nowMs, qint64 totalBytes);
    double bytesPerSecond(qint64 nowMs) const;
    void reset();

private:
    qint64 m_windowMs;
    std::deque<std::pair<qint64, qint64>> m_samples;
};
