#include "webdavxml.h"

#include <QUrl>
#include <QXmlStreamReader>

namespace {
constexpr char DavNs[] = "DAV:";

// One <response>, read up to its end: its href and the props of each propstat whose status
// says 200 (a propstat's status comes after its props).
WebDavEntry readResponse(QXmlStreamReader &xml)
{
    WebDavEntry entry;
    WebDavEntry found; // props of the propstat being read
    while (!xml.atEnd()) {
        xml.readNext();
        if (xml.isEndElement() && xml.name() == QLatin1String("response"))
            break;
        if (!xml.isStartElement())
            continue;
        const QStringView name = xml.name();
        if (name == QLatin1String("href") && xml.namespaceUri() == QLatin1String(DavNs)) {
            entry.href = xml.readElementText().trimmed();
        } else if (name == QLatin1String("propstat")) {
            found = WebDavEntry();
        } else if (name == QLatin1String("status")) {
            if (!xml.readElementText().contains(QLatin1String(" 200")))
                continue;
            entry.collection = entry.collection || found.collection;
            if (found.size >= 0)
                entry.size = found.size;
            if (!found.etag.isEmpty())
                entry.etag = found.etag;
            if (!found.checksums.isEmpty())
                entry.checksums = found.checksums;
        } else if (name == QLatin1String("getcontentlength")) {
            bool ok = false;
            const qint64 size = xml.readElementText().trimmed().toLongLong(&ok);
            found.size = ok ? size : -1;
        } else if (name == QLatin1String("getetag")) {
            found.etag = xml.readElementText().trimmed().toUtf8();
        } else if (name == QLatin1String("collection")) {
            found.collection = true;
        } else if (name == QLatin1String("checksums")) {
            // <oc:checksums><oc:checksum>SHA1:… MD5:…</oc:checksum></oc:checksums>
            const QString text = xml.readElementText(QXmlStreamReader::IncludeChildElements);
            found.checksums = text.simplified().toUtf8();
        }
    }
    return entry;
}
} // namespace

namespace WebDavXml {

QByteArray propfindBody()
{
    return QByteArrayLiteral(
        "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n"
        "<d:propfind xmlns:d=\"DAV:\" xmlns:oc=\"http://owncloud.org/ns\">"
        "<d:prop><d:resourcetype/><d:getcontentlength/><d:getetag/><oc:checksums/></d:prop>"
        "</d:propfind>");
}

QList<WebDavEntry> parseMultistatus(const QByteArray &body, bool *ok)
{
    QList<WebDavEntry> entries;
    QXmlStreamReader xml(body);
    bool multistatus = false;
    while (!xml.atEnd()) {
        xml.readNext();
        if (!xml.isStartElement())
            continue;
        if (xml.name() == QLatin1String("multistatus"))
            multistatus = true;
        else if (xml.name() == QLatin1String("response") && multistatus)
            entries << readResponse(xml);
    }
    *ok = multistatus && !xml.hasError();
    return entries;
}

QByteArray checksumOf(const QByteArray &checksums, const QByteArray &algorithm)
{
    for (const QByteArray &item : checksums.split(' ')) {
        const qsizetype colon = item.indexOf(':');
        if (colon > 0 && item.left(colon).compare(algorithm, Qt::CaseInsensitive) == 0)
            return item.mid(colon + 1).trimmed().toLower();
    }
    return {};
}

QString lastSegment(const QString &href)
{
    QString path = QUrl(href).path(QUrl::FullyDecoded);
    while (path.endsWith(QLatin1Char('/')))
        path.chop(1);
    return path.section(QLatin1Char('/'), -1);
}

} // namespace WebDavXml
