#include "hoistdprocess.h"

#include "peerprocess.h"
#include "sanitizer.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QThread>

namespace {
constexpr int RestartAttempts = 50;
constexpr int RestartPauseMs = 100;
constexpr int SanitizedStopMs = 20000;
HoistdStoreView *storeView = nullptr;
} // namespace

void HoistdProcess::setStoreView(HoistdStoreView *view)
{
    storeView = view;
}

HoistdProcess::HoistdProcess() = default;

HoistdProcess::~HoistdProcess()
{
    if (underAddressSanitizer)
        stopAndCheckSanitizers();
    kill();
    if (storeView)
        storeView->release(dataDir());
}

void HoistdProcess::stopAndCheckSanitizers()
{
    // A SIGKILL would skip LeakSanitizer's check at exit: end the last hoistd of every test with
    // SIGTERM, so that all the hoistd tests also check hoistd itself for leaks. A report, which
    // the test cannot see by then, ends the test program with it.
    if (!isRunning())
        return;
    int exitCode = -1;
    const bool exited = terminate(SanitizedStopMs, &exitCode);
    const QByteArray log = serverLog().toUtf8().mid(m_logStart);
    if (!exited)
        qWarning("hoistd did not stop within %d ms of SIGTERM: killed", SanitizedStopMs);
    else if (exitCode != 0 || hasSanitizerReport(log))
        qFatal("hoistd exited with %d after SIGTERM:\n%s", exitCode, log.constData());
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
    m_logStart = QFileInfo(logPath()).size();
    m_process->setStandardErrorFile(logPath(), QIODevice::Append);
    const QStringList args =
        QStringList{QStringLiteral("--listen"), QStringLiteral("127.0.0.1:%1").arg(port),
                    QStringLiteral("--data"), dataDir()}
        + (storeView ? storeView->args(dataDir()) : QStringList()) + extraArgs;
    m_port = PeerProcess::start(*m_process, binary(), args, QStringLiteral("hoistd"), &m_error,
                                &m_stderr);
    if (m_port == 0) {
        m_process.reset();
        m_error += QString::fromUtf8(serverLog().toUtf8().mid(m_logStart)); // this attempt
    }
    return m_port != 0;
}

void HoistdProcess::kill()
{
    if (!m_process)
        return;
    PeerProcess::kill(*m_process, &m_stderr);
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
    if (storeView)
        return storeView->storedBytes(dataDir(), upload);
    QFile file(storedPath(upload));
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

QStringList HoistdProcess::storedFiles() const
{
    if (storeView)
        return storeView->storedFiles(dataDir());
    return QDir(QDir(dataDir()).filePath(QStringLiteral("uploads"))).entryList(QDir::Files);
}

qint64 HoistdProcess::spooledBytes() const
{
    qint64 total = 0;
    const QDir spool(QDir(dataDir()).filePath(QStringLiteral("spool")));
    for (const QFileInfo &file : spool.entryInfoList(QDir::Files))
        total += file.size();
    return total;
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

QString HoistdProcess::logPath() const
{
    return QDir(m_logDir.path()).filePath(QStringLiteral("hoistd.log"));
}

QString HoistdProcess::serverLog() const
{
    QFile log(logPath());
    return log.open(QIODevice::ReadOnly) ? QString::fromUtf8(log.readAll()) : QString();
}
