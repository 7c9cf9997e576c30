#pragma once

#include <QProcess>
#include <QString>
#include <QStringList>

class SshdPeer;

// What one run of hoist left: its exit code and what it printed.
struct HoistRun {
    int exitCode = -1;
    QString out;
    QString err;

    // Exit code, stdout and stderr, for a failed check's message.
    QString describe() const;
};

// `hoist --headless` (HOIST_BINARY) against an SshdPeer, as the SFTP tests run it: in a HOME of
// the test's (no ~/.ssh, config or queue of the person running the tests) and without an SSH
// agent, signing in with the peer's key and trusting its known_hosts.
class SshdHoist final {
public:
    // `home`: the HOME of every run; `timeoutMs`: how long run() waits for hoist to end.
    SshdHoist(const SshdPeer &sshd, const QString &home, int timeoutMs);

    // --headless, the endpoint of the server's `sub` folder, the key and the known hosts.
    QStringList common(const QString &sub) const;
    // `process` set to run hoist in that environment (its arguments are the caller's).
    void prepare(QProcess &process) const;
    // Runs hoist with `args` to its end. When TST_HOIST_ERR names a file, its stderr goes there
    // (for a long run's log) instead of into the result.
    HoistRun run(const QStringList &args) const;

private:
    const SshdPeer &m_sshd;
    QString m_home;
    int m_timeoutMs;
};
