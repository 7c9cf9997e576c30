#pragma once

#include "testpeer.h"

#include "retrypolicy.h"
#include "uploadtypes.h"

#include <QString>
#include <QStringList>
#include <QTemporaryDir>
#include <QUrl>

#include <chrono>
#include <memory>

class QNetworkAccessManager;
class TaskStore;
class TusProtocol;
class UploadScheduler;
class UploadTask;

// Hoist's engine as the client integration tests drive it: the real peer HOIST_TEST_PEER names
// (TestPeer) or an endpoint of the test's own, and in front of it a QNetworkAccessManager, a
// TusProtocol and an UploadScheduler in 256 KiB chunks, with a folder for the test's files.
// Destroyed in the order the engine needs: scheduler, protocol, network, then the peer.
class SchedulerFixture final {
    Q_DISABLE_COPY_MOVE(SchedulerFixture)
public:
    static constexpr qint64 ChunkSize = 256 * 1024;

    SchedulerFixture();
    ~SchedulerFixture();

    // Starts a peer of its own (maxSize > 0: it refuses larger uploads with 413) and a scheduler
    // uploading to it. False with the reason in errorString().
    bool start(qint64 maxSize = 0);
    // A scheduler uploading to `endpoint` (a proxy in front of a peer, a peer several test cases
    // share), keeping its queue in `store` when given. No peer of its own: peer() is null.
    bool start(const QUrl &endpoint, TaskStore *store = nullptr);
    QString errorString() const { return m_error; }

    TestPeer *peer() const { return m_peer.get(); }
    QNetworkAccessManager *network() const { return m_network.get(); }
    TusProtocol *protocol() const { return m_protocol.get(); }
    UploadScheduler *scheduler() const { return m_scheduler.get(); }
    const QTemporaryDir &files() const { return m_files; }

    // addPaths(), then the ids of all the tasks it made (empty if none came within `timeoutMs`).
    QList<TaskId> add(const QStringList &paths, Priority priority = Priority::Normal,
                      int timeoutMs = 20000);
    // Runs the event loop until the scheduler is idle (waitfor.h: never QTRY_*, which starves
    // the uploads).
    bool waitIdle(int timeoutMs = 60000) const;
    const UploadTask *task(TaskId id) const;

    // Back-off short enough for a test that provokes retries.
    static RetryPolicy
    fastRetries(int maxRetries = RetryPolicy().maxRetries,
                std::chrono::milliseconds maxDelay = std::chrono::milliseconds(200));

private:
    std::unique_ptr<TestPeer> m_peer;
    QTemporaryDir m_files;
    std::unique_ptr<QNetworkAccessManager> m_network;
    std::unique_ptr<TusProtocol> m_protocol;
    std::unique_ptr<UploadScheduler> m_scheduler;
    QString m_error;
};
