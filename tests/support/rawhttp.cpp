#include "rawhttp.h"

#include <QTcpSocket>

RawResponse parseRawResponse(const QByteArray &raw)
{
    RawResponse r;
    r.raw = raw;
    const int split = raw.indexOf("\r\n\r\n");
    if (split < 0)
        return r;
    const QList<QByteArray> lines = raw.left(split).split('\n');
    const QList<QByteArray> statusLine = lines.first().trimmed().split(' ');
    if (statusLine.size() < 2 || !statusLine.first().startsWith("HTTP/1."))
        return r;
    r.status = statusLine.at(1).toInt();
    for (int i = 1; i < lines.size(); ++i) {
        const int colon = lines.at(i).indexOf(':');
        if (colon > 0)
            r.headers.insert(lines.at(i).left(colon).trimmed().toLower(),
                             lines.at(i).mid(colon + 1).trimmed());
    }
    r.body = raw.mid(split + 4);
    return r;
}

RawResponse rawRequest(quint16 port, const QByteArray &method, const QByteArray &path,
                       const RawHeaders &headers, const QByteArray &body, int timeoutMs)
{
    return rawRequest(RawRoute(), port, method, path, headers, body, timeoutMs);
}

RawResponse rawRequest(const RawRoute &route, quint16 port, const QByteArray &method,
                       const QByteArray &path, const RawHeaders &headers, const QByteArray &body,
                       int timeoutMs)
{
    QTcpSocket socket;
    if (!route.from.isNull() && !socket.bind(route.from))
        return {};
    socket.connectToHost(route.server, port);
    if (!socket.waitForConnected(timeoutMs))
        return {};
    QByteArray request =
        method + ' ' + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n";
    bool hasLength = false;
    for (const auto &[name, value] : headers) {
        request += name + ": " + value + "\r\n";
        hasLength = hasLength || name.compare("Content-Length", Qt::CaseInsensitive) == 0;
    }
    if (!hasLength && (!body.isEmpty() || method == "POST" || method == "PATCH"))
        request += "Content-Length: " + QByteArray::number(body.size()) + "\r\n";
    request += "\r\n" + body;
    socket.write(request);
    QByteArray response;
    while (socket.state() == QAbstractSocket::ConnectedState
           && (socket.waitForReadyRead(timeoutMs) || socket.bytesAvailable()))
        response += socket.readAll();
    response += socket.readAll();
    return parseRawResponse(response);
}
