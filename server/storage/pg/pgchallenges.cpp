#include "pgchallenges.h"

#include "pgcall.h"
#include "pgupload.h"

namespace {
// Within a transaction: the owner's attempts row locked, its window moved on when it ended,
// and expired challenges turned into failures. The failures counted afterwards.
std::optional<qint64> lockBudget(PgConnection &t, const QString &owner, qint64 window)
{
    if (!t.run(R"(INSERT INTO attempts (owner, window_ends)
                  VALUES ($1, now() + $2::float8 * interval '1 second')
                  ON CONFLICT (owner) DO NOTHING)",
               {owner, window}))
        return std::nullopt;
    if (!t.run(R"(UPDATE attempts SET failed = 0,
                      window_ends = now() + $2::float8 * interval '1 second'
                  WHERE owner = $1 AND window_ends <= now())",
               {owner, window}))
        return std::nullopt;
    const auto expired =
        t.exec("DELETE FROM challenges WHERE owner = $1 AND expires <= now()", {owner});
    if (!expired)
        return std::nullopt;
    const auto failed =
        t.exec("UPDATE attempts SET failed = failed + $2 WHERE owner = $1 RETURNING failed",
               {owner, expired->affected});
    if (!failed || failed->isEmpty())
        return std::nullopt;
    return failed->at(0, 0).toLongLong();
}

PgChallenges::Challenge challengeOf(const QList<QVariant> &row)
{
    return {row.at(0).toByteArray(), int(row.at(1).toLongLong()), row.at(2).toLongLong()};
}

bool validOwner(const QString &owner, PgError *error)
{
    if (PgLimits::isOwner(owner))
        return true;
    *error = {PgError::Kind::Invalid, {}, QStringLiteral("not an owner")};
    return false;
}
} // namespace

PgChallenges::PgChallenges(PgPool &pool, int maxAttempts, std::chrono::seconds lifetime,
                           std::chrono::seconds window)
    : m_maxAttempts(maxAttempts)
    , m_lifetime(lifetime.count())
    , m_window(window.count())
    , m_pool(pool)
{
}

std::optional<PgChallenges::Challenge> PgChallenges::issue(const QString &owner,
                                                           const QByteArray &digest, qint64 length,
                                                           const std::function<Challenge()> &make,
                                                           PgError *error)
{
    if (length < 1 || !validOwner(owner, error))
        return std::nullopt;
    std::optional<Challenge> out;
    pgCall(m_pool, error, [&](PgConnection &c) {
        return c.transaction([&](PgConnection &t) {
            out.reset();
            const std::optional<qint64> failed = lockBudget(t, owner, m_window);
            if (!failed)
                return false;
            const auto held = t.exec("SELECT nonce, count, size FROM challenges "
                                     "WHERE owner = $1 AND hash = $2 AND length = $3",
                                     {owner, digest, length});
            if (!held)
                return false;
            if (!held->isEmpty()) {
                out = challengeOf(held->rows.first());
                return true;
            }
            const auto outstanding =
                t.exec("SELECT count(*) FROM challenges WHERE owner = $1", {owner});
            if (!outstanding)
                return false;
            if (*failed + outstanding->at(0, 0).toLongLong() >= m_maxAttempts)
                return true; // none: the user uploads normally
            const Challenge made = make();
            if (!t.run(R"(INSERT INTO challenges (owner, hash, length, nonce, count, size, expires)
                          VALUES ($1, $2, $3, $4, $5, $6,
                                  now() + $7::float8 * interval '1 second'))",
                       {owner, digest, length, made.nonce, made.count, made.size, m_lifetime}))
                return false;
            out = made;
            return true;
        });
    });
    return out;
}

std::optional<PgChallenges::Challenge> PgChallenges::take(const QString &owner,
                                                          const QByteArray &digest, qint64 length,
                                                          QString *why, PgError *error)
{
    if (!validOwner(owner, error))
        return std::nullopt;
    std::optional<Challenge> out;
    pgCall(m_pool, error, [&](PgConnection &c) {
        return c.transaction([&](PgConnection &t) {
            out.reset();
            const auto taken =
                t.exec("DELETE FROM challenges WHERE owner = $1 AND hash = $2 AND length = $3 "
                       "RETURNING nonce, count, size, expires <= now()",
                       {owner, digest, length});
            if (!taken)
                return false;
            if (taken->isEmpty()) {
                *why = QStringLiteral("no challenge (none given, or spent)");
                return true;
            }
            if (taken->at(0, 3).toBool()) {
                *why = QStringLiteral("the challenge expired");
                return lockBudget(t, owner, m_window).has_value()
                       && t.run("UPDATE attempts SET failed = failed + 1 WHERE owner = $1",
                                {owner});
            }
            out = challengeOf(taken->rows.first());
            return true;
        });
    });
    return out;
}

bool PgChallenges::failed(const QString &owner, PgError *error)
{
    if (!validOwner(owner, error))
        return false;
    return pgCall(m_pool, error, [&](PgConnection &c) {
        return c.transaction([&](PgConnection &t) {
            return lockBudget(t, owner, m_window).has_value()
                   && t.run("UPDATE attempts SET failed = failed + 1 WHERE owner = $1", {owner});
        });
    });
}

bool PgChallenges::settle(const QString &owner, const QByteArray &digest, qint64 length,
                          PgError *error)
{
    if (!validOwner(owner, error))
        return false;
    return pgCall(m_pool, error, [&](PgConnection &c) {
        return c.run("DELETE FROM challenges WHERE owner = $1 AND hash = $2 AND length = $3",
                     {owner, digest, length});
    });
}

int PgChallenges::attempts(const QString &owner, PgError *error)
{
    if (!validOwner(owner, error))
        return -1;
    int out = -1;
    pgCall(m_pool, error, [&](PgConnection &c) {
        return c.transaction([&](PgConnection &t) {
            const std::optional<qint64> failed = lockBudget(t, owner, m_window);
            const auto outstanding =
                t.exec("SELECT count(*) FROM challenges WHERE owner = $1", {owner});
            if (!failed || !outstanding)
                return false;
            out = int(*failed + outstanding->at(0, 0).toLongLong());
            return true;
        });
    });
    return out;
}
