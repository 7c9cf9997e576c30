#include "endpointlanes.h"

#include "networkpool.h"

int EndpointLanes::laneFor(const QUrl &endpoint)
{
    const QString key = EndpointHeaders::keyOf(endpoint);
    const auto known = m_laneOf.constFind(key);
    if (known != m_laneOf.constEnd())
        return *known;
    // Requests to one server share its limit, whatever the path.
    const QString serverKey = NetworkPool::serverOf(endpoint);
    auto server = m_serverOf.constFind(serverKey);
    if (server == m_serverOf.constEnd())
        server = m_serverOf.insert(serverKey, int(m_serverOf.size()));
    const int lane = int(m_lanes.size());
    m_lanes.push_back({endpoint, *server});
    m_laneOf.insert(key, lane);
    return lane;
}

bool EndpointLanes::held(int lane) const
{
    return m_headers->anyHeld() && m_headers->isHeld(endpoint(lane));
}

bool EndpointLanes::mayStart(int lane, const QVector<int> &usedOn, int perServer) const
{
    if (perServer > 0 && usedOn.value(serverOf(lane)) >= perServer)
        return false;
    return !held(lane);
}

bool EndpointLanes::wouldStartWithSlotOn(int server, int lane, const QVector<int> &usedOn,
                                         int perServer) const
{
    // Another server's upload that its own limit keeps waiting gains nothing from our slot.
    const int other = serverOf(lane);
    if (other != server && perServer > 0 && usedOn.value(other) >= perServer)
        return false;
    return !held(lane);
}
