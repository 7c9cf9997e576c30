#include "proofchallenges.h"

#include <QRandomGenerator>

namespace {
// Outstanding challenges are looked over for expired ones beyond this many.
constexpr int ExpireAbove = 64;
} // namespace

ProofChallenges::ProofChallenges(int maxAttempts)
    : m_maxAttempts(maxAttempts)
{
}

QString ProofChallenges::keyOf(const QString &owner, const QByteArray &digest, qint64 length)
{
    // User names never hold '/' (UserConfig), so the key is unambiguous.
    return owner + QLatin1Char('/') + QString::fromLatin1(digest.toHex()) + QLatin1Char('/')
           + QString::number(length);
}

ProofChallenges::Budget &ProofChallenges::budgetLocked(const QString &owner)
{
    Budget &budget = m_budgets[owner];
    if (budget.windowEnds.hasExpired()) {
        budget.failed = 0;
        budget.windowEnds = QDeadlineTimer(AttemptWindow);
    }
    return budget;
}

void ProofChallenges::expireLocked()
{
    for (auto it = m_pending.begin(); it != m_pending.end();) {
        if (!it->expiry.hasExpired()) {
            ++it;
            continue;
        }
        Budget &budget = budgetLocked(it.key().section(QLatin1Char('/'), 0, 0));
        --budget.outstanding;
        ++budget.failed;
        it = m_pending.erase(it);
    }
}

std::optional<InstantWire::Challenge>
ProofChallenges::issue(const QString &owner, const QByteArray &digest, qint64 length)
{
    using namespace InstantWire;
    if (length < 1)
        return std::nullopt;
    const QString key = keyOf(owner, digest, length);
    QMutexLocker locker(&m_mutex);
    if (m_pending.size() > ExpireAbove)
        expireLocked();
    const auto it = m_pending.constFind(key);
    if (it != m_pending.cend() && !it->expiry.hasExpired())
        return it->challenge;
    if (it != m_pending.cend()) {
        Budget &budget = budgetLocked(owner);
        --budget.outstanding;
        ++budget.failed; // unanswered
        m_pending.erase(it);
    }
    Budget &budget = budgetLocked(owner);
    if (budget.outstanding + budget.failed >= m_maxAttempts)
        return std::nullopt;
    quint32 words[NonceBytes / 4];
    QRandomGenerator::system()->fillRange(words);
    const QByteArray nonce(reinterpret_cast<const char *>(words), NonceBytes);
    Pending pending{makeChallenge(nonce, RangeCount, RangeBytes, length), QDeadlineTimer(Lifetime)};
    ++budget.outstanding;
    m_pending.insert(key, pending);
    return pending.challenge;
}

std::optional<InstantWire::Challenge>
ProofChallenges::take(const QString &owner, const QByteArray &digest, qint64 length, QString *why)
{
    QMutexLocker locker(&m_mutex);
    const auto it = m_pending.constFind(keyOf(owner, digest, length));
    if (it == m_pending.cend()) {
        *why = QStringLiteral("no challenge (none given, or spent)");
        return std::nullopt;
    }
    const Pending pending = *it;
    m_pending.erase(it);
    Budget &budget = budgetLocked(owner);
    --budget.outstanding;
    if (pending.expiry.hasExpired()) {
        ++budget.failed;
        *why = QStringLiteral("the challenge expired");
        return std::nullopt;
    }
    return pending.challenge;
}

void ProofChallenges::failed(const QString &owner)
{
    QMutexLocker locker(&m_mutex);
    ++budgetLocked(owner).failed;
}

void ProofChallenges::settle(const QString &owner, const QByteArray &digest, qint64 length)
{
    QMutexLocker locker(&m_mutex);
    if (m_pending.remove(keyOf(owner, digest, length)))
        --budgetLocked(owner).outstanding;
}

int ProofChallenges::attempts(const QString &owner)
{
    QMutexLocker locker(&m_mutex);
    const Budget &budget = budgetLocked(owner);
    return budget.outstanding + budget.failed;
}
