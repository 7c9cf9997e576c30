#pragma once

#include <QByteArray>
#include <QPair>
#include <QProcess>
#include <QString>
#include <QStringList>
#include <QTemporaryDir>

// A real OpenSSH sshd for the SFTP tests, as a child process on a loopback port with its own
// config, host key and one user key (the field notes' recipe): sftp-server logging each file's
// bytes written (bytesWritten()), keys only. The user is the one running the test, or `nobody`
// when root must meet permissions (setUser).
class SshdPeer final {
    Q_DISABLE_COPY_MOVE(SshdPeer)
public:
    SshdPeer();
    ~SshdPeer();

    bool isUsable() const { return m_dir.isValid(); }
    QString dir() const { return m_dir.path(); }
    // The folder uploads go to (under dir(), owned by the login user).
    QString root() const { return m_dir.path() + QStringLiteral("/root"); }
    QString clientKey() const { return m_dir.path() + QStringLiteral("/id_ed25519"); }
    QString otherClientKey() const { return m_dir.path() + QStringLiteral("/id_other"); }
    QString knownHosts() const { return m_dir.path() + QStringLiteral("/known_hosts"); }
    QString user() const { return m_user; }
    quint16 port() const { return m_port; }
    // sftp://USER@127.0.0.1:PORT/ROOT/sub
    QString endpoint(const QString &sub = QString()) const;

    // sshd_config lines added before the next start ("MaxSessions 2"). They come first, so
    // they win over the defaults' (sshd takes a keyword's first value): "UsePAM yes".
    void setExtraConfig(const QStringList &lines) { m_extra = lines; }
    // A command sshd is started through from the next start (sshd and its arguments follow):
    // SshdPasswordUser's mount namespace.
    void setWrapper(const QStringList &wrapper) { m_wrapper = wrapper; }
    // Log in as `user` from the next start (its home need not exist).
    void setUser(const QString &user) { m_user = user; }
    // From the next start, SFTP inside sshd (internal-sftp) rather than sftp-server started
    // through the user's login shell, whose start-up files then run for every session (on a
    // machine whose ~/.bashrc sets up pyenv, 0.1 s of CPU each). Nothing is logged then, so
    // bytesWritten(), writersAtOnce() and sessionsOpened() see nothing: for the benchmarks.
    void setInternalSftp(bool internal) { m_internalSftp = internal; }
    // A new host key (another server on the same port), used from the next start.
    bool regenerateHostKey();
    QString hostKeyFingerprint() const; // SHA256:...
    // Writes the host key into knownHosts() as "[127.0.0.1]:PORT key", hashed if asked.
    bool trustHostKey(bool hashed = false);

    // Starts on `port` (0: a free one) and waits until it greets. False with *error.
    bool start(QString *error, quint16 port = 0);
    // SIGKILL to sshd and every connection it has (a crashed or rebooted server).
    void kill();
    void stop() { kill(); }
    bool isRunning() const { return m_process.state() != QProcess::NotRunning; }
    // What sshd logged so far.
    QByteArray log();
    // Bytes sftp-server reported written to files whose path ends with `suffix`, summed over
    // every close it logged since the last start (the login user's only, not `nobody`'s).
    // `lastOnly`: the last such close's alone (one session's writes).
    qint64 bytesWritten(const QString &suffix, bool lastOnly = false);
    // The most handles open for writing on paths ending with `suffix` at once, and how many
    // were opened, by sftp-server's log (each session is its own sftp-server).
    QPair<int, int> writersAtOnce(const QString &suffix) const;
    // SFTP sessions opened since the last start, by sftp-server's log.
    int sessionsOpened() const;

private:
    bool keygen(const QString &path, QString *error) const;
    bool waitForGreeting(int timeoutMs) const;
    QString sftpLog() const;

    QTemporaryDir m_dir;
    QProcess m_process;
    QString m_user;
    QStringList m_extra;
    QStringList m_wrapper;
    quint16 m_port = 0;
    QByteArray m_log;
    bool m_internalSftp = false;
};
