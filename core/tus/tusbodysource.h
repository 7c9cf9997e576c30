#pragma once

#include "chunkchecksums.h"
#include "transferfile.h"

#include <QObject>
#include <QTimer>

#include <functional>
#include <memory>

class ReadAheadDevice;
class StreamHash;

// What each request of one tus upload sends, made ready off the thread that drives the uploads:
// the body for bytes [begin, end) of the file (checked unchanged and opened by TransferFile, read
// ahead by a ReadAheadDevice) and, with the checksum extension, its Upload-Checksum (computed by
// ChunkChecksums, the next one while a request goes). One request at a time; a new prepare() or
// cancel() drops the answer of the one before. A preparation that takes longer than the job's
// stall timeout (a hash or an open held by a stalled mount) fails as Stalled.
class TusBodySource final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TusBodySource)
public:
    // `body` open, with `checksum` ("" when not in use); or null and `error` says why.
    using Prepared = std::function<void(std::unique_ptr<ReadAheadDevice> body,
                                        const QByteArray &checksum, const TransferError &error)>;

    explicit TusBodySource(const TransferJob &job, QObject *parent = nullptr);
    ~TusBodySource() override;

    // The checksum extension's algorithms the server offers (see ChunkChecksums::choose).
    void chooseChecksum(const QStringList &offered) { m_checksums->choose(offered); }
    bool checksumsEnabled() const { return m_checksums->enabled(); }
    // Every byte a body sends is also fed to `hash` (the upload's verification).
    void setStreamHash(std::shared_ptr<StreamHash> hash) { m_hash = std::move(hash); }

    // Calls `done` with nothing when the file is still the job's, else why not.
    void check(TransferFile::Checked done) { m_file->check(std::move(done)); }
    // File bytes [begin, end): the checksum first, then the body. Never before returning.
    void prepare(qint64 begin, qint64 end, Prepared done);
    // While a request goes, the checksum of the next one's file bytes [begin, end).
    void prefetch(qint64 begin, qint64 end);
    void cancel();

private:
    void openBody(qint64 begin, qint64 end, const QByteArray &checksum);
    void finish(std::unique_ptr<ReadAheadDevice> body, const QByteArray &checksum,
                const TransferError &error);

    TransferJob m_job;
    ChunkChecksums *m_checksums; // a child
    TransferFile *m_file;        // a child
    std::shared_ptr<StreamHash> m_hash;
    Prepared m_pending; // the preparation under way
    QTimer m_timeout;
};
