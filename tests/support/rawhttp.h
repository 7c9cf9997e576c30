#pragma once

#include <QByteArray>
#include <QHostAddress>
#include <QList>
#include <QMap>
#include <QPair>

using RawHeaders = QList<QPair<QByteArray, QByteArray>>;

// One HTTP/1.1 exchange over a plain blocking socket, for protocol tests that must control every
// header byte. The connection is closed after the answer.
struct RawResponse {
    int status = 0;                       // 0: no valid answer
    QMap<QByteArray, QByteArray> headers; // names lower-cased
    QByteArray body;
    QByteArray raw;

    QByteArray header(const QByteArray &name) const { return headers.value(name.toLower()); }
    bool has(const QByteArray &name) const { return headers.contains(name.toLower()); }
};

RawResponse rawRequest(quint16 port, const QByteArray &method, const QByteArray &path,
                       const RawHeaders &headers, const QByteArray &body = QByteArray(),
                       int timeoutMs = 10000);

// Where a raw request goes, and from where: a server on another address than 127.0.0.1, or a
// client bound to another local address first (127.0.0.2 is another client to a server on
// 127.0.0.1: all of 127/8 is this machine's).
struct RawRoute {
    QHostAddress server = QHostAddress(QHostAddress::LocalHost);
    QHostAddress from; // null: any
};
RawResponse rawRequest(const RawRoute &route, quint16 port, const QByteArray &method,
                       const QByteArray &path, const RawHeaders &headers,
                       const QByteArray &body = QByteArray(), int timeoutMs = 10000);
// Parses what a server sent (status line, headers, body).
RawResponse parseRawResponse(const QByteArray &raw);
