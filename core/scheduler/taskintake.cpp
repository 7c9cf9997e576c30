#include "taskintake.h"

#include "fingerprint.h"
#include "offthread.h"
#include "taskcontrol.h"
#include "tasktable.h"
#include "uploadtask.h"

#include <QDateTime>
#include <QElapsedTimer>
#include <QFutureWatcher>
#include <QPromise>
#include <QTimer>
#include <QtConcurrent/QtConcurrentRun>

namespace {
// Tasks are made from a walked folder for this long per turn of the event loop (then the window
// gets its turn), in batches of at least IntakeBatch.
// (Making a task, its row and its record costs ~5 us here: a slice is a few thousand.)
constexpr qint64 IntakeSliceMs = 8;
constexpr qsizetype IntakeBatch = 128;
} // namespace

TaskIntake::TaskIntake(TaskControl *tasks, const TaskTable *table, Make make, Made made,
                       CurrentEndpoint currentEndpoint, QObject *parent)
    : QObject(parent)
    , m_tasks(tasks)
    , m_table(table)
    , m_make(std::move(make))
    , m_made(std::move(made))
    , m_currentEndpoint(std::move(currentEndpoint))
{
}

// One addPaths() or addFiles(): its batches in the order the walk handed them on.
struct TaskIntake::Walk {
    Priority priority = Priority::Normal;
    std::shared_ptr<DuplicateReport> duplicates; // null: added regardless of the queue
    QUrl endpoint;
    QList<std::shared_ptr<const QList<ExpandedPath>>> batches; // the first one is being made
    bool making = false;                                       // a slice is due
    bool walked = false;                                       // no batch comes after these
    bool finished = false;                                     // finishWalk() has run
    int count = 0;                                             // paths handed on so far
};

std::shared_ptr<TaskIntake::Walk> TaskIntake::startWalk(Priority priority, bool skipQueued,
                                                        const QUrl &endpoint)
{
    ++m_pending;
    auto walk = std::make_shared<Walk>();
    walk->priority = priority;
    walk->duplicates = skipQueued ? std::make_shared<DuplicateReport>() : nullptr;
    walk->endpoint = endpoint;
    return walk;
}

void TaskIntake::addPaths(const QStringList &paths, Priority priority, bool skipQueued,
                          const QUrl &endpoint, const PathPatterns &exclude, bool fingerprints)
{
    const std::shared_ptr<Walk> walk = startWalk(priority, skipQueued, endpoint);
    // Folders may hold thousands of files on a slow disk: walk them off this thread, taking each
    // batch as it comes. The watcher dies with this object; so do the batches not yet taken.
    using Batch = QList<ExpandedPath>;
    auto *watcher = new QFutureWatcher<Batch>(this);
    connect(watcher, &QFutureWatcherBase::resultsReadyAt, this,
            [this, watcher, walk](int begin, int end) {
                for (int i = begin; i < end; ++i)
                    received(walk, std::make_shared<const Batch>(watcher->resultAt(i)));
            });
    connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher, walk] {
        watcher->deleteLater();
        Q_EMIT pathsExpanded(walk->count);
        received(walk, nullptr);
    });
    watcher->setFuture(QtConcurrent::run([paths, fingerprints, exclude](QPromise<Batch> &promise) {
        expandPaths(
            paths,
            [&promise, fingerprints](Batch &&batch) {
                if (fingerprints) {
                    for (ExpandedPath &p : batch) {
                        if (p.rejection.isEmpty())
                            p.fingerprint = quickFingerprint(p.path, p.size);
                    }
                }
                promise.addResult(std::move(batch));
            },
            nullptr, exclude);
    }));
}

void TaskIntake::addFiles(const QList<FileToQueue> &files, const QUrl &endpoint, Priority priority,
                          bool fingerprints)
{
    const std::shared_ptr<Walk> walk = startWalk(priority, false, endpoint);
    runOffThread(
        this,
        [files, fingerprints] {
            QList<ExpandedPath> expanded;
            expanded.reserve(files.size());
            for (const FileToQueue &file : files) {
                ExpandedPath p = expandPaths({file.path}).value(0);
                p.path = file.path;
                p.displayName = file.remoteName;
                if (fingerprints && p.rejection.isEmpty())
                    p.fingerprint = quickFingerprint(p.path, p.size);
                expanded.append(p);
            }
            return expanded;
        },
        [this, walk](const QList<ExpandedPath> &expanded) {
            received(walk, std::make_shared<const QList<ExpandedPath>>(expanded));
            received(walk, nullptr);
        });
}

void TaskIntake::received(const std::shared_ptr<Walk> &walk,
                          std::shared_ptr<const QList<ExpandedPath>> batch)
{
    if (batch) {
        walk->count += int(batch->size());
        walk->batches.append(std::move(batch));
    } else {
        walk->walked = true;
    }
    if (!walk->making)
        makeTasks(walk, 0);
}

void TaskIntake::makeTasks(const std::shared_ptr<Walk> &walk, qsizetype from)
{
    walk->making = false;
    if (walk->batches.isEmpty()) {
        finishWalk(walk);
        return;
    }
    // A slice at a time, each its own turn of the event loop: 100,000 files become tasks, rows
    // and records in about a second, and the window must not freeze for all of it.
    const QList<ExpandedPath> &paths = *walk->batches.constFirst();
    QElapsedTimer slice;
    slice.start();
    QList<TaskId> added;
    QList<TaskId> rejected;
    QList<const UploadTask *> tasks;
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    qsizetype to = from;
    for (; to < paths.size(); ++to) {
        if ((to - from) % IntakeBatch == 0 && to > from && slice.elapsed() >= IntakeSliceMs)
            break;
        const ExpandedPath &p = paths.at(to);
        if (walk->duplicates && skipQueued(p, now, walk->duplicates.get()))
            continue;
        const UploadTask *task = m_make(p, walk->priority, walk->endpoint, now);
        if (task->state() == TaskState::Error)
            rejected.append(task->id());
        tasks.append(task);
        added.append(task->id());
    }
    m_made(tasks, added, rejected);
    if (to >= paths.size()) {
        walk->batches.removeFirst();
        to = 0;
        if (walk->batches.isEmpty()) {
            finishWalk(walk); // the walk's last slice: done now, not a turn later
            return;
        }
    }
    // The rest in a later turn. A real timer (Qt turns a 0 ms one into a posted call, and posted
    // calls may all run before any timer of the window's does).
    walk->making = true;
    QTimer::singleShot(1, Qt::PreciseTimer, this, [this, walk, to] { makeTasks(walk, to); });
}

void TaskIntake::finishWalk(const std::shared_ptr<Walk> &walk)
{
    if (!walk->walked || walk->finished)
        return; // the next batch, or the walk's end, comes back here
    walk->finished = true;
    if (walk->count == 0)
        m_made({}, {}, {}); // nothing came: listeners still hear that the paths are in
    --m_pending;
    if (walk->duplicates && !walk->duplicates->isEmpty())
        Q_EMIT duplicatesFound(*walk->duplicates);
    Q_EMIT sliceDone();
}

bool TaskIntake::skipQueued(const ExpandedPath &file, qint64 now, DuplicateReport *report)
{
    const DuplicateCheck::Match match = DuplicateCheck::find(*m_table, file, m_currentEndpoint());
    if (match.verdict == DuplicateCheck::Verdict::New)
        return false;
    if (match.verdict == DuplicateCheck::Verdict::Newer) {
        // Nothing of the older version went anywhere: the person wants the file as it is now.
        UploadTask *task = match.task;
        m_tasks->reshapeTask(
            task, [&] { task->takeNewerFile(file.size, file.modifiedMs, file.fingerprint, now); });
        m_tasks->taskChanged(task, true);
        ++report->replaced;
        return true;
    }
    DuplicateCheck::note(report, match, file.path);
    return true;
}
