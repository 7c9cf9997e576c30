#pragma once

#include "endpointheaders.h"
#include "retrypolicy.h"
#include "transfer.h"
#include "pathexpander.h"
#include "uploadtask.h"

#include <QElapsedTimer>
#include <QHash>
#include <QSet>
#include <QObject>
#include <QTimer>

#include <map>
#include <memory>
#include <random>

// Totals over all tasks, for a status bar or a headless summary.
struct SchedulerTotals {
    int counts[TaskStateCount] = {};
    double bytesPerSecond = 0;
    qint64 bytesTotal = 0;
    qint64 bytesDone = 0;
    int count(TaskState s) const { return counts[int(s)]; }
};

// Owns the upload tasks and runs them: at most `concurrency` at once, highest priority first
// without starving anyone, retrying transient failures with back-off. Commands come in as method
// calls; facts go out as signals. Speaks to the network only through a TransferProtocol.
class TaskStore;
struct FileHash;
struct TaskRecord;

class UploadScheduler final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(UploadScheduler)
public:
    explicit UploadScheduler(TransferProtocol *protocol, QObject *parent = nullptr);
    ~UploadScheduler() override;

    // Settings for tasks queued from now on (endpoint, chunk size) or for every task (the rest).
    void setEndpoint(const QUrl &endpoint);
    QUrl endpoint() const { return m_endpoint; }
    void setChunkSize(qint64 bytes);
    qint64 chunkSize() const { return m_chunkSize; }
    void setHeaders(const HttpHeaders &headers);
    // Headers for requests to `endpoint`'s uploads only (its token), on top of setHeaders()'
    // and replacing those of the same name; empty removes them. What counts is each task's own
    // endpoint, restored tasks' too; uploads that start or retry from now on send them.
    void setEndpointHeaders(const QUrl &endpoint, const HttpHeaders &headers);
    // While held, waiting uploads to `endpoint` do not start (its token is still being looked
    // up); releasing lets them go.
    void holdEndpoint(const QUrl &endpoint, bool held);
    // What requests to `endpoint`'s uploads carry.
    HttpHeaders headersFor(const QUrl &endpoint) const;
    // Requests in flight at once, across all tasks: from MinConcurrency to MaxConcurrency (the
    // command line and the window offer the same range). Raising starts more at once; lowering
    // stops nothing but starts nothing until below it.
    static constexpr int MinConcurrency = 1;
    static constexpr int MaxConcurrency = 64;
    void setConcurrency(int limit);
    int concurrency() const { return m_concurrency; }
    void setRetryPolicy(const RetryPolicy &policy) { m_retryPolicy = policy; }
    const RetryPolicy &retryPolicy() const { return m_retryPolicy; }
    void setStallTimeout(int ms) { m_stallTimeoutMs = ms; }
    // A waiting task passed over this many times by higher-priority ones gains one priority level.
    void setAgingSkips(int skips) { m_agingSkips = qMax(1, skips); }
    // Whether, before its first byte goes out, a new upload computes its file's SHA-256 (phase
    // Hashing, holding a concurrency slot) and sends it as the "sha256" creation metadata, in
    // lower-case hex, so that a server holding the content can complete it instantly.
    // WhenServerOffersInstant (the default) asks the endpoint first (one OPTIONS per endpoint)
    // and hashes only for a server that advertises instant upload; a server that cannot be asked
    // gets the upload without hashing. Reading a 512 MiB file first costs ~0.4 s here.
    enum class HashPolicy { Never, Always, WhenServerOffersInstant };
    // On (the default): a large file going to a server that offers concatenation is sent as
    // parts at once, using slots nobody else waits for. Off: every file is one stream.
    void setParallelParts(bool on) { m_parallelParts = on; }
    bool parallelParts() const { return m_parallelParts; }
    void setHashPolicy(HashPolicy policy) { m_hashPolicy = policy; }
    HashPolicy hashPolicy() const { return m_hashPolicy; }

    // Keeps every task in `store` (which lives on another thread; every call to it is queued):
    // state changes at once, progress at most once a second, an upload's URL before any of its
    // bytes are sent. Set before adding or restoring tasks.
    void setStore(TaskStore *store);
    // Brings back the queue a store held: uploading tasks wait again and will resume from the
    // server's offset once their file is checked to be what was queued; the rest stay as they were.
    void restore(const QList<TaskRecord> &records);

    // Queues files and folders; folders are walked off this thread. Paths that cannot be uploaded
    // become tasks in Error with the reason. Emits tasksAdded once per call (may be empty).
    void addPaths(const QStringList &paths, Priority priority = Priority::Normal);
    void pause(TaskId id);
    void resume(TaskId id);
    void cancel(TaskId id);
    void retry(TaskId id);
    void setPriority(TaskId id, Priority priority);
    void pauseAll();
    void resumeAll();
    // Removes tasks in Success (and Error, when `includeFailed`).
    void clearFinished(bool includeFailed = false);

    const UploadTask *task(TaskId id) const;
    QList<TaskId> taskIds() const; // in the order they were added
    int runningCount() const { return m_running; }
    SchedulerTotals totals() const;
    // Nothing is waiting, uploading or being expanded.
    bool isIdle() const;

Q_SIGNALS:
    // A walk of addPaths() came back with `count` paths, before their tasks exist (a window can
    // say "Adding N files…"; benchmarks time from here to the rows on screen).
    void pathsExpanded(int count);
    void tasksAdded(const QList<TaskId> &ids);
    // Coalesced: every task that changed since the last emission, at most every flush interval.
    void tasksChanged(const QList<TaskId> &ids);
    void taskAboutToBeRemoved(TaskId id);
    void taskRemoved(TaskId id);
    void taskStarted(TaskId id);
    // A task reached Success or Error (again after each retry that ends there).
    void taskFinished(TaskId id);
    void totalsChanged(const SchedulerTotals &totals);
    // Everything queued has finished (success or error) or is paused.
    void idle();

private:
    UploadTask *find(TaskId id) const;
    void setState(UploadTask *task, TaskState state);
    void markDirty(UploadTask *task);
    void flush();
    void requestSchedule();
    void schedule();
    UploadTask *pickNext();
    void startTask(UploadTask *task);
    void launchTransfer(UploadTask *task);
    bool needsHash(const UploadTask *task) const;
    // With HashPolicy::WhenServerOffersInstant and the endpoint not known yet: asks it, and
    // returns true; onProbed() launches the task again.
    bool awaitProbe(UploadTask *task);
    void onProbed();
    void startHashing(UploadTask *task);
    void stopHashing(UploadTask *task);
    void updateHashProgress(UploadTask *task);
    void onHashed(UploadTask *task, const FileHash &hash);
    void verifyThenLaunch(UploadTask *task);
    TaskRecord recordOf(const UploadTask *task) const;
    void save(UploadTask *task);
    void saveProgress(const QList<TaskId> &ids);
    void onUploadUrlSaved(TaskId id, quint64 token);
    void stopTransfer(UploadTask *task);
    void onExpanded(const QList<ExpandedPath> &paths, Priority priority);
    void connectTransfer(UploadTask *task, Transfer *transfer);
    // Parallel parts (uploadschedulerparts.cpp).
    void connectParts(UploadTask *task, Transfer *transfer);
    void onPartsCreated(UploadTask *task, const UploadParts &parts);
    void onPartsConfirmed(UploadTask *task, const UploadParts &parts);
    void onChunkProgressAt(UploadTask *task, qint64 chunkBegin, qint64 sent);
    void updateShownFromParts(UploadTask *task);
    // Requests in flight the limit counts: one per uploading task plus parallel parts' extras.
    int slotsInUse() const;
    // A waiting task could start now if a slot were free.
    bool anyStartable() const;
    // Gives free slots to parallel tasks that can use them, and takes them back (at the parts'
    // next chunk boundary) while another task waits or the limit was lowered.
    void balanceStreams();
    void setStreamLimit(UploadTask *task, int limit);
    void terminateParts(UploadTask *task);
    void onTransferFailed(UploadTask *task, const TransferError &error);
    void onTransferCompleted(UploadTask *task);
    void onOffsetConfirmed(UploadTask *task, qint64 offset);
    void onChunkProgress(UploadTask *task, qint64 sent);
    void resetProgress(UploadTask *task);
    void fail(UploadTask *task, const TransferError &error);
    void removeTask(TaskId id);
    void armRetryTimer();
    void tick();
    void checkIdle();

    TransferProtocol *m_protocol;
    TaskStore *m_store = nullptr;
    quint64 m_nextHoldToken = 0;
    QUrl m_endpoint;
    qint64 m_chunkSize = 8 * 1024 * 1024;
    HttpHeaders m_headers;
    EndpointHeaders m_endpointHeaders;
    int m_concurrency = 3;
    int m_running = 0;
    int m_stallTimeoutMs = 30000;
    int m_agingSkips = 4;
    HashPolicy m_hashPolicy = HashPolicy::WhenServerOffersInstant;
    bool m_parallelParts = true;
    int m_pendingExpansions = 0;
    RetryPolicy m_retryPolicy;
    std::mt19937 m_random;

    std::map<TaskId, std::unique_ptr<UploadTask>> m_tasks;
    TaskId m_nextId = 1;
    quint64 m_nextSequence = 0;
    QSet<TaskId> m_dirty;
    QTimer m_flushTimer;
    QTimer m_retryTimer;
    QTimer m_speedTimer;
    bool m_scheduleQueued = false;
    bool m_wasIdle = true;
};
