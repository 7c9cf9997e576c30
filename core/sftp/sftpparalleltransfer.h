#pragma once

#include "sftpjobevents.h"
#include "sftpsamples.h"
#include "sftptarget.h"
#include "sftpworker.h"
#include "transfer.h"

#include <QPointer>
#include <QVector>

#include <functional>
#include <map>
#include <memory>
#include <optional>

class SftpPace;
class SftpSessions;

// One attempt at one large file to an SFTP target in parallel parts: SFTP writes carry their
// offset, so several connections (SftpSessions) write their own byte ranges of the file into
// the one part file ".NAME.hoist-part" at once, and it is renamed into place once every range
// is complete (SftpPartFile). Parts are reported as TusParallelTransfer and S3MultipartTransfer
// report theirs, so the scheduler's stream allocation, chunk map and store serve them
// unchanged: partsCreated(parts) before any byte (each part's url the part file's address; with
// holdAfterCreate nothing is written until continueAfterCreated()), partsConfirmed(parts) as
// the server acknowledges, chunkStarted/chunkProgressAt per chunk in file offsets,
// streamsChanged(inUse, wanted); then uploadCreated(the file's address), checked, completed.
//
// The store's parts are what a resumed upload trusts, never the part file's size (ranges end
// where they were written): each range reads its bytes back from the last chunk the store has
// confirmed and goes on from the first byte that differs (SftpRangeUpload), so a kill costs at
// most the bytes in flight per range. Ranges run at most streamLimit() at once; a lowered limit
// lets running ranges finish and starts no more. A refused connection waits for another, as
// SftpTransfer does. One range's failure fails the attempt; the retry resumes every range.
class SftpParallelTransfer final : public Transfer {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SftpParallelTransfer)
public:
    // Smaller files go as one stream; each part is at least MinPartBytes, at most MaxParts.
    static constexpr qint64 MinParallelBytes = 32 * 1024 * 1024;
    static constexpr qint64 MinPartBytes = 16 * 1024 * 1024;
    static constexpr int MaxParts = 64;

    SftpParallelTransfer(SftpSessions *sessions, const TransferJob &job, QObject *parent = nullptr);
    ~SftpParallelTransfer() override;

    void start() override;
    void abort() override;
    void continueAfterCreated() override;
    void setStreamLimit(int streams) override;

    // Whether `job` goes in parts: its parts are there (begun in parts), or it is new, large
    // and may have more than one stream.
    static bool wants(const TransferJob &job);
    // The file's ranges, on whole MiB, in order, without gaps; each with `url`.
    static UploadParts planParts(qint64 fileSize, const QUrl &url);

private:
    struct Stream {
        explicit Stream(const QString &server)
            : samples(server)
        {
        }
        // Its job's events are not heard any more.
        void stopListening()
        {
            if (events)
                events->forget(ticket);
        }
        QPointer<SftpWorker> worker;
        QPointer<SftpJobEvents> events; // the worker's, where this job is listened to
        quint64 ticket = 0;
        qint64 chunkBegin = 0;
        qint64 askedUs = 0;
        SftpSamples samples;
    };
    using Done = std::function<void(const SftpUploadResult &)>;

    void run();
    void prepare();
    // From the round trip of the connection that prepared the part file: reported to Parallel:
    // Auto, and one stream from then on if the server is near and Auto did not know yet.
    void learnDistance(const SftpUploadResult &prepared);
    void onPrepared(const SftpUploadResult &result);
    void pump();
    void startPart(int index);
    void onPartFinished(int index, const SftpUploadResult &result);
    void finishParts();
    void onFinished(const SftpUploadResult &result);
    // Borrows a worker for `index` (a part; -1: the part file's steps) and runs `job` on it.
    using Job = std::function<void(SftpWorker *, quint64 ticket)>;
    void borrow(int index, Job job, Done done);
    void lent(int index, SftpWorker *worker, const Job &job, const Done &done);
    // Ends the stream of `index`; true when `result` was refused and another connection is
    // waited for instead (then `again` runs).
    bool endStream(int index, const SftpUploadResult &result, const std::function<void()> &again);
    bool adoptJobParts();
    bool reportParts(bool created);
    int runningParts() const;
    void reportStreams();
    void fail(const TransferError &error);

    QPointer<SftpSessions> m_sessions;
    TransferJob m_job;
    std::optional<SftpTarget> m_target;
    UploadParts m_parts;
    std::map<int, std::unique_ptr<Stream>> m_streams; // by part index; -1: the part file's steps
    SftpWorker::Flag m_aborted;
    SftpPace *m_pace; // a child
    int m_limit = 1;
    // The server's SFTP round trip, timed before the first part, said it is near, where Auto
    // wants one stream (TransferJob::oneStreamIfNear): the parts go one after another.
    bool m_oneStream = false;
    int m_refusals = 0;
    int m_reportedInUse = -1;
    int m_reportedWanted = -1;
    bool m_fresh = true;  // no parts of an earlier attempt: the part file is made empty
    bool m_check = false; // ranges read the server's bytes back before sending
    bool m_ready = false; // the part file prepared: ranges may go
    bool m_held = false;  // waiting for continueAfterCreated()
    bool m_started = false;
    bool m_finished = false;
};
