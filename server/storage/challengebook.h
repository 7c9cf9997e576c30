#pragma once

#include "instantwire.h"

#include <QString>

#include <optional>

// Where hoistd keeps the proof-of-possession challenges it hands out and the attempts each user
// has used (INSTANT-UPLOAD.md): in memory for one instance (ProofChallenges), or in the index
// that every instance of a cluster shares (ClusterChallenges, PostgreSQL), so that a user gets
// the same challenge whichever instance is asked and one budget of attempts. The calls are
// ProofChallenges'; see there.
class ChallengeBook {
public:
    virtual ~ChallengeBook() = default;

    virtual std::optional<InstantWire::Challenge>
    issue(const QString &owner, const QByteArray &digest, qint64 length) = 0;
    virtual std::optional<InstantWire::Challenge>
    take(const QString &owner, const QByteArray &digest, qint64 length, QString *why) = 0;
    virtual void failed(const QString &owner) = 0;
    virtual void settle(const QString &owner, const QByteArray &digest, qint64 length) = 0;
    virtual int attempts(const QString &owner) = 0;
};
