#pragma once

#include "pgconnection.h"

#include <QMutex>
#include <QWaitCondition>

#include <chrono>
#include <memory>
#include <vector>

// The connections hoistd's threads share (libmicrohttpd's workers, the sweep timer): each
// acquire() hands one connection to the calling thread alone until its Handle goes out of scope,
// so libpq's one-thread-at-a-time rule holds whoever calls. At most `maxConnections` exist; an
// acquire() beyond waits (bounded) for one to come back. Connections are opened lazily by their
// first statement and reopened by PgConnection itself after the server went away.
// Chosen over a connection per thread: libmicrohttpd's threads are not QThreads (no
// QThreadStorage cleanup to rely on), and a pool bounds the server's connections whatever the
// thread count. A connection handed back inside a transaction (a bug) is closed, not reused.
class PgPool final {
    Q_DISABLE_COPY_MOVE(PgPool)
public:
    PgPool(PgAddress address, PgConnection::Options options, int maxConnections);
    ~PgPool();

    class Handle {
    public:
        Handle() = default;
        Handle(Handle &&other) noexcept;
        Handle &operator=(Handle &&other) noexcept;
        ~Handle();
        explicit operator bool() const { return m_connection != nullptr; }
        PgConnection *operator->() const { return m_connection.get(); }
        PgConnection &operator*() const { return *m_connection; }

    private:
        friend class PgPool;
        Handle(PgPool *pool, std::unique_ptr<PgConnection> connection);
        PgPool *m_pool = nullptr;
        std::unique_ptr<PgConnection> m_connection;
    };

    // A connection for this thread; an empty Handle when none came back within `wait`.
    Handle acquire(std::chrono::milliseconds wait = std::chrono::seconds(10));
    const PgAddress &address() const { return m_address; }
    const PgConnection::Options &options() const { return m_options; }
    int maxConnections() const { return m_max; }
    int idle() const;

private:
    void giveBack(std::unique_ptr<PgConnection> connection);

    const PgAddress m_address;
    const PgConnection::Options m_options;
    const int m_max;
    mutable QMutex m_mutex;
    QWaitCondition m_returned;
    std::vector<std::unique_ptr<PgConnection>> m_idle;
    int m_out = 0; // handed out now
};
