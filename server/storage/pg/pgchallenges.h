#pragma once

#include "pgpool.h"

#include <QByteArray>

#include <chrono>
#include <functional>
#include <optional>

// ProofChallenges (server/protocol/proofchallenges.h) kept in PostgreSQL, so that every instance
// hands out the same challenge for a user's content and counts the same attempts: one
// outstanding challenge per (owner, SHA-256, length) until answered or expired; per owner, the
// challenges failed in the current window (a day) plus those outstanding may not pass
// `maxAttempts`. An expired challenge counts as failed. Each call is one transaction holding the
// owner's attempts row, so racing instances agree. The ranges are not stored: they follow from
// the nonce (InstantWire::rangesFor).
class PgChallenges final {
    Q_DISABLE_COPY_MOVE(PgChallenges)
public:
    PgChallenges(PgPool &pool, int maxAttempts,
                 std::chrono::seconds lifetime = std::chrono::minutes(10),
                 std::chrono::seconds window = std::chrono::hours(24));

    struct Challenge {
        QByteArray nonce;
        int count = 0;
        qint64 size = 0;
        bool operator==(const Challenge &o) const
        {
            return nonce == o.nonce && count == o.count && size == o.size;
        }
    };
    // The outstanding challenge, else a new one from `make` while the owner's attempts allow;
    // nullopt when they do not (or on error: `error` set).
    std::optional<Challenge> issue(const QString &owner, const QByteArray &digest, qint64 length,
                                   const std::function<Challenge()> &make, PgError *error);
    // Takes the outstanding challenge to check a proof against (it is spent); nullopt and why
    // when there is none or it expired (which counts as failed).
    std::optional<Challenge> take(const QString &owner, const QByteArray &digest, qint64 length,
                                  QString *why, PgError *error);
    bool failed(const QString &owner, PgError *error);
    // The content arrived whole: its challenge is over without counting.
    bool settle(const QString &owner, const QByteArray &digest, qint64 length, PgError *error);
    // Failed (in the window) plus outstanding challenges of `owner`; -1 on error.
    int attempts(const QString &owner, PgError *error);

private:
    const int m_maxAttempts;
    const qint64 m_lifetime;
    const qint64 m_window;
    PgPool &m_pool;
};
