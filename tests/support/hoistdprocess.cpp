#include "hoistdprocess.h"

#include <QDeadlineTimer>
#include <QDir>
#include <QFile>
#include <QThread>

#include <csignal>
#include <sys/prctl.h>

namespace {
constexpr int StartTimeoutMs = 20000;
constexpr int RestartAttempts = 50;
constexpr int RestartPauseMs = 100;
} // namespace

HoistdProcess::HoistdProcess() = default;

HoistdProcess::~HoistdProcess()
{
    kill();
}

QString HoistdProcess::binary()
{
    return qEnvironmentVariable("HOISTD_BINARY");
}

bool HoistdProcess::start(const QStringList &extraArgs, quint16 port)
{
    kill();
    if (binary().isEmpty()) {
        m_error = QStringLiteral("HOISTD_BINARY is not set (run the test through ctest)");
        return false;
    }
    m_args = extraArgs;
    m_process = std::make_unique<QProcess>();
    // If the test dies (a crash, a ctest timeout), hoistd goes with it.
    m_process->setChildProcessModifier([] { ::prctl(PR_SET_PDEATHSIG, SIGKILL); });
    const QStringList args = QStringList{QStringLiteral("--listen"),
                                         QStringLiteral("127.0.0.1:%1").arg(port),
                                         QStringLiteral("--data"), dataDir()}
        + extraArgs;
    m_process->start(binary(), args);
    if (!m_process->waitForStarted(StartTimeoutMs)) {
        m_error = QStringLiteral("cannot start hoistd: ") + m_process->errorString();
        return false;
    }
    QDeadlineTimer deadline(StartTimeoutMs);
    QByteArray out;
    while (!out.contains('\n') && !deadline.hasExpired()) {
        if (!m_process->waitForReadyRead(int(qMax<qint64>(1, deadline.remainingTime()))))
            break;
        out += m_process->readAllStandardOutput();
    }
    const QByteArray line = out.left(qMax(0, int(out.indexOf('\n')))).trimmed();
    if (!line.startsWith("listening ")) {
        m_process->waitForFinished(1000);
        m_stderr += m_process->readAllStandardError();
        m_error = QStringLiteral("hoistd did not start: ") + QString::fromUtf8(out + m_stderr);
        m_process.reset();
        return false;
    }
    m_port = quint16(line.mid(line.lastIndexOf(':') + 1).toUInt());
    return m_port != 0;
}

void HoistdProcess::kill()
{
    if (!m_process)
        return;
    if (m_process->state() != QProcess::NotRunning) {
        m_process->kill();
        m_process->waitForFinished(5000);
    }
    m_stderr += m_process->readAllStandardError();
    m_process.reset();
}

bool HoistdProcess::terminate(int timeoutMs, int *exitCode)
{
    if (!m_process)
        return false;
    m_process->terminate();
    const bool exited = m_process->waitForFinished(timeoutMs);
    if (exitCode)
        *exitCode = m_process->exitStatus() == QProcess::NormalExit ? m_process->exitCode() : -1;
    m_stderr += m_process->readAllStandardError();
    if (!exited)
        kill();
    m_process.reset();
    return exited;
}

bool HoistdProcess::restart()
{
    const quint16 port = m_port;
    kill();
    for (int attempt = 0; attempt < RestartAttempts; ++attempt) {
        if (start(m_args, port))
            return true;
        QThread::msleep(RestartPauseMs);
    }
    return false;
}

bool HoistdProcess::isRunning() const
{
    return m_process && m_process->state() == QProcess::Running;
}

qint64 HoistdProcess::pid() const
{
    return m_process ? m_process->processId() : 0;
}

QUrl HoistdProcess::endpoint() const
{
    return QUrl(QStringLiteral("http://127.0.0.1:%1/files/").arg(m_port));
}

QString HoistdProcess::dataDir() const
{
    return QDir(m_root.path()).filePath(QStringLiteral("data"));
}

QString HoistdProcess::storedPath(const QUrl &upload) const
{
    const QString id = upload.path().section(QLatin1Char('/'), -1);
    if (id.isEmpty() || id.contains(QLatin1String("..")))
        return {};
    return QDir(dataDir()).filePath(QStringLiteral("uploads/") + id);
}

QByteArray HoistdProcess::storedBytes(const QUrl &upload) const
{
    QFile file(storedPath(upload));
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

QStringList HoistdProcess::storedFiles() const
{
    return QDir(QDir(dataDir()).filePath(QStringLiteral("uploads"))).entryList(QDir::Files);
}

qint64 HoistdProcess::peakResidentKiB() const
{
    if (!isRunning())
        return -1;
    QFile status(QStringLiteral("/proc/%1/status").arg(m_process->processId()));
    if (!status.open(QIODevice::ReadOnly))
        return -1;
    for (const QByteArray &line : status.readAll().split('\n')) {
        if (line.startsWith("VmHWM:"))
            return line.mid(6).trimmed().split(' ').first().toLongLong();
    }
    return -1;
}

QString HoistdProcess::serverLog() const
{
    if (m_process)
        m_stderr += m_process->readAllStandardError();
    return QString::fromUtf8(m_stderr);
}
