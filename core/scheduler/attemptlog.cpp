#include "attemptlog.h"

void AttemptLog::begin(qint64 nowMs)
{
    end(UploadAttempt::Outcome::Stopped, QString(), nowMs);
    if (m_attempts.size() >= Capacity)
        m_attempts.removeFirst();
    UploadAttempt attempt;
    attempt.startedMs = nowMs;
    m_attempts.append(attempt);
    m_running = true;
    ++m_count;
    if (m_firstStartedMs == 0)
        m_firstStartedMs = nowMs;
}

void AttemptLog::end(UploadAttempt::Outcome outcome, const QString &reason, qint64 nowMs)
{
    if (!m_running)
        return;
    m_running = false;
    UploadAttempt &attempt = m_attempts.last();
    attempt.endedMs = qMax(nowMs, attempt.startedMs);
    attempt.outcome = outcome;
    attempt.reason = reason;
    m_endedMs += attempt.durationMs(nowMs);
    m_endedBytes += attempt.bytesSent;
}

qint64 AttemptLog::timeSpentMs(qint64 nowMs) const
{
    return m_endedMs + (m_running ? qMax<qint64>(0, m_attempts.last().durationMs(nowMs)) : 0);
}

qint64 AttemptLog::bytesSent() const
{
    return m_endedBytes + (m_running ? m_attempts.last().bytesSent : 0);
}
