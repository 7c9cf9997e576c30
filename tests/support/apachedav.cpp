#include "apachedav.h"

#include <QDateTime>
#include <QDeadlineTimer>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTcpServer>
#include <QTcpSocket>

#include <csignal>
#include <grp.h>
#include <pwd.h>
#include <sys/prctl.h>
#include <unistd.h>

namespace {
constexpr int StartTimeoutMs = 20000;
constexpr int StartAttempts = 5;
constexpr char Modules[] = "/usr/lib/apache2/modules";

quint16 freePort()
{
    QTcpServer probe;
    probe.listen(QHostAddress::LocalHost, 0);
    return probe.serverPort();
}

bool answers(quint16 port)
{
    QTcpSocket socket;
    socket.connectToHost(QHostAddress::LocalHost, port);
    return socket.waitForConnected(200);
}

// The served folders must belong to www-data, whom Apache started by root runs as.
void giveToWwwData(const QString &path)
{
    const passwd *user = ::getpwnam("www-data");
    if (::geteuid() == 0 && user) {
        if (::chown(QFile::encodeName(path).constData(), user->pw_uid, user->pw_gid) != 0)
            qWarning("ApacheDav: cannot give %s to www-data", qPrintable(path));
    }
}
} // namespace

ApacheDav::ApacheDav() = default;

ApacheDav::~ApacheDav()
{
    stop();
}

static QString apacheBinary()
{
    const QString fromEnv = qEnvironmentVariable("APACHE_BINARY");
    return fromEnv.isEmpty() ? QStringLiteral("/usr/sbin/apache2") : fromEnv;
}

bool ApacheDav::available(QString *why)
{
    if (!QFileInfo(apacheBinary()).isExecutable()
        || !QFileInfo::exists(QStringLiteral("%1/mod_dav_fs.so").arg(QLatin1String(Modules)))
        || !QFileInfo(QStringLiteral("/usr/bin/htpasswd")).isExecutable()) {
        *why = QStringLiteral("Apache with mod_dav is not installed (apt-get install apache2 "
                              "apache2-utils; scripts/setup.sh does)");
        return false;
    }
    return true;
}

QString ApacheDav::davRoot() const
{
    return m_root.filePath(QStringLiteral("htdocs/dav"));
}

QString ApacheDav::diskPath(const QString &path) const
{
    return davRoot() + QLatin1Char('/') + path;
}

bool ApacheDav::putFile(const QString &path, const QByteArray &content, int ageSeconds) const
{
    const QString full = diskPath(path);
    const QString folder = QFileInfo(full).absolutePath();
    if (!QDir().mkpath(folder))
        return false;
    for (QString dir = folder; dir.startsWith(davRoot()) && dir != davRoot();
         dir = QFileInfo(dir).absolutePath())
        giveToWwwData(dir);
    QFile file(full);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate)
        || file.write(content) != content.size())
        return false;
    file.close();
    giveToWwwData(full);
    return age(path, ageSeconds);
}

bool ApacheDav::age(const QString &path, int ageSeconds) const
{
    QFile file(diskPath(path));
    if (!file.open(QIODevice::ReadWrite))
        return false;
    return file.setFileTime(QDateTime::currentDateTime().addSecs(-ageSeconds),
                            QFileDevice::FileModificationTime);
}

QUrl ApacheDav::endpoint(const QString &path) const
{
    QUrl url;
    url.setScheme(QStringLiteral("dav"));
    url.setUserName(QString::fromLatin1(User));
    url.setHost(QStringLiteral("127.0.0.1"));
    url.setPort(m_port);
    url.setPath(QStringLiteral("/dav/") + path);
    return url;
}

QStringList ApacheDav::requests() const
{
    QFile log(m_root.filePath(QStringLiteral("access.log")));
    if (!log.open(QIODevice::ReadOnly))
        return {};
    return QString::fromUtf8(log.readAll()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
}

void ApacheDav::clearLog() const
{
    QFile log(m_root.filePath(QStringLiteral("access.log")));
    if (log.exists())
        log.resize(0);
}

QString ApacheDav::errorLog() const
{
    QFile log(m_root.filePath(QStringLiteral("error.log")));
    return log.open(QIODevice::ReadOnly) ? QString::fromUtf8(log.readAll()) : QString();
}

bool ApacheDav::writeConfig()
{
    const QString root = m_root.path();
    for (const char *dir : {"htdocs/dav", "lock", "run"}) {
        if (!QDir().mkpath(m_root.filePath(QLatin1String(dir)))) {
            m_error = QStringLiteral("cannot make %1").arg(QLatin1String(dir));
            return false;
        }
    }
    for (const char *dir : {"htdocs", "htdocs/dav", "lock"})
        giveToWwwData(m_root.filePath(QLatin1String(dir)));
    QProcess htpasswd;
    htpasswd.start(QStringLiteral("/usr/bin/htpasswd"),
                   {QStringLiteral("-cbB"), m_root.filePath(QStringLiteral("users")),
                    QLatin1String(User), QLatin1String(Password)});
    if (!htpasswd.waitForFinished(20000) || htpasswd.exitCode() != 0) {
        m_error = QStringLiteral("htpasswd failed: %1").arg(QString::fromUtf8(htpasswd.readAll()));
        return false;
    }
    QString modules;
    for (const char *module : {"mpm_event", "authz_core", "authn_core", "authn_file", "auth_basic",
                               "authz_user", "dav", "dav_fs"})
        modules += QStringLiteral("LoadModule %1_module %2/mod_%1.so\n")
                       .arg(QLatin1String(module), QLatin1String(Modules));
    const bool root0 = ::geteuid() == 0;
    const QString config =
        QStringLiteral("ServerRoot \"%1\"\n"
                       "ServerName 127.0.0.1\n"
                       "Listen 127.0.0.1:%2\n"
                       "PidFile \"%1/run/apache2.pid\"\n"
                       "ErrorLog \"%1/error.log\"\n"
                       "LogLevel warn\n"
                       "LogFormat \"%m %U %>s [%{If-None-Match}i] [%{If-Match}i]\" hoist\n"
                       "CustomLog \"%1/access.log\" hoist\n"
                       "%3"
                       "%4"
                       "DocumentRoot \"%1/htdocs\"\n"
                       "DavLockDB \"%1/lock/DavLock\"\n"
                       "LimitRequestBody 0\n"
                       "Timeout 60\n"
                       "<Directory \"%1/htdocs\">\n"
                       "  Require all granted\n"
                       "</Directory>\n"
                       "<Directory \"%1/htdocs/dav\">\n"
                       "  Dav On\n"
                       "  AuthType Basic\n"
                       "  AuthName \"hoist tests\"\n"
                       "  AuthUserFile \"%1/users\"\n"
                       "  Require valid-user\n"
                       "</Directory>\n")
            .arg(root)
            .arg(m_port)
            .arg(root0 ? QStringLiteral("User www-data\nGroup www-data\n") : QString())
            .arg(modules);
    QFile file(m_root.filePath(QStringLiteral("apache2.conf")));
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate) || file.write(config.toUtf8()) < 0) {
        m_error = QStringLiteral("cannot write the configuration");
        return false;
    }
    return true;
}

bool ApacheDav::start()
{
    stop();
    m_error.clear();
    if (!m_root.isValid()) {
        m_error = QStringLiteral("no temporary folder");
        return false;
    }
    // The temporary folder is 0700: www-data must get through it to the served folder.
    QFile::setPermissions(m_root.path(), QFileDevice::ReadOwner | QFileDevice::WriteOwner
                                             | QFileDevice::ExeOwner | QFileDevice::ExeGroup
                                             | QFileDevice::ExeOther);
    const bool keepPort = m_port != 0; // a restart serves where the uploads expect it
    for (int attempt = 0; attempt < (keepPort ? 1 : StartAttempts); ++attempt) {
        if (!keepPort)
            m_port = freePort();
        if (writeConfig() && launch())
            return true;
    }
    return false;
}

bool ApacheDav::launch()
{
    m_process = std::make_unique<QProcess>();
    m_process->setProcessChannelMode(QProcess::MergedChannels);
    // If the test dies, so does Apache (SIGTERM ends its children too). Apache keeps the signal
    // mask it starts with: a parent that blocks SIGTERM to wait for it (SignalWatcher, in
    // bench/sshdavpeers) would leave Apache deaf to stop(), then kill it and orphan its children.
    m_process->setChildProcessModifier([] {
        sigset_t none;
        sigemptyset(&none);
        ::sigprocmask(SIG_SETMASK, &none, nullptr);
        ::prctl(PR_SET_PDEATHSIG, SIGTERM);
    });
    m_process->start(apacheBinary(),
                     {QStringLiteral("-f"), m_root.filePath(QStringLiteral("apache2.conf")),
                      QStringLiteral("-DFOREGROUND")});
    if (!m_process->waitForStarted(StartTimeoutMs)) {
        m_error =
            QStringLiteral("cannot start %1: %2").arg(apacheBinary(), m_process->errorString());
        m_process.reset();
        return false;
    }
    const QDeadlineTimer deadline(StartTimeoutMs);
    while (!deadline.hasExpired()) {
        if (m_process->state() != QProcess::Running)
            break;
        if (answers(m_port))
            return true;
        m_process->waitForFinished(20); // waits without spinning; it has not ended
    }
    m_error = QStringLiteral("Apache did not serve on port %1: %2\n%3")
                  .arg(m_port)
                  .arg(QString::fromUtf8(m_process->readAll()), errorLog().right(2000));
    stop();
    return false;
}

void ApacheDav::stop()
{
    if (!m_process)
        return;
    if (m_process->state() != QProcess::NotRunning) {
        m_process->terminate();
        if (!m_process->waitForFinished(10000)) {
            m_process->kill();
            m_process->waitForFinished(5000);
        }
    }
    m_process.reset();
}

bool ApacheDav::isRunning() const
{
    return m_process && m_process->state() == QProcess::Running;
}
