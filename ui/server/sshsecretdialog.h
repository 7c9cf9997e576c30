#pragma once

#include "sshquestion.h"

#include <QDialog>
#include <QList>

class QCheckBox;
class QLabel;
class QLineEdit;
class QPushButton;

// Asks what an SSH sign-in needs from a person: a key file's passphrase, a password, or the
// server's keyboard-interactive prompts (one field each, hidden unless the server shows it as
// typed), with "Remember in the keyring" (off unless ticked; disabled without a keyring). Says
// so when the last answer was refused. Never shows a secret it was given before.
class SshSecretDialog final : public QDialog {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SshSecretDialog)
public:
    // `keyringProblem`: why nothing can be remembered ("" when a keyring is there).
    SshSecretDialog(const SshQuestion &question, const QString &keyringProblem,
                    QWidget *parent = nullptr);

    const SshQuestion &question() const { return m_question; }
    // What was typed, one per field.
    QStringList values() const;
    bool remember() const;

    const QList<QLineEdit *> &fields() const { return m_fields; }
    QCheckBox *rememberBox() const { return m_remember; }
    QPushButton *signInButton() const { return m_signIn; }

private:
    SshQuestion m_question;
    QList<QLineEdit *> m_fields;
    QCheckBox *m_remember = nullptr;
    QPushButton *m_signIn = nullptr;
};
