#pragma once

#include "clusterpartuploads.h"
#include "pgconnection.h"
#include "pgupload.h"
#include "uploadsink.h"

#include <QElapsedTimer>
#include <QFile>
#include <QMutex>

#include <atomic>

class ClusterUploadStore;

// Where one request's bytes go in the cluster store. They are spooled into local files of one
// part each (the first one starts with the tail object's bytes, read back on open). Each file
// that fills up is sent to S3 as a part in the background (ClusterPartUploads, a few at once)
// while the request goes on, its number allocated under the lease. For a body whose bytes may be
// kept as they arrive (keepWhatArrives(): no checksum), checkpoint() records the parts S3 has
// taken, in order, in one fenced transaction: never a byte S3 did not answer for, so an offset a
// HEAD gives is always durable. A checksummed body's parts are recorded only by commit(), once
// the checksum matched; rolled back, they are kept for the client's retry, which sends its
// parts under the same numbers (ClusterReusableParts), else they are parts no record names
// (ClusterStrayParts).
// commit() sends the files not sent yet, waits for every part on its way, puts what is left below
// 5 MiB as a tail object whose key carries the generation, and records offset, parts and tail,
// fenced; when the upload reaches its length the rest goes as the last part (or as one tail for
// an upload that never reached a part), the upload is recorded completing from exactly those,
// fenced, and only then is the object made (ClusterCompletion) and recorded finished. A commit
// refused because another instance took the lease gives nullopt with fenced() true; what it sent
// to S3 is then named by no record. Asked to hand the upload over (ClusterHandOver), it commits
// between writes and lets go.
//
// An upload whose every byte is in the spool file at its end (never a part: a small file sent in
// one request) is put as its object `PREFIX/<id>` directly, with If-None-Match: * (when the
// store honours it, ClusterObjects::directPuts()), and then recorded finished in one fenced
// transaction: one PUT instead of a tail PUT, a copy and a DELETE, and one commit instead of
// two. The condition is the fence S3 gives: a holder that stalled past its lease and PUTs late
// can never replace an object that exists (a finished upload's, made by whoever took over); its
// fenced commit then records nothing. A late PUT that lands while nobody has made the object
// yet makes the next holder's conditional PUT fail: that holder goes the tail way (a tail
// whose key carries its generation, "completing" recorded, then a copy over whatever is there,
// ClusterCompletion), so the object is always the bytes its finishing holder recorded. A
// holder whose PUT made the object but whose commit was fenced because the upload was removed
// meanwhile removes that object (nobody finishes a removed upload).
//
// A request that ends while parts are still on their way is answered only after commit() waited
// for them: the client is told every byte it sent is stored (it resends nothing that was in
// flight), and nothing of the request outlives its lease or its spool. What S3 took of a plain body
// is recorded even when the request fails or rolls back (see keepUploaded()).
class ClusterUploadSink final : public UploadSink {
public:
    ClusterUploadSink(ClusterUploadStore &store, PgUpload upload, qint64 generation);
    ~ClusterUploadSink() override;

    // Makes the spool (with the tail's bytes); false with failure().
    bool open();

    void keepWhatArrives() override { m_background = true; }
    bool write(const char *data, size_t size) override;
    qint64 offset() const override { return m_fileStart + m_fileSize; }
    std::optional<UploadRecord> commit() override;
    std::optional<UploadRecord> checkpoint() override;
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
    // How many write()s came so far (any thread): whether bytes are still arriving.
    quint64 writes() const { return m_writes.load(std::memory_order_relaxed); }

    // Parts of this size are sent while a request goes on (larger past every thousandth part,
    // so that S3's 10,000 parts hold 8 TB); at most PartsInFlight of them at once per sink.
    static constexpr qint64 PartBytes = 8 * 1024 * 1024;
    static constexpr int PartsInFlight = 6;

private:
    std::optional<UploadRecord> commitNow();
    void handOverNow();
    // A new, empty spool file for the bytes from offset(); false with failure().
    bool newFile();
    // Reads the committed tail object into the (new, empty) spool file; false with failure().
    bool loadTail();
    // The spool file's bytes as part number `nextPart`'s size when it is full.
    qint64 partBytes() const;
    // The spool file is full: it is a part now (sent at once with keepWhatArrives()).
    bool fileFilled();
    // The spool file is a part now (sent by sendReady()); a new file starts.
    bool finishFile();
    // Removes the finished files not sent.
    void dropReady();
    // Sends the finished files as new parts (creating the multipart upload first when there is
    // none), in the background, each once a slot is free; false when S3 or the lease refused.
    bool sendReady();
    // Waits for a free slot (`all`: for every part to have answered); false when fenced.
    bool waitForUploads(bool all);
    // Takes the parts S3 answered for into m_uploaded; false with failure() when one failed.
    bool takeUploaded();
    // Waits for the parts on their way and records those S3 holds with nothing missing before
    // them (a failed part ends the run): what is durable is never thrown away, since a part S3
    // holds that no record names makes the completion on stores that want every uploaded part
    // listed (Ceph RGW answers InvalidPart) the slow one: ClusterStrayParts, a server-side copy.
    void keepUploaded();
    // Waits for the parts on their way and adds those S3 answered for, in order, to m_uploaded.
    void takeAnswered();
    // A checksummed body rolls back: the parts S3 answered for, from where the recorded parts
    // end, are kept for its retry (ClusterReusableParts).
    void keepForRetry();
    // The whole upload is in the spool file: put as its object, If-None-Match: *. Made; Exists
    // (an object is there already: the tail way); Failed with failure().
    enum class Direct { Made, Exists, Failed };
    Direct putWhole();
    // Records the upload whose object putWhole() made finished at `end` (its length).
    std::optional<UploadRecord> recordWhole(qint64 end);
    // Makes the object of an upload recorded completing (ClusterCompletion), under this lease.
    std::optional<UploadRecord> completeDecided();
    // The fenced commit of offset `end`, m_uploaded and the tail; `completing`: `end` is the
    // length and the object is made next (the record then is the one committed, unfinished).
    std::optional<UploadRecord> record(const QString &tailKey, qint64 tailSize, qint64 end,
                                       bool completing = false);
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
    QFile m_file;             // the spool file being filled: bytes from m_fileStart
    qint64 m_fileStart = 0;   // where the parts sent end (committed or not)
    qint64 m_fileSize = 0;    // bytes in m_file
    int m_files = 0;          // spool files made (their names' serial)
    qint64 m_partsEnd = 0;    // where the committed parts end
    QList<PgPart> m_uploaded; // sent and answered for, not recorded yet, in order
    QList<PgPart> m_reusable; // a rolled-back request's numbers this one may write again
    struct Ready {
        QString path;
        qint64 offset = 0;
        qint64 size = 0;
    };
    QList<Ready> m_ready;      // finished files not sent yet, in order
    bool m_background = false; // keepWhatArrives(): parts go as their files fill
    bool m_fenced = false;
    bool m_handedOver = false;
    bool m_broken = false; // a rollBack() could not restore the spool: takes no more bytes
    QMutex m_busy;         // held by write(), commit(), rollBack() and a hand-over
    std::atomic<quint64> m_writes{0};
    StoreFailure m_failure;
    QElapsedTimer m_renewed;
    ClusterPartUploads m_parts; // last: waited for before the rest goes
};
