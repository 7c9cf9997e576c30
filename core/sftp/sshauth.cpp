#include "sshauth.h"

#include <QDir>
#include <QFileInfo>
#include <QLoggingCategory>

namespace {
Q_LOGGING_CATEGORY(lcAuth, "hoist.sftp.auth", QtInfoMsg)

const char *const DefaultKeys[] = {"id_ed25519", "id_ecdsa", "id_rsa"};
} // namespace

SshAuth::SshAuth(const SshSettings &settings)
    : m_settings(settings)
{
}

QStringList SshAuth::keyFiles() const
{
    if (!m_settings.identityFile.isEmpty())
        return {m_settings.identityFile};
    QStringList files;
    for (const char *name : DefaultKeys)
        files << QDir::homePath() + QStringLiteral("/.ssh/") + QLatin1String(name);
    return files;
}

TransferError SshAuth::signIn(ssh_session session, const QString &user, const QString &host) const
{
    const QByteArray name = user.toUtf8();
    const auto lost = [session] {
        return TransferError::make(TransferError::Kind::Network,
                                   QString::fromUtf8(ssh_get_error(session)));
    };
    int rc = ssh_userauth_none(session, name.constData());
    if (rc == SSH_AUTH_SUCCESS)
        return {};
    if (rc == SSH_AUTH_ERROR)
        return lost();
    QStringList tried;
    if (m_settings.useAgent && !qEnvironmentVariableIsEmpty("SSH_AUTH_SOCK")) {
        rc = ssh_userauth_agent(session, name.constData());
        if (rc == SSH_AUTH_SUCCESS)
            return {};
        if (rc == SSH_AUTH_ERROR && !ssh_is_connected(session))
            return lost();
        tried << QStringLiteral("ssh-agent");
    }
    QStringList locked;
    for (const QString &file : keyFiles()) {
        if (!QFileInfo::exists(file)) {
            if (!m_settings.identityFile.isEmpty())
                return TransferError::make(
                    TransferError::Kind::Rejected,
                    TrText::of(staticMetaObject, QT_TR_NOOP("The key file %1 does not exist"))
                        .arg(file));
            continue;
        }
        ssh_key key = nullptr;
        const QByteArray path = QFile::encodeName(file);
        if (ssh_pki_import_privkey_file(path.constData(), nullptr, nullptr, nullptr, &key)
            != SSH_OK) {
            locked << file;
            continue;
        }
        rc = ssh_userauth_publickey(session, name.constData(), key);
        ssh_key_free(key);
        if (rc == SSH_AUTH_SUCCESS)
            return {};
        if (rc == SSH_AUTH_ERROR && !ssh_is_connected(session))
            return lost();
        tried << file;
        qCDebug(lcAuth) << "refused" << file;
    }
    TrText cause;
    if (tried.isEmpty() && locked.isEmpty())
        cause = TrText::of(staticMetaObject,
                           QT_TR_NOOP("No SSH key to sign in to %1 as %2 with: no ssh-agent, no "
                                      "key file (%3); give one with --ssh-identity FILE"))
                    .arg(host, user, keyFiles().join(QStringLiteral(", ")));
    else
        cause =
            TrText::of(staticMetaObject, QT_TR_NOOP("%1 refused every key for %2: tried %3"))
                .arg(host, user,
                     tried.isEmpty() ? QStringLiteral("none") : tried.join(QStringLiteral(", ")));
    if (!locked.isEmpty())
        cause = cause.followedBy(
            TrText::of(staticMetaObject,
                       QT_TR_NOOP(" (%1 needs a passphrase: add it to ssh-agent with ssh-add)"))
                .arg(locked.join(QStringLiteral(", "))));
    return TransferError::make(TransferError::Kind::Rejected, cause);
}
