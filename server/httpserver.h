#pragma once

#include <QHostAddress>
#include <QString>

#include <atomic>

struct MHD_Daemon;
class TusService;

// HTTP for hoistd, from libmicrohttpd: a pool of worker threads polling with poll(), each
// connection non-blocking, so a slow client holds a socket but no thread. Request bodies reach
// the TusService in pieces of at most the connection buffer as they arrive; nothing is kept whole.
class HttpServer final {
    Q_DISABLE_COPY_MOVE(HttpServer)
public:
    explicit HttpServer(TusService &service);
    ~HttpServer();

    bool listen(const QHostAddress &address, quint16 port, QString *error);
    quint16 port() const { return m_port; }
    // Stops accepting, gives requests in flight a moment to end, then closes every connection
    // (bodies cut short keep what is safe to keep). Returns how many requests were cut.
    int stop();

private:
    struct Pending;
    friend struct HttpServerCallbacks;

    TusService &m_service;
    MHD_Daemon *m_daemon = nullptr;
    quint16 m_port = 0;
    std::atomic<int> m_inFlight{0};
};
