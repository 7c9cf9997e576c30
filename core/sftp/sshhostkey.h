#pragma once

#include "sftptarget.h"
#include "sshquestion.h"
#include "sshsettings.h"
#include "transfererror.h"

#include <QObject>

#include <libssh/libssh.h>

// Whether the server a connected session reached is the one known_hosts says it is (OpenSSH's
// format, hashed names too): known, unknown (refused unless its fingerprint was accepted, then
// added to the known hosts), or changed (refused always, naming both keys). Blocking; runs on
// the session's worker thread.
class SshHostKey final {
    Q_GADGET // for its texts' translation context
        public : SshHostKey(const SftpTarget &target, const SshSettings &settings);

    // The known_hosts file in use: --ssh-known-hosts, else ~/.ssh/known_hosts.
    static QString knownHostsFile(const SshSettings &settings);
    // A key's "SHA256:..." fingerprint, as ssh-keygen -l prints it.
    static QString fingerprint(ssh_key key);

    // None when the session may go on; else a permanent Rejected with what to do. In the window
    // (SshSettings::answers asking) an unknown key is a question (SshQuestion::Kind::HostKey)
    // reported there, and trusted once answered; a changed one is reported to be shown.
    TransferError verify(ssh_session session) const;

private:
    // The fingerprint of the key known_hosts holds for this host ("" when none is found).
    QString knownFingerprint() const;
    SshQuestion question(SshQuestion::Kind kind, const QString &shown, const QString &type,
                         const QString &known) const;

    SftpTarget m_target;
    SshSettings m_settings;
};
