#pragma once

#include "challengebook.h"
#include "instantwire.h"

#include <QDeadlineTimer>
#include <QHash>
#include <QMutex>

#include <chrono>
#include <optional>

// The proof-of-possession challenges hoistd has handed out (INSTANT-UPLOAD.md): one per user and
// content (owner, SHA-256, length) until it is answered or expires, so that creating uploads
// again and again gives no new ranges to try; and how many each user may fail. A challenge that
// is answered wrong, or expires unanswered, counts against its user for a day; a user with
// `maxAttempts` challenges failed or outstanding gets no new one (and uploads normally).
// Safe to call from any thread: everything it keeps is behind one mutex.
class ProofChallenges final : public ChallengeBook {
    Q_DISABLE_COPY_MOVE(ProofChallenges)
public:
    static constexpr std::chrono::minutes Lifetime{10};
    static constexpr std::chrono::hours AttemptWindow{24};

    explicit ProofChallenges(int maxAttempts);

    // The challenge for `owner` and this content: the outstanding one, else a new one while the
    // user's attempts allow; nullopt when they do not.
    std::optional<InstantWire::Challenge> issue(const QString &owner, const QByteArray &digest,
                                                qint64 length) override;
    // Takes the outstanding challenge to check a proof against it: nullopt (and why) when there
    // is none or it expired. The caller then reports the outcome: failed() for a wrong proof,
    // nothing for a right one or one that could not be checked.
    std::optional<InstantWire::Challenge> take(const QString &owner, const QByteArray &digest,
                                               qint64 length, QString *why) override;
    void failed(const QString &owner) override;
    // The user sent this content whole (verified): an outstanding challenge for it is over
    // without counting against them.
    void settle(const QString &owner, const QByteArray &digest, qint64 length) override;

    // Failed or outstanding challenges of `owner` in the current window.
    int attempts(const QString &owner) override;

private:
    struct Pending {
        InstantWire::Challenge challenge;
        QDeadlineTimer expiry;
    };
    struct Budget {
        int outstanding = 0;
        int failed = 0;
        QDeadlineTimer windowEnds;
    };
    static QString keyOf(const QString &owner, const QByteArray &digest, qint64 length);
    Budget &budgetLocked(const QString &owner); // with the window moved on when it ended
    void expireLocked();                        // expired challenges count as failed

    const int m_maxAttempts;
    QMutex m_mutex;
    QHash<QString, Pending> m_pending; // keyOf() -> the challenge
    QHash<QString, Budget> m_budgets;  // owner -> attempts
};
