#pragma once

#include "uploadtypes.h"

#include <QList>

#include <functional>

class UploadTask;

// What the scheduler's helpers (FailureHandler, TaskRunner, TaskIntake, BulkCommands) may do to
// its tasks. Each call keeps the scheduler's queue, running set, totals, store and listeners in
// step, so that a helper never touches that bookkeeping itself. UploadScheduler is the one
// implementation.
class TaskControl {
public:
    virtual UploadTask *findTask(TaskId id) const = 0;
    virtual QList<TaskId> tasksIn(TaskState state) const = 0;
    virtual QList<UploadTask *> runningTasks() const = 0;
    // The waiting tasks of `lane` ready to start (not backing off), in no particular order.
    virtual QList<TaskId> readyIn(int lane) const = 0;
    // The one place a task changes state (validated; listeners hear of it once).
    virtual void setTaskState(UploadTask *task, TaskState state) = 0;
    // Stops its transfer, if it has one (an attempt Stopped unless ended already).
    virtual void stopTask(UploadTask *task) = 0;
    // Deletes what it holds on its server (its upload, its parts) and forgets the parts.
    virtual void endUploads(UploadTask *task) = 0;
    // Removes the tasks there are of `ids`, in one batch (listeners hear before and after).
    virtual void removeTasks(const QList<TaskId> &ids) = 0;
    // Runs `change`, which may move its size and shown bytes, keeping the totals right.
    virtual void reshapeTask(UploadTask *task, const std::function<void()> &change) = 0;
    // Its shown bytes moved by `delta` (its own accounting did it): the totals follow.
    virtual void bytesShown(UploadTask *task, qint64 delta) = 0;
    // It changed: listeners hear of it; the store too when `store`.
    virtual void taskChanged(UploadTask *task, bool store) = 0;
    // Its file is read again off the GUI thread; the answer comes to FailureHandler::onRechecked.
    virtual void recheckFile(UploadTask *task) = 0;
    // Failed again while it was failed already: said as a new failure is.
    virtual void taskFailedAgain(UploadTask *task) = 0;
    virtual void scheduleSoon() = 0;
    virtual void checkIdle() = 0;

protected:
    ~TaskControl() = default;
};
