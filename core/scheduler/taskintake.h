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

// Turns paths into tasks: folders are walked (and files fingerprinted) off the GUI thread, then
// tasks are made a slice per turn of the event loop, so that 100,000 dropped files never freeze
// the window. A file already queued is skipped, or a newer version of an unstarted one replaces
// it in place (DuplicateCheck), when asked to.
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
    // A walk of addPaths() came back with `count` paths, before their tasks exist.
    void pathsExpanded(int count);
    // After an addPaths() that met files already queued: once, when all its files are in.
    void duplicatesFound(const DuplicateReport &report);
    // The last slice of a call was made (busy() may be false now).
    void sliceDone();

private:
    // Makes tasks of paths[from...], a slice per turn of the event loop.
    // `duplicates`: what was met already queued so far; null when adding regardless.
    void onExpanded(std::shared_ptr<const QList<ExpandedPath>> paths, qsizetype from,
                    Priority priority, std::shared_ptr<DuplicateReport> duplicates,
                    const QUrl &endpoint);
    // Whether `file` is already queued; a newer version of an unstarted task replaces it.
    bool skipQueued(const ExpandedPath &file, qint64 nowMs, DuplicateReport *report);

    TaskControl *m_tasks;
    const TaskTable *m_table;
    Make m_make;
    Made m_made;
    CurrentEndpoint m_currentEndpoint;
    int m_pending = 0;
};
