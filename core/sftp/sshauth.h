#pragma once

#include "sshsettings.h"
#include "transfererror.h"

#include <QObject>

#include <libssh/libssh.h>

// Signs a connected session in without asking anyone: ssh-agent's keys first, then the key
// files (--ssh-identity, else ~/.ssh/id_ed25519, id_ecdsa, id_rsa). A key file that needs a
// passphrase is passed over (the window asks for it; a headless run cannot). Blocking; runs on
// the session's worker thread.
class SshAuth final {
    Q_GADGET // for its texts' translation context
        public : explicit SshAuth(const SshSettings &settings);

    // The key files tried, in order.
    QStringList keyFiles() const;
    // None when signed in; else a permanent Rejected saying what was tried (a connection lost
    // on the way: Network).
    TransferError signIn(ssh_session session, const QString &user, const QString &host) const;

private:
    SshSettings m_settings;
};
