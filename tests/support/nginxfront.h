#pragma once

#include "nginxaccesslog.h"

#include <QList>
#include <QProcess>
#include <QString>
#include <QTemporaryDir>
#include <QUrl>

#include <memory>

// Debian's nginx in front of several tus servers, as the cluster's load balancer is: round robin
// with no stickiness over the upstream ports the test gives, request and response bodies
// streamed (proxy_request_buffering off, proxy_buffering off), keep-alive upstream connections,
// Host passed on so that Location headers name the front (tests/support/nginx/front.conf.in).
// It runs in the foreground from a temporary folder of its own (configuration, pid, logs, temp
// paths) on a free loopback port, never as the system service, and ends with the test.
// Upstreams are added, removed and marked down by rewriting the configuration and reloading
// (SIGHUP): requests in flight finish on the old workers, new ones see the new set. The access
// log says which upstream served each request.
class NginxFront final {
    Q_DISABLE_COPY_MOVE(NginxFront)
public:
    NginxFront();
    ~NginxFront();

    // NGINX_BINARY, else /usr/sbin/nginx.
    static QString binary();

    // Starts nginx over `upstreamPorts` (127.0.0.1) and waits until it answers. False with the
    // reason in errorString().
    bool start(const QList<quint16> &upstreamPorts);
    // SIGTERM (nginx's fast shutdown: the workers go too) and waits for it.
    void stop();
    bool isRunning() const;
    qint64 pid() const;

    // Each rewrites the configuration and reloads; true once the new one serves. Removing the
    // last upstream leaves a placeholder marked down: every request then gets 502.
    bool addUpstream(quint16 port);
    bool removeUpstream(quint16 port);
    // A server marked down gets no new requests (nginx's `down`); false brings it back.
    bool setDown(quint16 port, bool down = true);
    // Buffer whole request bodies before passing them on, as nginx does by default: only for a
    // test that shows its checks catch a buffering front. Takes effect at start or reload.
    void setRequestBuffering(bool on) { m_requestBuffering = on; }
    // Rewrites the configuration and reloads with SIGHUP; true once the new one serves.
    bool reload();
    int generation() const { return m_generation; } // reloads so far + 1

    QList<quint16> upstreams() const;
    bool isDown(quint16 port) const;
    quint16 port() const { return m_port; }
    QUrl url(const QString &path = QStringLiteral("/files/")) const; // http://127.0.0.1:PORT/...
    QUrl endpoint() const { return url(); }

    // Every request logged so far (the access log, read now).
    QList<NginxLogEntry> requests() const;
    // Requests logged from now on are the ones requests() returns (the log is emptied).
    void clearLog() const;
    QString rootDir() const { return m_root.path(); }
    QString configPath() const;
    QString errorLog() const;
    // nginx wrote a request body to a temporary file (error log, level warn): it buffered it.
    bool bufferedABody() const;

    QString errorString() const { return m_error; }

private:
    struct Upstream {
        quint16 port = 0;
        bool down = false;
    };

    bool writeConfig(quint16 port);
    bool launch(quint16 port);
    bool waitServing(int generation);
    QByteArray askGeneration() const;

    QTemporaryDir m_root;
    std::unique_ptr<QProcess> m_process;
    QList<Upstream> m_upstreams;
    quint16 m_port = 0;
    int m_generation = 0;
    bool m_requestBuffering = false;
    QString m_error;
};
