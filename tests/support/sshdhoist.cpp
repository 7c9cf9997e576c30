#include "sshdhoist.h"

#include "sshdpeer.h"

#include <QProcessEnvironment>

namespace {
constexpr int StartTimeoutMs = 10000;
// What a run that did not end shows of its stderr.
constexpr int UnfinishedErrBytes = 6000;
} // namespace

QString HoistRun::describe() const
{
    return QStringLiteral("exit %1\nstdout:\n%2\nstderr:\n%3").arg(exitCode).arg(out, err);
}

SshdHoist::SshdHoist(const SshdPeer &sshd, const QString &home, int timeoutMs)
    : m_sshd(sshd)
    , m_home(home)
    , m_timeoutMs(timeoutMs)
{
}

QStringList SshdHoist::common(const QString &sub) const
{
    return {QStringLiteral("--headless"), QStringLiteral("-e"),
            m_sshd.endpoint(sub),         QStringLiteral("--ssh-identity"),
            m_sshd.clientKey(),           QStringLiteral("--ssh-known-hosts"),
            m_sshd.knownHosts()};
}

void SshdHoist::prepare(QProcess &process) const
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("HOME"), m_home);
    env.remove(QStringLiteral("SSH_AUTH_SOCK"));
    env.insert(QStringLiteral("XDG_CONFIG_HOME"), m_home + QStringLiteral("/config"));
    env.insert(QStringLiteral("XDG_DATA_HOME"), m_home + QStringLiteral("/data"));
    process.setProcessEnvironment(env);
    process.setProgram(QString::fromLocal8Bit(qgetenv("HOIST_BINARY")));
}

HoistRun SshdHoist::run(const QStringList &args) const
{
    QProcess process;
    prepare(process);
    process.setArguments(args);
    if (!qEnvironmentVariableIsEmpty("TST_HOIST_ERR"))
        process.setStandardErrorFile(qEnvironmentVariable("TST_HOIST_ERR"));
    process.start();
    HoistRun result;
    if (!process.waitForStarted(StartTimeoutMs) || !process.waitForFinished(m_timeoutMs)) {
        process.kill();
        process.waitForFinished();
        result.err = QStringLiteral("hoist did not finish: ")
                     + QString::fromUtf8(process.readAllStandardError().right(UnfinishedErrBytes));
        return result;
    }
    result.exitCode = process.exitCode();
    result.out = QString::fromUtf8(process.readAllStandardOutput());
    result.err = QString::fromUtf8(process.readAllStandardError());
    return result;
}
