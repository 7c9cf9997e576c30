#include "sshdpassworduser.h"

#include "sshdpeer.h"

#include <QFile>
#include <QProcess>
#include <QStandardPaths>
#include <QStringList>

#include <unistd.h>

namespace {
constexpr int ToolTimeoutMs = 20000;

bool writeFile(const QString &path, const QByteArray &text, QString *error)
{
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate) || file.write(text) != text.size()) {
        *error = path + QStringLiteral(": ") + file.errorString();
        return false;
    }
    return true;
}

QByteArray readFile(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

// The crypt(3) hash of `password` as /etc/shadow holds it ($6$: SHA-512).
QByteArray hashOf(const QString &password, QString *error)
{
    QProcess openssl;
    openssl.start(QStringLiteral("openssl"),
                  {QStringLiteral("passwd"), QStringLiteral("-6"), QStringLiteral("-stdin")});
    openssl.write(password.toUtf8() + '\n');
    openssl.closeWriteChannel();
    if (!openssl.waitForFinished(ToolTimeoutMs) || openssl.exitCode() != 0) {
        *error = QStringLiteral("openssl passwd failed: ")
                 + QString::fromLocal8Bit(openssl.readAllStandardError());
        return {};
    }
    return openssl.readAllStandardOutput().trimmed();
}
} // namespace

bool SshdPasswordUser::setUp(SshdPeer *peer, const QString &password, Method method, QString *error)
{
    if (::geteuid() != 0) {
        *error = QStringLiteral("needs root (a mount namespace with its own /etc/shadow)");
        return false;
    }
    if (QStandardPaths::findExecutable(QStringLiteral("unshare")).isEmpty()) {
        *error = QStringLiteral("no unshare (util-linux)");
        return false;
    }
    const QByteArray hash = hashOf(password, error);
    if (hash.isEmpty())
        return false;
    const QString dir = peer->dir();
    const QByteArray name(Name);
    const QString passwd = dir + QStringLiteral("/passwd");
    const QString shadow = dir + QStringLiteral("/shadow");
    const QString pam = dir + QStringLiteral("/pam_sshd");
    QByteArray users = readFile(QStringLiteral("/etc/passwd"));
    if (!users.endsWith('\n'))
        users += '\n';
    users += name + ":x:0:0:Hoist test:" + QFile::encodeName(dir) + ":/bin/sh\n";
    QByteArray shadows = readFile(QStringLiteral("/etc/shadow"));
    if (!shadows.isEmpty() && !shadows.endsWith('\n'))
        shadows += '\n';
    shadows += name + ':' + hash + ":19000:0:99999:7:::\n";
    const QByteArray stack = "auth required pam_unix.so nodelay\n"
                             "account required pam_permit.so\n"
                             "session required pam_permit.so\n"
                             "password required pam_deny.so\n";
    if (!writeFile(passwd, users, error) || !writeFile(shadow, shadows, error)
        || !writeFile(pam, stack, error))
        return false;
    QFile::setPermissions(shadow, QFileDevice::ReadOwner | QFileDevice::WriteOwner);

    const bool prompts = method == Method::KeyboardInteractive;
    peer->setUser(QString::fromLatin1(Name));
    peer->setExtraConfig({
        QStringLiteral("UsePAM %1").arg(prompts ? QStringLiteral("yes") : QStringLiteral("no")),
        QStringLiteral("PasswordAuthentication %1")
            .arg(prompts ? QStringLiteral("no") : QStringLiteral("yes")),
        QStringLiteral("KbdInteractiveAuthentication %1")
            .arg(prompts ? QStringLiteral("yes") : QStringLiteral("no")),
        QStringLiteral("PubkeyAuthentication no"),
        QStringLiteral("PermitRootLogin yes"),
    });
    // Private mounts (unshare's default): the rest of the machine never sees these files.
    peer->setWrapper({QStringLiteral("unshare"), QStringLiteral("-m"), QStringLiteral("sh"),
                      QStringLiteral("-c"),
                      QStringLiteral("mount --bind '%1' /etc/passwd && mount --bind '%2' "
                                     "/etc/shadow && mount --bind '%3' /etc/pam.d/sshd && exec "
                                     "\"$0\" \"$@\"")
                          .arg(passwd, shadow, pam)});
    return true;
}
