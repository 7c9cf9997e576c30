#pragma once

#include <QList>
#include <QPair>
#include <QUrl>
#include <QVector>

// One part of an upload sent as several (tus concatenation's partial uploads, S3's parts): the
// file's bytes [begin, end), the server's address for them (empty until created), how many of
// them the server holds, counted from begin, and the server's name for the part's content once
// it holds all of it (S3's ETag; empty for tus).
struct UploadPart {
    qint64 begin = 0;
    qint64 end = 0;
    QUrl url;
    qint64 confirmed = 0;
    QByteArray etag;

    qint64 length() const { return end - begin; }
    bool isDone() const { return confirmed >= length(); }
    friend bool operator==(const UploadPart &a, const UploadPart &b)
    {
        return a.begin == b.begin && a.end == b.end && a.url == b.url && a.confirmed == b.confirmed
               && a.etag == b.etag;
    }
};
using UploadParts = QList<UploadPart>;

// What the server holds of each part, as [begin, end) file offsets (ChunkMap::setConfirmedRanges).
QVector<QPair<qint64, qint64>> heldRanges(const UploadParts &parts);

// Stored as text, one part a line: "begin end confirmed url [etag]", the etag percent-encoded
// (quotes kept) and left out when empty, so lines written before it existed read back. A line
// that does not parse drops the whole list: a part missing would leave a hole in the file.
QByteArray encodeUploadParts(const UploadParts &parts);
UploadParts decodeUploadParts(const QByteArray &text);
