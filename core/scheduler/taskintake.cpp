#include "taskintake.h"

#include "fingerprint.h"
#include "offthread.h"
#include "taskcontrol.h"
#include "tasktable.h"
#include "uploadtask.h"

#include <QDateTime>
#include <QElapsedTimer>
#include <QTimer>

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

void TaskIntake::addPaths(const QStringList &paths, Priority priority, bool skipQueued,
                          const QUrl &endpoint, const PathPatterns &exclude, bool fingerprints)
{
    ++m_pending;
    // Folders may hold thousands of files on a slow disk: walk them off this thread.
    runOffThread(
        this,
        [paths, fingerprints, exclude] {
            QList<ExpandedPath> expanded = expandPaths(paths, nullptr, exclude);
            if (fingerprints) {
                for (ExpandedPath &p : expanded) {
                    if (p.rejection.isEmpty())
                        p.fingerprint = quickFingerprint(p.path, p.size);
                }
            }
            return expanded;
        },
        [this, priority, skipQueued, endpoint](const QList<ExpandedPath> &expanded) {
            Q_EMIT pathsExpanded(int(expanded.size()));
            onExpanded(std::make_shared<const QList<ExpandedPath>>(expanded), 0, priority,
                       skipQueued ? std::make_shared<DuplicateReport>() : nullptr, endpoint);
        });
}

void TaskIntake::addFiles(const QList<FileToQueue> &files, const QUrl &endpoint, Priority priority,
                          bool fingerprints)
{
    ++m_pending;
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
        [this, priority, endpoint](const QList<ExpandedPath> &expanded) {
            onExpanded(std::make_shared<const QList<ExpandedPath>>(expanded), 0, priority, nullptr,
                       endpoint);
        });
}

void TaskIntake::onExpanded(std::shared_ptr<const QList<ExpandedPath>> paths, qsizetype from,
                            Priority priority, std::shared_ptr<DuplicateReport> duplicates,
                            const QUrl &endpoint)
{
    // A slice at a time, each its own turn of the event loop: 100,000 files become tasks, rows
    // and records in about a second, and the window must not freeze for all of it.
    QElapsedTimer slice;
    slice.start();
    QList<TaskId> added;
    QList<TaskId> rejected;
    QList<const UploadTask *> tasks;
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    qsizetype to = from;
    for (; to < paths->size(); ++to) {
        if ((to - from) % IntakeBatch == 0 && to > from && slice.elapsed() >= IntakeSliceMs)
            break;
        const ExpandedPath &p = paths->at(to);
        if (duplicates && skipQueued(p, now, duplicates.get()))
            continue;
        const UploadTask *task = m_make(p, priority, endpoint, now);
        if (task->state() == TaskState::Error)
            rejected.append(task->id());
        tasks.append(task);
        added.append(task->id());
    }
    m_made(tasks, added, rejected);
    if (to < paths->size()) {
        // A real timer (Qt turns a 0 ms one into a posted call, and posted calls may all run
        // before any timer of the window's does).
        QTimer::singleShot(1, Qt::PreciseTimer, this,
                           [this, paths, to, priority, duplicates, endpoint] {
                               onExpanded(paths, to, priority, duplicates, endpoint);
                           });
        return;
    }
    --m_pending;
    if (duplicates && !duplicates->isEmpty())
        Q_EMIT duplicatesFound(*duplicates);
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
