#include "sshhostkey.h"

#include "sshanswers.h"

#include <QDir>
#include <QFile>
#include <QLoggingCategory>
#include <QMutex>

namespace {
Q_LOGGING_CATEGORY(lcHostKey, "hoist.sftp.hostkey", QtInfoMsg)

TransferError refused(const TrText &cause)
{
    return TransferError::make(TransferError::Kind::Rejected, cause);
}
} // namespace

SshHostKey::SshHostKey(const SftpTarget &target, const SshSettings &settings)
    : m_target(target)
    , m_settings(settings)
{
}

QString SshHostKey::knownHostsFile(const SshSettings &settings)
{
    if (!settings.knownHostsFile.isEmpty())
        return settings.knownHostsFile;
    return QDir::homePath() + QStringLiteral("/.ssh/known_hosts");
}

QString SshHostKey::fingerprint(ssh_key key)
{
    unsigned char *hash = nullptr;
    size_t length = 0;
    if (ssh_get_publickey_hash(key, SSH_PUBLICKEY_HASH_SHA256, &hash, &length) != SSH_OK)
        return {};
    char *text = ssh_get_fingerprint_hash(SSH_PUBLICKEY_HASH_SHA256, hash, length);
    const QString result = QString::fromLatin1(text);
    ssh_string_free_char(text);
    ssh_clean_pubkey_hash(&hash);
    return result;
}

QString SshHostKey::knownFingerprint() const
{
    QFile file(knownHostsFile(m_settings));
    if (!file.open(QIODevice::ReadOnly))
        return {};
    const QByteArray host = m_target.knownHostsName().toUtf8();
    while (!file.atEnd()) {
        const QByteArray line = file.readLine().trimmed();
        if (line.isEmpty() || line.startsWith('#') || line.startsWith('@'))
            continue;
        ssh_knownhosts_entry *entry = nullptr;
        if (ssh_known_hosts_parse_line(host.constData(), line.constData(), &entry) != SSH_OK)
            continue;
        QString found;
        if (entry->hostname && entry->publickey)
            found = fingerprint(entry->publickey);
        ssh_knownhosts_entry_free(entry);
        if (!found.isEmpty())
            return found;
    }
    return {};
}

SshQuestion SshHostKey::question(SshQuestion::Kind kind, const QString &shown, const QString &type,
                                 const QString &known) const
{
    SshQuestion q;
    q.kind = kind;
    q.host = m_target.knownHostsName();
    q.hostName = m_target.host();
    q.port = m_target.port();
    q.user = m_target.user();
    q.keyType = type;
    q.fingerprint = shown;
    q.knownFingerprint = known;
    q.knownHostsFile = knownHostsFile(m_settings);
    return q;
}

TransferError SshHostKey::verify(ssh_session session) const
{
    ssh_key key = nullptr;
    if (ssh_get_server_publickey(session, &key) != SSH_OK)
        return refused(TrText::of(staticMetaObject, QT_TR_NOOP("%1 showed no host key"))
                           .arg(m_target.knownHostsName()));
    const QString shown = fingerprint(key);
    const QString type = QString::fromLatin1(ssh_key_type_to_char(ssh_key_type(key)));
    ssh_key_free(key);
    const QString file = knownHostsFile(m_settings);
    const QString host = m_target.knownHostsName();
    switch (ssh_session_is_known_server(session)) {
    case SSH_KNOWN_HOSTS_OK:
        return {};
    case SSH_KNOWN_HOSTS_CHANGED:
    case SSH_KNOWN_HOSTS_OTHER: {
        const QString known = knownFingerprint();
        const TrText cause =
            TrText::of(staticMetaObject,
                       QT_TR_NOOP("The host key of %1 has changed: the server shows %2, %3 "
                                  "holds %4. Someone may be intercepting the connection; if the "
                                  "server's key was replaced, remove the old one with ssh-keygen "
                                  "-R '%1' -f %3"))
                .arg(host, shown + QLatin1String(" (") + type + QLatin1Char(')'), file)
                .arg(known.isEmpty() ? QStringLiteral("another key") : known);
        // The window shows it too (never to be accepted there); headless, the line says it.
        if (m_settings.answers)
            m_settings.answers->ask(question(SshQuestion::Kind::ChangedHostKey, shown, type, known),
                                    cause);
        return refused(cause);
    }
    case SSH_KNOWN_HOSTS_UNKNOWN:
    case SSH_KNOWN_HOSTS_NOT_FOUND:
        break;
    case SSH_KNOWN_HOSTS_ERROR:
        return refused(TrText::of(staticMetaObject,
                                  QT_TR_NOOP("Cannot check the host key of %1 against %2: %3"))
                           .arg(host, file, QString::fromUtf8(ssh_get_error(session))));
    }
    const bool accepted =
        m_settings.acceptedHostKeys.contains(shown)
        || (m_settings.answers && m_settings.answers->isHostKeyAccepted(host, shown));
    if (!accepted && m_settings.answers && m_settings.answers->isAsking()) {
        const TrText cause =
            TrText::of(staticMetaObject,
                       QT_TR_NOOP("The host key of %1 is not known (%2, %3): Hoist connects once "
                                  "it is trusted"))
                .arg(host, shown, type);
        const SshQuestion asked = question(SshQuestion::Kind::HostKey, shown, type, {});
        TransferError e = refused(cause);
        if (m_settings.answers->ask(asked, cause))
            e.question = asked.id(); // the upload waits for the answer (AnswerWaits)
        return e;
    }
    if (!accepted)
        return refused(TrText::of(staticMetaObject,
                                  QT_TR_NOOP("The host key of %1 is not known (%2, %3). If that "
                                             "is the server's key, accept it with "
                                             "--ssh-accept-host-key %2"))
                           .arg(host, shown, type));
    // One writer at a time: many connections to a newly trusted host add its key once.
    static QMutex writing;
    const QMutexLocker lock(&writing);
    if (ssh_session_is_known_server(session) == SSH_KNOWN_HOSTS_OK)
        return {};
    QDir().mkpath(QFileInfo(file).absolutePath());
    if (ssh_session_update_known_hosts(session) != SSH_OK)
        qCWarning(lcHostKey) << "accepted" << shown << "for" << host << "but could not add it to"
                             << file << ssh_get_error(session);
    else
        qCInfo(lcHostKey) << "accepted" << shown << "for" << host << "and added it to" << file;
    return {};
}
