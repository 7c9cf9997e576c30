#pragma once

#include <QByteArray>
#include <QDateTime>
#include <QString>
#include <QStringList>
#include <QStringView>

// One upload as hoistd's store records it (UploadStore); its bytes are the store's, reached
// through UploadSink and UploadSource by `id` alone.
struct UploadRecord {
    QString id;             // random, made by the server: 32 lower-case hex digits
    qint64 length = -1;     // Upload-Length; -1 while deferred
    qint64 offset = 0;      // bytes durably stored (made durable before this was recorded)
    QByteArray metadata;    // Upload-Metadata as the client sent it (validated: base64 values)
    QString filename;       // sanitised "filename" from the metadata, for logs; never a path
    QDateTime created;      // UTC
    QDateTime expires;      // UTC; when an unfinished upload may be swept
    QDateTime finished;     // UTC; when offset reached length (--keep-finished counts from it)
    QString owner;          // the user who created it; empty for the anonymous user
    QByteArray contentHash; // SHA-256 of the whole content, once known (instant upload, later)
    // The concatenation extension: a partial upload waits to be joined; a final one was built,
    // complete, from the partial uploads in `parts` (their ids, in order; gone once joined).
    enum class Concat { None = 0, Partial = 1, Final = 2 };
    Concat concat = Concat::None;
    QStringList parts;
    // Where a finished upload is also visible under its client's name (hoistd --named-dir):
    // relative to that folder; empty when it is not (or not yet).
    QString namedPath;

    // Whether `name` has the form every store gives an id: 32 lower-case hex digits.
    static bool isId(QStringView name)
    {
        if (name.size() != 32)
            return false;
        for (const QChar c : name) {
            if (!((c >= u'0' && c <= u'9') || (c >= u'a' && c <= u'f')))
                return false;
        }
        return true;
    }

    bool lengthDeferred() const { return length < 0; }
    bool isFinished() const { return length >= 0 && offset == length; }
    bool isExpired(const QDateTime &now) const
    {
        return !isFinished() && expires.isValid() && expires <= now;
    }
};
