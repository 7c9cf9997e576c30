#include "peerprocess.h"

#include <QDeadlineTimer>

#include <csignal>
#include <sys/prctl.h>

namespace {
constexpr int StartTimeoutMs = 20000;
} // namespace

quint16 PeerProcess::start(QProcess &process, const QString &program, const QStringList &arguments,
                           const QString &name, QString *error, QByteArray *stderrLog)
{
    // If the test dies (a crash, a ctest timeout), the server goes with it rather than lingering
    // on its port.
    process.setChildProcessModifier([] { ::prctl(PR_SET_PDEATHSIG, SIGKILL); });
    process.start(program, arguments);
    if (!process.waitForStarted(StartTimeoutMs)) {
        *error = QStringLiteral("cannot start %1: %2").arg(name, process.errorString());
        return 0;
    }
    QDeadlineTimer deadline(StartTimeoutMs);
    QByteArray out;
    while (!out.contains('\n') && !deadline.hasExpired()) {
        if (!process.waitForReadyRead(int(qMax<qint64>(1, deadline.remainingTime()))))
            break;
        out += process.readAllStandardOutput();
    }
    const QByteArray line = out.left(qMax(0, int(out.indexOf('\n')))).trimmed();
    const QByteArray address = line.mid(int(qstrlen("listening ")));
    const quint16 port = line.startsWith("listening ")
                             ? quint16(address.mid(address.lastIndexOf(':') + 1).toUInt())
                             : 0;
    if (port == 0) {
        kill(process, stderrLog);
        *error =
            QStringLiteral("%1 did not start: %2").arg(name, QString::fromUtf8(out + *stderrLog));
    }
    return port;
}

void PeerProcess::kill(QProcess &process, QByteArray *stderrLog)
{
    if (process.state() != QProcess::NotRunning) {
        process.kill();
        process.waitForFinished(5000);
    }
    *stderrLog += process.readAllStandardError();
}
