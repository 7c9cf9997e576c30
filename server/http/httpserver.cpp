#include "httpserver.h"

#include "addresslimiter.h"
#include "headerdeadlines.h"
#include "hoistdmetrics.h"
#include "httphandler.h"
#include "logthrottle.h"
#include "requestframing.h"

#include <QDeadlineTimer>
#include <QThread>

#include <microhttpd.h>

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <cstdarg>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <limits>

namespace {
// MHD refuses a head that does not fit the connection's buffer itself (with 431 or 414); this is
// also the most body a single callback hands over.
constexpr size_t ConnectionMemory = 256 * 1024;
// Idle time allowed mid-body (and for a client reading its answer); heads have HttpLimits'.
constexpr unsigned ConnectionTimeoutSeconds = 120;
constexpr int MinThreads = 2;
constexpr int ShutdownGraceMs = 5000;
constexpr int MaxLoggedWordBytes = 200;
// A refused token is answered after the body is read and dropped, up to this much (a client's
// largest request): answered before it, the connection closes under a client still sending,
// which then sees a reset instead of the 401 (Qt: "Network error: Unknown error") and takes the
// server for down instead of asking its person for a token.
constexpr qint64 MaxDrainedBody = 64 * 1024 * 1024;
// Descriptors kept back from connections: the listening socket, the index, the log, the
// worker threads' wake-up pipes, the files a final or an instant proof reads.
constexpr rlim_t ReservedDescriptors = 64;
constexpr rlim_t DescriptorsPerConnection = 2; // its socket, and the upload file a body writes
// libmicrohttpd's messages: a flood of connections can make it say one per connection.
constexpr int LibraryLinesPerWindow = 20;
constexpr std::chrono::seconds LibraryLogWindow{60};
// What libmicrohttpd reads from an HttpStreamBody at a time (its buffer for that answer).
constexpr size_t StreamBlockBytes = 64 * 1024;

using Clock = std::chrono::steady_clock;

std::uintptr_t address(const void *p)
{
    return reinterpret_cast<std::uintptr_t>(p);
}

// True when [from, to) holds only zero bytes, between `least` and `most` of them.
bool onlyLineEnds(std::uintptr_t from, std::uintptr_t to, std::uintptr_t least, std::uintptr_t most)
{
    if (to < from + least || to > from + most)
        return false;
    for (std::uintptr_t p = from; p < to; ++p) {
        if (*reinterpret_cast<const char *>(p) != 0)
            return false;
    }
    return true;
}

// libmicrohttpd 0.9.75 parses a request head in place and hands out its fields as C strings, so
// a NUL inside a value cuts it short unseen ("Upload-Length: 5\0999" reads as 5). The bytes stay
// where they were, though: a value ends where its line's terminator (CR LF or LF, zeroed) begins,
// and the next field's name comes right after it. Anything else between a value's end and the
// next name (or the head's end) was hidden behind a NUL, or the field was folded over lines
// (libmicrohttpd copies a folded value elsewhere). Either way the head is refused.
struct HeadLayout {
    RequestHead *head;
    std::uintptr_t end;      // one past the head's last byte (its empty line)
    std::uintptr_t previous; // where the request line or the last value ended
    bool hidden = false;
};

MHD_Result collectField(void *cls, MHD_ValueKind, const char *key, size_t keySize,
                        const char *value, size_t valueSize)
{
    auto *layout = static_cast<HeadLayout *>(cls);
    layout->head->fields.append({QByteArray(key, qsizetype(keySize)),
                                 value ? QByteArray(value, qsizetype(valueSize)) : QByteArray()});
    const std::uintptr_t name = address(key);
    const std::uintptr_t valueEnd = address(value) + valueSize;
    if (!value || address(value) <= name + keySize || valueEnd >= layout->end
        || !onlyLineEnds(layout->previous, name, 1, 2))
        layout->hidden = true;
    else
        layout->previous = valueEnd;
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

// libmicrohttpd's reader of an HttpStreamBody (MHD_create_response_from_callback); `cls` is a
// heap-held shared_ptr, freed by freeStream when the response is destroyed.
ssize_t readStream(void *cls, uint64_t pos, char *buf, size_t max)
{
    const auto &body = *static_cast<std::shared_ptr<const HttpStreamBody> *>(cls);
    const qint64 wanted = qMin<qint64>(qint64(max), body->length() - qint64(pos));
    if (wanted <= 0)
        return MHD_CONTENT_READER_END_OF_STREAM;
    const qint64 got = body->read(qint64(pos), buf, wanted);
    return got > 0 ? ssize_t(got) : MHD_CONTENT_READER_END_WITH_ERROR;
}

void freeStream(void *cls)
{
    delete static_cast<std::shared_ptr<const HttpStreamBody> *>(cls);
}

MHD_Response *responseFor(const HttpResponse &r)
{
    if (r.stream && r.stream->length() > 0) {
        auto *held = new std::shared_ptr<const HttpStreamBody>(r.stream);
        MHD_Response *response = MHD_create_response_from_callback(
            uint64_t(r.stream->length()), StreamBlockBytes, &readStream, held, &freeStream);
        if (!response)
            delete held;
        return response;
    }
    if (!r.file || r.file->length() == 0)
        return MHD_create_response_from_buffer(
            size_t(r.body.size()), const_cast<char *>(r.body.constData()), MHD_RESPMEM_MUST_COPY);
    // libmicrohttpd closes the descriptor it is given; the answer keeps its own.
    const int fd = ::fcntl(r.file->fd(), F_DUPFD_CLOEXEC, 0);
    if (fd < 0)
        return nullptr;
    MHD_Response *response = MHD_create_response_from_fd_at_offset64(uint64_t(r.file->length()), fd,
                                                                     uint64_t(r.file->offset()));
    if (!response)
        ::close(fd);
    return response;
}

MHD_Result queue(MHD_Connection *connection, const HttpResponse &r, bool close)
{
    MHD_Response *response = responseFor(r);
    if (!response)
        return MHD_NO;
    for (const auto &[name, value] : r.headers)
        MHD_add_response_header(response, name.constData(), value.constData());
    // libmicrohttpd closes the connection after an answer that says so.
    if (close)
        MHD_add_response_header(response, "Connection", "close");
    const MHD_Result result = MHD_queue_response(connection, unsigned(r.status), response);
    MHD_destroy_response(response);
    return result;
}

HeaderDeadlines::Connection *deadlineOf(MHD_Connection *connection)
{
    const MHD_ConnectionInfo *info =
        MHD_get_connection_info(connection, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
    return info ? static_cast<HeaderDeadlines::Connection *>(info->socket_context) : nullptr;
}

const sockaddr *peerOf(MHD_Connection *connection)
{
    const MHD_ConnectionInfo *info =
        MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    return info ? info->client_addr : nullptr;
}

// How many connections the descriptors this process may open leave room for.
// `threads`: libmicrohttpd's worker threads, each with a wake-up descriptor of its own.
int descriptorBudget(unsigned threads)
{
    rlimit limit{};
    if (::getrlimit(RLIMIT_NOFILE, &limit) != 0 || limit.rlim_cur == RLIM_INFINITY)
        return std::numeric_limits<int>::max();
    const rlim_t reserved = ReservedDescriptors + threads;
    if (limit.rlim_cur <= reserved + DescriptorsPerConnection)
        return 1;
    return int(std::min<rlim_t>((limit.rlim_cur - reserved) / DescriptorsPerConnection,
                                rlim_t(std::numeric_limits<int>::max())));
}
} // namespace

HttpFileBody::HttpFileBody(int fd, qint64 offset, qint64 length)
    : m_fd(fd)
    , m_offset(offset)
    , m_length(length)
{
}

HttpFileBody::~HttpFileBody()
{
    if (m_fd >= 0)
        ::close(m_fd);
}

struct HttpServer::Pending {
    // strlen() of the request target as the request line had it, before libmicrohttpd cut
    // the query off; -1 when unknown.
    qint64 targetLength = -1;
    bool started = false; // the handler's first call came (the head is complete)
    std::unique_ptr<HttpExchange> exchange;
    bool answered = false;
    bool closeAfter = false;
    bool draining = false; // the early answer waits for the body, which is dropped
    HoistdMetrics::Method method = HoistdMetrics::Method::Other;
    Clock::time_point began;
    // With request logging: "METHOD PATH upload-offset=... upload-length=... content-length=...".
    QByteArray logHead;
    qint64 received = 0; // body bytes handed over
};

// libmicrohttpd's C callbacks, friends of HttpServer.
struct HttpServerCallbacks {
    static void logEnd(const HttpServer &server, const HttpServer::Pending &pending,
                       const QByteArray &status, const QByteArray &responseOffset)
    {
        server.m_handler.log(QString::fromLatin1(
            "request end " + pending.logHead + " status=" + status + " response-offset="
            + logNumber(responseOffset) + " received=" + QByteArray::number(pending.received)));
    }

    static MHD_Result answer(HttpServer &server, MHD_Connection *connection,
                             HttpServer::Pending *pending, HttpResponse r)
    {
        pending->answered = true;
        // Nothing more of this request reaches the exchange: let it go now, releasing the
        // upload's lock, rather than once the answer has been sent. A client that has its answer
        // may send the next PATCH on another connection at once, and must not find the upload
        // still locked (423) by the request it was just answered for.
        pending->exchange.reset();
        server.m_metrics.requestAnswered(pending->method, r.status, Clock::now() - pending->began);
        if (server.m_logRequests) // before the answer leaves, so a client never sees it first
            logEnd(server, *pending, QByteArray::number(r.status), r.header("Upload-Offset"));
        return queue(connection, r, pending->closeAfter);
    }

    // The request line is in: its target, before libmicrohttpd cuts and unescapes it.
    static void *uriLogged(void *, const char *uri, MHD_Connection *)
    {
        auto *pending = new HttpServer::Pending;
        pending->targetLength = uri ? qint64(std::strlen(uri)) : -1;
        return pending;
    }

    static void libraryLogged(void *cls, const char *format, va_list arguments)
    {
        auto *server = static_cast<HttpServer *>(cls);
        char text[512];
        std::vsnprintf(text, sizeof text, format, arguments);
        const QString line = QStringLiteral("http: ") + QString::fromLocal8Bit(text).trimmed();
        for (const QString &out : server->m_libraryLog->pass(line))
            server->m_handler.log(out);
    }

    // Paths are taken as sent: "%00" stays three characters, so no decoded NUL can cut one
    // short, and an upload has exactly one path.
    static size_t unescape(void *, MHD_Connection *, char *text) { return std::strlen(text); }

    static MHD_Result admit(void *cls, const sockaddr *address, socklen_t)
    {
        auto *server = static_cast<HttpServer *>(cls);
        if (server->m_addresses->admit(address))
            return MHD_YES;
        server->m_metrics.refused(HoistdMetrics::Refusal::ConnectionsPerAddress);
        return MHD_NO;
    }

    static void connectionNotified(void *cls, MHD_Connection *connection, void **context,
                                   MHD_ConnectionNotificationCode code)
    {
        auto *server = static_cast<HttpServer *>(cls);
        if (code == MHD_CONNECTION_NOTIFY_STARTED) {
            const MHD_ConnectionInfo *fd =
                MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
            *context = fd ? server->m_deadlines->opened(fd->connect_fd) : nullptr;
            server->m_metrics.connectionOpened();
            return;
        }
        // Before libmicrohttpd closes the socket (see HeaderDeadlines).
        server->m_deadlines->closed(static_cast<HeaderDeadlines::Connection *>(*context));
        *context = nullptr;
        server->m_addresses->release(peerOf(connection));
        server->m_metrics.connectionClosed();
    }

    // The head as it arrived, and whether a NUL hid part of it (see HeadLayout).
    static RequestHead headOf(MHD_Connection *connection, const char *url, const char *method,
                              const char *version, qint64 targetLength)
    {
        RequestHead head;
        head.method = QByteArray(method);
        head.target = QByteArray(url);
        head.version = QByteArray(version);
        const MHD_ConnectionInfo *size =
            MHD_get_connection_info(connection, MHD_CONNECTION_INFO_REQUEST_HEADER_SIZE);
        const std::uintptr_t requestLineEnd = address(version) + std::strlen(version);
        HeadLayout layout{&head, address(method) + (size ? size->header_size : 0), requestLineEnd};
        MHD_get_connection_values_n(connection, MHD_HEADER_KIND, &collectField, &layout);
        // The target runs up to the space before the version, which libmicrohttpd zeroed.
        const bool targetWhole =
            targetLength >= 0 && address(version) > address(url)
            && address(version) - 1 - address(url) == std::uintptr_t(targetLength);
        head.hiddenBytes = !size || layout.hidden || !targetWhole
                           || !onlyLineEnds(layout.previous, layout.end, 2, 4);
        return head;
    }

    static MHD_Result begin(HttpServer &server, MHD_Connection *connection, const char *url,
                            const char *method, const char *version, HttpServer::Pending *pending)
    {
        pending->started = true;
        pending->began = Clock::now();
        ++server.m_inFlight;
        HeaderDeadlines::headArrived(deadlineOf(connection));
        FramedRequest framed =
            frameRequest(headOf(connection, url, method, version, pending->targetLength),
                         HttpServer::MaxHeaderBytes);
        HttpRequest &request = framed.request;
        if (const sockaddr *peer = peerOf(connection))
            request.peer = QHostAddress(peer);
        pending->method = HoistdMetrics::methodOf(request.method);
        pending->closeAfter = framed.closeAfter;
        if (server.m_logRequests) {
            pending->logHead = logWord(request.method) + ' ' + logWord(request.path)
                               + " upload-offset=" + logNumber(request.header("upload-offset"))
                               + " upload-length=" + logNumber(request.header("upload-length"))
                               + " content-length=" + logNumber(request.header("content-length"));
            if (request.mayHaveBody() && !framed.refused())
                server.m_handler.log(QString::fromLatin1("request begin " + logWord(request.method)
                                                         + ' ' + logWord(request.path)));
        }
        if (framed.refused()) {
            server.m_metrics.refused(framed.reason);
            return answer(server, connection, pending,
                          server.m_handler.refuse(framed.status, framed.why));
        }
        pending->exchange = server.m_handler.begin(request);
        const int earlyStatus = pending->exchange->early ? pending->exchange->early->status : 0;
        if ((earlyStatus == 401 || earlyStatus == 403) && !request.chunked
            && request.contentLength <= MaxDrainedBody) {
            pending->draining = true; // answered by finish() once the body is in
            return MHD_YES;
        }
        if (pending->exchange->early && request.mayHaveBody()) {
            // Answered before the body: MHD sends this instead of 100 Continue, does not
            // hand us the body and closes the connection after. Without a body the answer
            // waits for the next call, where queueing it keeps the connection alive.
            return answer(server, connection, pending, *pending->exchange->early);
        }
        return MHD_YES;
    }

    static MHD_Result access(void *cls, MHD_Connection *connection, const char *url,
                             const char *method, const char *version, const char *uploadData,
                             size_t *uploadDataSize, void **state)
    {
        auto *server = static_cast<HttpServer *>(cls);
        auto *pending = static_cast<HttpServer::Pending *>(*state);
        if (!pending) { // never: uriLogged() makes one for each request line
            pending = new HttpServer::Pending;
            *state = pending;
        }
        if (!pending->started)
            return begin(*server, connection, url, method, version, pending);
        if (*uploadDataSize > 0) {
            pending->received += qint64(*uploadDataSize);
            server->m_metrics.bodyReceived(qint64(*uploadDataSize));
            if (!pending->answered && !pending->draining)
                pending->exchange->consume(uploadData, *uploadDataSize);
            *uploadDataSize = 0;
            return MHD_YES;
        }
        if (pending->answered)
            return MHD_YES;
        return answer(*server, connection, pending, pending->exchange->finish());
    }

    static void completed(void *cls, MHD_Connection *connection, void **state,
                          MHD_RequestTerminationCode)
    {
        auto *server = static_cast<HttpServer *>(cls);
        server->m_deadlines->requestEnded(deadlineOf(connection));
        auto *pending = static_cast<HttpServer::Pending *>(*state);
        if (!pending)
            return;
        if (pending->started) {
            if (!pending->answered && pending->exchange)
                pending->exchange->abort();
            if (!pending->answered && server->m_logRequests)
                logEnd(*server, *pending, "cut", {});
            --server->m_inFlight;
        }
        delete pending;
        *state = nullptr;
    }
};

HttpServer::HttpServer(HttpHandler &handler, HoistdMetrics &metrics, const HttpLimits &limits,
                       bool logRequests)
    : m_handler(handler)
    , m_metrics(metrics)
    , m_limits(limits)
    , m_logRequests(logRequests)
    , m_addresses(std::make_unique<AddressLimiter>(limits.maxConnectionsPerAddress))
    , m_deadlines(std::make_unique<HeaderDeadlines>(
          limits.headerTimeout,
          [&metrics] { metrics.refused(HoistdMetrics::Refusal::HeaderTimeout); }))
    , m_libraryLog(std::make_unique<LogThrottle>(LibraryLinesPerWindow, LibraryLogWindow))
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
    unsigned threads =
        unsigned(m_limits.workerThreads > 0 ? m_limits.workerThreads
                                            : std::max(MinThreads, QThread::idealThreadCount()));
    // The limit, not EMFILE, decides when no more connections are taken on: at EMFILE
    // libmicrohttpd stops accepting until one closes, and a flood of idle ones keeps it so.
    m_connectionLimit = std::max(1, std::min(m_limits.maxConnections, descriptorBudget(threads)));
    // libmicrohttpd shares the limit out among its threads: none left without a connection.
    threads = std::min(threads, unsigned(m_connectionLimit));
    m_workerThreads = int(threads);
    m_deadlines->start();
    // One option and its arguments a line.
    // clang-format off
    m_daemon = MHD_start_daemon(
        flags, port, &HttpServerCallbacks::admit, this, &HttpServerCallbacks::access, this,
        // First, or libmicrohttpd may print some messages with its own logger.
        MHD_OPTION_EXTERNAL_LOGGER, &HttpServerCallbacks::libraryLogged, this,
        MHD_OPTION_SOCK_ADDR, reinterpret_cast<sockaddr *>(&storage),
        MHD_OPTION_THREAD_POOL_SIZE, threads,
        MHD_OPTION_CONNECTION_LIMIT, unsigned(m_connectionLimit),
        MHD_OPTION_CONNECTION_MEMORY_LIMIT, ConnectionMemory,
        MHD_OPTION_CONNECTION_TIMEOUT, ConnectionTimeoutSeconds,
        MHD_OPTION_NOTIFY_CONNECTION, &HttpServerCallbacks::connectionNotified, this,
        MHD_OPTION_NOTIFY_COMPLETED, &HttpServerCallbacks::completed, this,
        MHD_OPTION_URI_LOG_CALLBACK, &HttpServerCallbacks::uriLogged, this,
        MHD_OPTION_UNESCAPE_CALLBACK, &HttpServerCallbacks::unescape, this,
        MHD_OPTION_END);
    // clang-format on
    if (!m_daemon) {
        m_deadlines->stop();
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
    m_deadlines->stop(); // after: every connection has been reported closed
    return cut;
}
