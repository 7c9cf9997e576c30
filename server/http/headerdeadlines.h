#pragma once

#include <QtGlobal>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <thread>
#include <unordered_set>

// A deadline for each request's head. libmicrohttpd's idle timeout starts again with every byte,
// so a client sending its headers a byte a second holds a connection for ever; here a
// connection must deliver a whole request head within `timeout` of being accepted, or of its
// previous request ending (a kept-alive connection waiting for the next one). A reaper thread
// shuts down (shutdown(2), both ways) the socket of a connection past its deadline, and
// libmicrohttpd, reading the end of the stream, closes it. Bodies are not its business: once a
// head is complete the connection has no deadline until that request ends.
//
// The socket is never closed by the reaper, and a connection's fd cannot be closed and reused
// while the reaper looks at it: closed() takes the same lock the reaper holds while it scans and
// shuts down, and libmicrohttpd 0.9.75 reports a connection closed (MHD_CONNECTION_NOTIFY_CLOSED,
// in MHD_cleanup_connections) before it closes the socket.
class HeaderDeadlines final {
    Q_DISABLE_COPY_MOVE(HeaderDeadlines)
public:
    using Clock = std::chrono::steady_clock;
    class Connection;

    // `onReaped` runs on the reaper thread, once per connection it shut down.
    HeaderDeadlines(std::chrono::milliseconds timeout, std::function<void()> onReaped);
    ~HeaderDeadlines(); // stops the reaper

    void start();
    void stop();

    // A connection was accepted on `fd`: its first head is due within the timeout.
    Connection *opened(int fd);
    // Its request head is complete: no deadline while the request goes on.
    static void headArrived(Connection *connection);
    // Its request ended: the next head is due within the timeout.
    void requestEnded(Connection *connection) const;
    // It is about to be closed; `connection` is gone after this.
    void closed(Connection *connection);

private:
    void reap();
    qint64 deadlineFromNow() const;

    const std::chrono::milliseconds m_timeout;
    const std::function<void()> m_onReaped;
    std::mutex m_mutex; // m_connections and every fd in it
    std::condition_variable m_wake;
    bool m_stopping = false;
    std::unordered_set<Connection *> m_connections;
    std::thread m_reaper;
};
