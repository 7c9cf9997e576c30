#pragma once

#include <QByteArray>
#include <QHash>
#include <QList>
#include <QObject>
#include <QPair>
#include <QTcpServer>
#include <QUrl>

#include <functional>

class QTcpSocket;

// An HTTP/1.1 server in this process on 127.0.0.1 (port 0), answering what a test's handler
// says, for faults a real server cannot be made to produce: connections reset, requests never
// answered, bytes that are not HTTP. Reads Content-Length bodies whole (keep them small),
// supports keep-alive, and records every request for assertions.
class ScriptedServer final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ScriptedServer)
public:
    using Headers = QList<QPair<QByteArray, QByteArray>>;

    struct Request {
        QByteArray method;
        QByteArray path; // as sent, with the query
        Headers headers;
        QByteArray body;
        // Case-insensitive; the first value, or an empty array.
        QByteArray header(const QByteArray &name) const;
        bool hasHeader(const QByteArray &name) const;
    };

    struct Reply {
        enum class Action {
            Respond, // status, headers, body
            Reset,   // close the connection at once, answering nothing
            Stall,   // never answer; the connection stays open
            Garbage, // write bytes that are not HTTP, then close
        };
        Action action = Action::Respond;
        int status = 200;
        Headers headers;
        QByteArray body;

        Reply() = default;
        Reply(int status, Headers headers = {}, QByteArray body = {})
            : status(status)
            , headers(std::move(headers))
            , body(std::move(body))
        {
        }
        static Reply reset() { return withAction(Action::Reset); }
        static Reply stall() { return withAction(Action::Stall); }
        static Reply garbage() { return withAction(Action::Garbage); }
        // The same reply, sent `ms` after the request was read (a server slow to store it).
        Reply after(int ms) const
        {
            Reply reply = *this;
            reply.delayMs = ms;
            return reply;
        }
        int delayMs = 0;

    private:
        static Reply withAction(Action action)
        {
            Reply reply;
            reply.action = action;
            return reply;
        }
    };

    struct Record {
        QByteArray method;
        QByteArray path;
        Headers headers;
        qint64 bodySize = 0;
        QByteArray header(const QByteArray &name) const;
    };

    using Handler = std::function<Reply(const Request &)>;

    explicit ScriptedServer(Handler handler = {}, QObject *parent = nullptr);
    ~ScriptedServer() override;

    // Listens on 127.0.0.1, port 0. False (with errorString()) when it cannot.
    bool listen();
    quint16 port() const;
    QUrl url(const QString &path = QStringLiteral("/")) const;
    QString errorString() const { return m_server.errorString(); }
    void setHandler(Handler handler) { m_handler = std::move(handler); }

    const QList<Record> &requests() const { return m_requests; }
    int count(const QByteArray &method) const;
    void clearRequests() { m_requests.clear(); }
    int connectionCount() const { return m_connectionsSeen; }

Q_SIGNALS:
    void requestReceived(const QByteArray &method, const QByteArray &path);

private:
    struct Connection {
        QByteArray buffer;
        bool stalled = false;
        bool continued = false; // "100 Continue" sent for the request being read
    };

    void onNewConnection();
    void onReadyRead(QTcpSocket *socket);
    // Handles one whole request from the buffer if there is one; false when more bytes are needed.
    bool handleOne(QTcpSocket *socket, Connection &connection);
    void respond(QTcpSocket *socket, const Request &request, const Reply &reply);

    QTcpServer m_server;
    Handler m_handler;
    QHash<QTcpSocket *, Connection> m_connections;
    QList<Record> m_requests;
    int m_connectionsSeen = 0;
};
