#include "totaltimeleft.h"

#include "tasktable.h"

#include <cmath>

namespace {
// Below this the speed says nothing (a stalled link): no estimate rather than "days".
constexpr double MinSpeed = 1.0;
} // namespace

void TotalTimeLeft::update(const SchedulerTotals &totals, qint64 nowMs)
{
    m_bytesLeft = qMax<qint64>(0, totals.bytesActiveLeft);
    m_uploading = totals.count(TaskState::Uploading) > 0;
    if (!m_uploading && totals.count(TaskState::Waiting) == 0) {
        // Idle: the next batch starts its estimate afresh.
        m_speed = 0;
        m_lastMs = -1;
        return;
    }
    const double sample = totals.bytesPerSecond;
    if (m_lastMs < 0 || m_speed < MinSpeed) {
        // The first speed measured is taken as it is: rising from zero would promise hours.
        m_speed = sample;
        m_startMs = nowMs;
    } else {
        // While the estimate is younger than the time constant it averages what it has (the
        // first speeds of a batch are low while the uploads get going), then smooths.
        const double age = qMax<qint64>(1, nowMs - m_startMs) / 1000.0;
        const double elapsed = qMax<qint64>(0, nowMs - m_lastMs) / 1000.0;
        const double alpha = 1.0 - std::exp(-elapsed / qMin(age, SmoothingSeconds));
        m_speed += alpha * (sample - m_speed);
    }
    m_lastMs = nowMs;
}

qint64 TotalTimeLeft::secondsLeft() const
{
    if (!m_uploading || m_bytesLeft <= 0 || m_speed < MinSpeed)
        return -1;
    return qint64(std::ceil(double(m_bytesLeft) / m_speed));
}
