#pragma once

#include "uploadrecord.h"

#include <QDateTime>
#include <QString>

// One upload as PostgreSQL keeps it for the cluster store: the record every store keeps, plus
// where its bytes are in S3 and who may write it.
struct PgUpload {
    UploadRecord record;
    QString multipartId; // S3 UploadId of the upload's multipart upload; empty before the first
    QString tailKey;     // the object holding bytes after the last part; empty when none
    qint64 tailSize = 0;
    int nextPart = 1; // the next part number to allocate (never reused)
    // The lease: who writes it now, under which generation, until when (the database's clock).
    QString leaseHolder; // empty: free
    qint64 generation = 0;
    QDateTime leaseExpires;
    qint64 countedBytes = 0; // what this upload counts in its owner's bytes
    // Not 0: every byte is committed and the holder of this generation decided how the object
    // is made (the recorded parts completed, or else the tail copied); whoever holds the lease
    // now finishes exactly that (PgLeases::finishCompletion). Until then the offset is the one
    // before (the record's isFinished() is false).
    qint64 completing = 0;
};

// One part of an upload's multipart upload, committed under a lease.
struct PgPart {
    int number = 0;
    QString etag;
    qint64 size = 0;
    qint64 offset = 0; // where its bytes start in the upload
    qint64 generation = 0;
};

// Checks on what clients give before it is bound to a statement (lengths and characters),
// so that a hostile value is refused without a round trip.
namespace PgLimits {
inline constexpr int MaxId = 64;
inline constexpr int MaxOwner = 256;
inline constexpr int MaxHolder = 40;
bool isId(const QString &id);         // [A-Za-z0-9_-]{1,64}
bool isOwner(const QString &owner);   // at most 256 characters, no control character
bool isHolder(const QString &holder); // [a-z0-9]{1,40}: an instance's id, part of a channel
} // namespace PgLimits
