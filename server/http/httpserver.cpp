#include "httpserver.h"

#include "httphandler.h"

#include <QDeadlineTimer>
#include <QThread>

#include <microhttpd.h>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <unistd.h>

#include <algorithm>
#include <cstring>

namespace {
// Request headers above this are refused with 431; MHD itself refuses anything that does not fit
// its per-connection buffer, which is also the most body a single callback hands over.
constexpr qint64 MaxHeaderBytes = 16 * 1024;
constexpr size_t ConnectionMemory = 256 * 1024;
constexpr unsigned ConnectionTimeoutSeconds = 120;
constexpr int MinThreads = 2;
constexpr int ShutdownGraceMs = 5000;
constexpr int MaxLoggedWordBytes = 200;

struct HeaderScan {
    HttpRequest *request;
    qint64 bytes = 0;
    bool nulInValue = false;
};

MHD_Result collectHeader(void *cls, MHD_ValueKind, const char *key, size_t keySize,
                         const char *value, size_t valueSize)
{
    auto *scan = static_cast<HeaderScan *>(cls);
    scan->bytes += qint64(keySize + valueSize + 4);
    if (value && std::memchr(value, 0, valueSize))
        scan->nulInValue = true;
    const QByteArray name = QByteArray(key, qsizetype(keySize)).toLower();
    const QByteArray v = value ? QByteArray(value, qsizetype(valueSize)) : QByteArray();
    auto &headers = scan->request->headers;
    // Repeated headers are joined as HTTP says they may be; tus headers are single-valued, and
    // a joined value fails their parsers, which is the answer a repeated one deserves.
    if (headers.contains(name))
        headers[name] += ", " + v;
    else
        headers.insert(name, v);
    return MHD_YES;
}

// A method or path as it goes into a request log line: one word of printable ASCII, so that what
// a client sends can neither break the line nor forge another.
QByteArray logWord(const QByteArray &raw)
{
    QByteArray out = raw.left(MaxLoggedWordBytes);
    for (char &c : out) {
        if (uchar(c) <= 0x20 || uchar(c) >= 0x7f)
            c = '?';
    }
    return out.isEmpty() ? QByteArray("-") : out;
}

// A header's value as a log line's number: its digits, or "-" when it is not a plain number.
QByteArray logNumber(const QByteArray &raw)
{
    const QByteArray value = raw.trimmed();
    if (value.isEmpty() || value.size() > 19)
        return "-";
    for (char c : value) {
        if (c < '0' || c > '9')
            return "-";
    }
    return value;
}

MHD_Result queue(MHD_Connection *connection, const HttpResponse &r)
{
    MHD_Response *response = MHD_create_response_from_buffer(
        size_t(r.body.size()), const_cast<char *>(r.body.constData()), MHD_RESPMEM_MUST_COPY);
    if (!response)
        return MHD_NO;
    for (const auto &[name, value] : r.headers)
        MHD_add_response_header(response, name.constData(), value.constData());
    const MHD_Result result = MHD_queue_response(connection, unsigned(r.status), response);
    MHD_destroy_response(response);
    return result;
}
} // namespace

struct HttpServer::Pending {
    std::unique_ptr<HttpExchange> exchange;
    bool answered = false;
    // With request logging: "METHOD PATH upload-offset=... upload-length=... content-length=...".
    QByteArray logHead;
    qint64 received = 0; // body bytes handed over
};

// libmicrohttpd's C callbacks, friends of HttpServer.
struct HttpServerCallbacks {
    static void logEnd(const HttpServer &server, const HttpServer::Pending &pending,
                       const QByteArray &status, const QByteArray &responseOffset)
    {
        server.m_handler.log(QString::fromLatin1("request end " + pending.logHead + " status="
                                                 + status + " response-offset="
                                                 + logNumber(responseOffset) + " received="
                                                 + QByteArray::number(pending.received)));
    }

    static MHD_Result answer(const HttpServer &server, MHD_Connection *connection,
                             HttpServer::Pending *pending, HttpResponse r)
    {
        pending->answered = true;
        // Nothing more of this request reaches the exchange: let it go now, releasing the
        // upload's lock, rather than once the answer has been sent. A client that has its answer
        // may send the next PATCH on another connection at once, and must not find the upload
        // still locked (423) by the request it was just answered for.
        pending->exchange.reset();
        if (server.m_logRequests) // before the answer leaves, so a client never sees it first
            logEnd(server, *pending, QByteArray::number(r.status), r.header("Upload-Offset"));
        return queue(connection, r);
    }

    static MHD_Result access(void *cls, MHD_Connection *connection, const char *url,
                             const char *method, const char *, const char *uploadData,
                             size_t *uploadDataSize, void **state)
    {
        auto *server = static_cast<HttpServer *>(cls);
        auto *pending = static_cast<HttpServer::Pending *>(*state);
        if (!pending) {
            HttpRequest request;
            HeaderScan scan{&request};
            MHD_get_connection_values_n(connection, MHD_HEADER_KIND, &collectHeader, &scan);
            request.method = QByteArray(method).toUpper();
            request.path = QByteArray(url);
            if (request.has("x-http-method-override"))
                request.method = request.header("x-http-method-override").trimmed().toUpper();
            request.chunked = request.header("transfer-encoding").toLower().contains("chunked");
            if (request.has("content-length")) {
                bool ok = false;
                request.contentLength = request.header("content-length").trimmed().toLongLong(&ok);
                if (!ok)
                    request.contentLength = -1;
            }
            pending = new HttpServer::Pending;
            *state = pending;
            ++server->m_inFlight;
            if (server->m_logRequests) {
                pending->logHead = logWord(request.method) + ' ' + logWord(request.path)
                    + " upload-offset=" + logNumber(request.header("upload-offset"))
                    + " upload-length=" + logNumber(request.header("upload-length"))
                    + " content-length=" + logNumber(request.header("content-length"));
                if (request.mayHaveBody())
                    server->m_handler.log(QString::fromLatin1(
                        "request begin " + logWord(request.method) + ' ' + logWord(request.path)));
            }
            if (scan.bytes > MaxHeaderBytes)
                return answer(*server, connection, pending,
                              server->m_handler.refuse(431, QStringLiteral("Request headers too large.")));
            if (scan.nulInValue)
                return answer(*server, connection, pending,
                              server->m_handler.refuse(400, QStringLiteral("NUL in a header value.")));
            pending->exchange = server->m_handler.begin(request);
            if (pending->exchange->early && request.mayHaveBody()) {
                // Answered before the body: MHD sends this instead of 100 Continue, does not
                // hand us the body and closes the connection after. Without a body the answer
                // waits for the next call, where queueing it keeps the connection alive.
                return answer(*server, connection, pending, *pending->exchange->early);
            }
            return MHD_YES;
        }
        if (*uploadDataSize > 0) {
            pending->received += qint64(*uploadDataSize);
            if (!pending->answered)
                pending->exchange->consume(uploadData, *uploadDataSize);
            *uploadDataSize = 0;
            return MHD_YES;
        }
        if (pending->answered)
            return MHD_YES;
        return answer(*server, connection, pending, pending->exchange->finish());
    }

    static void completed(void *cls, MHD_Connection *, void **state, MHD_RequestTerminationCode)
    {
        auto *server = static_cast<HttpServer *>(cls);
        auto *pending = static_cast<HttpServer::Pending *>(*state);
        if (!pending)
            return;
        if (!pending->answered && pending->exchange)
            pending->exchange->abort();
        if (!pending->answered && server->m_logRequests)
            logEnd(*server, *pending, "cut", {});
        delete pending;
        *state = nullptr;
        --server->m_inFlight;
    }
};

HttpServer::HttpServer(HttpHandler &handler, bool logRequests)
    : m_handler(handler)
    , m_logRequests(logRequests)
{
}

HttpServer::~HttpServer()
{
    stop();
}

bool HttpServer::listen(const QHostAddress &address, quint16 port, QString *error)
{
    sockaddr_storage storage{};
    // poll(), not epoll: with epoll (edge-triggered) libmicrohttpd 0.9.75 could miss a client's
    // close that came right behind body bytes, leaving the request (and its upload's lock) held
    // in CLOSE-WAIT until the connection timeout.
    unsigned flags = MHD_USE_POLL_INTERNAL_THREAD | MHD_USE_ERROR_LOG | MHD_USE_ITC;
    if (address.protocol() == QAbstractSocket::IPv6Protocol) {
        auto *in6 = reinterpret_cast<sockaddr_in6 *>(&storage);
        in6->sin6_family = AF_INET6;
        in6->sin6_port = htons(port);
        const Q_IPV6ADDR bytes = address.toIPv6Address();
        std::memcpy(&in6->sin6_addr, bytes.c, sizeof bytes.c);
        flags |= MHD_USE_IPv6;
    } else {
        auto *in4 = reinterpret_cast<sockaddr_in *>(&storage);
        in4->sin_family = AF_INET;
        in4->sin_port = htons(port);
        in4->sin_addr.s_addr = htonl(address.toIPv4Address());
    }
    const unsigned threads = unsigned(std::max(MinThreads, QThread::idealThreadCount()));
    m_daemon = MHD_start_daemon(
        flags, port, nullptr, nullptr, &HttpServerCallbacks::access, this,
        MHD_OPTION_SOCK_ADDR, reinterpret_cast<sockaddr *>(&storage),
        MHD_OPTION_THREAD_POOL_SIZE, threads,
        MHD_OPTION_CONNECTION_MEMORY_LIMIT, ConnectionMemory,
        MHD_OPTION_CONNECTION_TIMEOUT, ConnectionTimeoutSeconds,
        MHD_OPTION_NOTIFY_COMPLETED, &HttpServerCallbacks::completed, this,
        MHD_OPTION_END);
    if (!m_daemon) {
        *error = QStringLiteral("cannot listen on %1 port %2 (in use, or not an address of this "
                                "machine)")
                     .arg(address.toString())
                     .arg(port);
        return false;
    }
    const MHD_DaemonInfo *info = MHD_get_daemon_info(m_daemon, MHD_DAEMON_INFO_BIND_PORT);
    m_port = info ? info->port : port;
    return true;
}

int HttpServer::stop()
{
    if (!m_daemon)
        return 0;
    const MHD_socket listener = MHD_quiesce_daemon(m_daemon);
    if (listener != MHD_INVALID_SOCKET)
        ::close(listener);
    QDeadlineTimer grace(ShutdownGraceMs);
    while (m_inFlight.load() > 0 && !grace.hasExpired())
        QThread::msleep(10);
    const int cut = m_inFlight.load();
    MHD_stop_daemon(m_daemon); // closes what is left; NOTIFY_COMPLETED aborts each
    m_daemon = nullptr;
    return cut;
}
