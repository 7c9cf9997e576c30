#pragma once

#include <QByteArray>
#include <QList>
#include <QMap>

// One request as the front's nginx logged it (tests/support/nginx/front.conf.in, log_format
// front): what came in, what it answered, and which upstreams it went to.
struct NginxLogEntry {
    double at = 0; // $msec: when it was logged (seconds since the epoch)
    QByteArray method;
    QByteArray uri;
    int status = 0;
    QList<quint16> upstreamPorts;    // every upstream tried, in order (empty: none)
    QList<int> upstreamStatuses;     // their answers, in the same order
    qint64 requestLength = 0;        // request line, headers and body as read from the client
    qint64 bytesSent = 0;            // to the client
    double requestTime = 0;          // first byte from the client to the log line, seconds
    double upstreamResponseTime = 0; // from connecting to the last upstream to its last byte

    // The upstream that gave the answer (the last one tried), 0 if none.
    quint16 servedBy() const { return upstreamPorts.isEmpty() ? 0 : upstreamPorts.last(); }
};

namespace NginxAccessLog {

QList<NginxLogEntry> parse(const QByteArray &text);
// Requests per upstream port that served them (servedBy), of `method` only when it is given.
QMap<quint16, int> servedPerUpstream(const QList<NginxLogEntry> &entries,
                                     const QByteArray &method = {});
// Answers per status code.
QMap<int, int> statuses(const QList<NginxLogEntry> &entries);

} // namespace NginxAccessLog
