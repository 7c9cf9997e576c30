#pragma once

#include <QHash>
#include <QMutex>
#include <QSet>
#include <QString>
#include <QThreadPool>

#include <chrono>

#include <functional>
#include <memory>

class ClusterUploadSink;
class PgAddress;
class PgLeases;
class PgListener;

// The holder's side of a lease hand-over between instances (issue 20): an instance asked to let
// go of an upload (NOTIFY hoistd_<instance>, '<id>', from another instance's tryLock) commits
// what its sink for that upload has and gives the lease up. The notification arrives on the
// thread that called start() (its event loop: hoistd's main thread), through a PgListener of its
// own. The answer runs on a worker of its own (a commit is S3 and PostgreSQL round trips, which
// must not hold up that thread's event loop): a sink idle at that moment is handed over there and
// then; a sink inside a write finds the request at its next write (between chunks). An upload
// locked without a sink lets go at once.
// A request to let go only if stalled (NOTIFY '<PgLeases::stalledPrefix()><id>', from a HEAD) is
// answered so only when the upload's sink took no bytes for StallQuiet (counted from StallSettle
// after it came: what a cut connection still delivers comes first); the holder then hands it
// over and marks the row wanted, which the asker waits for. A sink that is taking bytes keeps
// the upload, and nothing is answered.
class ClusterHandOver final {
    Q_DISABLE_COPY_MOVE(ClusterHandOver)
public:
    // `letGo(id)`: gives up the lease of an upload this instance has locked with no sink open.
    explicit ClusterHandOver(std::function<void(const QString &)> letGo);
    ~ClusterHandOver();

    // LISTENs on PgLeases::channel(instanceId); false (and why) when the first connection
    // failed (the listener keeps trying). Each time it listens again after a gap, the requests
    // sent meanwhile are read from `leases` (PgLeases::wanted()) and answered as notified.
    bool start(const PgAddress &address, PgLeases &leases, const QString &instanceId,
               QString *error);
    void stop();
    bool isListening() const;

    // A sink registers while it is open.
    void attach(const QString &id, ClusterUploadSink *sink);
    void detach(const QString &id, ClusterUploadSink *sink);
    // Whether another instance asked for `id` since it was last cleared.
    bool isRequested(const QString &id) const;
    void clear(const QString &id);

    // What a notification does (public for tests without a listener): remembers the request
    // and answers it on a worker (hands an idle sink over, or lets go of a lock without one).
    void requested(const QString &id);

    static constexpr std::chrono::milliseconds StallSettle{250};
    static constexpr std::chrono::milliseconds StallQuiet{1000};

private:
    struct Progress {
        const ClusterUploadSink *sink = nullptr;
        quint64 writes = 0;
    };
    Progress progress(const QString &id) const;
    // On the listener's thread: looks at the sink's progress now and StallQuiet later.
    void requestedIfStalled(const QString &id);
    void checkStalled(const QString &id, Progress before);
    void answer(const QString &id);
    // The requests a listener that was away missed.
    void requestedMeanwhile(PgLeases &leases, const QString &instanceId);

    const std::function<void(const QString &)> m_letGo;
    std::unique_ptr<PgListener> m_listener;
    PgLeases *m_leases = nullptr; // start()'s
    QString m_instanceId;
    mutable QMutex m_mutex;
    QHash<QString, ClusterUploadSink *> m_sinks;
    QSet<QString> m_requested;
    QThreadPool m_workers; // answer()s; emptied by stop()
};
