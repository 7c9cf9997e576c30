#include "sshdpeer.h"

#include <QDeadlineTimer>
#include <QDir>
#include <QFile>
#include <QRegularExpression>
#include <QTcpServer>
#include <QTcpSocket>
#include <QThread>

#include <csignal>
#include <pwd.h>
#include <unistd.h>

namespace {
constexpr int StartTimeoutMs = 20000;

QString currentUser()
{
    const passwd *pw = ::getpwuid(::getuid());
    return pw ? QString::fromLocal8Bit(pw->pw_name) : QString::fromLocal8Bit(qgetenv("USER"));
}

// Every process below `root` (sshd forks one per connection, and again for privilege
// separation), read from /proc.
QList<qint64> descendantsOf(qint64 root)
{
    QHash<qint64, qint64> parentOf;
    for (const QString &entry : QDir(QStringLiteral("/proc")).entryList(QDir::Dirs)) {
        bool ok = false;
        const qint64 pid = entry.toLongLong(&ok);
        if (!ok)
            continue;
        QFile stat(QStringLiteral("/proc/%1/stat").arg(pid));
        if (!stat.open(QIODevice::ReadOnly))
            continue;
        const QByteArray text = stat.readAll();
        const qsizetype close = text.lastIndexOf(')');
        const QList<QByteArray> fields = text.mid(close + 2).split(' ');
        if (fields.size() > 1)
            parentOf.insert(pid, fields.at(1).toLongLong());
    }
    QList<qint64> found{root};
    for (qsizetype i = 0; i < found.size(); ++i) {
        for (auto it = parentOf.cbegin(); it != parentOf.cend(); ++it) {
            if (it.value() == found.at(i))
                found.append(it.key());
        }
    }
    return found;
}
} // namespace

SshdPeer::SshdPeer()
    : m_user(currentUser())
{
    m_process.setProcessChannelMode(QProcess::MergedChannels);
    QString error;
    // Traversable by all: sshd reads the user's keys as that user (`nobody` too).
    QFile::setPermissions(m_dir.path(), QFileDevice::ReadOwner | QFileDevice::WriteOwner
                                            | QFileDevice::ExeOwner | QFileDevice::ReadOther
                                            | QFileDevice::ExeOther | QFileDevice::ReadGroup
                                            | QFileDevice::ExeGroup);
    if (!QDir().mkpath(root()) || !keygen(m_dir.path() + QStringLiteral("/host_key"), &error)
        || !keygen(clientKey(), &error) || !keygen(otherClientKey(), &error)) {
        qWarning("SshdPeer: %s", qPrintable(error));
        m_dir.remove();
        return;
    }
    QFile::copy(clientKey() + QStringLiteral(".pub"),
                m_dir.path() + QStringLiteral("/authorized_keys"));
    QDir().mkpath(QStringLiteral("/run/sshd")); // sshd's privilege separation folder
}

SshdPeer::~SshdPeer()
{
    kill();
}

QString SshdPeer::endpoint(const QString &sub) const
{
    return QStringLiteral("sftp://%1@127.0.0.1:%2%3%4")
        .arg(m_user)
        .arg(m_port)
        .arg(root(), sub.isEmpty() ? QString() : QLatin1Char('/') + sub);
}

bool SshdPeer::keygen(const QString &path, QString *error) const
{
    QFile::remove(path);
    QFile::remove(path + QStringLiteral(".pub"));
    QProcess keygen;
    keygen.setProcessChannelMode(QProcess::MergedChannels);
    keygen.start(QStringLiteral("ssh-keygen"),
                 {QStringLiteral("-q"), QStringLiteral("-t"), QStringLiteral("ed25519"),
                  QStringLiteral("-N"), QString(), QStringLiteral("-f"), path});
    if (!keygen.waitForFinished(StartTimeoutMs) || keygen.exitCode() != 0) {
        *error = QStringLiteral("ssh-keygen failed: ") + QString::fromLocal8Bit(keygen.readAll());
        return false;
    }
    return true;
}

bool SshdPeer::regenerateHostKey()
{
    QString error;
    return keygen(m_dir.path() + QStringLiteral("/host_key"), &error);
}

QString SshdPeer::hostKeyFingerprint() const
{
    QProcess keygen;
    keygen.start(QStringLiteral("ssh-keygen"),
                 {QStringLiteral("-l"), QStringLiteral("-E"), QStringLiteral("sha256"),
                  QStringLiteral("-f"), m_dir.path() + QStringLiteral("/host_key.pub")});
    keygen.waitForFinished(StartTimeoutMs);
    const QList<QByteArray> fields = keygen.readAllStandardOutput().split(' ');
    return fields.size() > 1 ? QString::fromLatin1(fields.at(1)) : QString();
}

bool SshdPeer::trustHostKey(bool hashed)
{
    QFile pub(m_dir.path() + QStringLiteral("/host_key.pub"));
    if (!pub.open(QIODevice::ReadOnly))
        return false;
    const QList<QByteArray> fields = pub.readAll().trimmed().split(' ');
    QFile known(knownHosts());
    if (fields.size() < 2 || !known.open(QIODevice::WriteOnly | QIODevice::Truncate))
        return false;
    known.write(QStringLiteral("[127.0.0.1]:%1 ").arg(m_port).toLatin1() + fields.at(0) + ' '
                + fields.at(1) + '\n');
    known.close();
    if (!hashed)
        return true;
    QProcess keygen;
    keygen.start(QStringLiteral("ssh-keygen"),
                 {QStringLiteral("-H"), QStringLiteral("-f"), knownHosts()});
    return keygen.waitForFinished(StartTimeoutMs) && keygen.exitCode() == 0;
}

bool SshdPeer::start(QString *error, quint16 port)
{
    if (port == 0) {
        QTcpServer probe;
        probe.listen(QHostAddress::LocalHost, 0);
        port = probe.serverPort();
    }
    m_port = port;
    const QString config = m_dir.path() + QStringLiteral("/sshd_config");
    QFile file(config);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate)) {
        *error = file.errorString();
        return false;
    }
    QStringList lines = m_extra;
    lines += QStringList{
        QStringLiteral("ListenAddress 127.0.0.1:%1").arg(port),
        QStringLiteral("HostKey %1/host_key").arg(m_dir.path()),
        QStringLiteral("PidFile %1/sshd.pid").arg(m_dir.path()),
        QStringLiteral("AuthorizedKeysFile %1/authorized_keys").arg(m_dir.path()),
        QStringLiteral("StrictModes no"),
        QStringLiteral("UsePAM no"),
        QStringLiteral("PasswordAuthentication no"),
        QStringLiteral("KbdInteractiveAuthentication no"),
        QStringLiteral("PermitRootLogin prohibit-password"),
        QStringLiteral("AllowUsers %1").arg(m_user),
        QStringLiteral("LogLevel INFO"),
    };
    // OpenSSH's sftp-server, logging each file closed to a file of ours (internal-sftp's log
    // goes to syslog or the client). Through the user's shell: `nobody`'s refuses, and gets
    // internal-sftp.
    if (m_user == currentUser() && !m_internalSftp)
        lines << QStringLiteral("Subsystem sftp /usr/lib/openssh/sftp-server -e -l INFO 2>>%1")
                     .arg(sftpLog());
    else
        lines << QStringLiteral("Subsystem sftp internal-sftp");
    QFile::remove(sftpLog());
    file.write(lines.join(QLatin1Char('\n')).toUtf8() + '\n');
    file.close();
    m_log.clear();
    QStringList command = m_wrapper;
    command += {QStringLiteral("/usr/sbin/sshd"), QStringLiteral("-D"), QStringLiteral("-e"),
                QStringLiteral("-f"), config};
    m_process.start(command.takeFirst(), command);
    if (!m_process.waitForStarted(StartTimeoutMs) || !waitForGreeting(StartTimeoutMs)) {
        *error = QStringLiteral("sshd did not start: ") + QString::fromLocal8Bit(log());
        kill();
        return false;
    }
    return true;
}

bool SshdPeer::waitForGreeting(int timeoutMs) const
{
    QDeadlineTimer deadline(timeoutMs);
    while (!deadline.hasExpired() && m_process.state() == QProcess::Running) {
        QTcpSocket socket;
        socket.connectToHost(QHostAddress::LocalHost, m_port);
        if (socket.waitForConnected(1000) && socket.waitForReadyRead(2000)
            && socket.readAll().startsWith("SSH-2.0"))
            return true;
        QThread::msleep(20); // sshd binds its port in its first milliseconds
    }
    return false;
}

void SshdPeer::kill()
{
    if (m_process.state() == QProcess::NotRunning)
        return;
    const QList<qint64> all = descendantsOf(m_process.processId());
    for (qint64 pid : all)
        ::kill(pid_t(pid), SIGKILL);
    m_process.waitForFinished(StartTimeoutMs);
    log();
}

QByteArray SshdPeer::log()
{
    m_log += m_process.readAll();
    return m_log;
}

QString SshdPeer::sftpLog() const
{
    return m_dir.path() + QStringLiteral("/sftp.log");
}

qint64 SshdPeer::bytesWritten(const QString &suffix, bool lastOnly)
{
    QFile file(sftpLog());
    file.open(QIODevice::ReadOnly);
    // sftp-server: [forced ]close "PATH" bytes read R written W
    static const QRegularExpression close(
        QStringLiteral("close \"(.*)\" bytes read (\\d+) written (\\d+)"));
    qint64 total = 0;
    qint64 last = 0;
    for (const QByteArray &line : file.readAll().split('\n')) {
        const QRegularExpressionMatch m = close.match(QString::fromUtf8(line));
        if (!m.hasMatch() || !m.captured(1).endsWith(suffix) || m.captured(3).toLongLong() == 0)
            continue;
        last = m.captured(3).toLongLong();
        total += last;
    }
    return lastOnly ? last : total;
}

QPair<int, int> SshdPeer::writersAtOnce(const QString &suffix) const
{
    QFile file(sftpLog());
    file.open(QIODevice::ReadOnly);
    static const QRegularExpression open(QStringLiteral("open \"(.*)\" flags (\\S+)"));
    static const QRegularExpression close(QStringLiteral("close \"(.*)\" bytes read"));
    int now = 0;
    int most = 0;
    int opened = 0;
    for (const QByteArray &raw : file.readAll().split('\n')) {
        const QString line = QString::fromUtf8(raw);
        const QRegularExpressionMatch o = open.match(line);
        if (o.hasMatch() && o.captured(1).endsWith(suffix)
            && o.captured(2).contains(QLatin1String("WRITE"))) {
            most = qMax(most, ++now);
            ++opened;
            continue;
        }
        const QRegularExpressionMatch c = close.match(line);
        if (c.hasMatch() && c.captured(1).endsWith(suffix) && now > 0)
            --now;
    }
    return {most, opened};
}

int SshdPeer::sessionsOpened() const
{
    QFile file(sftpLog());
    file.open(QIODevice::ReadOnly);
    return int(file.readAll().count("session opened for local user"));
}
