#pragma once

#include "secretstore.h"

#include <QHash>

#include <functional>
#include <utility>

// The system keyring, in memory. Asynchronous like the real one (app/keychainsecretstore.cpp):
// every call answers later, through its signal, on a queued call. What a call does to the
// secrets happens when it is made, so answers to calls on one key come in the order of the calls.
class MemorySecretStore final : public SecretStore {
public:
    enum class Mode {
        Answer,      // like a working keyring
        Unavailable, // like no secret service: every call fails with `problem`
        Silent       // like a keyring that hangs: nothing happens, no call is ever answered
    };

    using SecretStore::SecretStore;

    QHash<QString, QString> secrets;
    Mode mode = Mode::Answer;
    // Answers wait until flush(), to see what happens while one is outstanding.
    bool deferred = false;
    QString problem = QStringLiteral("no secret service on the bus");
    int reads = 0;
    int writes = 0;
    int removes = 0;

    void read(const QString &key) override
    {
        ++reads;
        if (mode == Mode::Silent)
            return;
        if (mode == Mode::Unavailable) {
            answer([=] { Q_EMIT readFinished(key, Outcome::Unavailable, {}, problem); });
            return;
        }
        const auto it = secrets.constFind(key);
        const Outcome outcome = it == secrets.cend() ? Outcome::NotFound : Outcome::Done;
        const QString secret = it == secrets.cend() ? QString() : *it;
        answer([=] { Q_EMIT readFinished(key, outcome, secret, {}); });
    }

    void write(const QString &key, const QString &secret) override
    {
        ++writes;
        if (mode == Mode::Silent)
            return;
        if (mode == Mode::Unavailable) {
            answer([=] { Q_EMIT writeFinished(key, Outcome::Unavailable, problem); });
            return;
        }
        secrets.insert(key, secret);
        answer([=] { Q_EMIT writeFinished(key, Outcome::Done, {}); });
    }

    void remove(const QString &key) override
    {
        ++removes;
        if (mode == Mode::Silent)
            return;
        if (mode == Mode::Unavailable) {
            answer([=] { Q_EMIT removeFinished(key, Outcome::Unavailable, problem); });
            return;
        }
        secrets.remove(key);
        answer([=] { Q_EMIT removeFinished(key, Outcome::Done, {}); });
    }

    // Sends the answers deferred so far (still queued, in the order of the calls).
    void flush()
    {
        deferred = false;
        const QList<std::function<void()>> pending = std::exchange(m_pending, {});
        for (const auto &emitIt : pending)
            QMetaObject::invokeMethod(this, emitIt, Qt::QueuedConnection);
    }
    int deferredAnswers() const { return int(m_pending.size()); }

private:
    void answer(std::function<void()> emitIt)
    {
        if (deferred)
            m_pending.append(std::move(emitIt));
        else
            QMetaObject::invokeMethod(this, std::move(emitIt), Qt::QueuedConnection);
    }

    QList<std::function<void()>> m_pending;
};
