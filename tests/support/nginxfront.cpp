#include "nginxfront.h"

#include <QDeadlineTimer>
#include <QDir>
#include <QFile>
#include <QSet>
#include <QTcpServer>
#include <QTcpSocket>

#include <csignal>
#include <grp.h>
#include <pwd.h>
#include <sys/prctl.h>
#include <unistd.h>

namespace {
constexpr int StartTimeoutMs = 20000;
constexpr int ReloadTimeoutMs = 10000;
constexpr int AskTimeoutMs = 2000;
constexpr int PollMs = 10;
constexpr int StartAttempts = 5;
// Answers in a row from the new configuration before a reload counts as done: for a moment
// after SIGHUP the old worker may still take a new connection.
constexpr int SteadyAnswers = 3;
constexpr quint16 PlaceholderPort = 9; // discard: nothing listens, and it is marked down anyway

// The processes whose parent is `parent` (nginx's workers), from /proc.
QSet<qint64> childrenOf(qint64 parent)
{
    QSet<qint64> children;
    const QStringList entries = QDir(QStringLiteral("/proc")).entryList(QDir::Dirs);
    for (const QString &entry : entries) {
        bool isPid = false;
        const qint64 pid = entry.toLongLong(&isPid);
        if (!isPid)
            continue;
        QFile stat(QStringLiteral("/proc/%1/stat").arg(pid));
        if (!stat.open(QIODevice::ReadOnly))
            continue;
        // "pid (comm) state ppid ...": comm may hold spaces and parentheses; read after the last
        // ')'.
        const QByteArray line = stat.readAll();
        const QList<QByteArray> fields = line.mid(line.lastIndexOf(')') + 2).split(' ');
        if (fields.size() > 1 && fields.at(1).toLongLong() == parent)
            children.insert(pid);
    }
    return children;
}

QString templatePath()
{
    return QStringLiteral(HOIST_TEST_SOURCE_DIR "/support/nginx/front.conf.in");
}

quint16 freePort()
{
    QTcpServer probe;
    probe.listen(QHostAddress::LocalHost, 0);
    return probe.serverPort();
}

// nginx started by root runs its workers as `nobody` unless told otherwise; they must be able to
// use the temp paths the master makes.
QByteArray userLine()
{
    if (::geteuid() != 0)
        return "# not root: the workers run as this user";
    const passwd *user = ::getpwuid(::geteuid());
    const group *grp = ::getgrgid(::getegid());
    if (!user || !grp)
        return "user root root;";
    return QByteArray("user ") + user->pw_name + ' ' + grp->gr_name + ';';
}

QByteArray readFile(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}
} // namespace

NginxFront::NginxFront() = default;

NginxFront::~NginxFront()
{
    stop();
}

QString NginxFront::binary()
{
    const QString fromEnv = qEnvironmentVariable("NGINX_BINARY");
    return fromEnv.isEmpty() ? QStringLiteral("/usr/sbin/nginx") : fromEnv;
}

bool NginxFront::start(const QList<quint16> &upstreamPorts)
{
    stop();
    m_error.clear();
    if (!m_root.isValid()) {
        m_error = QStringLiteral("no temporary folder: %1").arg(m_root.errorString());
        return false;
    }
    if (!QDir().mkpath(m_root.filePath(QStringLiteral("temp")))) {
        m_error = QStringLiteral("cannot make %1").arg(m_root.filePath(QStringLiteral("temp")));
        return false;
    }
    m_upstreams.clear();
    for (quint16 port : upstreamPorts)
        m_upstreams << Upstream{port, false};
    m_generation = 1;
    // nginx cannot listen on port 0 and say which it got: take a free one, and another if some
    // other process wins it before nginx binds.
    for (int attempt = 0; attempt < StartAttempts; ++attempt) {
        if (launch(freePort()))
            return true;
    }
    return false;
}

bool NginxFront::launch(quint16 port)
{
    if (!writeConfig(port))
        return false;
    m_port = port;
    m_process = std::make_unique<QProcess>();
    m_process->setProcessChannelMode(QProcess::MergedChannels);
    // If the test dies, the master gets SIGTERM (its fast shutdown) and takes its workers with it;
    // SIGKILL would leave them holding the port.
    m_process->setChildProcessModifier([] { ::prctl(PR_SET_PDEATHSIG, SIGTERM); });
    m_process->start(binary(),
                     {QStringLiteral("-p"), m_root.path(), QStringLiteral("-c"), configPath(),
                      QStringLiteral("-e"), m_root.filePath(QStringLiteral("error.log"))});
    if (!m_process->waitForStarted(StartTimeoutMs)) {
        m_error = QStringLiteral("cannot start %1: %2").arg(binary(), m_process->errorString());
        m_process.reset();
        return false;
    }
    if (waitServing(m_generation))
        return true;
    m_error = QStringLiteral("nginx did not serve on port %1: %2\n%3")
                  .arg(port)
                  .arg(QString::fromUtf8(m_process->readAll()), errorLog().right(2000));
    stop();
    return false;
}

void NginxFront::stop()
{
    if (!m_process)
        return;
    if (m_process->state() != QProcess::NotRunning) {
        m_process->terminate(); // SIGTERM: fast shutdown, workers included
        if (!m_process->waitForFinished(10000)) {
            m_process->kill();
            m_process->waitForFinished(5000);
        }
    }
    m_process.reset();
}

bool NginxFront::isRunning() const
{
    return m_process && m_process->state() == QProcess::Running;
}

qint64 NginxFront::pid() const
{
    return isRunning() ? m_process->processId() : 0;
}

bool NginxFront::addUpstream(quint16 port)
{
    if (upstreams().contains(port))
        return setDown(port, false);
    m_upstreams << Upstream{port, false};
    return reload();
}

bool NginxFront::removeUpstream(quint16 port)
{
    m_upstreams.removeIf([port](const Upstream &u) { return u.port == port; });
    return reload();
}

bool NginxFront::setDown(quint16 port, bool down)
{
    bool found = false;
    for (Upstream &u : m_upstreams) {
        if (u.port == port) {
            u.down = down;
            found = true;
        }
    }
    if (!found) {
        m_error = QStringLiteral("no upstream on port %1").arg(port);
        return false;
    }
    return reload();
}

bool NginxFront::reload()
{
    if (!isRunning()) {
        m_error = QStringLiteral("nginx is not running");
        return false;
    }
    ++m_generation;
    if (!writeConfig(m_port))
        return false;
    // Check first: a configuration nginx refuses would leave the old one serving, silently.
    QProcess check;
    check.setProcessChannelMode(QProcess::MergedChannels);
    check.start(binary(), {QStringLiteral("-t"), QStringLiteral("-q"), QStringLiteral("-p"),
                           m_root.path(), QStringLiteral("-c"), configPath(), QStringLiteral("-e"),
                           m_root.filePath(QStringLiteral("error.log"))});
    if (!check.waitForFinished(ReloadTimeoutMs) || check.exitCode() != 0) {
        m_error = QStringLiteral("nginx refuses the new configuration: %1")
                      .arg(QString::fromUtf8(check.readAll()));
        return false;
    }
    // A reload is graceful: the old configuration's workers take no new connection once they have
    // been told, but one may still be answering for a moment after the new ones do. Done when
    // the new configuration answers and the old workers are gone.
    const qint64 master = m_process->processId();
    const QSet<qint64> oldWorkers = childrenOf(master);
    ::kill(pid_t(master), SIGHUP);
    if (waitServing(m_generation)) {
        QDeadlineTimer deadline(ReloadTimeoutMs);
        while (childrenOf(master).intersects(oldWorkers)) {
            if (deadline.hasExpired()) {
                m_error = QStringLiteral("nginx's old workers did not end after a reload");
                return false;
            }
            m_process->waitForFinished(PollMs);
        }
        return true;
    }
    m_error = QStringLiteral("nginx did not take configuration %1: %2")
                  .arg(m_generation)
                  .arg(errorLog().right(2000));
    return false;
}

QList<quint16> NginxFront::upstreams() const
{
    QList<quint16> ports;
    for (const Upstream &u : m_upstreams)
        ports << u.port;
    return ports;
}

bool NginxFront::isDown(quint16 port) const
{
    for (const Upstream &u : m_upstreams) {
        if (u.port == port)
            return u.down;
    }
    return false;
}

QUrl NginxFront::url(const QString &path) const
{
    return QUrl(QStringLiteral("http://127.0.0.1:%1%2").arg(m_port).arg(path));
}

QList<NginxLogEntry> NginxFront::requests() const
{
    return NginxAccessLog::parse(readFile(m_root.filePath(QStringLiteral("access.log"))));
}

void NginxFront::clearLog() const
{
    // nginx appends (O_APPEND), so it goes on writing at the new end.
    QFile::resize(m_root.filePath(QStringLiteral("access.log")), 0);
}

QString NginxFront::configPath() const
{
    return m_root.filePath(QStringLiteral("nginx.conf"));
}

QString NginxFront::errorLog() const
{
    return QString::fromUtf8(readFile(m_root.filePath(QStringLiteral("error.log"))));
}

bool NginxFront::bufferedABody() const
{
    return errorLog().contains(QLatin1String("buffered to a temporary file"));
}

bool NginxFront::writeConfig(quint16 port)
{
    QByteArray config = readFile(templatePath());
    if (config.isEmpty()) {
        m_error = QStringLiteral("cannot read %1").arg(templatePath());
        return false;
    }
    QByteArray servers;
    for (const Upstream &u : m_upstreams)
        servers +=
            "    server 127.0.0.1:" + QByteArray::number(u.port) + (u.down ? " down" : "") + ";\n";
    if (m_upstreams.isEmpty())
        servers = "    server 127.0.0.1:" + QByteArray::number(PlaceholderPort) + " down;\n";
    config.replace("@USER@", userLine())
        .replace("@ROOT@", QFile::encodeName(m_root.path()))
        .replace("@SERVERS@\n", servers)
        .replace("@PORT@", QByteArray::number(port))
        .replace("@GENERATION@", QByteArray::number(m_generation))
        .replace("@REQUEST_BUFFERING@", m_requestBuffering ? "on" : "off");
    QFile file(configPath());
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate) || file.write(config) < 0) {
        m_error = QStringLiteral("cannot write %1: %2").arg(configPath(), file.errorString());
        return false;
    }
    return true;
}

bool NginxFront::waitServing(int generation)
{
    const QByteArray wanted = QByteArray::number(generation);
    QDeadlineTimer deadline(m_generation == 1 ? StartTimeoutMs : ReloadTimeoutMs);
    int steady = 0;
    while (!deadline.hasExpired()) {
        if (!isRunning())
            return false; // it could not bind, or did not like its configuration
        steady = askGeneration() == wanted ? steady + 1 : 0;
        if (steady >= SteadyAnswers)
            return true;
        // A wait that also notices nginx exiting.
        m_process->waitForFinished(PollMs);
    }
    return false;
}

QByteArray NginxFront::askGeneration() const
{
    // A plain blocking socket: no event loop, so a test's pending signals are not processed here.
    QTcpSocket socket;
    socket.connectToHost(QHostAddress(QHostAddress::LocalHost), m_port);
    if (!socket.waitForConnected(AskTimeoutMs))
        return {};
    socket.write("GET /__front/generation HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n");
    QByteArray response;
    while (socket.waitForReadyRead(AskTimeoutMs) || socket.bytesAvailable())
        response += socket.readAll();
    if (!response.startsWith("HTTP/1.1 200"))
        return {};
    const int split = response.indexOf("\r\n\r\n");
    return split < 0 ? QByteArray() : response.mid(split + 4).trimmed();
}
