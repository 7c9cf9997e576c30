#pragma once

#include <QtGlobal>

#include <chrono>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <thread>

// A bound on a shutdown step that may block on a peer (hoistd's stop: requests inside calls to a
// bucket that does not answer): `expired` runs on a thread of its own when the deadline is not
// destroyed within `grace`, to make what blocks give up (UploadStore::abortCalls()). Destroying
// it cancels it, and waits for `expired` if that already runs.
class StopDeadline final {
    Q_DISABLE_COPY_MOVE(StopDeadline)
public:
    StopDeadline(std::chrono::milliseconds grace, std::function<void()> expired);
    ~StopDeadline();

private:
    std::mutex m_mutex;
    std::condition_variable m_cancelled;
    bool m_done = false;
    std::thread m_thread;
};
