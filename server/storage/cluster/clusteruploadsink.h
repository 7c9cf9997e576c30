#pragma once

#include "pgconnection.h"
#include "pgupload.h"
#include "uploadsink.h"

#include <QElapsedTimer>
#include <QFile>
#include <QMutex>

class ClusterUploadStore;

// Where one request's bytes go in the cluster store: a local spool file holding the bytes after
// the upload's last committed part (the tail object's, read back on open, then what was written
// since). commit() uploads whole parts of at least 5 MiB (numbers allocated under the lease),
// puts what is left below 5 MiB as a tail object whose key carries the generation, and then
// records offset, parts and tail in one fenced transaction; when the upload reaches its length
// it sends the rest (as parts, or as one tail for an upload that never reached 5 MiB), records
// the upload completing from exactly those, fenced, and only then makes the object
// (ClusterCompletion) and records it finished. A commit refused because another instance took the
// lease gives nullopt with fenced() true; what it sent to S3 is then named by no record.
// Asked to hand the upload over (ClusterHandOver), it commits between writes and lets go.
class ClusterUploadSink final : public UploadSink {
public:
    ClusterUploadSink(ClusterUploadStore &store, PgUpload upload, qint64 generation);
    ~ClusterUploadSink() override;

    // Makes the spool (with the tail's bytes); false with failure().
    bool open();

    bool write(const char *data, size_t size) override;
    qint64 offset() const override { return m_partsEnd + m_spoolSize; }
    std::optional<UploadRecord> commit() override;
    void rollBack() override;
    StoreFailure failure() const override { return m_failure; }

    // The last commit was refused: another instance holds the upload now.
    bool fenced() const { return m_fenced; }
    // Another instance asked for the upload and this sink let go (what it had is committed):
    // it takes no more bytes.
    bool handedOver() const { return m_handedOver; }
    // Hand-over (ClusterHandOver, any thread): when no write or commit is running, commits what
    // the sink has and gives the lease up; otherwise the next write() does.
    void handOverIfIdle();

private:
    std::optional<UploadRecord> commitNow();
    void handOverNow();
    // Uploads spool bytes [from, from + size) as a new part (creating the multipart upload
    // first when there is none); false when S3 or the lease refused.
    bool uploadPart(qint64 from, qint64 size, QList<PgPart> *parts);
    std::optional<UploadRecord> finish(qint64 end);
    // Makes the object of an upload recorded completing (ClusterCompletion), under this lease.
    std::optional<UploadRecord> completeDecided();
    // The fenced commit of offset `end`, `parts` and the tail; `completing`: `end` is the
    // length and the object is made next (the record then is the one committed, unfinished).
    std::optional<UploadRecord> record(const QString &tailKey, qint64 tailSize,
                                       const QList<PgPart> &parts, qint64 end,
                                       bool completing = false);
    // Keeps only spool bytes from `consumed` on (they become the spool's start).
    bool dropSpoolHead(qint64 consumed);
    // Renews the lease when a third of it has passed since the last renewal, so that a long
    // request keeps it; false (fenced) when another instance took it meanwhile.
    bool keepLease();
    // A lease call refused with `error` (none: fenced, another instance holds the upload).
    void leaseRefused(const PgError &error);
    // Notes why the sink failed; nullopt, for commit()'s paths.
    std::nullopt_t failed(StoreFailure failure);

    ClusterUploadStore &m_store;
    PgUpload m_upload; // as committed
    const qint64 m_generation;
    QFile m_spool;
    qint64 m_partsEnd = 0;  // where the committed parts end: the spool's first byte
    qint64 m_spoolSize = 0; // bytes in the spool
    bool m_fenced = false;
    bool m_handedOver = false;
    QMutex m_busy; // held by write(), commit(), rollBack() and a hand-over
    StoreFailure m_failure;
    QElapsedTimer m_renewed;
};
