#pragma once

#include "sshquestion.h"

#include <QDialog>

class QPushButton;

// An SSH server's host key in question: for an unknown host its name, port, key type and SHA256
// fingerprint, with "Connect and remember" (accepted: the key is trusted and added to the known
// hosts) or Cancel; for a changed key both fingerprints and what to check, with Close only: a
// changed key is never accepted from here.
class SshHostKeyDialog final : public QDialog {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SshHostKeyDialog)
public:
    explicit SshHostKeyDialog(const SshQuestion &question, QWidget *parent = nullptr);

    const SshQuestion &question() const { return m_question; }
    // Null for a changed key.
    QPushButton *connectButton() const { return m_connect; }

private:
    SshQuestion m_question;
    QPushButton *m_connect = nullptr;
};
