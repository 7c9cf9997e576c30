#pragma once

#include <QDeadlineTimer>
#include <QEventLoop>
#include <QTimer>

#include <functional>

// Runs a real event loop until `done()` holds or the time is up. QTRY_* and QTest::qWaitFor sleep
// 10 ms between checks, which starves Qt's upload pipeline (a 64 MiB upload took 6 s, not 0.4 s).
inline bool waitFor(const std::function<bool()> &done, int timeoutMs = 20000)
{
    if (done())
        return true;
    QEventLoop loop;
    QTimer poll;
    poll.setInterval(2);
    QDeadlineTimer deadline(timeoutMs);
    QObject::connect(&poll, &QTimer::timeout, &loop, [&] {
        if (done() || deadline.hasExpired())
            loop.quit();
    });
    poll.start();
    loop.exec();
    return done();
}
