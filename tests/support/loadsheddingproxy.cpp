#include "loadsheddingproxy.h"

#include <QTcpSocket>
#include <QTimer>

namespace {
// Where a message's head ends and how long its body is (-1: the head is not complete yet).
struct Head {
    qint64 headEnd = -1;
    qint64 bodyLength = 0;
    QByteArray firstLine;
};

Head parseHead(const QByteArray &buffer)
{
    Head head;
    const qsizetype end = buffer.indexOf("\r\n\r\n");
    if (end < 0)
        return head;
    head.headEnd = end + 4;
    const QList<QByteArray> lines = buffer.left(end).split('\n');
    head.firstLine = lines.value(0).trimmed();
    for (const QByteArray &line : lines) {
        const qsizetype colon = line.indexOf(':');
        if (colon > 0 && line.left(colon).trimmed().toLower() == "content-length")
            head.bodyLength = line.mid(colon + 1).trimmed().toLongLong();
    }
    return head;
}
} // namespace

struct LoadSheddingProxy::Pair {
    QTcpSocket *client = nullptr;
    QTcpSocket *upstream = nullptr;
    QByteArray fromClient;
    QByteArray fromUpstream;
    QList<QByteArray> methodsOpen; // forwarded, answer awaited (in order)
    QList<bool> holdOpen;          // the same requests: whether their answer is held back
};

LoadSheddingProxy::LoadSheddingProxy(QObject *parent)
    : QObject(parent)
{
    connect(&m_server, &QTcpServer::newConnection, this, &LoadSheddingProxy::accepted);
}

LoadSheddingProxy::~LoadSheddingProxy()
{
    const QList<Pair *> pairs = m_pairs.values();
    for (Pair *pair : pairs) {
        pair->client->disconnect(this);
        pair->upstream->disconnect(this);
        delete pair;
    }
    m_pairs.clear();
}

bool LoadSheddingProxy::start(const QString &targetHost, quint16 targetPort)
{
    m_targetHost = targetHost;
    m_targetPort = targetPort;
    return m_server.listen(QHostAddress::LocalHost, 0);
}

QUrl LoadSheddingProxy::url(const QString &path) const
{
    return QUrl(QStringLiteral("http://127.0.0.1:%1%2").arg(m_server.serverPort()).arg(path));
}

void LoadSheddingProxy::accepted()
{
    while (QTcpSocket *client = m_server.nextPendingConnection()) {
        ++m_connections;
        auto *pair = new Pair;
        pair->client = client;
        pair->upstream = new QTcpSocket(client);
        m_pairs.insert(client, pair);
        connect(client, &QTcpSocket::readyRead, this, [this, pair] { clientReadable(pair); });
        connect(pair->upstream, &QTcpSocket::readyRead, this,
                [this, pair] { upstreamReadable(pair); });
        connect(client, &QTcpSocket::disconnected, this, [this, pair] { close(pair); });
        connect(pair->upstream, &QTcpSocket::disconnected, this, [this, pair] { close(pair); });
        pair->upstream->connectToHost(m_targetHost, m_targetPort);
    }
}

void LoadSheddingProxy::clientReadable(Pair *pair)
{
    pair->fromClient += pair->client->readAll();
    for (;;) {
        const Head head = parseHead(pair->fromClient);
        if (head.headEnd < 0 || pair->fromClient.size() < head.headEnd + head.bodyLength)
            return;
        const QByteArray request = pair->fromClient.left(head.headEnd + head.bodyLength);
        pair->fromClient.remove(0, request.size());
        const QByteArray method = head.firstLine.left(head.firstLine.indexOf(' '));
        if (m_limit > 0 && m_open >= m_limit && pair->methodsOpen.isEmpty()) {
            ++m_refused;
            pair->client->write("HTTP/1.1 503 Service Unavailable\r\nRetry-After: "
                                + QByteArray::number(m_retryAfter)
                                + "\r\nContent-Length: 0\r\nTus-Resumable: 1.0.0\r\n\r\n");
            continue;
        }
        ++m_open;
        ++m_forwarded;
        m_maxOpen = qMax(m_maxOpen, m_open);
        pair->methodsOpen.append(method);
        pair->holdOpen.append(!m_holdMarker.isEmpty()
                              && request.left(head.headEnd).contains(m_holdMarker));
        pair->upstream->write(request);
    }
}

void LoadSheddingProxy::upstreamReadable(Pair *pair)
{
    pair->fromUpstream += pair->upstream->readAll();
    while (!pair->methodsOpen.isEmpty()) {
        const Head head = parseHead(pair->fromUpstream);
        if (head.headEnd < 0)
            return;
        const int status = head.firstLine.split(' ').value(1).toInt();
        const bool bodiless = pair->methodsOpen.first() == "HEAD" || status == 204 || status == 304
                              || (status >= 100 && status < 200);
        const qint64 length = head.headEnd + (bodiless ? 0 : head.bodyLength);
        if (pair->fromUpstream.size() < length)
            return;
        const QByteArray answer = pair->fromUpstream.left(length);
        pair->fromUpstream.remove(0, length);
        if (status >= 100 && status < 200) {
            pair->client->write(answer);
            continue; // an interim answer: the final one follows
        }
        if (pair->holdOpen.first()) {
            ++m_held;
            QTcpSocket *client = pair->client; // the timer goes with it
            QTimer::singleShot(m_holdMs, client, [client, answer] { client->write(answer); });
        } else {
            pair->client->write(answer);
        }
        pair->methodsOpen.removeFirst();
        pair->holdOpen.removeFirst();
        --m_open;
    }
}

void LoadSheddingProxy::close(Pair *pair)
{
    if (!m_pairs.contains(pair->client))
        return;
    m_pairs.remove(pair->client);
    m_open -= int(pair->methodsOpen.size());
    pair->methodsOpen.clear();
    pair->holdOpen.clear();
    pair->upstream->disconnect(this);
    pair->client->disconnect(this);
    pair->client->disconnectFromHost();
    pair->client->deleteLater(); // and the upstream socket, its child
    delete pair;
}
