#pragma once

#include "endpointheaders.h"

#include <QHash>
#include <QString>
#include <QUrl>
#include <QVector>

#include <vector>

// Where uploads go, as the scheduler's limits see it: one lane per endpoint (UploadQueue's lanes;
// endpoints told apart as EndpointHeaders does) and, for each, the server it is on (scheme, host
// and port: what a per-server limit counts). Lanes are never forgotten; there are as many as
// endpoints ever used, a handful.
class EndpointLanes final {
public:
    explicit EndpointLanes(const EndpointHeaders *headers)
        : m_headers(headers)
    {
    }

    // The lane of `endpoint`, made on first use.
    int laneFor(const QUrl &endpoint);
    const QUrl &endpoint(int lane) const { return m_lanes[size_t(lane)].endpoint; }
    int serverOf(int lane) const { return m_lanes[size_t(lane)].server; }
    int serverCount() const { return int(m_serverOf.size()); }
    // The index of the server `key` (a NetworkPool::serverOf()); -1 when no lane goes there.
    int serverIndex(const QString &key) const { return m_serverOf.value(key, -1); }

    // Whether a waiting upload of `lane` may start, given the requests in flight per server:
    // its endpoint is not held (a token still being looked up) and its server is below
    // `perServer` (0: no limit).
    bool mayStart(int lane, const QVector<int> &usedOn, int perServer) const;
    // Whether a slot freed on `server` would let a waiting upload of `lane` start.
    bool wouldStartWithSlotOn(int server, int lane, const QVector<int> &usedOn,
                              int perServer) const;

private:
    struct Lane {
        QUrl endpoint;
        int server = 0;
    };
    bool held(int lane) const;

    const EndpointHeaders *m_headers;
    std::vector<Lane> m_lanes;
    QHash<QString, int> m_laneOf;   // by EndpointHeaders::keyOf()
    QHash<QString, int> m_serverOf; // by NetworkPool::serverOf()
};
