#include "uploadpart.h"

QVector<QPair<qint64, qint64>> heldRanges(const UploadParts &parts)
{
    QVector<QPair<qint64, qint64>> held;
    held.reserve(parts.size());
    for (const UploadPart &part : parts)
        held.append({part.begin, part.begin + part.confirmed});
    return held;
}

QByteArray encodeUploadParts(const UploadParts &parts)
{
    QByteArray out;
    for (const UploadPart &p : parts) {
        out += QByteArray::number(p.begin) + ' ' + QByteArray::number(p.end) + ' '
               + QByteArray::number(p.confirmed) + ' ' + p.url.toEncoded();
        if (!p.etag.isEmpty())
            out += ' ' + p.etag.toPercentEncoding("\"");
        out += '\n';
    }
    return out;
}

UploadParts decodeUploadParts(const QByteArray &text)
{
    UploadParts parts;
    qint64 expectedBegin = 0;
    for (const QByteArray &line : text.split('\n')) {
        if (line.isEmpty())
            continue;
        const QList<QByteArray> fields = line.split(' ');
        if (fields.size() != 4 && fields.size() != 5)
            return {};
        bool ok[3] = {};
        UploadPart p;
        p.begin = fields[0].toLongLong(&ok[0]);
        p.end = fields[1].toLongLong(&ok[1]);
        p.confirmed = fields[2].toLongLong(&ok[2]);
        p.url = QUrl::fromEncoded(fields[3]);
        if (fields.size() == 5)
            p.etag = QByteArray::fromPercentEncoding(fields[4]);
        // Parts follow each other without gaps or overlaps, from byte 0.
        if (!ok[0] || !ok[1] || !ok[2] || p.begin != expectedBegin || p.end <= p.begin
            || p.confirmed < 0 || p.confirmed > p.length())
            return {};
        expectedBegin = p.end;
        parts.append(p);
    }
    return parts;
}
