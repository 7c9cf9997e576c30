#include "logthrottle.h"

LogThrottle::LogThrottle(int perWindow, std::chrono::seconds window)
    : m_perWindow(perWindow)
    , m_window(window)
{
}

QStringList LogThrottle::pass(const QString &line, Clock::time_point now)
{
    QMutexLocker locker(&m_mutex);
    QStringList out;
    if (m_logged == 0 || now - m_windowStart >= m_window) {
        if (m_held > 0)
            out << QStringLiteral("(%1 more such line(s) not logged)").arg(m_held);
        m_windowStart = now;
        m_logged = 0;
        m_held = 0;
    }
    if (m_logged < m_perWindow) {
        ++m_logged;
        out << line;
    } else {
        ++m_held;
    }
    return out;
}
