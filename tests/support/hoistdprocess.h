#pragma once

#include <QProcess>
#include <QString>
#include <QStringList>
#include <QTemporaryDir>
#include <QUrl>

#include <memory>

// Where the hoistd processes of a test program keep their uploads when not on their own disk:
// the cluster configuration (--store s3:// --index postgresql://, ClusterStoreView) gives each
// process its arguments, by its data folder (the same across a restart), and reads back what it
// stored.
class HoistdStoreView {
public:
    virtual ~HoistdStoreView() = default;
    virtual QStringList args(const QString &dataDir) = 0;
    virtual void release(const QString &dataDir) = 0; // the process is gone for good
    virtual QByteArray storedBytes(const QString &dataDir, const QUrl &upload) const = 0;
    virtual QStringList storedFiles(const QString &dataDir) const = 0;
};

// hoistd (the build's own, from HOISTD_BINARY) as a real peer on a loopback port, with its data
// directory in a temporary folder so that tests can look at what it stored. What it writes on
// stderr goes to a file in another one (kept across restarts), so that a test reads all of it
// at once.
class HoistdProcess final {
    Q_DISABLE_COPY_MOVE(HoistdProcess)
public:
    HoistdProcess();
    ~HoistdProcess();

    static QString binary();
    // Every process started from now on keeps its uploads where `view` says (nullptr: on its
    // disk, the default); storedBytes() and storedFiles() then ask the view.
    static void setStoreView(HoistdStoreView *view);

    // Starts hoistd on `port` (0: any free one) with `extraArgs` and waits for "listening".
    bool start(const QStringList &extraArgs = {}, quint16 port = 0);
    // SIGKILL, as a crash would, and waits for it to be gone.
    void kill();
    // SIGTERM; true when it exited by itself within `timeoutMs`, with its exit code.
    bool terminate(int timeoutMs = 15000, int *exitCode = nullptr);
    // Starts it again on the same port (retrying while the port is still held) and data.
    bool restart();
    bool isRunning() const;
    qint64 pid() const;

    quint16 port() const { return m_port; }
    QUrl endpoint() const;                            // http://127.0.0.1:PORT/files/
    QString rootDir() const { return m_root.path(); } // the temporary folder around the data
    QString dataDir() const;                          // what hoistd got as --data
    // The file holding an upload's bytes, by its URL or Location (last path segment).
    QString storedPath(const QUrl &upload) const;
    QByteArray storedBytes(const QUrl &upload) const;
    QStringList storedFiles() const; // names in the uploads folder
    // Bytes in its spool folder: what a cluster instance received and has not yet sent to the
    // bucket.
    qint64 spooledBytes() const;
    // The most memory the process has held (VmHWM), in KiB; -1 once it has exited.
    qint64 peakResidentKiB() const;

    QString errorString() const { return m_error; }
    QString serverLog() const; // what it printed on stderr
    QString logPath() const;   // where that goes
    // The log's size when the running process started: its own lines come after.
    qint64 logSizeAtStart() const { return m_logStart; }

private:
    void stopAndCheckSanitizers();

    QTemporaryDir m_root;
    QTemporaryDir m_logDir; // not in m_root: tests look at everything hoistd wrote there
    std::unique_ptr<QProcess> m_process;
    QStringList m_args;
    quint16 m_port = 0;
    qint64 m_logStart = 0;
    QString m_error;
    mutable QByteArray m_stderr; // PeerProcess's; stays empty, stderr goes to logPath()
};
