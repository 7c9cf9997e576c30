#include "nginxaccesslog.h"

namespace {
constexpr int Fields = 10;

// "127.0.0.1:8081, 127.0.0.1:8082" (or "-"): the ports.
QList<quint16> ports(const QByteArray &field)
{
    QList<quint16> out;
    for (const QByteArray &address : field.split(',')) {
        const QByteArray a = address.trimmed();
        const int colon = a.lastIndexOf(':');
        if (colon > 0)
            out << quint16(a.mid(colon + 1).toUInt());
    }
    return out;
}

// "200, 502" (or "-"); nginx separates the upstreams of an internal redirect by " : ".
QList<int> numbers(const QByteArray &field)
{
    QList<int> out;
    for (QByteArray part : QByteArray(field).replace(':', ',').split(',')) {
        part = part.trimmed();
        if (!part.isEmpty() && part != "-")
            out << part.toInt();
    }
    return out;
}

double lastTime(const QByteArray &field)
{
    const QList<QByteArray> parts = QByteArray(field).replace(':', ',').split(',');
    return parts.isEmpty() ? 0 : parts.last().trimmed().toDouble();
}
} // namespace

QList<NginxLogEntry> NginxAccessLog::parse(const QByteArray &text)
{
    QList<NginxLogEntry> entries;
    for (const QByteArray &line : text.split('\n')) {
        const QList<QByteArray> f = line.split('\t');
        if (f.size() != Fields)
            continue; // an empty last line, or a line written half-way as we read
        NginxLogEntry e;
        e.at = f[0].toDouble();
        e.method = f[1];
        e.uri = f[2];
        e.status = f[3].toInt();
        e.upstreamPorts = ports(f[4]);
        e.upstreamStatuses = numbers(f[5]);
        e.requestLength = f[6].toLongLong();
        e.bytesSent = f[7].toLongLong();
        e.requestTime = f[8].toDouble();
        e.upstreamResponseTime = lastTime(f[9]);
        entries << e;
    }
    return entries;
}

QMap<quint16, int> NginxAccessLog::servedPerUpstream(const QList<NginxLogEntry> &entries,
                                                     const QByteArray &method)
{
    QMap<quint16, int> counts;
    for (const NginxLogEntry &e : entries) {
        if (method.isEmpty() || e.method == method)
            ++counts[e.servedBy()];
    }
    return counts;
}

QMap<int, int> NginxAccessLog::statuses(const QList<NginxLogEntry> &entries)
{
    QMap<int, int> counts;
    for (const NginxLogEntry &e : entries)
        ++counts[e.status];
    return counts;
}
