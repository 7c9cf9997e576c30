#pragma once

#include <QMutex>
#include <QString>
#include <QStringList>

#include <chrono>

// At most `perWindow` lines of a kind in each `window`, so that what clients can make a server
// say (libmicrohttpd's "Connection was closed by remote side with incomplete request.", once per
// connection of a flood) cannot fill its log. What is held back is counted, and said in one
// line with the first one after that window. Thread-safe.
class LogThrottle final {
    Q_DISABLE_COPY_MOVE(LogThrottle)
public:
    using Clock = std::chrono::steady_clock;

    LogThrottle(int perWindow, std::chrono::seconds window);

    // The lines to log now for `line`: none, it, or a count of those held back and it.
    QStringList pass(const QString &line, Clock::time_point now = Clock::now());

private:
    const int m_perWindow;
    const std::chrono::seconds m_window;
    QMutex m_mutex;
    Clock::time_point m_windowStart;
    int m_logged = 0;
    int m_held = 0;
};
