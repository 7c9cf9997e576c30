#pragma once

#include <QList>
#include <QPair>
#include <QVector>
#include <QUrl>

// One part of an upload sent as several (tus concatenation's partial uploads, S3's parts): the
// file's bytes [begin, end), the server's address for them (empty until created) and how many of
// them the server holds, counted from begin.
struct UploadPart {
    qint64 begin = 0;
    qint64 end = 0;
    QUrl url;
    qint64 confirmed = 0;

    qint64 length() const { return end - begin; }
    bool isDone() const { return confirmed >= length(); }
    friend bool operator==(const UploadPart &a, const UploadPart &b)
    {
        return a.begin == b.begin && a.end == b.end && a.url == b.url
            && a.confirmed == b.confirmed;
    }
};
using UploadParts = QList<UploadPart>;

// What the server holds of each part, as [begin, end) file offsets (ChunkMap::setConfirmedRanges).
QVector<QPair<qint64, qint64>> heldRanges(const UploadParts &parts);

// Stored as text, one part a line: "begin end confirmed url". Lines that do not parse are
// dropped, and then the whole list: a part missing would leave a hole in the file.
QByteArray encodeUploadParts(const UploadParts &parts);
UploadParts decodeUploadParts(const QByteArray &text);
