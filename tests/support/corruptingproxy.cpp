#include "corruptingproxy.h"

#include <QHostAddress>
#include <QTcpServer>
#include <QTcpSocket>

// A child of its client socket, made after the server socket: whoever deletes the client (its
// deleteLater once disconnected, or the proxy's destructor, whose own connections are gone by
// then) deletes it too, after the server socket.
struct CorruptingProxy::Connection : QObject {
    using QObject::QObject;
    QTcpSocket *client = nullptr;
    QTcpSocket *server = nullptr;
    QByteArray head;       // a request head still arriving
    qint64 bodyLeft = 0;   // body bytes of the current request still to pass
    bool flipNext = false; // the next body byte is to be flipped
};

CorruptingProxy::CorruptingProxy(QObject *parent)
    : QObject(parent)
    , m_server(std::make_unique<QTcpServer>())
{
    connect(m_server.get(), &QTcpServer::newConnection, this, &CorruptingProxy::accept);
}

CorruptingProxy::~CorruptingProxy() = default;

bool CorruptingProxy::start(quint16 targetPort)
{
    m_target = targetPort;
    return m_server->listen(QHostAddress::LocalHost, 0);
}

quint16 CorruptingProxy::port() const
{
    return m_server->serverPort();
}

void CorruptingProxy::accept()
{
    while (QTcpSocket *client = m_server->nextPendingConnection()) {
        auto *server = new QTcpSocket(client);
        auto *c = new Connection(client);
        c->client = client;
        c->server = server;
        client->setParent(this);
        connect(client, &QTcpSocket::readyRead, this, [this, c] { fromClient(c); });
        connect(server, &QTcpSocket::readyRead, this, [this, c] { fromServer(c); });
        connect(server, &QTcpSocket::connected, this, [this, c] { fromClient(c); });
        connect(client, &QTcpSocket::disconnected, server, &QTcpSocket::disconnectFromHost);
        connect(server, &QTcpSocket::disconnected, client, &QTcpSocket::disconnectFromHost);
        connect(client, &QTcpSocket::disconnected, client, &QObject::deleteLater);
        server->connectToHost(QHostAddress::LocalHost, m_target);
    }
}

void CorruptingProxy::fromClient(Connection *c)
{
    if (c->server->state() != QAbstractSocket::ConnectedState)
        return; // read once connected
    QByteArray data = c->client->readAll();
    QByteArray out;
    while (!data.isEmpty()) {
        if (c->bodyLeft > 0) {
            const qint64 n = qMin<qint64>(c->bodyLeft, data.size());
            QByteArray body = data.left(n);
            if (c->flipNext) {
                body[0] = char(body.at(0) ^ 0x01);
                c->flipNext = false;
                ++m_flipped;
            }
            out += body;
            data.remove(0, n);
            c->bodyLeft -= n;
            continue;
        }
        c->head += data;
        data.clear();
        const int end = c->head.indexOf("\r\n\r\n");
        if (end < 0)
            break;
        QByteArray head = c->head.left(end + 4);
        data = c->head.mid(end + 4);
        c->head.clear();
        if (m_hideChecksums)
            head.replace("\r\nUpload-Checksum:", "\r\nX-Hidden-Checksu:");
        for (const QByteArray &line : head.split('\n')) {
            if (line.toLower().startsWith("content-length:"))
                c->bodyLeft = line.mid(15).trimmed().toLongLong();
        }
        if (c->bodyLeft > 0 && m_flipsLeft != 0) {
            c->flipNext = true;
            if (m_flipsLeft > 0)
                --m_flipsLeft;
        }
        out += head;
    }
    if (!out.isEmpty())
        c->server->write(out);
}

void CorruptingProxy::fromServer(Connection *c)
{
    QByteArray data = c->server->readAll();
    if (m_hideChecksums)
        data.replace("\r\nTus-Checksum-Algorithm:", "\r\nX-Hidden-Checksum-Algo:");
    if (m_hideContentHash)
        data.replace("\r\nHoist-Content-Hash:", "\r\nX-Hidden-Content-Has:");
    c->client->write(data);
}
