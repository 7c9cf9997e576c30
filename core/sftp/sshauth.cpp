#include "sshauth.h"

#include "sshanswers.h"

#include <QDir>
#include <QFileInfo>
#include <QLoggingCategory>

namespace {
Q_LOGGING_CATEGORY(lcAuth, "hoist.sftp.auth", QtInfoMsg)

const char *const DefaultKeys[] = {"id_ed25519", "id_ecdsa", "id_rsa"};
// Keyboard-interactive rounds answered in one sign-in (a password, then a code, ...).
constexpr int MaxPromptRounds = 8;

TransferError lost(ssh_session session)
{
    return TransferError::make(TransferError::Kind::Network,
                               QString::fromUtf8(ssh_get_error(session)));
}

// libssh asks this for an encrypted key's passphrase when none was given: noted, not answered.
int noteEncrypted(const char *, char *, size_t, int, int, void *userdata)
{
    *static_cast<bool *>(userdata) = true;
    return SSH_ERROR;
}

// The private key in `file`, with `passphrase` if given; `encrypted` says whether it needs one.
ssh_key importKey(const QString &file, const QByteArray *passphrase, bool *encrypted)
{
    ssh_key key = nullptr;
    const QByteArray path = QFile::encodeName(file);
    *encrypted = false;
    int rc = SSH_ERROR;
    if (passphrase)
        rc = ssh_pki_import_privkey_file(path.constData(), passphrase->constData(), nullptr,
                                         nullptr, &key);
    else
        rc = ssh_pki_import_privkey_file(path.constData(), nullptr, noteEncrypted, encrypted, &key);
    return rc == SSH_OK ? key : nullptr;
}

// Whether the server would take `file`'s key, known from FILE.pub without its passphrase:
// SSH_AUTH_SUCCESS (yes), SSH_AUTH_DENIED, or SSH_AUTH_AGAIN when there is no .pub to ask with.
int offerPublicPart(ssh_session session, const QByteArray &user, const QString &file)
{
    ssh_key pub = nullptr;
    const QByteArray path = QFile::encodeName(file + QStringLiteral(".pub"));
    if (!QFileInfo::exists(file + QStringLiteral(".pub"))
        || ssh_pki_import_pubkey_file(path.constData(), &pub) != SSH_OK)
        return SSH_AUTH_AGAIN;
    const int rc = ssh_userauth_try_publickey(session, user.constData(), pub);
    ssh_key_free(pub);
    return rc;
}
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

bool SshAuth::asking() const
{
    return m_settings.answers && m_settings.answers->isAsking();
}

TransferError SshAuth::needs(const SshQuestion &question, const TrText &cause) const
{
    TransferError e = TransferError::make(TransferError::Kind::Rejected, cause);
    if (m_settings.answers->ask(question, cause))
        e.question = question.id(); // the upload waits for the answer (AnswerWaits)
    return e;
}

std::optional<TransferError> SshAuth::withKeyFile(ssh_session session, const QString &user,
                                                  const QString &host, const QString &file,
                                                  QStringList *tried, QStringList *locked) const
{
    const QByteArray name = user.toUtf8();
    bool encrypted = false;
    ssh_key key = importKey(file, nullptr, &encrypted);
    if (!key && encrypted && asking()) {
        // Asked only for a key the server would take, when its .pub says so beforehand.
        const int offered = offerPublicPart(session, name, file);
        if (offered == SSH_AUTH_ERROR && !ssh_is_connected(session))
            return lost(session);
        if (offered == SSH_AUTH_DENIED) {
            *tried << file;
            return std::nullopt;
        }
        SshQuestion question;
        question.kind = SshQuestion::Kind::Passphrase;
        question.host = host;
        question.user = user;
        question.keyFile = file;
        const std::optional<QStringList> given = m_settings.answers->secret(question.secretKey());
        if (given && !given->isEmpty()) {
            const QByteArray passphrase = given->constFirst().toUtf8();
            key = importKey(file, &passphrase, &encrypted);
            if (!key)
                question.again = m_settings.answers->forgetSecret(question.secretKey(), *given);
        }
        if (!key)
            return needs(question,
                         question.again
                             ? TrText::of(staticMetaObject,
                                          QT_TR_NOOP("The passphrase given for %1 does not open "
                                                     "it"))
                                   .arg(file)
                             : TrText::of(staticMetaObject,
                                          QT_TR_NOOP("The key file %1 needs its passphrase to "
                                                     "sign in to %2"))
                                   .arg(file, host));
    }
    if (!key) {
        *locked << file;
        return std::nullopt;
    }
    const int rc = ssh_userauth_publickey(session, name.constData(), key);
    ssh_key_free(key);
    if (rc == SSH_AUTH_SUCCESS)
        return TransferError{};
    if (rc == SSH_AUTH_ERROR && !ssh_is_connected(session))
        return lost(session);
    *tried << file;
    qCDebug(lcAuth) << "refused" << file;
    return std::nullopt;
}

TransferError SshAuth::withPassword(ssh_session session, const QString &user,
                                    const QString &host) const
{
    SshQuestion question;
    question.kind = SshQuestion::Kind::Password;
    question.host = host;
    question.user = user;
    const std::optional<QStringList> given = m_settings.answers->secret(question.secretKey());
    if (given && !given->isEmpty()) {
        const int rc = ssh_userauth_password(session, user.toUtf8().constData(),
                                             given->constFirst().toUtf8().constData());
        if (rc == SSH_AUTH_SUCCESS)
            return {};
        if (rc == SSH_AUTH_ERROR && !ssh_is_connected(session))
            return lost(session);
        question.again = m_settings.answers->forgetSecret(question.secretKey(), *given);
    }
    return needs(
        question,
        question.again
            ? TrText::of(staticMetaObject, QT_TR_NOOP("%1 refused the password for %2"))
                  .arg(host, user)
            : TrText::of(staticMetaObject, QT_TR_NOOP("%1 asks for the password of %2 to sign in"))
                  .arg(host, user));
}

TransferError SshAuth::withPrompts(ssh_session session, const QString &user,
                                   const QString &host) const
{
    const QByteArray name = user.toUtf8();
    QList<QPair<QString, QStringList>> used; // answers given, by question
    SshQuestion first;
    int rc = ssh_userauth_kbdint(session, name.constData(), nullptr);
    for (int round = 0; rc == SSH_AUTH_INFO && round < MaxPromptRounds; ++round) {
        SshQuestion question;
        question.kind = SshQuestion::Kind::Prompts;
        question.host = host;
        question.user = user;
        question.name = QString::fromUtf8(ssh_userauth_kbdint_getname(session));
        question.instruction = QString::fromUtf8(ssh_userauth_kbdint_getinstruction(session));
        const int count = ssh_userauth_kbdint_getnprompts(session);
        for (int i = 0; i < count; ++i) {
            char echo = 0;
            question.prompts << QString::fromUtf8(
                ssh_userauth_kbdint_getprompt(session, unsigned(i), &echo));
            question.echo << (echo != 0);
        }
        if (first.prompts.isEmpty())
            first = question;
        if (count > 0) {
            const std::optional<QStringList> given =
                m_settings.answers->secret(question.secretKey());
            if (!given || given->size() != count)
                return needs(question,
                             TrText::of(staticMetaObject,
                                        QT_TR_NOOP("%1 asks %2 to answer its sign-in prompts"))
                                 .arg(host, user));
            for (int i = 0; i < count; ++i)
                ssh_userauth_kbdint_setanswer(session, unsigned(i),
                                              given->at(i).toUtf8().constData());
            used.append({question.secretKey(), *given});
        }
        rc = ssh_userauth_kbdint(session, name.constData(), nullptr);
    }
    if (rc == SSH_AUTH_SUCCESS)
        return {};
    if (rc == SSH_AUTH_ERROR && !ssh_is_connected(session))
        return lost(session);
    // Which answer was wrong is not said: all are asked again, from the first prompts on.
    bool again = false;
    for (const auto &[key, given] : std::as_const(used))
        again = m_settings.answers->forgetSecret(key, given) || again;
    first.again = again;
    if (first.prompts.isEmpty())
        return TransferError::make(
            TransferError::Kind::Rejected,
            TrText::of(staticMetaObject, QT_TR_NOOP("%1 refused the sign-in of %2"))
                .arg(host, user));
    return needs(first, TrText::of(staticMetaObject,
                                   QT_TR_NOOP("%1 refused the answers of %2 to its prompts"))
                            .arg(host, user));
}

TransferError SshAuth::signIn(ssh_session session, const QString &user, const QString &host) const
{
    const QByteArray name = user.toUtf8();
    int rc = ssh_userauth_none(session, name.constData());
    if (rc == SSH_AUTH_SUCCESS)
        return {};
    if (rc == SSH_AUTH_ERROR)
        return lost(session);
    const int methods = ssh_userauth_list(session, name.constData());
    QStringList tried;
    if (m_settings.useAgent && !qEnvironmentVariableIsEmpty("SSH_AUTH_SOCK")) {
        rc = ssh_userauth_agent(session, name.constData());
        if (rc == SSH_AUTH_SUCCESS)
            return {};
        if (rc == SSH_AUTH_ERROR && !ssh_is_connected(session))
            return lost(session);
        tried << QStringLiteral("ssh-agent");
    }
    QStringList locked;
    if (methods == 0 || (methods & SSH_AUTH_METHOD_PUBLICKEY)) {
        for (const QString &file : keyFiles()) {
            if (!QFileInfo::exists(file)) {
                if (!m_settings.identityFile.isEmpty())
                    return TransferError::make(
                        TransferError::Kind::Rejected,
                        TrText::of(staticMetaObject, QT_TR_NOOP("The key file %1 does not exist"))
                            .arg(file));
                continue;
            }
            if (const auto stop = withKeyFile(session, user, host, file, &tried, &locked))
                return *stop;
        }
    }
    // A person's answers: in the window only.
    if (asking() && (methods & SSH_AUTH_METHOD_PASSWORD))
        return withPassword(session, user, host);
    if (asking() && (methods & SSH_AUTH_METHOD_INTERACTIVE))
        return withPrompts(session, user, host);
    TrText cause;
    if (methods != 0 && !(methods & SSH_AUTH_METHOD_PUBLICKEY)
        && (methods & (SSH_AUTH_METHOD_PASSWORD | SSH_AUTH_METHOD_INTERACTIVE)))
        return TransferError::make(
            TransferError::Kind::Rejected,
            TrText::of(staticMetaObject,
                       QT_TR_NOOP("%1 takes no SSH key for %2, only a password: Hoist asks for "
                                  "one in its window only"))
                .arg(host, user));
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
    if (methods & (SSH_AUTH_METHOD_PASSWORD | SSH_AUTH_METHOD_INTERACTIVE))
        cause = cause.followedBy(TrText::of(
            staticMetaObject,
            QT_TR_NOOP(" (it also takes a password: Hoist asks for one in its window only)")));
    return TransferError::make(TransferError::Kind::Rejected, cause);
}
