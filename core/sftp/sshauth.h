#pragma once

#include "sshquestion.h"
#include "sshsettings.h"
#include "transfererror.h"

#include <QObject>

#include <libssh/libssh.h>

// Signs a connected session in: ssh-agent's keys first, then the key files (--ssh-identity, else
// ~/.ssh/id_ed25519, id_ecdsa, id_rsa), then, in the window only, a password or the server's
// keyboard-interactive prompts. What a person must answer (a key file's passphrase, the password,
// the prompts) is never waited for: headless (no SshSettings::answers asking) a key file that
// needs a passphrase is passed over and named in the cause; in the window the question is
// reported to SshAnswers and sign-in fails with it, to be tried again with the answer. Blocking;
// runs on the session's worker thread.
class SshAuth final {
    Q_GADGET // for its texts' translation context
        public : explicit SshAuth(const SshSettings &settings);

    // The key files tried, in order.
    QStringList keyFiles() const;
    // None when signed in; else a permanent Rejected saying what was tried or what is asked (a
    // connection lost on the way: Network).
    TransferError signIn(ssh_session session, const QString &user, const QString &host) const;

private:
    // Signed in with `file` (None); else the reason to stop (lost, a question), or nullopt to try
    // the next way. `tried`/`locked` collect the files refused / needing a passphrase.
    std::optional<TransferError> withKeyFile(ssh_session session, const QString &user,
                                             const QString &host, const QString &file,
                                             QStringList *tried, QStringList *locked) const;
    TransferError withPassword(ssh_session session, const QString &user, const QString &host) const;
    TransferError withPrompts(ssh_session session, const QString &user, const QString &host) const;
    bool asking() const;
    // Reports `question` and returns the failure that waits for its answer.
    TransferError needs(const SshQuestion &question, const TrText &cause) const;

    SshSettings m_settings;
};
