#include "scriptedserver.h"

#include <QTcpSocket>
#include <QTimer>

namespace {
// A request head larger than this is not something a test sends; treat it as garbage.
constexpr int MaxHeadBytes = 64 * 1024;

QByteArray findHeader(const ScriptedServer::Headers &headers, const QByteArray &name)
{
    for (const auto &header : headers) {
        if (header.first.compare(name, Qt::CaseInsensitive) == 0)
            return header.second;
    }
    return {};
}

QByteArray reasonPhrase(int status)
{
    switch (status) {
    case 100:
        return "Continue";
    case 200:
        return "OK";
    case 201:
        return "Created";
    case 204:
        return "No Content";
    case 400:
        return "Bad Request";
    case 403:
        return "Forbidden";
    case 404:
        return "Not Found";
    case 409:
        return "Conflict";
    case 410:
        return "Gone";
    case 412:
        return "Precondition Failed";
    case 413:
        return "Content Too Large";
    case 415:
        return "Unsupported Media Type";
    case 423:
        return "Locked";
    case 429:
        return "Too Many Requests";
    case 460:
        return "Checksum Mismatch";
    case 500:
        return "Internal Server Error";
    case 503:
        return "Service Unavailable";
    default:
        return "Status";
    }
}
} // namespace

QByteArray ScriptedServer::Request::header(const QByteArray &name) const
{
    return findHeader(headers, name);
}

bool ScriptedServer::Request::hasHeader(const QByteArray &name) const
{
    for (const auto &h : headers) {
        if (h.first.compare(name, Qt::CaseInsensitive) == 0)
            return true;
    }
    return false;
}

QByteArray ScriptedServer::Record::header(const QByteArray &name) const
{
    return findHeader(headers, name);
}

ScriptedServer::ScriptedServer(Handler handler, QObject *parent)
    : QObject(parent)
    , m_handler(std::move(handler))
{
    connect(&m_server, &QTcpServer::newConnection, this, &ScriptedServer::onNewConnection);
}

ScriptedServer::~ScriptedServer()
{
    const auto sockets = m_connections.keys();
    for (QTcpSocket *socket : sockets) {
        socket->disconnect(this);
        socket->abort();
        delete socket;
    }
}

bool ScriptedServer::listen()
{
    return m_server.listen(QHostAddress::LocalHost, 0);
}

quint16 ScriptedServer::port() const
{
    return m_server.serverPort();
}

QUrl ScriptedServer::url(const QString &path) const
{
    return QUrl(QStringLiteral("http://127.0.0.1:%1%2").arg(port()).arg(path));
}

int ScriptedServer::count(const QByteArray &method) const
{
    int n = 0;
    for (const Record &record : m_requests)
        n += record.method == method ? 1 : 0;
    return n;
}

void ScriptedServer::onNewConnection()
{
    while (QTcpSocket *socket = m_server.nextPendingConnection()) {
        ++m_connectionsSeen;
        m_connections.insert(socket, Connection());
        connect(socket, &QTcpSocket::readyRead, this, [this, socket] { onReadyRead(socket); });
        connect(socket, &QTcpSocket::disconnected, this, [this, socket] {
            m_connections.remove(socket);
            socket->deleteLater();
        });
        if (socket->bytesAvailable() > 0)
            onReadyRead(socket);
    }
}

void ScriptedServer::onReadyRead(QTcpSocket *socket)
{
    auto it = m_connections.find(socket);
    if (it == m_connections.end())
        return;
    if (it->stalled) {
        socket->readAll(); // keep the peer's writes flowing; never answer
        return;
    }
    it->buffer += socket->readAll();
    // Pipelined or keep-alive requests: handle each whole one in turn.
    while (true) {
        it = m_connections.find(socket);
        if (it == m_connections.end() || it->stalled || !handleOne(socket, *it))
            break;
    }
}

bool ScriptedServer::handleOne(QTcpSocket *socket, Connection &connection)
{
    const int headEnd = connection.buffer.indexOf("\r\n\r\n");
    if (headEnd < 0) {
        if (connection.buffer.size() > MaxHeadBytes)
            socket->abort();
        return false;
    }
    const QList<QByteArray> lines = connection.buffer.left(headEnd).split('\n');
    const QList<QByteArray> requestLine = lines.value(0).trimmed().split(' ');
    if (requestLine.size() < 3) {
        socket->abort();
        return false;
    }
    Request request;
    request.method = requestLine.at(0);
    request.path = requestLine.at(1);
    for (int i = 1; i < lines.size(); ++i) {
        const QByteArray line = lines.at(i).trimmed();
        const int colon = line.indexOf(':');
        if (colon > 0)
            request.headers.append({line.left(colon).trimmed(), line.mid(colon + 1).trimmed()});
    }
    bool ok = true;
    const QByteArray lengthHeader = request.header("Content-Length");
    const qint64 length = lengthHeader.isEmpty() ? 0 : lengthHeader.toLongLong(&ok);
    if (!ok || length < 0) {
        socket->abort();
        return false;
    }
    const qint64 bodyStart = headEnd + 4;
    if (connection.buffer.size() - bodyStart < length) {
        // Clients that wait for it before sending the body.
        if (request.header("Expect").compare("100-continue", Qt::CaseInsensitive) == 0
            && !connection.continued) {
            connection.continued = true;
            socket->write("HTTP/1.1 100 Continue\r\n\r\n");
        }
        return false;
    }
    request.body = connection.buffer.mid(bodyStart, length);
    connection.buffer.remove(0, bodyStart + length);
    connection.continued = false;

    m_requests.append(Record{request.method, request.path, request.headers, length});
    Q_EMIT requestReceived(request.method, request.path);
    const Reply reply = m_handler ? m_handler(request) : Reply(404);
    // The handler may have destroyed the connection state (it should not, but stay safe).
    if (!m_connections.contains(socket))
        return false;
    if (reply.delayMs > 0) {
        QTimer::singleShot(reply.delayMs, socket, [this, socket, request, reply] {
            if (m_connections.contains(socket))
                respond(socket, request, reply);
        });
        return true;
    }
    respond(socket, request, reply);
    return m_connections.contains(socket) && !m_connections.value(socket).stalled;
}

void ScriptedServer::respond(QTcpSocket *socket, const Request &request, const Reply &reply)
{
    switch (reply.action) {
    case Reply::Action::Reset:
        m_connections.remove(socket);
        socket->disconnect(this);
        socket->abort();
        socket->deleteLater();
        return;
    case Reply::Action::Stall:
        m_connections[socket].stalled = true;
        return;
    case Reply::Action::Garbage: {
        static const char garbage[] = "\x16\x03\x01 this is not HTTP at all \xff\xfe\x00\r\n\r\n";
        socket->write(garbage, sizeof garbage - 1);
        socket->disconnectFromHost();
        return;
    }
    case Reply::Action::Respond:
        break;
    }
    QByteArray out =
        "HTTP/1.1 " + QByteArray::number(reply.status) + ' ' + reasonPhrase(reply.status) + "\r\n";
    bool hasLength = false;
    for (const auto &header : reply.headers) {
        hasLength |= header.first.compare("Content-Length", Qt::CaseInsensitive) == 0;
        out += header.first + ": " + header.second + "\r\n";
    }
    if (!hasLength && reply.status != 204 && reply.status >= 200)
        out += "Content-Length: " + QByteArray::number(reply.body.size()) + "\r\n";
    const bool close = request.header("Connection").compare("close", Qt::CaseInsensitive) == 0;
    if (close)
        out += "Connection: close\r\n";
    out += "\r\n";
    if (request.method != "HEAD")
        out += reply.body;
    socket->write(out);
    if (close)
        socket->disconnectFromHost();
}
