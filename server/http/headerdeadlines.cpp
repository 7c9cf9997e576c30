#include "headerdeadlines.h"

#include <sys/socket.h>

#include <algorithm>

namespace {
// How late past its deadline a connection may be shut down, at most.
constexpr std::chrono::milliseconds MaxReapInterval{250};
constexpr std::chrono::milliseconds MinReapInterval{20};
constexpr qint64 NoDeadline = 0; // a head is complete; its request goes on
constexpr qint64 Reaped = -1;    // shut down; libmicrohttpd will close it

qint64 nanosNow()
{
    return std::chrono::duration_cast<std::chrono::nanoseconds>(
               HeaderDeadlines::Clock::now().time_since_epoch())
        .count();
}
} // namespace

class HeaderDeadlines::Connection {
public:
    explicit Connection(int fd, qint64 deadline)
        : fd(fd)
        , deadline(deadline)
    {
    }
    const int fd;
    std::atomic<qint64> deadline; // steady-clock nanoseconds, NoDeadline or Reaped
};

HeaderDeadlines::HeaderDeadlines(std::chrono::milliseconds timeout, std::function<void()> onReaped)
    : m_timeout(timeout)
    , m_onReaped(std::move(onReaped))
{
}

HeaderDeadlines::~HeaderDeadlines()
{
    stop();
    for (Connection *connection : m_connections)
        delete connection;
}

void HeaderDeadlines::start()
{
    if (m_reaper.joinable() || m_timeout.count() <= 0)
        return;
    m_stopping = false;
    m_reaper = std::thread([this] { reap(); });
}

void HeaderDeadlines::stop()
{
    {
        std::lock_guard<std::mutex> lock(m_mutex);
        m_stopping = true;
    }
    m_wake.notify_all();
    if (m_reaper.joinable())
        m_reaper.join();
}

qint64 HeaderDeadlines::deadlineFromNow() const
{
    return nanosNow() + std::chrono::nanoseconds(m_timeout).count();
}

HeaderDeadlines::Connection *HeaderDeadlines::opened(int fd)
{
    auto *connection = new Connection(fd, deadlineFromNow());
    std::lock_guard<std::mutex> lock(m_mutex);
    m_connections.insert(connection);
    return connection;
}

void HeaderDeadlines::headArrived(Connection *connection)
{
    if (!connection)
        return;
    qint64 due = connection->deadline.load();
    // A connection the reaper has just shut down stays Reaped: its request will find the
    // stream cut.
    while (due != Reaped && !connection->deadline.compare_exchange_weak(due, NoDeadline)) {
    }
}

void HeaderDeadlines::requestEnded(Connection *connection) const
{
    if (!connection)
        return;
    qint64 due = connection->deadline.load();
    const qint64 next = deadlineFromNow();
    while (due != Reaped && !connection->deadline.compare_exchange_weak(due, next)) {
    }
}

void HeaderDeadlines::closed(Connection *connection)
{
    if (!connection)
        return;
    {
        std::lock_guard<std::mutex> lock(m_mutex);
        m_connections.erase(connection);
    }
    delete connection;
}

void HeaderDeadlines::reap()
{
    const auto interval = std::clamp(m_timeout / 4, MinReapInterval, MaxReapInterval);
    std::unique_lock<std::mutex> lock(m_mutex);
    while (!m_stopping) {
        m_wake.wait_for(lock, interval);
        const qint64 now = nanosNow();
        int reaped = 0;
        for (Connection *connection : m_connections) {
            qint64 due = connection->deadline.load();
            if (due == NoDeadline || due == Reaped || due > now)
                continue;
            // Not if its head completed (or a request ended) meanwhile.
            if (!connection->deadline.compare_exchange_strong(due, Reaped))
                continue;
            // Under m_mutex, so closed() (and with it libmicrohttpd's close()) waits: the fd is
            // still this connection's.
            ::shutdown(connection->fd, SHUT_RDWR);
            ++reaped;
        }
        if (reaped > 0 && m_onReaped) {
            lock.unlock();
            for (int i = 0; i < reaped; ++i)
                m_onReaped();
            lock.lock();
        }
    }
}
