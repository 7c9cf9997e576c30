#pragma once

#include "sftpfileupload.h"
#include "sftpsamples.h"
#include "sftptarget.h"
#include "sftpworker.h"
#include "transfer.h"

#include <QPointer>

#include <optional>

class SftpPace;
class SftpSessions;

// One attempt at one file to an SFTP target, on the GUI thread: borrows a connection from
// SftpSessions, has its worker send the file (SftpFileUpload) and passes on what the worker
// reports: chunkStarted/chunkProgress per 1 MiB, offsetConfirmed as the server confirms,
// checked and completed at the end, or failed. The part file's address is its upload URL
// (uploadCreated, before any byte), so that cancelling can remove it (SftpProtocol::terminate).
// Its bytes are paced by the job's throttle (SftpPace) and its chunks are the samples Parallel:
// Auto learns from (SftpSamples, through SftpSessions::report).
class SftpTransfer final : public Transfer {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SftpTransfer)
public:
    SftpTransfer(SftpSessions *sessions, const TransferJob &job, QObject *parent = nullptr);
    ~SftpTransfer() override;

    void start() override;
    void abort() override;
    void continueAfterCreated() override;

    // The address of the part file `job` writes on `target`.
    static QUrl partUrl(const SftpTarget &target, const TransferJob &job);
    // The address of the server's `path` on `target`.
    static QUrl urlOf(const SftpTarget &target, const QString &path);

private:
    void run();
    void go();
    void lent(SftpWorker *worker);
    void onFinished(quint64 ticket, const SftpUploadResult &result);
    void fail(const TransferError &error);
    // Sent with other small files over a shared connection (SftpSmallFiles), not alone.
    bool isSmall() const { return m_job.fileSize <= SftpFileUpload::QuickBytes; }

    QPointer<SftpSessions> m_sessions;
    TransferJob m_job;
    std::optional<SftpTarget> m_target;
    QPointer<SftpWorker> m_worker;
    SftpWorker::Flag m_aborted;
    SftpPace *m_pace; // a child
    SftpSamples m_samples;
    qint64 m_askedUs = 0; // when the worker was asked for
    quint64 m_ticket = 0;
    int m_refusals = 0;
    bool m_started = false;
    bool m_holding = false;
    bool m_finished = false;
};
