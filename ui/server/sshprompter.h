#pragma once

#include "secretstore.h"
#include "sshquestion.h"

#include <QHash>
#include <QObject>
#include <QPointer>

class QDialog;
class QWidget;
class SshQuestions;

// The window's side of SSH questions (SshQuestions): each asked once, one dialog at a time, in
// the order they came. A host key in an SshHostKeyDialog; a secret first looked up in the keyring
// (where "Remember in the keyring" put it), and only when it is not there (or was refused) in an
// SshSecretDialog. The answer goes to SshQuestions, and to the keyring when asked to; a remembered
// secret that was refused is removed from it. Secrets are never logged nor written elsewhere.
class SshPrompter final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SshPrompter)
public:
    // `secrets` may be null (nothing remembered); `window` parents the dialogs and this object.
    SshPrompter(SshQuestions *questions, SecretStore *secrets, QWidget *window);

    // The dialog open now, if any (for tests and screenshots).
    QDialog *currentDialog() const { return m_dialog; }

    // How the keyring keeps answers: a JSON array of strings (prompts may be several).
    static QString encoded(const QStringList &values);
    static QStringList decoded(const QString &secret);

Q_SIGNALS:
    void dialogShown(QDialog *dialog);

private:
    void asked(const SshQuestion &question);
    void onRead(const QString &key, SecretStore::Outcome outcome, const QString &secret,
                const QString &problem);
    void showNext();
    void closed(const SshQuestion &question, QDialog *dialog, bool accepted);

    SshQuestions *m_questions;
    SecretStore *m_secrets;
    QWidget *m_window;
    QHash<QString, SshQuestion> m_lookingUp; // by secret key
    QList<SshQuestion> m_toShow;
    QPointer<QDialog> m_dialog;
    QString m_keyringProblem;
};
