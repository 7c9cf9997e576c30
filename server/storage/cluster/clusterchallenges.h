#pragma once

#include "challengebook.h"

class PgChallenges;

// The cluster's ChallengeBook: PgChallenges, shared by every instance through PostgreSQL. The
// ranges are not stored; both ends derive them from the nonce (InstantWire::rangesFor). When
// PostgreSQL cannot answer, no challenge is given (the client uploads normally) and a proof is
// not checked.
class ClusterChallenges final : public ChallengeBook {
public:
    explicit ClusterChallenges(PgChallenges &challenges);

    std::optional<InstantWire::Challenge> issue(const QString &owner, const QByteArray &digest,
                                                qint64 length) override;
    std::optional<InstantWire::Challenge> take(const QString &owner, const QByteArray &digest,
                                               qint64 length, QString *why) override;
    void failed(const QString &owner) override;
    void settle(const QString &owner, const QByteArray &digest, qint64 length) override;
    int attempts(const QString &owner) override;

private:
    PgChallenges &m_challenges;
};
