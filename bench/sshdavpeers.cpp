// The tests' OpenSSH sshd (tests/support/sshdpeer.h) and Apache mod_dav (apachedav.h) from the
// command line, for bench/sftp.sh: the same configurations the tests run, not a second copy, but
// for one line: SFTP runs inside sshd (internal-sftp), so that a session's start does not run the
// login shell's start-up files (SshdPeer::setInternalSftp), which would measure this machine's
// ~/.bashrc once per connection rather than the clients.
//   sshdavpeers
// Starts both on free loopback ports and prints one "NAME VALUE" line each (VALUE may hold
// spaces), then "listening <sshd port>" once both serve; runs until SIGTERM or SIGINT, then
// stops them (sshd with every connection it has).
//   sshd_port, sshd_user, sshd_root (the folder uploads may go to), sshd_key (the client's
//   private key), sshd_host_key (the host's public key: "TYPE BASE64"),
//   dav_port, dav_user, dav_password, dav_root (the disk folder served as /dav/).
#include "apachedav.h"
#include "signalwatcher.h"
#include "sshdpeer.h"

#include <QCoreApplication>
#include <QFile>
#include <QTextStream>

#include <cstdio>

int main(int argc, char **argv)
{
    SignalWatcher::blockTerminationSignals(); // before any thread starts
    QCoreApplication app(argc, argv);
    QTextStream err(stderr);

    SshdPeer sshd;
    sshd.setInternalSftp(true);
    QString problem;
    if (!sshd.isUsable() || !sshd.start(&problem)) {
        err << "sshdavpeers: sshd: " << problem << '\n';
        return 1;
    }
    QString why;
    if (!ApacheDav::available(&why)) {
        err << "sshdavpeers: " << why << '\n';
        return 1;
    }
    ApacheDav dav;
    if (!dav.start()) {
        err << "sshdavpeers: Apache: " << dav.errorString() << '\n';
        return 1;
    }
    QFile hostKey(sshd.dir() + QStringLiteral("/host_key.pub"));
    if (!hostKey.open(QIODevice::ReadOnly)) {
        err << "sshdavpeers: cannot read " << hostKey.fileName() << '\n';
        return 1;
    }
    const QList<QByteArray> key = hostKey.readAll().trimmed().split(' ');

    QTextStream out(stdout);
    out << "sshd_port " << sshd.port() << '\n'
        << "sshd_user " << sshd.user() << '\n'
        << "sshd_root " << sshd.root() << '\n'
        << "sshd_key " << sshd.clientKey() << '\n'
        << "sshd_host_key " << key.value(0) << ' ' << key.value(1) << '\n'
        << "dav_port " << dav.port() << '\n'
        << "dav_user " << ApacheDav::User << '\n'
        << "dav_password " << ApacheDav::Password << '\n'
        << "dav_root " << dav.davRoot() << '\n'
        << "listening " << sshd.port() << '\n';
    out.flush();
    std::fflush(stdout);

    SignalWatcher watcher;
    QObject::connect(&watcher, &SignalWatcher::terminationRequested, &app, &QCoreApplication::quit);
    return app.exec();
}
