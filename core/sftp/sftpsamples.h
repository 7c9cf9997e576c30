#pragma once

#include "requestsample.h"

#include <QList>
#include <QString>

// What Parallel: Auto learns from an SFTP upload (ConcurrencyController): SFTP has no requests
// in HTTP's sense, so each chunk of a stream counts as one, from when its first write went
// (started) until the server confirmed its last byte; a small file is one chunk. A connection
// that was refused counts as a refused request. Times on RequestObserver::nowUs()'s clock, as
// the network's samples. On the GUI thread, per stream.
class SftpSamples final {
public:
    // `server`: NetworkPool::serverOf() of the endpoint, as the scheduler names servers.
    explicit SftpSamples(QString server);

    // The first chunk after newConnection() includes the connection's handshake.
    void newConnection() { m_fresh = true; }
    // Its chunks go together with other files' over one connection (RequestSample::shared).
    void setShared(bool shared) { m_shared = shared; }
    void started(qint64 begin, qint64 end, qint64 nowUs);
    // The chunks the server holds now that it holds [0, offset) of this stream's bytes.
    QList<RequestSample> confirmed(qint64 offset, qint64 nowUs);
    RequestSample refused(qint64 startedUs, qint64 nowUs) const;
    // Chunks started and not confirmed are forgotten (the stream ended or broke).
    void clear() { m_open.clear(); }

private:
    struct Open {
        qint64 begin;
        qint64 end;
        qint64 startedUs;
        bool fresh;
    };
    QString m_server;
    QList<Open> m_open;
    bool m_fresh = false;
    bool m_shared = false;
};
