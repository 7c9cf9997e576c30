#pragma once

#include <QByteArray>
#include <QHash>
#include <QHostAddress>
#include <QList>
#include <QPair>
#include <QString>

// A request as the tus logic sees it, independent of the HTTP library that parsed it.
struct HttpRequest {
    QByteArray method;                     // after X-HTTP-Method-Override; case-sensitive
    QByteArray path;                       // without the query, as sent (not percent-decoded)
    QHash<QByteArray, QByteArray> headers; // names lower-cased
    qint64 contentLength = -1;             // -1: not given (chunked, or no body)
    bool chunked = false;
    QString user; // who is asking; empty for the anonymous user (tokens come with --config)
    QHostAddress peer; // the client's address

    QByteArray header(const char *name) const { return headers.value(QByteArray(name)); }
    bool has(const char *name) const { return headers.contains(QByteArray(name)); }
    bool mayHaveBody() const { return chunked || contentLength > 0; }
};

struct HttpResponse {
    int status = 500;
    QList<QPair<QByteArray, QByteArray>> headers;
    QByteArray body;

    void set(const QByteArray &name, const QByteArray &value) { headers.append({name, value}); }
    QByteArray header(const QByteArray &name) const
    {
        for (const auto &[n, v] : headers) {
            if (n.compare(name, Qt::CaseInsensitive) == 0)
                return v;
        }
        return {};
    }
};
