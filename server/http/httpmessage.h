#pragma once

#include <QByteArray>
#include <QHash>
#include <QHostAddress>
#include <QList>
#include <QPair>
#include <QString>

#include <functional>
#include <memory>

// A request as the tus logic sees it, independent of the HTTP library that parsed it.
struct HttpRequest {
    QByteArray method;                     // after X-HTTP-Method-Override; case-sensitive
    QByteArray path;                       // without the query, as sent (not percent-decoded)
    QHash<QByteArray, QByteArray> headers; // names lower-cased
    qint64 contentLength = -1;             // -1: not given (chunked, or no body)
    bool chunked = false;
    QString user;      // who is asking; empty for the anonymous user (tokens come with --config)
    QHostAddress peer; // the client's address

    QByteArray header(const char *name) const { return headers.value(QByteArray(name)); }
    bool has(const char *name) const { return headers.contains(QByteArray(name)); }
    bool mayHaveBody() const { return chunked || contentLength > 0; }
};

// A body that streams from an open file (a download): `length` bytes from `offset`, sent by the
// HTTP layer straight from the descriptor (sendfile where it can), never read into memory. Owns
// the descriptor: closed when the last answer holding it is gone.
class HttpFileBody final {
    Q_DISABLE_COPY_MOVE(HttpFileBody)
public:
    HttpFileBody(int fd, qint64 offset, qint64 length);
    ~HttpFileBody();

    int fd() const { return m_fd; }
    qint64 offset() const { return m_offset; }
    qint64 length() const { return m_length; }

private:
    int m_fd;
    qint64 m_offset;
    qint64 m_length;
};

// A body read piece by piece as the connection takes it (a download from a store without file
// descriptors): `length` bytes; `read(offset, data, size)` fills up to `size` bytes from `offset`
// of the body and returns how many (at least 1 before the end), or -1 on an error, which cuts the
// connection (the client sees a body shorter than its Content-Length). Called on the HTTP
// layer's threads, one call at a time, while the answer is sent.
class HttpStreamBody final {
    Q_DISABLE_COPY_MOVE(HttpStreamBody)
public:
    using Reader = std::function<qint64(qint64 offset, char *data, qint64 size)>;
    HttpStreamBody(qint64 length, Reader read)
        : m_length(length)
        , m_read(std::move(read))
    {
    }

    qint64 length() const { return m_length; }
    qint64 read(qint64 offset, char *data, qint64 size) const { return m_read(offset, data, size); }

private:
    qint64 m_length;
    Reader m_read;
};

struct HttpResponse {
    int status = 500;
    QList<QPair<QByteArray, QByteArray>> headers;
    QByteArray body;
    // Instead of `body` when set (one of the two at most); the HTTP layer sets Content-Length
    // from it.
    std::shared_ptr<const HttpFileBody> file;
    std::shared_ptr<const HttpStreamBody> stream;

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
