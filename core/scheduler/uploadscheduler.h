#pragma once

#include "bulkcommands.h"
#include "concurrencylimits.h"
#include "duplicatecheck.h"
#include "endpointheaders.h"
#include "endpointlanes.h"
#include "failurehandler.h"
#include "filerecheck.h"
#include "networkpool.h"
#include "pathexpander.h"
#include "retrypolicy.h"
#include "taskcontrol.h"
#include "taskintake.h"
#include "taskpreparer.h"
#include "tasktable.h"
#include "transfer.h"
#include "uploadqueue.h"
#include "uploadtask.h"

#include <QHash>
#include <QObject>
#include <QTimer>

#include <memory>

class BandwidthLimiter;
class ConcurrencyLevels;
class Clock;
class OrphanUploads;
class SlotBalancer;
class TaskChangeBatch;
class TaskPersistence;
class TaskRunner;
class TaskStore;
struct TaskRecord;

// Owns the upload tasks and runs them: at most `concurrency` requests at once (and at most
// `perServerLimit` to one server), highest priority first without starving anyone (UploadQueue),
// retrying transient failures with back-off. Commands come in as method calls; facts go out as
// signals. Speaks to the network only through a TransferProtocol. Its helpers each do one job:
// TaskIntake makes tasks of paths, UploadQueue orders the waiting tasks, TaskRunner runs the
// chosen ones (TaskPreparer checks, asks and hashes before the first request; a TaskDriver per
// transfer), FailureHandler decides what a failure or a retry does, SlotBalancer shares the
// slots among servers and running uploads (parallel parts' streams, Auto's demand, LoadCheck),
// TaskPersistence keeps the queue in a store, OrphanUploads leaves no upload behind on the
// server that nobody finishes or deletes. They change tasks only through TaskControl, which this
// class implements: one place keeps the queue, the running set, the totals, the store and the
// listeners in step with every task's state.
// Every event (a chunk confirmed, a task finished, the next task chosen) costs the same however
// many tasks are queued; only commands over all tasks (pause all, clear finished) walk them.
class UploadScheduler final : public QObject, private TaskControl {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(UploadScheduler)
public:
    // `clock`: the engine's time (not owned): retries, outages, sleep. Without one, the
    // scheduler keeps a SystemClock of its own (tools and tests that do not move time).
    UploadScheduler(TransferProtocol *protocol, Clock *clock, QObject *parent = nullptr);
    explicit UploadScheduler(TransferProtocol *protocol, QObject *parent = nullptr);
    ~UploadScheduler() override;

    // The engine's clock, handed on to whoever reads time for it (a test's ManualClock).
    void setClock(Clock *clock) { m_failures->setClock(clock ? clock : m_ownClock); }
    Clock *clock() const { return m_failures->clock(); }

    // Settings for tasks queued from now on (endpoint, chunk size) or for every task (the rest).
    void setEndpoint(const QUrl &endpoint) { m_endpoint = endpoint; }
    QUrl endpoint() const { return m_endpoint; }
    // The unit of the chunk bar and of progress, and the size of a request. With a larger
    // maxRequestSize, requests carry several chunks while the link is fast enough that one chunk
    // takes less than a second; 0 (the default) keeps every request to one chunk. Both are the
    // task's from when it is queued, and kept with it in the store.
    void setChunkSize(qint64 bytes) { m_chunkSize = qMax<qint64>(1, bytes); }
    qint64 chunkSize() const { return m_chunkSize; }
    void setMaxRequestSize(qint64 bytes) { m_maxRequestSize = qMax<qint64>(0, bytes); }
    qint64 maxRequestSize() const { return m_maxRequestSize; }
    void setHeaders(const HttpHeaders &headers) { m_headers = headers; }
    // Headers for requests to `endpoint`'s uploads only (its token), on top of setHeaders()'
    // and replacing those of the same name; empty removes them. What counts is each task's own
    // endpoint, restored tasks' too; uploads that start or retry from now on send them.
    void setEndpointHeaders(const QUrl &endpoint, const HttpHeaders &headers)
    {
        m_endpointHeaders.set(endpoint, headers);
    }
    // While held, waiting uploads to `endpoint` do not start (its token is still being looked
    // up); releasing lets them go.
    void holdEndpoint(const QUrl &endpoint, bool held);
    // What requests to `endpoint`'s uploads carry.
    HttpHeaders headersFor(const QUrl &endpoint) const
    {
        return m_endpointHeaders.merged(m_headers, endpoint);
    }
    // Requests in flight at once, across all tasks: from MinConcurrency to MaxConcurrency (the
    // command line and the window offer the same range). Raising starts more at once; lowering
    // stops nothing but starts nothing until below it.
    static constexpr int MinConcurrency = ConcurrencyLimits::MinConcurrency;
    static constexpr int MaxConcurrency = ConcurrencyLimits::MaxConcurrency;
    // A fixed limit: setting one turns Auto off (a number is a fixed cap); concurrency() keeps
    // it for when Auto goes off again.
    void setConcurrency(int limit);
    int concurrency() const { return m_limits.fixed(); }
    // Parallel: Auto (the default): each server's requests in flight find their own level
    // (ConcurrencyController), from 1 to MaxConcurrency, learned from how its requests end;
    // the per-server limit, when set, still caps it. Off: concurrency() holds.
    void setAutoConcurrency(bool on);
    bool autoConcurrency() const { return m_limits.isAuto(); }
    // Requests allowed in flight now, across servers: Auto's levels of the servers with work
    // (the last ones reached when idle), else concurrency().
    int concurrencyLevel() const { return m_limits.level(); }
    // The Auto level of `endpoint`'s server (NetworkPool::serverOf); 0 when none yet.
    int concurrencyLevelFor(const QUrl &endpoint) const
    {
        return m_limits.levelFor(m_lanes.serverIndex(NetworkPool::serverOf(endpoint)));
    }
    // The highest Auto level `endpoint`'s server reached so far; 0 when none.
    int concurrencyLevelPeakFor(const QUrl &endpoint) const
    {
        return m_limits.peakFor(m_lanes.serverIndex(NetworkPool::serverOf(endpoint)));
    }
    // Requests in flight at once to one server (scheme, host and port), on top of the global
    // limit: 0 (the default) for none, else 1 to MaxConcurrency.
    void setPerServerLimit(int limit);
    int perServerLimit() const { return m_limits.perServer(); }
    // Back-off, its cap and how long without progress before an upload is given up (also a
    // server's outage: ServerHealth).
    void setRetryPolicy(const RetryPolicy &policy) { m_failures->setPolicy(policy); }
    const RetryPolicy &retryPolicy() const { return m_failures->policy(); }
    // Which servers answer, the probes that find an outage's end, and what wakes them (its
    // network source is set there).
    ServerHealth *serverHealth() const { return m_failures->serverHealth(); }
    FailureHandler *failures() const { return m_failures; }
    // The uploads waiting for a person's answer (whoever asks tells it what became of each
    // question: SshRetry in the window).
    AnswerWaits *answerWaits() const { return m_failures->answerWaits(); }
    void setStallTimeout(int ms) { m_stallTimeoutMs = ms; }
    // A waiting task passed over this many times by newer ones gains one priority level.
    void setAgingSkips(int skips) { m_queue.setAgingSkips(skips); }
    // Whether, before its first byte goes out, a new upload computes its file's SHA-256 (phase
    // Hashing, holding a concurrency slot) and sends it as the "sha256" creation metadata, in
    // lower-case hex, so that a server holding the content can complete it instantly.
    // WhenServerOffersInstant (the default) asks the endpoint first (one OPTIONS per endpoint)
    // and hashes only for a server that advertises instant upload, and only files of at least
    // instantMinimumSize(): below it a file goes up in its creation request, which costs less
    // than asking whether the server has it. Reading a 512 MiB file first costs ~0.4 s here.
    using HashPolicy = TaskPreparer::HashPolicy;
    void setHashPolicy(HashPolicy policy) { m_preparer->setHashPolicy(policy); }
    HashPolicy hashPolicy() const { return m_preparer->hashPolicy(); }
    static constexpr qint64 DefaultInstantMinimumSize = 1024 * 1024;
    void setInstantMinimumSize(qint64 bytes);
    qint64 instantMinimumSize() const { return m_preparer->instantMinimumSize(); }
    // On (the default): a large file going to a server that offers concatenation is sent as
    // parts at once, using slots nobody else waits for. Off: every file is one stream.
    void setParallelParts(bool on) { m_parallelParts = on; }
    bool parallelParts() const { return m_parallelParts; }

    // Bandwidth, in bytes per second (0: unlimited): shared by all uploads, and one upload's own
    // (kept with it in the store). Both take effect at once, for requests in flight too.
    void setRateLimit(qint64 bytesPerSecond);
    qint64 rateLimit() const { return m_ownRate; }
    void setTaskRateLimit(TaskId id, qint64 bytesPerSecond);
    // A second limit on all uploads, from a rule rather than the person (a schedule, a metered
    // link: TransferGovernor); the stricter of it and rateLimit() holds. 0: none.
    void setRateCap(qint64 bytesPerSecond);
    qint64 rateCap() const { return m_rateCap; }
    // A hold on everything (a schedule's pause, a metered link): running uploads stop and wait
    // again with `reason` as their note, nothing starts, and no failure or retry is counted;
    // lifting it lets them go on from the server's offset. Separate from pausing rows, which
    // is the person's own and stays as it was.
    void setSuspended(bool suspended, const QString &reason);
    bool isSuspended() const { return m_suspended; }

    // Keeps every task in `store` (which lives on another thread; every call to it is queued):
    // see TaskPersistence for what is written when. Set before adding or restoring tasks.
    void setStore(TaskStore *store);
    // Brings back the queue a store held: uploading tasks wait again and will resume from the
    // server's offset once their file is checked to be what was queued; the rest stay as they were.
    void restore(const QList<TaskRecord> &records);

    // Queues files and folders; folders are walked off this thread. Paths that cannot be uploaded
    // become tasks in Error with the reason. Emits tasksAdded once per slice of the walk's
    // files, each made in its own turn of the event loop (at least once per call; may be empty).
    // A file already queued to the current endpoint (same absolute path) is not added again
    // unless `duplicates` is AddAgain: a newer version (size or time) of one waiting, not started,
    // replaces it in place; the rest are skipped, and duplicatesFound() says which.
    enum class Duplicates { Skip, AddAgain };
    void addPaths(const QStringList &paths, Priority priority = Priority::Normal,
                  Duplicates duplicates = Duplicates::Skip);
    // What addPaths() leaves out of the folders it walks (PathPatterns; none by default).
    void setExcludePatterns(const PathPatterns &patterns) { m_exclude = patterns; }
    const PathPatterns &excludePatterns() const { return m_exclude; }
    // Queues files already chosen (a watched folder's) to `endpoint` rather than the current
    // one, each under its own remote name (tus relativePath metadata, the S3 key after the
    // target's prefix; the table shows it too). Always new uploads (the caller decides what is
    // new); a file that cannot be read becomes a task in Error as with addPaths().
    using FileToQueue = ::FileToQueue;
    void addFiles(const QList<FileToQueue> &files, const QUrl &endpoint,
                  Priority priority = Priority::Normal);
    // The tasks of the file at `path`, any endpoint (none, or a few), without walking them all.
    QList<TaskId> tasksWithPath(const QString &path) const { return m_tasks.idsWithPath(path); }
    // The running upload of the file at `path` waits for a person's answer about it (its file is
    // on the server already: ExistingFileWaits): its row says `note` until it is cleared (empty)
    // or the attempt ends.
    void setAnswerAwaited(const QString &path, const QString &note);
    void pause(TaskId id);
    void resume(TaskId id);
    void cancel(TaskId id) { m_bulk->cancel({id}); }
    // Failed uploads start again (a file that changed or could not be read is read again first,
    // off this thread, and starts as a new upload); servers down are asked at once. Returns how
    // many of `ids` were failed.
    void retry(TaskId id) { retryFailed({id}); }
    int retryFailed(const QList<TaskId> &ids) { return m_failures->retryFailed(ids); }
    int retryAllFailed() { return m_failures->retryAllFailed(); }
    // Sends unfinished uploads (failed or paused) whose server is not `endpoint` there instead,
    // as new uploads of the file as it is now; what they left on their old server is deleted
    // there if it answers (else it expires). Returns how many moved.
    int sendTo(const QList<TaskId> &ids, const QUrl &endpoint);
    void setPriority(TaskId id, Priority priority);
    // The same over a selection, O(ids) however many tasks there are: the removals of a cancel
    // come as one tasksAboutToBeRemoved/tasksRemoved batch, the changes as one tasksChanged.
    // Own names, so that `&UploadScheduler::pause` stays one function to connect to.
    void cancelTasks(const QList<TaskId> &ids) { m_bulk->cancel(ids); }
    void pauseTasks(const QList<TaskId> &ids) { m_bulk->pause(ids); }
    void resumeTasks(const QList<TaskId> &ids) { m_bulk->resume(ids); }
    void setTasksPriority(const QList<TaskId> &ids, Priority priority)
    {
        m_bulk->setPriority(ids, priority);
    }
    void pauseAll() { m_bulk->pauseAll(); }
    // Resumes what is paused and retries what failed for a transient cause (a server that did not
    // answer until given up); servers down are asked at once. Returns how many failed ones
    // started again.
    int resumeAll() { return m_bulk->resumeAll(); }
    // Removes tasks in Success (and Error, when `includeFailed`), in one batch.
    void clearFinished(bool includeFailed = false) { m_bulk->clearFinished(includeFailed); }
    // Removes failed tasks in one batch; what they left on a server is deleted there.
    void clearFailed() { m_bulk->clearFailed(); }

    const UploadTask *task(TaskId id) const { return find(id); }
    QList<TaskId> taskIds() const { return m_tasks.ids(); } // in the order they were added
    int taskCount() const { return m_tasks.size(); }
    // Tasks in Uploading.
    int runningCount() const { return int(m_running.size()); }
    SchedulerTotals totals() const;
    // Nothing is waiting, uploading or being expanded, and no upload left over is being deleted.
    bool isIdle() const;
    // Paths given to addPaths() are still becoming tasks (a long list comes in slices, each its
    // own tasksAdded()).
    bool isAddingPaths() const;

Q_SIGNALS:
    // A walk of addPaths() came back with `count` paths, before their tasks exist (a window can
    // say "Adding N files…"; benchmarks time from here to the rows on screen).
    void pathsExpanded(int count);
    void tasksAdded(const QList<TaskId> &ids);
    // After an addPaths() that met files already queued: once, when all its files are in.
    void duplicatesFound(const DuplicateReport &report);
    // Coalesced: every task that changed since the last emission, at most every flush interval.
    void tasksChanged(const QList<TaskId> &ids);
    // Before and after tasks are deleted (cancel, clear finished): one signal per batch.
    void tasksAboutToBeRemoved(const QList<TaskId> &ids);
    void tasksRemoved(const QList<TaskId> &ids);
    void taskStarted(TaskId id);
    // A task reached Success or Error (again after each retry that ends there).
    void taskFinished(TaskId id);
    void totalsChanged(const SchedulerTotals &totals);
    // Everything queued has finished (success or error) or is paused.
    void idle();
    // concurrencyLevel() or a server's level moved; at most a few times a second.
    void concurrencyLevelChanged();

private:
    UploadTask *find(TaskId id) const { return m_tasks.find(id); }
    void insertTask(std::unique_ptr<UploadTask> task);
    // The task of a walked path, inserted (TaskIntake::Make), and a slice of them made.
    UploadTask *makeTask(const ExpandedPath &path, Priority priority, const QUrl &endpoint,
                         qint64 nowMs);
    void tasksMade(const QList<const UploadTask *> &tasks, const QList<TaskId> &added,
                   const QList<TaskId> &rejected);
    void setState(UploadTask *task, TaskState state);
    void markDirty(UploadTask *task);
    void flushed(const QList<TaskId> &ids);
    void requestSchedule();
    void schedule();
    void requestSampled(const RequestSample &sample);
    // What a transfer of `task` needs; sets its speed limit in the limiter.
    TransferJob jobFor(const UploadTask &task);
    // Nothing of `lane` starts: its server is down, or a question to a person holds it.
    bool laneWaits(int lane) const;
    void terminateUploads(UploadTask *task);
    void removeTasks(const QList<TaskId> &ids) override;
    void checkIdle() override;

    // TaskControl
    UploadTask *findTask(TaskId id) const override { return find(id); }
    QList<TaskId> tasksIn(TaskState state) const override { return m_tasks.idsIn(state); }
    QList<UploadTask *> runningTasks() const override { return m_running.values(); }
    QList<TaskId> readyIn(int lane) const override { return m_queue.readyIn(lane); }
    void setTaskState(UploadTask *task, TaskState state) override { setState(task, state); }
    void stopTask(UploadTask *task) override;
    void endUploads(UploadTask *task) override { terminateUploads(task); }
    void reshapeTask(UploadTask *task, const std::function<void()> &change) override
    {
        m_tasks.reshape(task, change);
    }
    void bytesShown(UploadTask *task, qint64 delta) override { m_tasks.shownMoved(task, delta); }
    void taskChanged(UploadTask *task, bool store) override;
    void recheckFile(UploadTask *task) override;
    void taskFailedAgain(UploadTask *task) override;
    void scheduleSoon() override { requestSchedule(); }

    TransferProtocol *m_protocol;
    Clock *m_ownClock = nullptr; // when none was given
    QUrl m_endpoint;
    PathPatterns m_exclude;
    qint64 m_chunkSize = 8 * 1024 * 1024;
    qint64 m_maxRequestSize = 0;
    HttpHeaders m_headers;
    EndpointHeaders m_endpointHeaders;
    int m_stallTimeoutMs = 30000;
    bool m_parallelParts = true;
    qint64 m_ownRate = 0;
    qint64 m_rateCap = 0;
    bool m_suspended = false;
    QList<TaskId> m_heldIds; // stopped by the hold, with its note

    TaskTable m_tasks;
    QHash<TaskId, UploadTask *> m_running; // the tasks in Uploading
    UploadQueue m_queue;                   // the tasks in Waiting
    EndpointLanes m_lanes{&m_endpointHeaders};
    TaskId m_nextId = 1;
    quint64 m_nextSequence = 0;
    bool m_scheduleQueued = false;
    bool m_wasIdle = true;
    ConcurrencyLimits m_limits{
        [this](const QString &server) { return m_lanes.serverIndex(server); }};
    TaskPreparer *m_preparer;
    BandwidthLimiter *m_bandwidth;
    TaskChangeBatch *m_changes;
    OrphanUploads *m_orphans;
    FileRecheck *m_recheck;
    FailureHandler *m_failures;
    TaskRunner *m_runner;
    SlotBalancer *m_slots = nullptr; // shares the slots among servers and running uploads
    TaskIntake *m_intake;
    std::unique_ptr<BulkCommands> m_bulk;
    // Declared after m_tasks: destroyed first, writing what is pending while the tasks exist.
    std::unique_ptr<TaskPersistence> m_persistence;
};
