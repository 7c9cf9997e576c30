#include "pgpool.h"

#include <QDeadlineTimer>

PgPool::PgPool(PgAddress address, PgConnection::Options options, int maxConnections)
    : m_address(std::move(address))
    , m_options(std::move(options))
    , m_max(qMax(1, maxConnections))
{
}

PgPool::~PgPool()
{
    QMutexLocker locker(&m_mutex);
    Q_ASSERT(m_out == 0); // a Handle outlived its pool
    m_idle.clear();
}

PgPool::Handle PgPool::acquire(std::chrono::milliseconds wait)
{
    const QDeadlineTimer deadline(wait);
    QMutexLocker locker(&m_mutex);
    while (m_idle.empty() && m_out >= m_max) {
        if (!m_returned.wait(&m_mutex, deadline))
            return {};
    }
    ++m_out;
    if (!m_idle.empty()) {
        std::unique_ptr<PgConnection> connection = std::move(m_idle.back());
        m_idle.pop_back();
        return Handle(this, std::move(connection));
    }
    locker.unlock();
    return Handle(this, std::make_unique<PgConnection>(m_address, m_options));
}

void PgPool::giveBack(std::unique_ptr<PgConnection> connection)
{
    if (connection->inTransaction())
        connection->close();
    QMutexLocker locker(&m_mutex);
    --m_out;
    m_idle.push_back(std::move(connection));
    m_returned.wakeOne();
}

int PgPool::idle() const
{
    QMutexLocker locker(&m_mutex);
    return int(m_idle.size());
}

PgPool::Handle::Handle(PgPool *pool, std::unique_ptr<PgConnection> connection)
    : m_pool(pool)
    , m_connection(std::move(connection))
{
}

PgPool::Handle::Handle(Handle &&other) noexcept
    : m_pool(std::exchange(other.m_pool, nullptr))
    , m_connection(std::move(other.m_connection))
{
}

PgPool::Handle &PgPool::Handle::operator=(Handle &&other) noexcept
{
    if (this != &other) {
        if (m_pool && m_connection)
            m_pool->giveBack(std::move(m_connection));
        m_pool = std::exchange(other.m_pool, nullptr);
        m_connection = std::move(other.m_connection);
    }
    return *this;
}

PgPool::Handle::~Handle()
{
    if (m_pool && m_connection)
        m_pool->giveBack(std::move(m_connection));
}
