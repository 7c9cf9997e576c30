#include "clusterchallenges.h"

#include "pgchallenges.h"

#include <QDebug>
#include <QRandomGenerator>

ClusterChallenges::ClusterChallenges(PgChallenges &challenges)
    : m_challenges(challenges)
{
}

std::optional<InstantWire::Challenge>
ClusterChallenges::issue(const QString &owner, const QByteArray &digest, qint64 length)
{
    using namespace InstantWire;
    if (length < 1)
        return std::nullopt;
    PgError error;
    const auto issued = m_challenges.issue(
        owner, digest, length,
        [] {
            quint32 words[NonceBytes / 4];
            QRandomGenerator::system()->fillRange(words);
            return PgChallenges::Challenge{
                QByteArray(reinterpret_cast<const char *>(words), NonceBytes), RangeCount,
                RangeBytes};
        },
        &error);
    if (!issued) {
        if (!error.message.isEmpty())
            qWarning().noquote() << "cannot issue a proof challenge:" << error.message;
        return std::nullopt;
    }
    return makeChallenge(issued->nonce, issued->count, issued->size, length);
}

std::optional<InstantWire::Challenge>
ClusterChallenges::take(const QString &owner, const QByteArray &digest, qint64 length, QString *why)
{
    PgError error;
    const auto taken = m_challenges.take(owner, digest, length, why, &error);
    if (!taken) {
        if (!error.message.isEmpty())
            *why = QStringLiteral("the challenge could not be looked up: ") + error.message;
        return std::nullopt;
    }
    return InstantWire::makeChallenge(taken->nonce, taken->count, taken->size, length);
}

void ClusterChallenges::failed(const QString &owner)
{
    PgError error;
    if (!m_challenges.failed(owner, &error))
        qWarning().noquote() << "cannot count a failed proof:" << error.message;
}

void ClusterChallenges::settle(const QString &owner, const QByteArray &digest, qint64 length)
{
    PgError error;
    if (!m_challenges.settle(owner, digest, length, &error))
        qWarning().noquote() << "cannot settle a proof challenge:" << error.message;
}

int ClusterChallenges::attempts(const QString &owner)
{
    PgError error;
    return m_challenges.attempts(owner, &error);
}
