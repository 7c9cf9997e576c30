#pragma once

#include "sshanswers.h"

#include <QHash>
#include <QObject>

#include <memory>

// The questions SFTP connections need a person to answer, asked once each: connections report
// them from their worker threads (through SshAnswers, which SshSettings::answers hands them) and
// fail with a cause; here, on the GUI thread, each question is asked once however many uploads
// met it (asked()), and the answer given (answer()) goes where the next attempt finds it: a
// trusted host key into the known hosts, a secret into SshAnswers. answered() and declined()
// then tell SshRetry, which lets the uploads waiting for it go on or fail. The window asks with
// dialogs (SshPrompter), tests answer directly.
class SshQuestions final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SshQuestions)
public:
    explicit SshQuestions(QObject *parent = nullptr);
    ~SshQuestions() override;

    // For SshSettings::answers.
    std::shared_ptr<SshAnswers> answers() const { return m_answers; }

    QList<SshQuestion> pending() const;
    bool isPending(const QString &id) const { return m_pending.contains(id); }

    // Answers the pending question `id`: a host key is trusted (SshHostKey adds it to the known
    // hosts at the next connection, as --ssh-accept-host-key does), a secret kept for this
    // session (`values`: the passphrase or password, or one answer per prompt). A changed host
    // key cannot be accepted: answering it declines it.
    void answer(const QString &id, const QStringList &values = {});
    void decline(const QString &id);

Q_SIGNALS:
    // Once per question until it is answered or declined.
    void asked(const SshQuestion &question);
    // `causes`: what the uploads that met it failed with.
    void answered(const SshQuestion &question, const QStringList &causes);
    void declined(const SshQuestion &question, const QStringList &causes);

private:
    struct Pending {
        SshQuestion question;
        QStringList causes;
    };
    void reported(const SshQuestion &question, const TrText &cause);

    std::shared_ptr<SshAnswers> m_answers;
    QHash<QString, Pending> m_pending;
    QList<QString> m_order; // pending ids, oldest first
};
