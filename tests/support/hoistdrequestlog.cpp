#include "hoistdrequestlog.h"

#include <QFile>
#include <QHash>
#include <QJsonObject>

namespace {
// "key=value" words after "request end METHOD PATH"; "-" for an absent value.
QHash<QByteArray, QByteArray> fields(const QList<QByteArray> &words)
{
    QHash<QByteArray, QByteArray> out;
    for (const QByteArray &word : words) {
        const int eq = word.indexOf('=');
        if (eq > 0)
            out.insert(word.left(eq), word.mid(eq + 1));
    }
    return out;
}

QJsonValue orNull(const QByteArray &value)
{
    return value.isEmpty() || value == "-" ? QJsonValue() : QJsonValue(QString::fromLatin1(value));
}
} // namespace

void HoistdRequestLog::restart(const QString &path, qint64 offset)
{
    m_path = path;
    m_offset = offset;
    m_stats = PeerStats();
}

void HoistdRequestLog::resetStats()
{
    update();
    m_stats.maxInFlight = m_stats.inFlight;
    m_stats.byMethod.clear();
    m_stats.bodyBytes = 0;
    m_stats.log = QJsonArray();
}

void HoistdRequestLog::update()
{
    QFile file(m_path);
    if (!file.open(QIODevice::ReadOnly) || !file.seek(m_offset))
        return;
    const QByteArray appended = file.readAll();
    const int end = appended.lastIndexOf('\n');
    if (end < 0)
        return;
    m_offset += end + 1;
    for (const QByteArray &line : appended.left(end).split('\n'))
        take(line);
}

void HoistdRequestLog::take(const QByteArray &line)
{
    static const QByteArray Prefix = "hoistd: request ";
    if (!line.startsWith(Prefix))
        return;
    const QList<QByteArray> words = line.mid(Prefix.size()).split(' ');
    if (words.size() < 3)
        return;
    if (words[0] == "begin") {
        ++m_stats.inFlight;
        m_stats.maxInFlight = qMax(m_stats.maxInFlight, m_stats.inFlight);
        return;
    }
    if (words[0] != "end")
        return;
    const QString method = QString::fromLatin1(words[1]);
    const QHash<QByteArray, QByteArray> f = fields(words.mid(3));
    const qint64 received = f.value("received").toLongLong();
    if (f.value("content-length").toLongLong() > 0) {
        m_stats.inFlight = qMax(0, m_stats.inFlight - 1);
        m_stats.bodyBytes += received;
    }
    m_stats.byMethod[method] += 1;
    QJsonObject entry;
    entry.insert(QLatin1String("method"), method);
    entry.insert(QLatin1String("url"), QString::fromLatin1(words[2]));
    entry.insert(QLatin1String("uploadOffset"), orNull(f.value("upload-offset")));
    entry.insert(QLatin1String("uploadLength"), orNull(f.value("upload-length")));
    entry.insert(QLatin1String("contentLength"), orNull(f.value("content-length")));
    entry.insert(QLatin1String("status"), f.value("status").toInt()); // "cut": 0
    entry.insert(QLatin1String("responseOffset"), orNull(f.value("response-offset")));
    entry.insert(QLatin1String("socketBytes"), double(received));
    m_stats.log.append(entry);
}
