#pragma once

#include "peerstats.h"

#include <QProcess>
#include <QString>
#include <QTemporaryDir>
#include <QUrl>

#include <memory>

// The third-party tus server (@tus/server + @tus/file-store, tests/node/tus-server.mjs) as a real
// peer on a loopback port, with what it saw counted where the requests arrive.
class TusServerProcess final {
    Q_DISABLE_COPY_MOVE(TusServerProcess)
public:
    using Stats = PeerStats; // counted by tus-server.mjs where the requests arrive

    TusServerProcess();
    ~TusServerProcess();

    // Starts the server on `port` (0: any free one) and waits until it listens.
    // maxSize > 0 makes it advertise Tus-Max-Size and refuse larger uploads with 413.
    bool start(quint16 port = 0, qint64 maxSize = 0);
    // Kills it (SIGKILL, as a crash would) and waits for it to be gone.
    void kill();
    // Starts it again on the same port with the same storage.
    bool restart();
    bool isRunning() const;
    // Keep uploads in `dir` rather than a folder of its own (before start): two servers on one
    // folder stand for instances behind a load balancer.
    void setStorageDir(const QString &dir) { m_sharedStorage = dir; }

    quint16 port() const { return m_port; }
    QUrl endpoint() const; // http://127.0.0.1:PORT/files/
    QString storageDir() const
    {
        return m_sharedStorage.isEmpty() ? m_storage.path() : m_sharedStorage;
    }
    // Where @tus/file-store keeps the bytes of an upload, by its URL's last path segment.
    QString storedPath(const QUrl &uploadUrl) const;
    // Number of uploads (finished or not) in storage.
    int uploadCount() const;
    // Their URLs, as a client would address them.
    QList<QUrl> uploads() const;

    Stats stats() const;
    void resetStats() const;
    QString errorString() const { return m_error; }
    // What the server printed on stderr, for failure messages.
    QString serverLog() const;

private:
    QByteArray fetch(const QByteArray &method, const QByteArray &path) const;

    QTemporaryDir m_storage;
    QString m_sharedStorage;
    std::unique_ptr<QProcess> m_process;
    quint16 m_port = 0;
    qint64 m_maxSize = 0;
    QString m_error;
    mutable QByteArray m_stderr;
};
