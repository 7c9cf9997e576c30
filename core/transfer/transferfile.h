#pragma once

#include "transfer.h"
#include "transfererror.h"

#include <QObject>
#include <QTimer>

#include <functional>
#include <memory>
#include <optional>

class QFile;
class ReadAheadDevice;
class StreamHash;

// The file of one transfer, seen only from fileReadPool()'s threads: before each request it is
// checked unchanged (fileChangeError: there, size, modification time) and opened there, and the
// transfer gets an open file, or a body device over a range of it (ReadAheadDevice) with the
// job's throttle. Nothing here stats, opens or reads a path on the thread that drives the
// uploads, so a file on a stalled network mount holds a worker, not the window. A check or open
// that does not come back within the job's stall timeout fails as Stalled.
//
// One operation at a time: a new one, or cancel(), drops the answer of the one before.
class TransferFile final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TransferFile)
public:
    using Checked = std::function<void(const std::optional<TransferError> &error)>;
    // `file` open and checked, or null and `error` says why.
    using Opened =
        std::function<void(const std::shared_ptr<QFile> &file, const TransferError &error)>;
    // `body` open over the range, or null and `error` says why.
    using BodyOpened =
        std::function<void(std::unique_ptr<ReadAheadDevice> body, const TransferError &error)>;

    explicit TransferFile(const TransferJob &job, QObject *parent = nullptr);
    ~TransferFile() override;

    // Calls `done` with nothing when the file is still the job's, else why not; never before
    // returning.
    void check(Checked done);
    // Checks the file, then opens it.
    void open(Opened done);
    // Checks and opens the file, then makes a body over file bytes [begin, end), reading through
    // the job's throttle and feeding `hash` when given.
    void openBody(qint64 begin, qint64 end, std::shared_ptr<StreamHash> hash, BodyOpened done);
    // A body over [begin, end) of a file open() gave; touches no path.
    std::unique_ptr<ReadAheadDevice> body(const std::shared_ptr<QFile> &file, qint64 begin,
                                          qint64 end) const;
    // Whatever is on its way reports nothing.
    void cancel();
    // Why the request reading `body` failed, if a read of `filePath` did (EIO, a mount gone): the
    // file and the system's words, as FileUnreadable. Nothing when it did not (or body is null).
    static std::optional<TransferError> readError(const ReadAheadDevice *body,
                                                  const QString &filePath);
    // Why reading `filePath` for a request's checksum (tus Upload-Checksum, S3 Content-MD5)
    // failed, as FileUnreadable: the file and `cause`, the system's words (digestRange's
    // readProblem), when known.
    static TransferError checksumReadError(const QString &filePath, const QString &cause);
    // Why a file operation on `job`'s file that did not come back within its stall timeout failed.
    static TransferError stalledError(const TransferJob &job);
    // How long hashing `bytes` of a file may take before it counts as stalled: the stall timeout,
    // plus the time at 10 MB/s (a slow disk is not a dead one).
    static int hashTimeoutMs(const TransferJob &job, qint64 bytes);

private:
    struct Result {
        std::optional<TransferError> error;
        std::shared_ptr<QFile> file;
    };
    void run(bool open, std::function<void(const Result &)> done);
    void onTimeout();

    TransferJob m_job;
    quint64 m_generation = 0;
    std::function<void(const Result &)> m_pending;
    QTimer m_timeout;
};
