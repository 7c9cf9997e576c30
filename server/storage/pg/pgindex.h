#pragma once

#include "pgchallenges.h"
#include "pgleases.h"
#include "pgpool.h"
#include "pguploads.h"

#include <memory>

// hoistd's index in PostgreSQL (`--index postgresql://...`): the schema, migrated on open(),
// and every query the cluster store needs, by concern: uploads() (records, usage and quotas,
// instant-upload contents, sweeps, reconciliation), leases() (the fenced single writer, parts,
// hand-over requests) and challenges() (proof-of-possession challenges and attempts). Safe to
// call from any thread: each call takes a pooled connection. The hand-over's receiving side is
// a PgListener on the instance's event loop; sweeps run under a PgAdvisoryLock.
class PgIndex final {
    Q_DISABLE_COPY_MOVE(PgIndex)
public:
    struct Options {
        PgConnection::Options connection;
        int maxConnections = 16;
        int maxProofAttempts = 10;
    };
    PgIndex(PgAddress address, Options options);
    ~PgIndex();

    // Connects once and brings the schema to PgSchema::Current; false and why otherwise.
    bool open(QString *error);

    PgPool &pool() { return m_pool; }
    PgUploads &uploads() { return m_uploads; }
    PgLeases &leases() { return m_leases; }
    PgChallenges &challenges() { return m_challenges; }

private:
    PgPool m_pool;
    PgUploads m_uploads;
    PgLeases m_leases;
    PgChallenges m_challenges;
};
