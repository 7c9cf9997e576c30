#pragma once

#include "transfer.h"

#include <QPointer>

#include <optional>

class S3PartPut;
class S3Protocol;
class S3Target;
class S3Verification;

// One attempt at a file of at most one part: a single PutObject (an empty file included).
// Signals: chunkStarted(0, size), chunkProgress..., offsetConfirmed(size), checked (the answer's
// ETag against the file's MD5; a HEAD when the answer had none), completed; or failed.
// S3 keeps nothing of a PutObject cut short, so a retry simply sends it again.
class S3PutTransfer final : public Transfer {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(S3PutTransfer)
public:
    S3PutTransfer(S3Protocol *protocol, const TransferJob &job, QObject *parent = nullptr);
    ~S3PutTransfer() override;

    void start() override;
    void abort() override;
    void continueAfterCreated() override {}

    // The object key a job's file goes to under `target`: the prefix, then the path as the
    // table shows it (metadata relativePath), else the file's name.
    static QString objectKey(const S3Target &target, const TransferJob &job);
    // The job's target, or a failure saying why there is none (no keys, a bad address).
    static std::optional<S3Target> targetOf(const S3Protocol *protocol, const TransferJob &job,
                                            TransferError *error);
    // x-amz-meta-mtime: the file's modification time as rclone writes it (MtimeWire).
    static QByteArray mtimeValue(const TransferJob &job);

private:
    void run();
    void onSent(const QByteArray &etag);
    void finishChecked(const UploadCheck &check, const TransferError &mismatch);
    void fail(const TransferError &error);

    S3Protocol *m_protocol;
    TransferJob m_job;
    QPointer<S3PartPut> m_put;
    QPointer<S3Verification> m_verification;
    bool m_started = false;
    bool m_finished = false;
};
