#pragma once

#include "transfererror.h"
#include "uploadcheck.h"
#include "uploadpart.h"
#include "uploadtypes.h"

#include <QByteArray>
#include <QList>
#include <QMetaType>
#include <QString>
#include <QUrl>

// Everything TaskStore keeps about one task: a plain value, copied across threads in queued
// calls. Never credentials or headers; paths and URLs only.
struct TaskRecord {
    TaskId id = 0;
    quint64 sequence = 0; // FIFO order among equals; open() returns records sorted by it
    QString path;
    QString displayName;
    qint64 size = 0;
    qint64 modifiedMs = 0;
    QByteArray fingerprint; // quickFingerprint() when queued; empty when not taken
    QByteArray contentHash; // the file's SHA-256 (32 bytes) once computed; empty until then
    bool instant = false;   // completed by instant upload, without sending the file
    // Whether the server's copy was shown to match the file, and a sentence saying how.
    UploadCheck::Outcome checkOutcome = UploadCheck::Outcome::Unchecked;
    QString checkNote;
    QUrl endpoint;
    QUrl uploadUrl;    // empty until the server created the upload
    UploadParts parts; // sent in parallel: each part's range, URL and confirmed bytes
    // Uploads on the server made for this task that are to be deleted (an instant attempt before
    // parts), kept until a DELETE was answered 204, 404 or 410.
    QList<QUrl> uploadsToDelete;
    Priority priority = Priority::Normal;
    TaskState state = TaskState::Waiting;
    qint64 confirmedBytes = 0;
    qint64 chunkSize = 0;
    QByteArray chunkStates; // one byte per chunk, each a ChunkState
    int retries = 0;
    TransferError::Kind errorKind = TransferError::Kind::None;
    // Why it failed, untranslated: shown in the language in use (schema 9; older rows hold the
    // text in the language they failed in, as plain words).
    TrText errorText;
    // The HTTP status of the answer that failed it; 0: none (schema 10).
    int httpStatus = 0;
    qint64 rateLimit = 0; // the upload's own bandwidth limit, bytes per second; 0: none
    // The most bytes one request may carry (requests grow on fast links); 0: one chunk. Kept so
    // that an upload queued with --chunk-size (a proxy's body limit) keeps to it when resumed.
    qint64 maxRequestSize = 0;
    qint64 createdMs = 0;
    qint64 updatedMs = 0;
    // When it last reached Success or Error (ms since the epoch); 0 while unfinished.
    qint64 finishedMs = 0;
};

Q_DECLARE_METATYPE(TaskRecord)
