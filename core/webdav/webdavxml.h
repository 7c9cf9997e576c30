#pragma once

#include <QByteArray>
#include <QList>
#include <QString>

// What a PROPFIND's 207 Multi-Status says of each resource: the parts Hoist asks for.
struct WebDavEntry {
    QString href; // as the server wrote it (percent-encoded path, or a full URL)
    bool collection = false;
    qint64 size = -1; // getcontentlength; -1 when not given
    QByteArray etag;  // getetag, quotes and W/ kept
    // oc:checksums / OC-Checksum, e.g. "SHA1:ab12… MD5:cd34…"; empty when none.
    QByteArray checksums;
};

namespace WebDavXml {
// The body of a PROPFIND asking for size, etag, type and (ownCloud/Nextcloud) checksums.
QByteArray propfindBody();
// The entries of a multistatus body whose propstat said 200; nullopt-like: `ok` false when the
// body is not a multistatus document.
QList<WebDavEntry> parseMultistatus(const QByteArray &body, bool *ok);
// The hex digest a checksum list gives for `algorithm` ("SHA256", "SHA1", "MD5"), lower case;
// empty when it has none for it.
QByteArray checksumOf(const QByteArray &checksums, const QByteArray &algorithm);
// The last path segment of an href, decoded ("3" of ".../upload-id/3").
QString lastSegment(const QString &href);
} // namespace WebDavXml
