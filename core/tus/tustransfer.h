#pragma once

#include "chunkchecksums.h"
#include "instantwire.h"
#include "tusprotocol.h"
#include "tusverification.h"

#include <QElapsedTimer>
#include <QPointer>
#include <QTimer>

#include <atomic>
#include <functional>
#include <memory>
#include <optional>

class QNetworkAccessManager;
class QNetworkReply;
class QNetworkRequest;
class FileRangeDevice;

// Which bytes of the file one TusTransfer uploads: the whole file (the default), or bytes
// [begin, end) as a partial upload of the concatenation extension, which a final upload joins.
struct TusRange {
    qint64 begin = 0;
    qint64 end = -1; // -1: to the end of the file
    bool partial = false;
};

// One attempt at one tus upload. Steps: OPTIONS (once per endpoint, via TusProtocol) ->
// POST (creation, with the first chunk when creation-with-upload is offered: a file of one chunk
// takes one request) or HEAD (resume) -> PATCH until Upload-Offset == Upload-Length.
//
// A request carries one chunk, or, with TransferJob::maxRequestSize above the chunk size, a run
// of chunks that doubles while a request takes less than GrowBelowMs and halves when one takes
// more than ShrinkAboveMs: each request costs a round trip in which nothing is sent, which on a
// fast or far link is a large share of a chunk's time.
//
// With a partial TusRange, offsets in its signals count from the range's first byte.
//
// Signals, in order: on creation uploadCreated, offsetConfirmed(server offset); on resume
// offsetConfirmed(HEAD offset), or uploadLost then the creation signals when the server no longer
// knows the upload; per chunk chunkStarted, chunkProgress..., offsetConfirmed; finally completed
// or failed. start() never emits synchronously.
class TusTransfer final : public Transfer {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TusTransfer)
public:
    static constexpr qint64 GrowBelowMs = 2000;
    static constexpr qint64 ShrinkAboveMs = 8000;

    TusTransfer(TusProtocol *protocol, const TransferJob &job, QObject *parent = nullptr,
                const TusRange &range = {});
    ~TusTransfer() override;

    void start() override;
    void abort() override;
    void continueAfterCreated() override;

Q_SIGNALS:
    // TransferJob::instantOnly: the server asked for no proof, or did not accept it, so the file
    // has to be sent after all. The upload made for the attempt is deleted (termination) and the
    // transfer ends without completed() or failed().
    void instantDeclined();

private:
    using Handler = void (TusTransfer::*)(QNetworkReply *);

    void run();
    // The endpoint's capabilities from the protocol's one OPTIONS per endpoint, shared by all
    // transfers to it; when that could not find out, an OPTIONS of our own says why.
    void discover();
    void discoverAlone();
    void proceed();
    void create();
    void head();
    void sendNext();
    // POST to the endpoint with Upload-Length and Upload-Metadata or Upload-Concat: partial.
    QNetworkRequest creationRequest() const;
    void postWithBody(qint64 end, const QByteArray &checksum);
    void patch(qint64 begin, qint64 end, const QByteArray &checksum);
    // Calls `next` with the Upload-Checksum value for [begin, end) ("" when not in use), after
    // hashing off this thread unless it was computed while the previous request went.
    void withChecksum(qint64 begin, qint64 end, std::function<void(const QByteArray &)> next);
    void prefetchChecksum(qint64 sentEnd);
    // Opens the body for [begin, end) and announces it; nullptr when the transfer ended.
    FileRangeDevice *openChunk(qint64 begin, qint64 end);
    // The server does not know the upload (any more): say so, then create a new one.
    void recreateLostUpload();

    // Instant upload: after creation, prove the content when the server
    // asked for it, else send the first chunk.
    void afterCreated();
    std::optional<InstantWire::Challenge> challengeFrom(const QNetworkReply *reply) const;
    void sendProof(const QByteArray &proofHex);
    void onProofFinished(QNetworkReply *reply);
    // Whether the creation can expect a proof challenge, which a body sent with it rules out.
    bool mayBeInstant() const;
    void declineInstant();

    void onDiscoverFinished(QNetworkReply *reply);
    void onCreateFinished(QNetworkReply *reply);
    void onHeadFinished(QNetworkReply *reply);
    void onPatchFinished(QNetworkReply *reply);
    void onUploadProgress(qint64 sent);
    void onStalled();

    // Sends through the network manager, owns the reply and routes its end to `handler`.
    void track(QNetworkReply *reply, Handler handler);
    void dropReply();
    // On abort: hands a creation whose request has all left to the protocol, to be answered.
    void letCreationFinish();
    // Emits offsetConfirmed; false when the transfer was aborted or deleted meanwhile.
    bool confirm(qint64 offset);
    bool checkFileUnchanged();
    // The body in flight found the file shorter than its range: fails, and says so.
    bool failIfBodyTruncated();
    void fail(const TransferError &error);
    // The server holds everything: verify its copy (TusVerification), then finish.
    void complete();
    void finishCompleted(const UploadCheck &check);
    // hoistd refused the content as not the SHA-256 declared (a 400 naming its copy's hash).
    bool failIfContentRefused(QNetworkReply *reply);
    qint64 nextChunkEnd(qint64 offset) const;
    // After a request carrying body bytes succeeded: grows or shrinks the next ones.
    void adaptRequestSize();
    // The manager this transfer's requests go through, lent for as long as it runs.
    QNetworkAccessManager *network();
    QString fileLabel() const;

    TusProtocol *m_protocol;
    TransferJob m_job;
    qint64 m_base = 0;   // the file offset of the upload's first byte
    qint64 m_length = 0; // the upload's length: the file's, or the range's
    bool m_partial = false;
    TusCapabilities m_caps;
    bool m_heldAfterCreate = false; // waiting for continueAfterCreated()
    std::optional<InstantWire::Challenge> m_challenge; // from the 201, until answered
    ChunkChecksums *m_checksums; // a child
    TusVerification *m_verification; // a child
    bool m_verifying = false;
    int m_checksumRetries = 0; // 460 answers in a row to the chunk being sent
    qint64 m_offset = 0;     // what the server last confirmed
    qint64 m_chunkBegin = 0; // the request in flight carries [m_chunkBegin, m_chunkEnd)
    qint64 m_chunkEnd = 0;
    qint64 m_chunkSent = 0;
    int m_requestChunks = 1;       // chunks per request now
    QElapsedTimer m_requestClock;  // since the request in flight was sent
    NetworkLease m_lease;
    bool m_lostOnce = false;     // uploadLost handled once; a second time is an error
    bool m_conflictHead = false; // a 409 was answered with a HEAD, no PATCH succeeded since
    QMetaObject::Connection m_probed; // waiting for the protocol's probe
    QPointer<QNetworkReply> m_reply;
    Handler m_handler = nullptr; // where m_reply's end goes
    QPointer<FileRangeDevice> m_body;
    std::shared_ptr<std::atomic_bool> m_proofCancel; // the proof being computed
    QTimer m_stallTimer;
    bool m_started = false;
    bool m_finished = false;
};
