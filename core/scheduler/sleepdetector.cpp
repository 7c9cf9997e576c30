#include "sleepdetector.h"

#include "clock.h"

SleepDetector::SleepDetector(Clock *clock, QObject *parent)
    : QObject(parent)
    , m_clock(clock)
{
    Q_ASSERT(clock);
    m_offsetMs = clock->wallMs() - clock->monotonicMs();
    // Coarse: a sleep is minutes or hours; being a few seconds late to notice costs nothing.
    m_timer.setTimerType(Qt::VeryCoarseTimer);
    m_timer.setInterval(DefaultIntervalMs);
    connect(&m_timer, &QTimer::timeout, this, &SleepDetector::check);
    connect(clock, &Clock::jumped, this, &SleepDetector::check);
    m_timer.start();
}

void SleepDetector::check()
{
    if (!m_clock)
        return;
    const qint64 offset = m_clock->wallMs() - m_clock->monotonicMs();
    const qint64 ahead = offset - m_offsetMs;
    m_offsetMs = offset; // a clock set back is taken as the new normal, and so is a sleep
    if (ahead > m_thresholdMs)
        Q_EMIT resumed(ahead);
}
