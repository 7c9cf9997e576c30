#pragma once

#include <QByteArray>
#include <QProcess>
#include <QString>
#include <QStringList>

// What the server fixtures (TusServerProcess, HoistdProcess) share: a server started as a child
// process that dies with the test, and that says "listening [ADDR:]PORT" on stdout when ready.
namespace PeerProcess {

// Starts `program` and waits for its "listening" line. Returns the port, or 0 with the reason
// (including what the server printed) in *error; the process is then stopped.
quint16 start(QProcess &process, const QString &program, const QStringList &arguments,
              const QString &name, QString *error, QByteArray *stderrLog);

// Kills it (SIGKILL, as a crash would), waits for it, and keeps what it wrote on stderr.
void kill(QProcess &process, QByteArray *stderrLog);

} // namespace PeerProcess
