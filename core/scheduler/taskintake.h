#pragma once

#include "duplicatecheck.h"
#include "pathexpander.h"
#include "uploadtypes.h"

#include <QObject>
#include <QUrl>

#include <functional>
#include <memory>

class TaskControl;
class TaskTable;
class UploadTask;

// A file already chosen, to be queued under its own remote name ("prefix/sub/name").
struct FileToQueue {
    QString path; // absolute
    QString remoteName;
};

// Turns paths into tasks: folders are walked (and files fingerprinted) off the GUI thread, and
// tasks are made a slice per turn of the event loop, so that 100,000 dropped files never freeze
// the window. The walk hands its files on in batches as it goes (expandPaths), so the first
// uploads start while a large folder is still being walked. A file already queued is skipped, or a
// newer version of an unstarted one replaces it in place (DuplicateCheck), when asked to.
class TaskIntake final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TaskIntake)
public:
    // The scheduler's: makes and inserts the task of a path (in Error when it was rejected),
    // then hears of each slice made; what it queues to now, for the duplicate check.
    using Make = std::function<UploadTask *(const ExpandedPath &path, Priority priority,
                                            const QUrl &endpoint, qint64 nowMs)>;
    using Made = std::function<void(const QList<const UploadTask *> &tasks,
                                    const QList<TaskId> &added, const QList<TaskId> &rejected)>;
    using CurrentEndpoint = std::function<QUrl()>;
    TaskIntake(TaskControl *tasks, const TaskTable *table, Make make, Made made,
               CurrentEndpoint currentEndpoint, QObject *parent = nullptr);

    // Walks `paths` (leaving out what `exclude` matches inside folders) and queues the files to
    // `endpoint`; `skipQueued`: files queued already are skipped (or replaced, when newer).
    void addPaths(const QStringList &paths, Priority priority, bool skipQueued,
                  const QUrl &endpoint, const PathPatterns &exclude, bool fingerprints);
    void addFiles(const QList<FileToQueue> &files, const QUrl &endpoint, Priority priority,
                  bool fingerprints);
    // A walk or its slices are still to come.
    bool busy() const { return m_pending > 0; }

Q_SIGNALS:
    // A walk of addPaths() ended with `count` paths, before the last of their tasks exist.
    void pathsExpanded(int count);
    // After an addPaths() that met files already queued: once, when all its files are in.
    void duplicatesFound(const DuplicateReport &report);
    // The last slice of a call was made (busy() may be false now).
    void sliceDone();

private:
    struct Walk;
    // Starts a walk's tasks, the batches it handed on so far.
    std::shared_ptr<Walk> startWalk(Priority priority, bool skipQueued, const QUrl &endpoint);
    // The walk handed on another batch, or (`batch` null) ended.
    void received(const std::shared_ptr<Walk> &walk,
                  std::shared_ptr<const QList<ExpandedPath>> batch);
    // Makes tasks of the walk's first waiting batch from `from` on, a slice per turn of the event
    // loop, and goes on with the next batch.
    void makeTasks(const std::shared_ptr<Walk> &walk, qsizetype from);
    // The walk ended and its last batch is made: the scheduler hears the paths are in.
    void finishWalk(const std::shared_ptr<Walk> &walk);
    // Whether `file` is already queued; a newer version of an unstarted task replaces it.
    bool skipQueued(const ExpandedPath &file, qint64 nowMs, DuplicateReport *report);

    TaskControl *m_tasks;
    const TaskTable *m_table;
    Make m_make;
    Made m_made;
    CurrentEndpoint m_currentEndpoint;
    int m_pending = 0;
};
