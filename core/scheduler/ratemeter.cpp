#include "ratemeter.h"

void RateMeter::addSample(qint64 nowMs, qint64 totalBytes)
{
    // A total that went down (the transfer restarted) or a clock that went back would make a
    // negative or meaningless rate: start over from this sample.
    if (!m_samples.empty()
        && (totalBytes < m_samples.back().second || nowMs < m_samples.back().first))
        m_samples = {};

    if (!m_samples.empty() && m_samples.back().first == nowMs)
        m_samples.back().second = totalBytes; // same instant: keep the newest total only
    else
        m_samples.emplace_back(nowMs, totalBytes);

    while (!m_samples.empty() && m_samples.front().first < nowMs - m_windowMs)
        m_samples.removeFirst();
}

double RateMeter::bytesPerSecond(qint64 nowMs) const
{
    // Samples that have aged out since the last addSample do not count either.
    auto first = m_samples.cbegin();
    while (first != m_samples.cend() && first->first < nowMs - m_windowMs)
        ++first;
    if (first == m_samples.cend() || std::next(first) == m_samples.cend())
        return 0.0;

    const auto &last = m_samples.back();
    // Measuring up to "now" rather than the last sample lets the rate decay while nothing moves,
    // instead of showing the last speed until the whole window has aged out.
    const qint64 elapsedMs = std::max(nowMs, last.first) - first->first;
    if (elapsedMs <= 0)
        return 0.0;
    return double(last.second - first->second) * 1000.0 / double(elapsedMs);
}

void RateMeter::reset()
{
    m_samples = {}; // clear() would keep the capacity
}
