#pragma once

#include "hoistdmetrics.h"
#include "httpmessage.h"

#include <QByteArray>
#include <QList>
#include <QPair>
#include <QString>

// A request's head as it arrived, before any meaning is given to it.
struct RequestHead {
    QByteArray method;                           // as sent
    QByteArray target;                           // the path, as sent: not percent-decoded
    QByteArray version;                          // "HTTP/1.1"
    QList<QPair<QByteArray, QByteArray>> fields; // in order, names as sent
    // A NUL hid bytes in a field value or in the target (the HTTP library hands out C strings,
    // so "Upload-Length: 5\0999" would read as 5); or a field was folded over lines.
    bool hiddenBytes = false;
};

// The request a head describes, or why it is refused. Where a proxy in front and hoistd could
// read the same bytes as different requests (request smuggling), the head is refused and the
// connection closed (RFC 9112 §6.1, §6.3; §3.2 for Host; §5.1 for field names):
//  - Content-Length: every one must be digits only, and all of the same value (a repeated
//    identical value is accepted, as RFC 9110 §8.6 allows); else 400.
//  - Transfer-Encoding: only a single `chunked`, spelled as libmicrohttpd compares it (any case,
//    no other coding, no whitespace); else 501. With a Content-Length too it is read as chunked
//    and the connection is closed after the answer, as it is for chunked HTTP/1.0.
//  - HTTP/1.1 needs exactly one Host; no request may have two. A field name must be a token.
//  - methods are case-sensitive: one HTTP does not define (`patch`) is 501, also when
//    X-HTTP-Method-Override names it.
//  - heads above `maxHeaderBytes` (names and values) are 431.
struct FramedRequest {
    HttpRequest request;
    int status = 0; // 0: accepted; else the status to refuse it with
    QString why;
    HoistdMetrics::Refusal reason = HoistdMetrics::Refusal::Framing;
    bool closeAfter = false; // answer with Connection: close (every refusal does)

    bool refused() const { return status != 0; }
};

FramedRequest frameRequest(const RequestHead &head, qint64 maxHeaderBytes);
