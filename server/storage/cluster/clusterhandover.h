#pragma once

#include <QHash>
#include <QMutex>
#include <QSet>
#include <QString>

#include <functional>
#include <memory>

class ClusterUploadSink;
class PgAddress;
class PgListener;

// The holder's side of a lease hand-over between instances (issue 20): an instance asked to let
// go of an upload (NOTIFY hoistd_<instance>, '<id>', from another instance's tryLock) commits
// what its sink for that upload has and gives the lease up. The notification arrives on the
// thread that called start() (its event loop: hoistd's main thread), through a PgListener of its
// own. A sink idle at that moment is handed over there and then; a sink inside a write finds the
// request at its next write (between chunks). An upload locked without a sink lets go at once.
class ClusterHandOver final {
    Q_DISABLE_COPY_MOVE(ClusterHandOver)
public:
    // `letGo(id)`: gives up the lease of an upload this instance has locked with no sink open.
    explicit ClusterHandOver(std::function<void(const QString &)> letGo);
    ~ClusterHandOver();

    // LISTENs on PgLeases::channel(instanceId); false (and why) when the first connection
    // failed (the listener keeps trying).
    bool start(const PgAddress &address, const QString &instanceId, QString *error);
    void stop();
    bool isListening() const;

    // A sink registers while it is open.
    void attach(const QString &id, ClusterUploadSink *sink);
    void detach(const QString &id, ClusterUploadSink *sink);
    // Whether another instance asked for `id` since it was last cleared.
    bool isRequested(const QString &id) const;
    void clear(const QString &id);

    // What a notification does (public for tests without a listener): hands an idle sink over,
    // or remembers the request.
    void requested(const QString &id);

private:
    const std::function<void(const QString &)> m_letGo;
    std::unique_ptr<PgListener> m_listener;
    mutable QMutex m_mutex;
    QHash<QString, ClusterUploadSink *> m_sinks;
    QSet<QString> m_requested;
};
