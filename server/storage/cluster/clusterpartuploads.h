#pragma once

#include "pgupload.h"
#include "storefailure.h"

#include <QByteArray>
#include <QList>
#include <QMutex>
#include <QString>
#include <QThreadPool>
#include <QWaitCondition>

#include <chrono>
#include <functional>
#include <optional>

// The parts of one sink that are on their way to S3 (issue 20's 512 MiB row): each part is a
// spool file of its own, uploaded on a thread of the store's `senders` pool while the sink goes
// on receiving, at most `maxInFlight` of this sink's at once; its file is removed once the upload
// answered. The sink (one thread at a time) starts parts in offset order, waits for a free slot
// before it starts one (so a client sending faster than S3 takes the bytes is held back by TCP,
// and the spool holds at most maxInFlight parts plus the one being filled, whatever the file's
// size), and takes the uploaded parts in order, never past one still uploading or failed: what it
// records is always a run of bytes S3 holds with nothing missing before it. The pool's size
// bounds the parts of all sinks sent at once (the rest wait their turn in it), so that they never
// take every S3 connection from the requests' own calls.
class ClusterPartUploads final {
    Q_DISABLE_COPY_MOVE(ClusterPartUploads)
public:
    struct Part {
        PgPart part;      // number, offset, size and generation; the ETag comes from the upload
        QString path;     // the spool file holding exactly its bytes
        QString uploadId; // the S3 multipart upload it belongs to
    };
    // Sends one part (on a worker thread): its ETag, or nullopt with why.
    using Upload = std::function<std::optional<QByteArray>(const Part &part, StoreFailure *why)>;

    ClusterPartUploads(Upload upload, int maxInFlight, QThreadPool &senders);
    ~ClusterPartUploads(); // waits for the parts in flight (their files are removed)

    // The threads of an instance's pool of senders (ClusterUploadStore's): half of what
    // S3TransportConfig::maxInFlight allows at once by default.
    static constexpr int SendersPerInstance = 8;

    // Waits up to `timeout` for fewer than maxInFlight parts in flight: true when there are.
    bool waitForSlot(std::chrono::milliseconds timeout);
    // Waits up to `timeout` for every part to have answered: true when none is in flight.
    bool waitForAll(std::chrono::milliseconds timeout);
    // Starts sending `part` (call after waitForSlot() said true, from the sink's thread).
    void start(Part part);
    // The parts uploaded since the last call, in the order they were started, up to the first
    // one still in flight or failed.
    QList<PgPart> takeUploaded();
    // A part failed: nothing after it is ever taken (the sink gives up its bytes: rollBack).
    std::optional<StoreFailure> failure() const;
    // Waits for every part in flight, then forgets every part not taken (and a failure).
    void discard();
    int inFlight() const;

private:
    struct Entry {
        PgPart part;
        bool answered = false;
        std::optional<StoreFailure> failure;
    };
    void send(Part part);

    const Upload m_upload;
    const int m_maxInFlight;
    mutable QMutex m_mutex;
    QWaitCondition m_answered;
    QList<Entry> m_entries; // started and not taken, in order
    int m_inFlight = 0;
    QThreadPool &m_senders;
};
