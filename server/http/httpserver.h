#pragma once

#include <QHostAddress>
#include <QString>

#include <atomic>

struct MHD_Daemon;
class HttpHandler;

// HTTP for hoistd, from libmicrohttpd: a pool of worker threads polling with poll(), each
// connection non-blocking, so a slow client holds a socket but no thread. Request bodies reach
// the handler in pieces of at most the connection buffer as they arrive; nothing is kept whole.
// Knows nothing of tus: what a request means is the handler's (HttpHandler).
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
    explicit HttpServer(HttpHandler &handler, bool logRequests = false);
    ~HttpServer();

    bool listen(const QHostAddress &address, quint16 port, QString *error);
    quint16 port() const { return m_port; }
    // Stops accepting, gives requests in flight a moment to end, then closes every connection
    // (bodies cut short keep what is safe to keep). Returns how many requests were cut.
    int stop();

private:
    struct Pending;
    friend struct HttpServerCallbacks;

    HttpHandler &m_handler;
    const bool m_logRequests;
    MHD_Daemon *m_daemon = nullptr;
    quint16 m_port = 0;
    std::atomic<int> m_inFlight{0};
};
