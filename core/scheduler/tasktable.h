#pragma once

#include "uploadtask.h"
#include "uploadtypes.h"

#include <QHash>
#include <QList>
#include <QMultiHash>

#include <map>
#include <memory>

// Totals over all tasks, for a status bar or a headless summary.
struct SchedulerTotals {
    int counts[TaskStateCount] = {};
    double bytesPerSecond = 0;
    qint64 bytesTotal = 0;
    qint64 bytesDone = 0;
    // Of the uploads under way (uploading or waiting, not paused or finished): bytes still to go.
    qint64 bytesActiveLeft = 0;
    int count(TaskState s) const { return counts[int(s)]; }
};

// The scheduler's tasks, in the order they were added, with their totals (tasks per state, bytes
// to send and shown as sent) kept up to date as tasks come, go and change, so that asking for
// them costs nothing however many there are. Changes that move a total go through here.
class TaskTable final {
public:
    UploadTask *find(TaskId id) const;
    // Takes the task and counts it in.
    UploadTask *insert(std::unique_ptr<UploadTask> task);
    // Counts the task out and deletes it.
    void erase(TaskId id);
    int size() const { return int(m_tasks.size()); }
    bool isEmpty() const { return m_tasks.empty(); }
    QList<TaskId> ids() const;
    // Ids of the tasks in `state`, in the order they were added (walks all tasks).
    QList<TaskId> idsIn(TaskState state) const;
    // Ids of the tasks of the file at `path` (usually none or one), without walking.
    QList<TaskId> idsWithPath(const QString &path) const { return m_byPath.values(path); }

    // Moves the task to `state` (UploadTask::moveTo) and counts it there.
    void setState(UploadTask *task, TaskState state, qint64 nowMs);
    // The task's shown bytes moved by `delta` (its own accounting did it).
    void shownMoved(const UploadTask *task, qint64 delta)
    {
        m_totals.bytesDone += delta;
        if (counts(task->state()))
            m_totals.bytesActiveLeft -= delta;
    }
    // Runs `change` on the task and counts what it did to its size and shown bytes.
    template <typename Change>
    void reshape(UploadTask *task, Change change)
    {
        const qint64 size = task->size();
        const qint64 shown = task->shownBytes();
        const bool active = counts(task->state());
        change();
        m_totals.bytesTotal += task->size() - size;
        m_totals.bytesDone += task->shownBytes() - shown;
        m_totals.bytesActiveLeft +=
            (counts(task->state()) ? left(*task) : 0) - (active ? size - shown : 0);
    }

    // Without speeds, which the scheduler adds from its running tasks.
    const SchedulerTotals &totals() const { return m_totals; }

private:
    // Whether a task in `state` counts in bytesActiveLeft.
    static bool counts(TaskState state)
    {
        return state == TaskState::Waiting || state == TaskState::Uploading;
    }
    static qint64 left(const UploadTask &task) { return task.size() - task.shownBytes(); }

    std::map<TaskId, std::unique_ptr<UploadTask>> m_tasks; // ids grow: map order is add order
    // find() in O(1): commands over 100,000 selected tasks look each one up several times.
    QHash<TaskId, UploadTask *> m_byId;
    QMultiHash<QString, TaskId> m_byPath;
    SchedulerTotals m_totals;
};
