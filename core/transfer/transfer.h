#pragma once

#include "readgate.h"
#include "requestsample.h"
#include "transfererror.h"
#include "uploadcheck.h"
#include "uploadpart.h"

#include <QByteArray>
#include <QList>
#include <QMap>
#include <QObject>
#include <QPair>
#include <QString>
#include <QUrl>

#include <memory>
#include <optional>

using HttpHeader = QPair<QByteArray, QByteArray>;
using HttpHeaders = QList<HttpHeader>;

// Everything one transfer needs, copied from the task when it starts. Protocol-neutral:
// uploadUrl is whatever the protocol uses to find the upload again (a tus upload URL).
struct TransferJob {
    QString filePath;
    qint64 fileSize = 0;
    qint64 modifiedMs = 0; // modification time when queued, ms since the epoch
    QUrl endpoint;
    QUrl uploadUrl; // empty: create a new upload
    qint64 chunkSize = 8 * 1024 * 1024;
    // Requests may carry several chunks, up to this many bytes, while the link is fast enough
    // (see TusTransfer); at most chunkSize when smaller.
    qint64 maxRequestSize = 0;
    int stallTimeoutMs = 30000;
    QMap<QString, QString> metadata; // filename, filetype, relativePath, ...
    HttpHeaders headers;             // extra headers, e.g. Authorization; never logged
    // What request bodies read through (a bandwidth limit); null: as fast as the network takes.
    std::shared_ptr<ReadGate> throttle;
    // After uploadCreated(), send nothing until continueAfterCreated() is called, so the caller
    // can make the upload URL durable first: a crash can then never leave bytes on the server
    // in an upload nobody knows about. Turns creation-with-upload off for the same reason.
    bool holdAfterCreate = false;
    // Parallel parts: how many requests at once the transfer may be granted at most (1: one
    // stream, as always), and the parts of an earlier attempt to resume (then uploadUrl is empty).
    int maxStreams = 1;
    UploadParts parts;
    // Parallel parts under Parallel: Auto: a part whose bytes have all left (its answer awaited:
    // a round trip and the server storing it) no longer counts against the stream limit, so the
    // next part sends meanwhile. A fixed limit stays a cap on requests in flight.
    bool overlapAnswers = false;
    // Parallel: Auto, and the server's distance not known when maxStreams was given (no small
    // request to it timed yet): a transfer that learns before its second stream that the server
    // is near (a round trip under RequestSample::NearServerUs) keeps to one stream, as Auto gives
    // a near server one (its round trip is too short for a window to hold one stream back, and
    // more streams only share the CPU with their server processes).
    bool oneStreamIfNear = false;
    // Only try instant upload (tus: see TusTransfer::instantDeclined): create the upload with the
    // file's hash and answer the server's proof challenge, sending none of the file's bytes.
    bool instantOnly = false;
    // Whom the transfer works for (the scheduler's task id): named again by the answer to a
    // creation that came after the transfer was aborted (see AbandonedUpload).
    quint64 owner = 0;
};

// An upload the server made for a transfer that had been aborted meanwhile: its creation request
// had all left when the abort came, so cutting it would not have kept the server from making the
// upload, only hidden where. Its answer was awaited instead.
struct AbandonedUpload {
    enum class Kind {
        Whole,   // the file's upload (one stream, or the final that joined the parts)
        Part,    // a part of it: bytes [begin, end)
        Attempt, // an instant attempt, made only to be deleted unless it proves the content
    };
    quint64 owner = 0; // TransferJob::owner
    QUrl endpoint;
    QUrl url; // empty: the creation made nothing (refused, or no answer in time)
    Kind kind = Kind::Whole;
    qint64 begin = 0;
    qint64 end = 0;
    // The file it holds the start of, as it was then (TransferJob): only that may go on in it.
    qint64 fileSize = 0;
    qint64 modifiedMs = 0;
};

// One attempt at moving one file: resolve where the server is (create, or ask its offset), then
// send chunk after chunk until the server holds everything, the transfer fails or is aborted.
// A retry is a new Transfer with the uploadUrl the previous one reported.
// After completed() or failed(), and after abort(), it emits nothing more.
class Transfer : public QObject {
    Q_OBJECT
public:
    using QObject::QObject;
    ~Transfer() override = default;

    virtual void start() = 0;
    // Stops at once (pause, cancel, shutdown); the request in flight is aborted, except a
    // creation whose request has all left: its answer is awaited and, when it made an upload,
    // reported by the protocol (TransferProtocol::abandonedCreationAnswered).
    virtual void abort() = 0;
    // With TransferJob::holdAfterCreate: the upload URL is safe, carry on sending.
    virtual void continueAfterCreated() = 0;
    // How many requests this transfer may have in flight from now on (at least 1). A transfer
    // that sends parts in parallel starts more when raised and, when lowered, stops the extra
    // ones at their next chunk boundary; reports both through streamsChanged(). Others ignore it.
    virtual void setStreamLimit(int streams) { Q_UNUSED(streams); }

Q_SIGNALS:
    // The server created the upload; a later attempt resumes it through this URL.
    void uploadCreated(const QUrl &uploadUrl);
    // An upload the transfer makes only for a moment and deletes itself when done with it (tus:
    // the instant attempt before parts): to be kept as one to delete, in case the transfer never
    // gets there (a pause, a crash). With holdAfterCreate it sends nothing more until
    // continueAfterCreated(). When it becomes the upload after all, uploadCreated() names it.
    void temporaryUploadCreated(const QUrl &uploadUrl);
    // The server no longer knows the upload it was given (404/410); a new one will be created.
    void uploadLost();
    // The server holds bytes [0, offset).
    void offsetConfirmed(qint64 offset);
    // A request carrying bytes [begin, end) is on its way.
    void chunkStarted(qint64 begin, qint64 end);
    // Bytes of the chunk in flight that have left this machine so far.
    void chunkProgress(qint64 bytesSent);
    // Just before completed(): the server held the content already (instant upload), no bytes
    // of the file were sent.
    void completedInstantly();
    // Just before completed(): whether the server's copy was shown to match the file, and how.
    // A copy shown to differ fails instead (TransferError::Kind::ContentMismatch).
    void checked(const UploadCheck &check);
    void completed();
    void failed(const TransferError &error);

    // Parallel transfers only, instead of uploadCreated/offsetConfirmed/chunkProgress:
    // A part was created on the server (`parts` lists them all). With holdAfterCreate it sends
    // nothing until continueAfterCreated(), like uploadCreated.
    void partsCreated(const UploadParts &parts);
    // The server holds each part's [begin, begin + confirmed).
    void partsConfirmed(const UploadParts &parts);
    // Bytes of the chunk starting at chunkBegin that have left this machine so far.
    void chunkProgressAt(qint64 chunkBegin, qint64 bytesSent);
    // Requests in flight now, and how many it could use (parts not yet done).
    void streamsChanged(int inUse, int wanted);
};

// A transfer protocol (tus now; S3 multipart later): makes transfers and ends uploads.
// The scheduler never speaks HTTP itself, only through this.
class TransferProtocol : public QObject {
    Q_OBJECT
public:
    using QObject::QObject;
    ~TransferProtocol() override = default;

    virtual std::unique_ptr<Transfer> createTransfer(const TransferJob &job) = 0;
    // Deletes an unfinished upload on the server when the server offers it; best effort,
    // reports through terminated().
    virtual void terminate(const QUrl &uploadUrl, const HttpHeaders &headers) = 0;
    // Learns what the server at `endpoint` offers (once per endpoint), then emits probed(), also
    // when that failed. The default knows nothing more to learn.
    virtual void probe(const QUrl &endpoint, const HttpHeaders &headers)
    {
        Q_UNUSED(headers);
        QMetaObject::invokeMethod(
            this, [this, endpoint] { Q_EMIT probed(endpoint); }, Qt::QueuedConnection);
    }
    // Creations of aborted transfers whose answer is still awaited (abandonedCreationAnswered).
    virtual int abandonedCreationsAwaited() const { return 0; }
    // Whether the server completes an upload whose content it holds from its SHA-256 (see
    // server/INSTANT-UPLOAD.md); nullopt until probe() found out, false when it could not.
    virtual std::optional<bool> offersInstantUpload(const QUrl &endpoint) const
    {
        Q_UNUSED(endpoint);
        return false;
    }
    // Asks whether the server of `endpoint` answers at all (tus: OPTIONS; S3: HEAD bucket), one
    // request, bounded; then serverChecked(). Unlike probe() it is sent every time it is called:
    // it is how an outage's end is found (ServerHealth). The default says it answers.
    virtual void checkServer(const QUrl &endpoint, const HttpHeaders &headers)
    {
        Q_UNUSED(headers);
        QMetaObject::invokeMethod(
            this, [this, endpoint] { Q_EMIT serverChecked(endpoint, TransferError()); },
            Qt::QueuedConnection);
    }
    // The network under us changed: connections kept open for later requests may be dead
    // without knowing it; they are closed now rather than left to time out.
    virtual void dropConnections() {}

Q_SIGNALS:
    // `deleted`: the server answered that the upload is gone (deleted now, or before).
    void terminated(const QUrl &uploadUrl, bool deleted);
    void probed(const QUrl &endpoint);
    // checkServer()'s answer: `error.kind` None when the server answered; else why not.
    void serverChecked(const QUrl &endpoint, const TransferError &error);
    // A creation left to finish by an aborted transfer was answered (see AbandonedUpload).
    void abandonedCreationAnswered(const AbandonedUpload &upload);
    // A request to a server ended, any request the protocol sent: how long it took, what it
    // carried, whether the server refused it for load (what Parallel: Auto learns from).
    void requestFinished(const RequestSample &sample);
};
