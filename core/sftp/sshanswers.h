#pragma once

#include "sshquestion.h"
#include "trtext.h"

#include <QHash>
#include <QMutex>
#include <QSet>

#include <functional>
#include <optional>

// What a person answered to SSH questions (SshQuestion), where the next connection attempt
// finds it: host keys trusted and secrets (passphrases, passwords, prompt answers), in memory
// only. Shared by every connection's worker thread (SshSettings::answers) and the GUI thread's
// SshQuestions: every member is thread-safe. A connection that needs an answer it does not find
// reports its question here (ask()) and fails; it never waits for a person.
class SshAnswers final {
    Q_DISABLE_COPY_MOVE(SshAnswers)
public:
    // Called on the reporting worker's thread with each question and the cause the connection
    // fails with (SshQuestions posts it on to its own thread).
    using Asker = std::function<void(const SshQuestion &question, const TrText &cause)>;

    SshAnswers() = default;

    void setAsker(Asker asker);
    // Whether anyone asks: false headless (connections then fail as they always did).
    bool isAsking() const;
    // Reports `question` to the asker; false (nothing done) when none.
    bool ask(const SshQuestion &question, const TrText &cause) const;

    void acceptHostKey(const QString &host, const QString &fingerprint);
    bool isHostKeyAccepted(const QString &host, const QString &fingerprint) const;

    void setSecret(const QString &key, const QStringList &values);
    std::optional<QStringList> secret(const QString &key) const;
    // A refused secret: forgets `key`'s if it is still `used`. True when none is left, so the
    // question is to be asked again; false when another answer has replaced it meanwhile (the
    // next attempt uses that one).
    bool forgetSecret(const QString &key, const QStringList &used);

    // Whether `question` is answered already (a connection that reported it before the answer
    // came can go again at once).
    bool hasAnswer(const SshQuestion &question) const;

private:
    mutable QMutex m_mutex;
    Asker m_asker;
    QSet<QString> m_hostKeys; // "host fingerprint"
    QHash<QString, QStringList> m_secrets;
};
