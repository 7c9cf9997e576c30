#pragma once

#include "replydrop.h"
#include "s3target.h"
#include "s3xml.h"
#include "transfer.h"

#include <QPointer>
#include <QVector>

#include <atomic>
#include <memory>
#include <optional>

class S3PartPut;
class S3Protocol;
class S3Request;
class S3Verification;
class TransferFile;
struct S3Answer;

// One attempt at a multipart upload: CreateMultipartUpload (or, for a job whose parts name an
// upload, ListParts page by page), UploadPart for every part the server does not hold (several
// at once, up to the stream limit), then CompleteMultipartUpload with every part in order.
//
// Parts are reported as TusParallelTransfer reports them, so the scheduler's stream allocation,
// chunk map and store work unchanged: partsCreated(parts) as soon as the upload exists (each
// part's url its S3PartAddress; with holdAfterCreate nothing is sent until
// continueAfterCreated()) and again whenever a part's ETag arrives, so the store keeps it;
// partsConfirmed(parts) for what the server holds; chunkStarted and chunkProgressAt per part in
// file offsets; streamsChanged(inUse, wanted). A part is one request: a lowered limit lets the
// running ones finish and starts no more.
//
// A resumed upload trusts only the server's listing: a part listed with its size is done (its
// ETag the listed one) and never sent again; any other is sent. An upload the server no longer
// knows (NoSuchUpload: aborted, expired) is reported by uploadLost() and begun anew, once.
class S3MultipartTransfer final : public Transfer {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(S3MultipartTransfer)
public:
    static constexpr qint64 MinPartSize = 8 * 1024 * 1024;
    static constexpr int MaxParts = 10000;

    S3MultipartTransfer(S3Protocol *protocol, const TransferJob &job, QObject *parent = nullptr);
    ~S3MultipartTransfer() override;

    void start() override;
    void abort() override;
    void continueAfterCreated() override;
    void setStreamLimit(int streams) override;

    // max(8 MiB, ceil(size / 10,000)), rounded up to whole MiB: at most 10,000 parts, every one
    // but the last at least 5 MiB (S3's EntityTooSmall cannot happen).
    static qint64 partSizeFor(qint64 fileSize);
    // The file's parts, in order, without gaps; one part for a file of at most one part.
    static UploadParts planParts(qint64 fileSize);

private:
    void run();
    // After the file was found unchanged: resumes the parts of the job, or creates the upload.
    void begin();
    void create();
    void onCreated(const S3Answer &answer);
    void listParts(int marker);
    void onListed(const S3Answer &answer, int marker);
    void applyListing();
    void pump();
    void startPart(int index);
    void onPartSent(int index, const QByteArray &etag);
    void retirePart(int index);
    void complete();
    void onCompleted(const S3Answer &answer);
    // After the parts were joined: the object's ETag against the one the parts' MD5s give (those
    // of parts sent before this attempt are read again, off this thread).
    void verify();
    void finishChecked(const UploadCheck &check, const TransferError &mismatch);
    // NoSuchUpload: say so, then begin a new upload (once per attempt).
    void uploadGone();
    // Emits partsCreated and partsConfirmed; false when aborted or deleted meanwhile.
    bool reportParts(bool created);
    int runningParts() const;
    // Running parts still sending bytes (not only awaiting their answer).
    int sendingParts() const;
    // Whether pump() may start one more part now (TransferJob::overlapAnswers).
    bool mayStartPart() const;
    void reportStreams();
    void fail(const TransferError &error);
    void dropControl();
    QUrl objectUrl(const QList<QPair<QString, QString>> &query) const;
    // The job's parts when they name one multipart upload of this file (resume), else empty.
    bool adoptJobParts();

    S3Protocol *m_protocol;
    TransferJob m_job;
    TransferFile *m_file; // a child
    std::optional<S3Target> m_target;
    QString m_key;
    QString m_uploadId;
    UploadParts m_parts;
    QVector<S3PartPut *> m_puts; // running, by part index (children)
    // The parts stand or fall together: once one failed, the others' requests are freed, not
    // aborted (endReply()).
    std::shared_ptr<RequestGroup> m_requests = std::make_shared<RequestGroup>();
    QVector<QByteArray> m_md5s; // by part index: the MD5 it was sent with, this attempt
    QPointer<S3Verification> m_verification;
    std::shared_ptr<std::atomic_bool> m_hashCancel; // parts' MD5s read again in verify()
    QPointer<S3Request> m_control;                  // Create, ListParts or Complete in flight
    QList<S3Xml::ListedPart> m_listed;              // ListParts pages read so far
    int m_limit = 1;
    bool m_held = false; // waiting for continueAfterCreated()
    bool m_lostOnce = false;
    bool m_started = false;
    bool m_finished = false;
    int m_reportedInUse = -1;
    int m_reportedWanted = -1;
};
