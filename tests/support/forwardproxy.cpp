#include "forwardproxy.h"

#include <QHostAddress>
#include <QTcpSocket>
#include <QUrl>

#include <memory>

namespace {
constexpr int MaxHeadBytes = 64 * 1024;

// The head with its request target in origin form and "Connection: close" in place of the
// client's connection headers.
QByteArray rewrittenHead(const QByteArray &head)
{
    QList<QByteArray> lines = head.split('\n');
    QList<QByteArray> first = lines.takeFirst().trimmed().split(' ');
    if (first.size() == 3) {
        const QUrl url(QString::fromLatin1(first[1]));
        if (url.isValid() && !url.scheme().isEmpty())
            first[1] =
                url.path(QUrl::FullyEncoded).toLatin1()
                + (url.hasQuery() ? "?" + url.query(QUrl::FullyEncoded).toLatin1() : QByteArray());
    }
    QByteArray out = first.join(' ') + "\r\n";
    for (const QByteArray &raw : std::as_const(lines)) {
        const QByteArray line = raw.trimmed();
        const QByteArray name = line.left(line.indexOf(':')).trimmed().toLower();
        if (line.isEmpty() || name == "connection" || name == "proxy-connection"
            || name == "keep-alive")
            continue;
        out += line + "\r\n";
    }
    return out + "Connection: close\r\n\r\n";
}
} // namespace

ForwardProxy::ForwardProxy(quint16 targetPort, QObject *parent)
    : QObject(parent)
    , m_targetPort(targetPort)
{
    connect(&m_server, &QTcpServer::newConnection, this, &ForwardProxy::accept);
}

bool ForwardProxy::start()
{
    return m_server.listen(QHostAddress::LocalHost, 0);
}

QByteArray ForwardProxy::address() const
{
    return "http://127.0.0.1:" + QByteArray::number(port());
}

void ForwardProxy::accept()
{
    while (QTcpSocket *client = m_server.nextPendingConnection()) {
        auto pending = std::make_shared<QByteArray>();
        connect(client, &QTcpSocket::disconnected, client, &QObject::deleteLater);
        connect(client, &QTcpSocket::readyRead, this, [this, client, pending] {
            if (client->property("forwarding").toBool())
                return; // the upstream pipe reads it
            pending->append(client->readAll());
            if (pending->indexOf("\r\n\r\n") >= 0)
                forward(client, pending.get());
            else if (pending->size() > MaxHeadBytes)
                client->abort();
        });
    }
}

void ForwardProxy::forward(QTcpSocket *client, QByteArray *pending)
{
    const qsizetype end = pending->indexOf("\r\n\r\n") + 4;
    const QByteArray head = pending->left(end);
    requests.append(head.left(head.indexOf("\r\n")));
    client->setProperty("forwarding", true);
    auto *upstream = new QTcpSocket(client);
    const QByteArray first = rewrittenHead(head) + pending->mid(end);
    pending->clear();
    connect(upstream, &QTcpSocket::connected, upstream, [upstream, client, first] {
        upstream->write(first);
        upstream->write(client->readAll());
    });
    connect(client, &QTcpSocket::readyRead, upstream, [upstream, client] {
        if (upstream->state() == QAbstractSocket::ConnectedState)
            upstream->write(client->readAll());
    });
    connect(upstream, &QTcpSocket::readyRead, client,
            [upstream, client] { client->write(upstream->readAll()); });
    connect(upstream, &QTcpSocket::disconnected, client, [upstream, client] {
        client->write(upstream->readAll());
        client->disconnectFromHost();
    });
    connect(upstream, &QTcpSocket::errorOccurred, client, [client](QAbstractSocket::SocketError e) {
        if (e != QAbstractSocket::RemoteHostClosedError)
            client->abort();
    });
    connect(client, &QTcpSocket::disconnected, upstream,
            [upstream] { upstream->disconnectFromHost(); });
    upstream->connectToHost(QHostAddress::LocalHost, m_targetPort);
}
