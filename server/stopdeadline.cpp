#include "stopdeadline.h"

StopDeadline::StopDeadline(std::chrono::milliseconds grace, std::function<void()> expired)
{
    m_thread = std::thread([this, grace, expired = std::move(expired)] {
        std::unique_lock<std::mutex> lock(m_mutex);
        if (m_cancelled.wait_for(lock, grace, [this] { return m_done; }))
            return;
        lock.unlock();
        expired();
    });
}

StopDeadline::~StopDeadline()
{
    {
        std::lock_guard<std::mutex> lock(m_mutex);
        m_done = true;
    }
    m_cancelled.notify_all();
    m_thread.join();
}
