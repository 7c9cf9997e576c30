#pragma once

#include <QElapsedTimer>
#include <QObject>
#include <QTimer>

// How late a 10 ms timer fires at worst while it lives: the event loop's responsiveness. Code
// that blocks the thread (a read from a stalled mount) shows as lateness of as long as it blocks.
class LatenessProbe final {
public:
    static constexpr int TickMs = 10;

    LatenessProbe()
    {
        m_ticker.setTimerType(Qt::PreciseTimer);
        m_ticker.setInterval(TickMs);
        QObject::connect(&m_ticker, &QTimer::timeout, [this] {
            const qint64 now = m_clock.elapsed();
            m_worstMs = qMax(m_worstMs, now - m_last - TickMs);
            m_last = now;
        });
        m_clock.start();
        m_ticker.start();
    }
    qint64 worstMs() const { return m_worstMs; }

private:
    QTimer m_ticker;
    QElapsedTimer m_clock;
    qint64 m_last = 0;
    qint64 m_worstMs = 0;
};
