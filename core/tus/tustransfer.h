#pragma once

#include "instantwire.h"
#include "tusprotocol.h"
#include "tusrequests.h"
#include "tusrequestsize.h"
#include "tusverification.h"

#include <QPointer>

#include <functional>
#include <memory>
#include <optional>

class QNetworkAccessManager;
class QNetworkReply;
class ReadAheadDevice;
class RequestGroup;
class TusBodySource;
class TusDiscovery;
class TusInstantProof;
class TusRequestWatch;

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
// A request carries one chunk, or a run of chunks (TusRequestSize). Its body is checked, opened
// and read off this thread (TusBodySource): nothing here touches the file.
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
    TusTransfer(TusProtocol *protocol, const TransferJob &job, QObject *parent = nullptr,
                const TusRange &range = {});
    ~TusTransfer() override;

    void start() override;
    void abort() override;
    void continueAfterCreated() override;
    // A part of an upload sent in parallel: the requests it stands or falls with (endReply()).
    void setRequestGroup(std::shared_ptr<const RequestGroup> group);

Q_SIGNALS:
    // TransferJob::instantOnly: the server asked for no proof, or did not accept it, so the file
    // has to be sent after all. The upload made for the attempt is deleted (termination) and the
    // transfer ends without completed() or failed().
    void instantDeclined();

private:
    using Handler = void (TusTransfer::*)(QNetworkReply *);
    using Sender = void (TusTransfer::*)(ReadAheadDevice *body, const QByteArray &checksum);

    void run();
    // With the endpoint's capabilities known (TusDiscovery): creates or resumes.
    void proceed();
    void create();
    void head();
    void sendNext();
    void postWithBody(ReadAheadDevice *body, const QByteArray &checksum);
    void patch(ReadAheadDevice *body, const QByteArray &checksum);
    // Calls `next` once the file is found unchanged (off this thread); fails otherwise.
    void withFileUnchanged(std::function<void()> next);
    // Makes the body for [begin, end) ready (checked, opened, its checksum computed), announces
    // it, and hands it to `send`; fails when it cannot be.
    void withBody(qint64 begin, qint64 end, Sender send);
    void prefetchChecksum(qint64 sentEnd);
    // The server does not know the upload (any more): say so, then create a new one.
    void recreateLostUpload();

    // Instant upload: after creation, prove the content when the server
    // asked for it, else send the first chunk.
    void afterCreated();
    void sendProof(const QByteArray &proofHex);
    void onProofFinished(QNetworkReply *reply);
    void declineInstant();

    void onCreateFinished(QNetworkReply *reply);
    void onHeadFinished(QNetworkReply *reply);
    void onPatchFinished(QNetworkReply *reply);

    // Sends through the network manager, owns the reply and routes its end to `handler`.
    void track(QNetworkReply *reply, Handler handler);
    void dropReply();
    // On abort: hands a creation whose request has all left to the protocol, to be answered.
    void letCreationFinish();
    // Emits offsetConfirmed; false when the transfer was aborted or deleted meanwhile.
    bool confirm(qint64 offset);
    // The body in flight found the file shorter than its range: fails, and says so.
    bool failIfBodyTruncated();
    void fail(const TransferError &error);
    // The server holds everything: verify its copy (TusVerification), then finish.
    void complete();
    void finishCompleted(const UploadCheck &check);
    // hoistd refused the content as not the SHA-256 declared (a 400 naming its copy's hash).
    bool failIfContentRefused(QNetworkReply *reply);
    // The manager this transfer's requests go through, lent for as long as it runs.
    QNetworkAccessManager *network();
    QString fileLabel() const;

    TusProtocol *m_protocol;
    TransferJob m_job;
    qint64 m_base = 0;   // the file offset of the upload's first byte
    qint64 m_length = 0; // the upload's length: the file's, or the range's
    bool m_partial = false;
    TusCapabilities m_caps;
    bool m_heldAfterCreate = false;                    // waiting for continueAfterCreated()
    std::optional<InstantWire::Challenge> m_challenge; // from the 201, until answered
    TusDiscovery *m_discovery;                         // a child
    TusBodySource *m_source;                           // a child
    TusInstantProof *m_instant;                        // a child
    TusVerification *m_verification;                   // a child
    TusRequestWatch *m_watch;                          // a child: the request in flight
    TusRequests m_requests;
    TusRequestSize m_requestSize;
    bool m_verifying = false;
    int m_checksumRetries = 0; // 460 answers in a row to the chunk being sent
    qint64 m_offset = 0;       // what the server last confirmed
    qint64 m_chunkBegin = 0;   // the request in flight carries [m_chunkBegin, m_chunkEnd)
    qint64 m_chunkEnd = 0;
    NetworkLease m_lease;
    bool m_lostOnce = false;     // uploadLost handled once; a second time is an error
    bool m_conflictHead = false; // a 409 was answered with a HEAD, no PATCH succeeded since
    Handler m_handler = nullptr; // where the watched request's end goes
    QPointer<ReadAheadDevice> m_body;
    bool m_started = false;
    bool m_finished = false;
};
