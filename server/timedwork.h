#pragma once

#include "uploadstore.h"

#include <QThread>
#include <QTimer>

#include <chrono>
#include <functional>
#include <memory>

// hoistd's timed work: the sweeps of expired and kept-long-enough uploads, and the store's
// reconciliation of bytes no record names (the cluster store runs each under an advisory lock,
// so one instance at a time does it). Each round makes blocking calls to the store (PostgreSQL
// and S3 round trips per upload, the index) and so runs on a thread of its own ("hoistd-timed"),
// as DiskUploadStore's index does: the thread that made it (hoistd's main thread, whose event
// loop also carries the cluster store's hand-over listener) is never held up by a round. Rounds
// run one at a time; stop() waits for a running one to end.
class TimedWork final {
    Q_DISABLE_COPY_MOVE(TimedWork)
public:
    using Log = std::function<void(const QString &line)>; // called on the timed thread
    // Sweeps often enough that an upload outlives its expiry (or a finished one its time to be
    // kept) by at most half of it; reconciles twice per `reconcileGrace`, at most every few
    // minutes (listing a bucket costs more).
    TimedWork(UploadStore &store, Log log, std::chrono::seconds expireAfter,
              std::chrono::seconds keepFinished, std::chrono::seconds reconcileGrace);
    ~TimedWork();

    void start();
    void stop();

private:
    void sweep();
    void reconcile();

    UploadStore &m_store;
    const Log m_log;
    const std::chrono::seconds m_reconcileGrace;
    QThread m_thread;
    // Live on m_thread, so that their rounds run there.
    std::unique_ptr<QTimer> m_sweep;
    std::unique_ptr<QTimer> m_reconcile;
};
