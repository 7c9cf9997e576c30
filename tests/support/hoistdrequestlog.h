#pragma once

#include "peerstats.h"

#include <QByteArray>
#include <QString>

// PeerStats from the request lines hoistd --verbose writes (server/http/httpserver.h), read from
// its log file as it grows. Only whole lines count, so a line being written is taken on the next
// read. A body's begin line is matched with its end line by Content-Length > 0 (chunked bodies,
// which Hoist never sends, would not be counted in flight).
class HoistdRequestLog final {
public:
    // A new server process writes from `offset` of `path` on: nothing of it is in flight.
    void restart(const QString &path, qint64 offset);
    // Counters to zero; what is in flight now stays, and is the new maximum.
    void resetStats();
    // Reads what was appended since the last call.
    void update();
    const PeerStats &stats() const { return m_stats; }

private:
    void take(const QByteArray &line);

    QString m_path;
    qint64 m_offset = 0;
    PeerStats m_stats;
};
