#pragma once

#include <QHash>
#include <QObject>
#include <QTcpServer>
#include <QUrl>

class QTcpSocket;

// An HTTP/1.1 proxy on 127.0.0.1 in front of a real server that sheds load the way a busy
// server or an S3 gateway does: a request that arrives while `limit` requests are already open
// (received, their answer not yet passed back) is answered at once with 503 and Retry-After,
// never reaching the server. Each client connection gets its own connection upstream; requests
// and answers pass unchanged (bodies by Content-Length, as Hoist sends them).
class LoadSheddingProxy final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(LoadSheddingProxy)
public:
    explicit LoadSheddingProxy(QObject *parent = nullptr);
    ~LoadSheddingProxy() override;

    bool start(const QString &targetHost, quint16 targetPort);
    QUrl url(const QString &path = QStringLiteral("/")) const;
    // Requests open at once before refusing (0: never refuses); Retry-After's seconds.
    void setLimit(int open) { m_limit = open; }
    void setRetryAfterSeconds(int seconds) { m_retryAfter = seconds; }
    // The answer to a request whose head holds `marker` (a header line, as sent) is passed back
    // `ms` after the server gave it, and not at all when the client gave up meanwhile: a server
    // slow to answer one kind of request (a final POST whose parts it joins for long).
    void setHeldAnswers(const QByteArray &marker, int ms)
    {
        m_holdMarker = marker;
        m_holdMs = ms;
    }
    int held() const { return m_held; } // answers held so far

    int open() const { return m_open; }
    int maxOpen() const { return m_maxOpen; } // the most open at once
    int refused() const { return m_refused; } // 503s answered
    int forwarded() const { return m_forwarded; }
    int connections() const { return m_connections; } // client connections accepted

private:
    struct Pair;
    void accepted();
    void clientReadable(Pair *pair);
    void upstreamReadable(Pair *pair);
    void close(Pair *pair);

    QTcpServer m_server;
    QString m_targetHost;
    quint16 m_targetPort = 0;
    QHash<QTcpSocket *, Pair *> m_pairs; // by client socket
    int m_limit = 0;
    int m_retryAfter = 1;
    int m_open = 0;
    int m_maxOpen = 0;
    int m_refused = 0;
    int m_forwarded = 0;
    int m_connections = 0;
    QByteArray m_holdMarker;
    int m_holdMs = 0;
    int m_held = 0;
};
