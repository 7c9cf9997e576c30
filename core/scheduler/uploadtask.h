#pragma once

#include "attemptlog.h"
#include "chunkmap.h"
#include "ratemeter.h"
#include "transfererror.h"
#include "uploadcheck.h"
#include "uploadpart.h"
#include "uploadtypes.h"

#include <QHash>
#include <QString>
#include <QUrl>

#include <memory>

class TaskDriver;
struct AnswerHold;
struct ServerOutage;
struct TaskRecord;

// One file to upload and everything known about it. Owned by UploadScheduler; it and its helpers
// (the TaskDriver of its transfer while it runs, OrphanUploads) change it through its methods;
// everyone else reads through const pointers and learns of changes through the scheduler's signals.
// The task keeps its own byte accounting (what the server confirmed, what is in flight, what the
// bar shows, the chunk map and the speed) from what its transfer reports.
class UploadTask final {
    Q_DISABLE_COPY_MOVE(UploadTask)
public:
    UploadTask(TaskId id, QString path, QString displayName, qint64 size, qint64 modifiedMs,
               QUrl endpoint, Priority priority, qint64 chunkSize);

    // A task as a store kept it: one that was uploading waits again (its file is checked before
    // it goes on); the rest stay as they were.
    static std::unique_ptr<UploadTask> fromRecord(const TaskRecord &record);
    // What a store keeps of it (a chunk in flight is stored as pending).
    TaskRecord toRecord(qint64 nowMs) const;

    TaskId id() const { return m_id; }
    const QString &path() const { return m_path; }
    // The name a person knows it by: the file name, or its path inside a dropped folder.
    const QString &displayName() const { return m_displayName; }
    qint64 size() const { return m_size; }
    qint64 modifiedMs() const { return m_modifiedMs; }
    const QUrl &endpoint() const { return m_endpoint; }
    Priority priority() const { return m_priority; }
    TaskState state() const { return m_state; }
    // While Uploading: hashing the file, or transferring it. Transferring in every other state.
    TaskPhase phase() const
    {
        return m_state == TaskState::Uploading ? m_phase : TaskPhase::Transferring;
    }
    // Of the file's bytes, the fraction hashed so far (0..1); meaningful while phase() is Hashing.
    double hashProgress() const
    {
        return m_size > 0 ? double(m_hashedBytes) / double(m_size) : 0.0;
    }
    // The file's SHA-256 (32 raw bytes), empty until computed or when hashing was off.
    const QByteArray &contentHash() const { return m_contentHash; }
    const QUrl &uploadUrl() const { return m_uploadUrl; }
    // Completed without sending the file: the server held its content (instant upload).
    bool instant() const { return m_instant; }
    // Whether the server's copy was shown to match the file once it was done, and how.
    const UploadCheck &check() const { return m_check; }
    // Sent as parts in parallel: each part's byte range, URL and confirmed bytes. Empty when the
    // upload is one stream.
    const UploadParts &parts() const { return m_parts; }
    // Uploads on the server made for this task that are to be deleted (OrphanUploads).
    const QList<QUrl> &uploadsToDelete() const { return m_uploadsToDelete; }
    // Requests this task may have in flight at once (1, or more when its parts run in parallel).
    int streams() const { return qMax(m_streamLimit, m_streamsInUse); }
    // Bytes the server has confirmed holding.
    qint64 confirmedBytes() const { return m_confirmed; }
    // What the progress bar shows: confirmed plus in flight, never going backwards while a
    // transfer runs; when it stops (paused, failed, restored) only what the server confirmed.
    qint64 shownBytes() const { return m_shown; }
    double progress() const
    {
        return m_size > 0 ? double(m_shown) / double(m_size)
                          : (m_state == TaskState::Success ? 1.0 : 0.0);
    }
    const ChunkMap &chunks() const { return m_chunks; }
    int retries() const { return m_retries; }
    TransferError::Kind errorKind() const { return m_errorKind; }
    // In the language installed now; the cause itself is kept untranslated (errorText()).
    QString errorMessage() const { return m_errorText.toString(); }
    const TrText &errorText() const { return m_errorText; }
    // The HTTP status of the server's answer that failed it (401: it wants a token); 0 when the
    // failure was no HTTP answer (a refused connection, an unreadable file) or there is none.
    int httpStatus() const { return m_httpStatus; }
    // What was being done when the error came, and the network library's words (this run only).
    QString errorDetail() const { return m_errorDetailText.toString(); }
    // A note for a person that is not an error (e.g. "waiting to retry", "server lost the upload",
    // "Server unreachable since 13:11 · next try").
    const QString &statusNote() const;
    // When a waiting task may start again after a failure (ms since the epoch), 0 if now; while
    // it waits for its server to answer again, when the server is asked next.
    qint64 retryAtMs() const;
    // Waiting because its server does not answer (see ServerHealth): it starts when it does.
    bool waitingForServer() const;
    // Waiting because a question put to a person holds its lane (AnswerWaits): an unknown host
    // key, a password. It starts once answered; statusNote() says which.
    bool waitingForAnswer() const;
    // Uploading, and its transfer waits for the person's answer (its file is on the server
    // already: ExistingFileWaits): what its row says meanwhile; empty otherwise.
    QString awaitedAnswer() const
    {
        return m_state == TaskState::Uploading ? m_awaitedAnswer : QString();
    }
    double speed() const { return m_speed; }
    // Seconds left at the current speed, -1 when unknown.
    qint64 secondsLeft() const;
    // This upload's own bandwidth limit in bytes per second, 0 when it has none.
    qint64 rateLimit() const { return m_rateLimit; }
    // The most bytes one request may carry; 0: one chunk.
    qint64 maxRequestSize() const { return m_maxRequestSize; }
    // Order among equals: tasks queued earlier have lower sequences.
    quint64 sequence() const { return m_sequence; }
    // When it was queued, and when it last reached Success or Error (0 while unfinished); ms
    // since the epoch.
    qint64 createdMs() const { return m_createdMs; }
    qint64 finishedMs() const { return m_finishedMs; }
    // Nothing of it reached a server yet: waiting, with no upload created and nothing confirmed.
    bool isUnstarted() const;
    // Its last tries, this run only (not stored).
    const AttemptLog &attempts() const { return m_attempts; }

    // When it may start again after its own back-off (ms since the epoch), 0 if now; unlike
    // retryAtMs(), never its server's next try.
    qint64 ownRetryAtMs() const { return m_retryAtMs; }
    // Monotonic ms of the first transient failure since bytes last moved; 0 while moving.
    qint64 stuckSinceMs() const { return m_stuckSinceMs; }
    const QByteArray &fingerprint() const { return m_fingerprint; }
    // Restored: the file is checked to be what was queued before the upload goes on.
    bool verifyBeforeStart() const { return m_verifyBeforeStart; }
    int lane() const { return m_lane; }
    TaskDriver *driver() const { return m_driver; }
    quint64 holdToken() const { return m_holdToken; }
    int streamLimit() const { return m_streamLimit; }
    int streamsInUse() const { return m_streamsInUse; }
    int streamsWanted() const { return m_streamsWanted; }

    // ---- Changes: for the engine only (everyone else holds a const task) -------------------
    // Its state changes in one place, moveTo(), which TaskTable::setState calls for
    // UploadScheduler::setState (which keeps the queue, the running set and the listeners in
    // step). The named changes below make the task ready for the state it is about to enter.

    // Whether a task in `from` may go to `to`.
    static bool mayMove(TaskState from, TaskState to);
    bool mayMoveTo(TaskState to) const { return mayMove(m_state, to); }
    // Enters `state` (allowed by mayMoveTo()); a finished task notes when.
    void moveTo(TaskState state, qint64 nowMs);

    // Queued now as the `sequence`-th task, its requests up to `maxRequestSize`.
    void queued(quint64 sequence, qint64 maxRequestSize, const QByteArray &fingerprint,
                qint64 nowMs);
    // Made in Error: its path cannot be uploaded (before it is added anywhere).
    void rejected(TransferError::Kind kind, const TrText &message, qint64 nowMs);
    // Its scheduler lane and its server's outage record (ServerHealth::recordFor).
    void setLane(int lane, std::shared_ptr<const ServerOutage> outage);
    // Its lane's record of the questions that hold it (AnswerWaits::holdOfLane).
    void setAnswerHold(std::shared_ptr<const AnswerHold> hold) { m_answerHold = std::move(hold); }
    // Sent elsewhere: a new upload to `endpoint` (the caller ends the old ones).
    void moveToEndpoint(const QUrl &endpoint, int lane, std::shared_ptr<const ServerOutage> outage);
    void setPriority(Priority priority) { m_priority = priority; }
    void setRateLimit(qint64 bytesPerSecond) { m_rateLimit = qMax<qint64>(0, bytesPerSecond); }
    void setStatusNote(const QString &note) { m_statusNote = note; }
    // While Uploading: the person's answer it waits for (an existing file); empty when none.
    void setAwaitedAnswer(const QString &note) { m_awaitedAnswer = note; }

    // An attempt begins (about to enter Uploading), hashing first or transferring.
    void start(TaskPhase phase, qint64 nowMs);
    void startHashing();
    void setHashedBytes(qint64 bytes) { m_hashedBytes = bytes; }
    // Checked and, when `contentHash` is not empty, hashed: ready for its transfer.
    void prepared(const QByteArray &contentHash);
    // Its transfer runs through `driver` (owned by the scheduler); detachDriver() lets go of it.
    void attach(TaskDriver *driver);
    TaskDriver *detachDriver();
    void setHoldToken(quint64 token) { m_holdToken = token; }
    void setStreamLimit(int streams) { m_streamLimit = streams; }
    void setStreams(int inUse, int wanted);
    // The attempt ended (the first end counts; later ones are ignored).
    void endAttempt(UploadAttempt::Outcome outcome, const QString &message, qint64 nowMs);
    // Its transfer stopped: no stream, no token, nothing in flight.
    void stopped();

    // What its transfer learned.
    void setUploadUrl(const QUrl &url) { m_uploadUrl = url; }
    void setParts(const UploadParts &parts) { m_parts = parts; }
    void clearParts() { m_parts.clear(); }
    // A part made by a transfer that stopped: taken back where the plan has no URL for it.
    bool adoptPart(qint64 begin, qint64 end, const QUrl &url);
    void completedInstantly() { m_instant = true; }
    void setCheck(const UploadCheck &check) { m_check = check; }
    // Uploads made for it that are to be deleted (OrphanUploads keeps the list).
    void addUploadToDelete(const QUrl &url) { m_uploadsToDelete.append(url); }
    bool removeUploadToDelete(const QUrl &url) { return m_uploadsToDelete.removeAll(url) > 0; }
    // Drops from that list what is its own upload after all; whether any was.
    bool keepOwnUploads();

    // Waits: for the person (pause), to start again at once, for its server, after a back-off.
    void pause();
    void waitNow() { m_retryAtMs = 0; }
    void waitForServer();
    void waitForRetry(qint64 atWallMs, const QString &note);
    // Failed with `error`, said as `message` (about to enter Error).
    void fail(const TransferError &error, const TrText &message, qint64 nowMs);
    // Failed again while in Error, for `error`, said as its cause.
    void failAgain(const TransferError &error);
    // Succeeded: the server holds it all (through TaskTable::reshape).
    void succeed();
    // Retries: one more counted (returns how many now), the first stuck moment noted, the count
    // forgotten; progressed() forgets both and says whether there had been retries.
    int countRetry() { return ++m_retries; }
    void noteStuck(qint64 monotonicMs);
    void forgetRetries() { m_retries = 0; }
    bool progressed();
    // A failed upload begins again with what the file holds now (read off the GUI thread by
    // FileRecheck): a fresh upload (the caller ends the old one) of that size, time and
    // fingerprint.
    void restartWithFile(qint64 size, qint64 modifiedMs, const QByteArray &fingerprint);
    // Forgets a failure and its retries: the task starts its tries afresh.
    void clearFailure();
    // An unstarted task is to send the newer version of its file that was just queued again.
    void takeNewerFile(qint64 size, qint64 modifiedMs, const QByteArray &fingerprint, qint64 nowMs);

    // Byte accounting, from what the transfer reports (file offsets; now in ms).
    void resetProgress();
    // The server holds [0, offset).
    void confirmOffset(qint64 offset, qint64 nowMs);
    // A request carrying [begin, end) is on its way.
    void startRequest(qint64 begin, qint64 end);
    // Bytes of the request in flight that left this machine.
    void requestProgress(qint64 sent, qint64 nowMs);
    // Parallel parts: the server holds each part's start.
    void confirmParts(const UploadParts &parts, qint64 nowMs);
    void partProgress(qint64 chunkBegin, qint64 sent, qint64 nowMs);
    // The server holds the whole file.
    void completeProgress();
    // The transfer ended without a verdict on its request in flight: forget what was moving,
    // marking the chunk it was sending as failed when `failed`.
    void dropInFlight(bool failed);
    void updateSpeed(qint64 nowMs);

private:
    void updateShownFromParts(qint64 nowMs);

    TaskId m_id;
    QString m_path;
    QString m_displayName;
    qint64 m_size;
    qint64 m_modifiedMs;
    QUrl m_endpoint;
    Priority m_priority;
    TaskState m_state = TaskState::Waiting;
    TaskPhase m_phase = TaskPhase::Transferring;
    QUrl m_uploadUrl;
    QList<QUrl> m_uploadsToDelete;
    QByteArray m_contentHash;
    bool m_instant = false;
    UploadCheck m_check;
    bool m_awaitingProbe = false; // launching waits for the endpoint's capabilities
    qint64 m_hashedBytes = 0;
    qint64 m_confirmed = 0;
    qint64 m_shown = 0;
    ChunkMap m_chunks;
    int m_retries = 0;
    TransferError::Kind m_errorKind = TransferError::Kind::None;
    TrText m_errorText;
    int m_httpStatus = 0;
    TrText m_errorDetailText;
    QString m_statusNote;
    QString m_awaitedAnswer; // while Uploading (ExistingFileWaits)
    qint64 m_retryAtMs = 0;
    // Its server's outage record (ServerHealth::recordFor), shared with every task of the server:
    // while that is down and this waits, it waits for the server.
    std::shared_ptr<const ServerOutage> m_outage;
    // Its lane's questions to a person (AnswerWaits), shared likewise.
    std::shared_ptr<const AnswerHold> m_answerHold;
    // Monotonic ms of the first transient failure since bytes last moved; 0 while moving.
    qint64 m_stuckSinceMs = 0;
    double m_speed = 0;
    RateMeter m_rate;
    qint64 m_rateLimit = 0;
    qint64 m_maxRequestSize = 0;

    // Scheduling bookkeeping.
    quint64 m_sequence = 0;      // FIFO order among equals
    int m_lane = 0;              // the scheduler's lane for its endpoint
    qint64 m_inFlightBegin = -1; // first byte of the request in flight, -1 when none
    qint64 m_inFlightSent = 0;   // bytes of it that left, as last reported
    AttemptLog m_attempts;
    // Parallel parts: the streams granted, in use and wanted, and the bytes sent of each chunk
    // in flight (by its first byte).
    UploadParts m_parts;
    int m_streamLimit = 1;
    int m_streamsInUse = 1;
    int m_streamsWanted = 1;
    QHash<qint64, qint64> m_sentInFlight;

    // Persistence bookkeeping.
    QByteArray m_fingerprint; // quickFingerprint() when queued
    qint64 m_createdMs = 0;
    qint64 m_finishedMs = 0;
    bool m_verifyBeforeStart = false; // restored: check the file is what was queued
    quint64 m_holdToken = 0;          // the upload URL save the transfer is waiting for
    TaskDriver *m_driver = nullptr;   // its transfer while it runs; owned by the scheduler
};
