#pragma once

#include <QHostAddress>
#include <QString>

#include <atomic>
#include <chrono>
#include <memory>

struct MHD_Daemon;
class AddressLimiter;
class HeaderDeadlines;
class HoistdMetrics;
class HttpHandler;
class LogThrottle;

// What one server lets its clients hold.
struct HttpLimits {
    static constexpr int DefaultMaxConnections = 4096;
    // A Hoist client opens up to --concurrency (at most 64) connections, plus a few.
    static constexpr int DefaultMaxConnectionsPerAddress = 128;
    static constexpr std::chrono::seconds DefaultHeaderTimeout{10};

    // Connections at once, in all; lowered to what the process may open (RLIMIT_NOFILE: two
    // descriptors a connection, its socket and an upload's file, and a reserve).
    int maxConnections = DefaultMaxConnections;
    int maxConnectionsPerAddress = DefaultMaxConnectionsPerAddress; // 0: no limit of its own
    // A request's head must arrive within this of the connection's start or of its previous
    // request's end; 0: no deadline. Bodies keep libmicrohttpd's idle timeout.
    std::chrono::milliseconds headerTimeout = DefaultHeaderTimeout;
    // libmicrohttpd's worker threads; 0: one a core, at least two. Each owns the connections it
    // accepted and answers them one request at a time.
    int workerThreads = 0;
};

// HTTP for hoistd, from libmicrohttpd: a pool of worker threads polling with poll(), each
// connection non-blocking, so a slow client holds a socket but no thread. Request bodies reach
// the handler in pieces of at most the connection buffer as they arrive; nothing is kept whole.
// Knows nothing of tus: what a request means is the handler's (HttpHandler). Heads that a proxy
// could read differently are refused before the handler sees them (requestframing.h); clients
// are held to HttpLimits (per address: AddressLimiter; heads on time: HeaderDeadlines).
//
// With `logRequests` (hoistd --verbose) every request is logged through HttpHandler::log() as
//   request begin METHOD PATH                 (when its body starts arriving; bodies only)
//   request end METHOD PATH upload-offset=N upload-length=N content-length=N status=S
//       response-offset=N received=N           (one line; before the answer goes out)
// with "-" for a header that was absent or not a number, and status=cut for a request whose
// connection closed before it was answered. Test fixtures count requests from these lines.
class HttpServer final {
    Q_DISABLE_COPY_MOVE(HttpServer)
public:
    // Request headers (names and values) above this are refused with 431.
    static constexpr qint64 MaxHeaderBytes = 32 * 1024;

    HttpServer(HttpHandler &handler, HoistdMetrics &metrics, const HttpLimits &limits,
               bool logRequests = false);
    ~HttpServer();

    bool listen(const QHostAddress &address, quint16 port, QString *error);
    quint16 port() const { return m_port; }
    // Connections at once, as listen() settled it (HttpLimits::maxConnections or fewer).
    int connectionLimit() const { return m_connectionLimit; }
    // Worker threads, as listen() settled it (HttpLimits::workerThreads or one a core).
    int workerThreads() const { return m_workerThreads; }
    // Stops accepting, gives requests in flight a moment to end, then closes every connection
    // (bodies cut short keep what is safe to keep). Returns how many requests were cut.
    int stop();

private:
    struct Pending;
    friend struct HttpServerCallbacks;

    HttpHandler &m_handler;
    HoistdMetrics &m_metrics;
    const HttpLimits m_limits;
    const bool m_logRequests;
    std::unique_ptr<AddressLimiter> m_addresses;
    std::unique_ptr<HeaderDeadlines> m_deadlines;
    std::unique_ptr<LogThrottle> m_libraryLog; // libmicrohttpd's own messages
    MHD_Daemon *m_daemon = nullptr;
    quint16 m_port = 0;
    int m_connectionLimit = 0;
    int m_workerThreads = 0;
    std::atomic<int> m_inFlight{0};
};
