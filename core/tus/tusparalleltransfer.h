#pragma once

#include "replydrop.h"
#include "tusprotocol.h"

#include <QPointer>
#include <QVector>

#include <memory>

class QNetworkReply;
class TusTransfer;
class TusVerification;

// One attempt at one tus upload that may send several parts of the file at once.
//
// When the endpoint offers concatenation and the file has enough chunks, the file is split into
// parts on chunk boundaries; each part is a partial upload sent by a TusTransfer over its byte
// range (creation, HEAD on resume, PATCH chunk after chunk), and once every part is complete a
// final POST (Upload-Concat: final;...) with the file's metadata joins them. The final's 201 is
// the upload's completion. Otherwise (no concatenation, a small file, one stream, or an upload
// begun as one stream) it is a plain TusTransfer, whose signals it passes on unchanged.
//
// Parts run at most streamLimit() at once (1 until setStreamLimit raises it). When the limit is
// lowered, a running part stops at its next chunk boundary and resumes later from the server's
// offset. Signals in parts mode: partsConfirmed (the plan), partsCreated, chunkStarted and
// chunkProgressAt (in file offsets), partsConfirmed, streamsChanged, then uploadCreated (the
// final's URL) and completed, or failed. The instant attempt before the parts reports its upload
// through temporaryUploadCreated.
// A part's failure fails the attempt (the retry resumes every part); a part the server lost is
// created again, alone.
class TusParallelTransfer final : public Transfer {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TusParallelTransfer)
public:
    // Fewer chunks than this: one stream. Each part gets at least MinChunksPerPart chunks.
    static constexpr int MinParallelChunks = 4;
    static constexpr int MinChunksPerPart = 2;
    static constexpr int MaxParts = 16;
    // A file larger than streams × this gets a part per this many bytes (up to MaxParts), more
    // parts than streams run now: a tus part's length is fixed when it is created, so only parts
    // planned ahead let a raised limit add streams to a running upload (2 GiB: 16 parts, of which
    // 3 run at Parallel 3 and 8 once it is raised to 8). Smaller files keep a part per stream.
    static constexpr qint64 GrowthPartBytes = 64 * 1024 * 1024;

    TusParallelTransfer(TusProtocol *protocol, const TransferJob &job, QObject *parent = nullptr);
    ~TusParallelTransfer() override;

    void start() override;
    void abort() override;
    void continueAfterCreated() override;
    void setStreamLimit(int streams) override;

    // How a file of `fileSize` is split for `streams` streams (or more, see
    // GrowthPartBytes): on chunk boundaries, in order, without gaps; empty when it is better
    // sent as one stream.
    static UploadParts planParts(qint64 fileSize, qint64 chunkSize, int streams);

private:
    void run();
    void discover();
    void choose(const TusCapabilities &caps);
    void runSingle();
    // Before any part: when the file's hash is known and the server offers instant upload, one
    // upload of the whole file that only answers the proof challenge (TransferJob::instantOnly).
    // Instant: that upload is the result. Declined: it is deleted and the parts go.
    bool tryInstant(const TusCapabilities &caps);
    void startParts();
    // Starts parts while fewer than the limit run; posts the final when all are done.
    void pump();
    void startPart(int index);
    // Stops a part (at a chunk boundary, or for good) and forgets its transfer.
    void retirePart(int index);
    void onPartConfirmed(int index, qint64 offset);
    void onPartCompleted(int index);
    void postFinal();
    void onFinalFinished();
    void finishCompleted(const UploadCheck &check);
    QByteArray partReference(const QUrl &url) const;
    int runningParts() const;
    void reportStreams();
    void fail(const TransferError &error);
    void dropReply();

    TusProtocol *m_protocol;
    TransferJob m_job;
    // The parts stand or fall together: once one failed, the others' requests are freed, not
    // aborted (endReply()).
    std::shared_ptr<RequestGroup> m_requests = std::make_shared<RequestGroup>();
    std::unique_ptr<TusTransfer> m_single; // one-stream mode, or the instant attempt
    UploadParts m_parts;
    QVector<TusTransfer *> m_partTransfers; // per part, null while not running; children
    QVector<qint64> m_chunkBegin;           // per part, the file offset of its chunk in flight
    QVector<bool> m_doneNow;                // per part, complete as the server said this attempt
    QPointer<QNetworkReply> m_reply;        // the final POST
    TusVerification *m_verification;        // of the joined upload; a child
    QMetaObject::Connection m_probed;       // waiting for the endpoint's capabilities
    int m_limit = 1;
    int m_reportedInUse = -1;
    int m_reportedWanted = -1;
    bool m_finalAgain = false; // a final answered 404/410 once: parts re-checked
    bool m_started = false;
    bool m_finished = false;
};
