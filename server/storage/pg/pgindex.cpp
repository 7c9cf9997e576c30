#include "pgindex.h"

#include "pgschema.h"

PgIndex::PgIndex(PgAddress address, Options options)
    : m_pool(std::move(address), options.connection, options.maxConnections)
    , m_uploads(m_pool)
    , m_leases(m_pool)
    , m_challenges(m_pool, options.maxProofAttempts)
{
}

PgIndex::~PgIndex() = default;

bool PgIndex::open(QString *error)
{
    PgPool::Handle c = m_pool.acquire();
    if (!c) {
        *error = QStringLiteral("PostgreSQL is unreachable: no free connection in the pool");
        return false;
    }
    if (!c->open()) {
        *error = c->lastError().message;
        return false;
    }
    return PgSchema::migrate(*c, error);
}
