#include "sshquestion.h"

QString SshQuestion::id() const
{
    switch (kind) {
    case Kind::HostKey:
        return QStringLiteral("hostkey ") + host + QLatin1Char(' ') + fingerprint;
    case Kind::ChangedHostKey:
        return QStringLiteral("changed ") + host + QLatin1Char(' ') + fingerprint;
    case Kind::Passphrase:
    case Kind::Password:
    case Kind::Prompts:
        return secretKey();
    }
    return {};
}

QString SshQuestion::secretKey() const
{
    switch (kind) {
    case Kind::HostKey:
    case Kind::ChangedHostKey:
        return {};
    case Kind::Passphrase:
        return QStringLiteral("ssh-passphrase ") + keyFile;
    case Kind::Password:
        return QStringLiteral("ssh-password ") + account();
    case Kind::Prompts:
        return QStringLiteral("ssh-prompts ") + account() + QLatin1Char(' ')
               + prompts.join(QLatin1Char('\n'));
    }
    return {};
}
