#include "pgleases.h"

#include "pgcall.h"
#include "pgschema.h"
#include "pguploads.h"

namespace {
// How often take() asks again when the lease was let go of between its two statements.
constexpr int TakeAttempts = 3;

bool valid(const QString &id, const QString &holder, PgError *error)
{
    if (PgLimits::isId(id) && PgLimits::isHolder(holder))
        return true;
    *error = {PgError::Kind::Invalid, {}, QStringLiteral("not an upload id or instance id")};
    return false;
}

qint64 ms(std::chrono::milliseconds d)
{
    return qint64(d.count());
}

// The owner of an upload that just finished has one unfinished upload fewer.
bool dropUnfinished(PgConnection &t, const QVariant &owner)
{
    return t.run("UPDATE owners SET unfinished = unfinished - 1 WHERE owner = $1", {owner});
}
} // namespace

PgLeases::PgLeases(PgPool &pool)
    : m_pool(pool)
{
}

QString PgLeases::channel(const QString &holder)
{
    return QStringLiteral("hoistd_") + holder;
}

PgLeases::Taken PgLeases::take(const QString &id, const QString &holder,
                               std::chrono::milliseconds duration, PgError *error, qint64 reclaim)
{
    if (!valid(id, holder, error))
        return {};
    return pgCall(m_pool, error, [&](PgConnection &c) -> Taken {
        Taken out;
        // Let go of between the two statements (a hand-over): free now, so asked again.
        for (int attempt = 0; attempt < TakeAttempts; ++attempt) {
            const auto taken = c.exec(
                R"(UPDATE uploads SET lease_holder = $2, lease_generation = lease_generation + 1,
                       lease_expires = now() + $3::float8 * interval '1 millisecond',
                       lease_wanted = false
                   WHERE id = $1 AND (lease_holder IS NULL OR lease_expires <= now()
                                      OR (lease_holder = $2 AND lease_generation = $4))
                   RETURNING lease_generation, completing IS NOT NULL)",
                {id, holder, ms(duration), reclaim});
            if (!taken)
                return out;
            if (!taken->isEmpty()) {
                out.taken = true;
                out.generation = taken->at(0, 0).toLongLong();
                out.completing = taken->at(0, 1).toBool();
                return out;
            }
            const auto held = c.exec(
                R"(SELECT lease_holder, lease_generation,
                       GREATEST(0, extract(epoch FROM lease_expires - now()) * 1000)::bigint,
                       lease_wanted
                   FROM uploads WHERE id = $1)",
                {id});
            if (!held || held->isEmpty())
                return out; // no such upload: no holder
            out.holder = held->at(0, 0).toString();
            out.generation = held->at(0, 1).toLongLong();
            out.remaining = std::chrono::milliseconds(held->at(0, 2).toLongLong());
            out.wanted = held->at(0, 3).toBool();
            if (!out.holder.isEmpty() && out.remaining.count() > 0)
                return out;
        }
        return out;
    });
}

bool PgLeases::renew(const QString &id, const QString &holder, qint64 generation,
                     std::chrono::milliseconds duration, PgError *error)
{
    if (!valid(id, holder, error))
        return false;
    return pgCall(m_pool, error, [&](PgConnection &c) {
        const auto rows = c.exec(
            R"(UPDATE uploads SET lease_expires = now() + $4::float8 * interval '1 millisecond'
               WHERE id = $1 AND lease_holder = $2 AND lease_generation = $3)",
            {id, holder, generation, ms(duration)});
        return rows && rows->affected == 1;
    });
}

bool PgLeases::release(const QString &id, const QString &holder, qint64 generation, PgError *error)
{
    if (!valid(id, holder, error))
        return false;
    return pgCall(m_pool, error, [&](PgConnection &c) {
        const auto rows = c.exec(R"(UPDATE uploads SET lease_holder = NULL, lease_expires = NULL
                      WHERE id = $1 AND lease_holder = $2 AND lease_generation = $3)",
                                 {id, holder, generation});
        return rows && rows->affected == 1;
    });
}

std::optional<int> PgLeases::allocatePart(const QString &id, const QString &holder,
                                          qint64 generation, PgError *error)
{
    if (!valid(id, holder, error))
        return std::nullopt;
    return pgCall(m_pool, error, [&](PgConnection &c) -> std::optional<int> {
        const auto rows = c.exec(
            R"(UPDATE uploads SET next_part = next_part + 1
               WHERE id = $1 AND lease_holder = $2 AND lease_generation = $3
                 AND next_part <= 10000
               RETURNING next_part - 1)",
            {id, holder, generation});
        if (!rows || rows->isEmpty())
            return std::nullopt;
        return int(rows->at(0, 0).toLongLong());
    });
}

bool PgLeases::setMultipartId(const QString &id, const QString &holder, qint64 generation,
                              const QString &uploadId, PgError *error)
{
    if (!valid(id, holder, error))
        return false;
    return pgCall(m_pool, error, [&](PgConnection &c) {
        const auto rows = c.exec(
            R"(UPDATE uploads SET multipart_id = $4
               WHERE id = $1 AND lease_holder = $2 AND lease_generation = $3)",
            {id, holder, generation, uploadId});
        return rows && rows->affected == 1;
    });
}

PgLeases::Outcome PgLeases::fencedUpdate(const QString &id, const QString &holder, PgError *error,
                                         const FencedStep &update, const FencedRest &rest)
{
    if (!valid(id, holder, error))
        return Outcome::Failed;
    Outcome outcome = Outcome::Failed;
    const bool ok = pgCall(m_pool, error, [&](PgConnection &c) {
        return c.transaction([&](PgConnection &t) {
            outcome = Outcome::Failed;
            const auto row = update(t);
            if (!row)
                return false;
            if (row->isEmpty()) {
                outcome = Outcome::Fenced;
                return false;
            }
            outcome = rest(t, *row);
            return outcome == Outcome::Committed;
        });
    });
    if (ok)
        return Outcome::Committed;
    return outcome == Outcome::Committed ? Outcome::Failed : outcome;
}

PgLeases::Outcome PgLeases::commit(const QString &id, const QString &holder, qint64 generation,
                                   const Commit &commit, PgError *error)
{
    qint64 counted = 0; // what the upload counted before a declared length
    const auto update = [&](PgConnection &t) -> std::optional<PgRows> {
        if (commit.length >= 0) {
            const auto was =
                t.exec("SELECT counted_bytes FROM uploads WHERE id = $1 FOR UPDATE", {id});
            if (!was)
                return std::nullopt;
            counted = was->isEmpty() ? 0 : was->at(0, 0).toLongLong();
        }
        // $10: the length declared now (-1: none); the row's length from then on is `length`.
        return t.exec(
            R"(UPDATE uploads SET "offset" = CASE WHEN $9 THEN "offset" ELSE $5 END,
                   length = CASE WHEN $10 >= 0 THEN $10 ELSE length END,
                   counted_bytes = CASE WHEN $10 >= 0 THEN $10 ELSE counted_bytes END,
                   tail_key = NULLIF($6, ''), tail_size = $7,
                   expires = now() + $8::float8 * interval '1 second',
                   finished = CASE WHEN NOT $9 AND $5 = (CASE WHEN $10 >= 0 THEN $10 ELSE length END)
                                   THEN now() END,
                   completing = CASE WHEN $9 THEN $3::bigint END
               WHERE id = $1 AND lease_holder = $2 AND lease_generation = $3
                 AND "offset" = $4 AND finished IS NULL AND completing IS NULL AND $5 >= $4
                 AND ($10 < 0 OR length = -1)
                 AND ((CASE WHEN $10 >= 0 THEN $10 ELSE length END) < 0
                      OR $5 <= (CASE WHEN $10 >= 0 THEN $10 ELSE length END))
                 AND (NOT $9 OR $5 = (CASE WHEN $10 >= 0 THEN $10 ELSE length END))
               RETURNING owner, finished IS NOT NULL)",
            {id, holder, generation, commit.from, commit.to, commit.tailKey, commit.tailSize,
             qint64(commit.expireAfter.count()), commit.completing, commit.length});
    };
    const auto rest = [&](PgConnection &t, const PgRows &row) {
        if (commit.length >= 0) {
            const auto moved =
                PgUploads::moveBytes(t, row.at(0, 0), commit.length - counted, commit.quota);
            if (!moved)
                return Outcome::Failed;
            if (!*moved)
                return Outcome::Refused;
        }
        for (const PgPart &part : commit.parts) {
            if (!t.run(R"(INSERT INTO parts (upload, number, etag, size, "offset", generation)
                          VALUES ($1, $2, $3, $4, $5, $6))",
                       {id, part.number, part.etag, part.size, part.offset, generation}))
                return Outcome::Failed;
        }
        return !row.at(0, 1).toBool() || dropUnfinished(t, row.at(0, 0)) ? Outcome::Committed
                                                                         : Outcome::Failed;
    };
    return fencedUpdate(id, holder, error, update, rest);
}

PgLeases::Outcome PgLeases::finishCompletion(const QString &id, const QString &holder,
                                             qint64 generation, PgError *error)
{
    const auto update = [&](PgConnection &t) {
        return t.exec(
            R"(UPDATE uploads SET "offset" = length, finished = now(), completing = NULL,
                   tail_key = NULL, tail_size = 0
               WHERE id = $1 AND lease_holder = $2 AND lease_generation = $3
                 AND completing IS NOT NULL AND finished IS NULL
               RETURNING owner)",
            {id, holder, generation});
    };
    const auto rest = [](PgConnection &t, const PgRows &row) {
        return dropUnfinished(t, row.at(0, 0)) ? Outcome::Committed : Outcome::Failed;
    };
    return fencedUpdate(id, holder, error, update, rest);
}

QList<PgPart> PgLeases::parts(const QString &id, PgError *error)
{
    if (!PgLimits::isId(id))
        return {};
    return pgCall(m_pool, error, [&](PgConnection &c) {
        QList<PgPart> out;
        const auto rows = c.exec(R"(SELECT number, etag, size, "offset", generation FROM parts
                                    WHERE upload = $1 ORDER BY number)",
                                 {id});
        if (rows) {
            for (const auto &r : rows->rows)
                out.append({int(r.at(0).toLongLong()), r.at(1).toString(), r.at(2).toLongLong(),
                            r.at(3).toLongLong(), r.at(4).toLongLong()});
        }
        return out;
    });
}

bool PgLeases::askToRelease(const QString &holder, const QString &id, PgError *error)
{
    if (!valid(id, holder, error))
        return false;
    // Recorded in the row too, for a holder whose listener misses the NOTIFY (wanted()).
    return pgCall(m_pool, error, [&](PgConnection &c) {
        return c.run(R"(WITH wanted AS (UPDATE uploads SET lease_wanted = true
                                        WHERE id = $1 AND lease_holder = $2 RETURNING id)
                        SELECT pg_notify($3, $1))",
                     {id, holder, channel(holder)});
    });
}

bool PgLeases::askToReleaseIfStalled(const QString &holder, const QString &id, PgError *error)
{
    if (!valid(id, holder, error))
        return false;
    return pgCall(m_pool, error,
                  [&](PgConnection &c) { return c.notify(channel(holder), stalledPrefix() + id); });
}

bool PgLeases::markWanted(const QString &holder, const QString &id, PgError *error)
{
    if (!valid(id, holder, error))
        return false;
    return pgCall(m_pool, error, [&](PgConnection &c) {
        return c.run("UPDATE uploads SET lease_wanted = true WHERE id = $1 AND lease_holder = $2",
                     {id, holder});
    });
}

QStringList PgLeases::wanted(const QString &holder, PgError *error)
{
    if (!PgLimits::isHolder(holder))
        return {};
    return pgCall(m_pool, error, [&](PgConnection &c) {
        QStringList out;
        const auto rows =
            c.exec("SELECT id FROM uploads WHERE lease_holder = $1 AND lease_wanted ORDER BY id",
                   {holder});
        if (rows) {
            for (const auto &row : rows->rows)
                out.append(row.at(0).toString());
        }
        return out;
    });
}

PgAdvisoryLock::PgAdvisoryLock(PgPool &pool, int key)
    : m_pool(pool)
    , m_key(key)
{
}

PgAdvisoryLock::~PgAdvisoryLock()
{
    unlock();
}

bool PgAdvisoryLock::tryLock(PgError *error)
{
    // A connection that was reopened meanwhile is a new session: the lock went with the old one.
    if (m_locked && m_connection && m_connection->isOpen()
        && m_connection->connects() == m_lockedAt)
        return true;
    m_locked = false;
    m_connection = m_pool.acquire();
    if (!m_connection) {
        *error = {PgError::Kind::Unreachable,
                  {},
                  QStringLiteral("PostgreSQL is unreachable: no free connection in the pool")};
        return false;
    }
    const auto rows = m_connection->exec("SELECT pg_try_advisory_lock($1::int, $2::int)",
                                         {PgSchema::LockClass, m_key});
    *error = m_connection->lastError();
    m_locked = rows && !rows->isEmpty() && rows->at(0, 0).toBool();
    m_lockedAt = m_connection->connects();
    if (!m_locked)
        m_connection = {};
    return m_locked;
}

void PgAdvisoryLock::unlock()
{
    if (m_locked && m_connection && m_connection->isOpen())
        m_connection->run("SELECT pg_advisory_unlock($1::int, $2::int)",
                          {PgSchema::LockClass, m_key});
    m_locked = false;
    m_connection = {};
}
