#pragma once

#include "hoistdmetrics.h"
#include "hoistdoptions.h"
#include "hoistdrouter.h"
#include "httpserver.h"
#include "timedwork.h"
#include "tusservice.h"
#include "uploadstore.h"

#include <QUrl>

#include <memory>

// hoistd's running parts, in the order both the hoistd executable and an in-process server
// (EmbeddedServer) need them: the metrics, the storage opened and repaired, the tus service over
// it and the router in front of it (/metrics), HTTP listening, and the timed work: the sweeps of
// expired and kept-long-enough uploads, and the store's reconciliation of bytes no record names
// (the cluster store runs each under an advisory lock, so one instance at a time does it). Lives
// on a thread with an event loop; HTTP, the index and the timed work (TimedWork) run on threads
// of their own.
class HoistdInstance final {
    Q_DISABLE_COPY_MOVE(HoistdInstance)
public:
    // `options` says where (address, port, data directory or bucket and index), for how long and
    // with which HTTP limits; `tus` how to serve (its `metrics` is this instance's own).
    HoistdInstance(const HoistdOptions &options, const TusConfig &tus);
    // The same over a store made elsewhere (not opened yet; start() opens it).
    HoistdInstance(const HoistdOptions &options, const TusConfig &tus,
                   std::unique_ptr<UploadStore> store);
    ~HoistdInstance();

    // Opens the storage (logging what it repaired), listens and starts the sweep. False with a
    // sentence in `error`; nothing is left open then.
    bool start(QString *error);
    // Stops HTTP (see HttpServer::stop()), the sweep and the storage; returns how many requests
    // were cut short. Safe to call twice, and called by the destructor.
    int stop();
    bool isRunning() const { return m_running; }

    quint16 port() const { return m_http.port(); }
    // The address as it goes into a URL or a log line: "127.0.0.1", "[::1]".
    QString hostText() const;
    // The creation endpoint, http://HOST:PORT/files/; empty until started.
    QUrl endpoint() const;

    UploadStore &store() { return *m_store; }
    TusService &service() { return m_service; }
    const HttpServer &http() const { return m_http; }

private:
    QHostAddress m_address;
    quint16 m_requestedPort;
    HoistdMetrics m_metrics;
    std::unique_ptr<UploadStore> m_store;
    TusService m_service;
    HoistdRouter m_router;
    HttpServer m_http;
    TimedWork m_timedWork;
    bool m_running = false;
};
