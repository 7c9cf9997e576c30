#pragma once

#include "uploadtypes.h"

#include <QList>

class FailureHandler;
class TaskControl;
class UploadScheduler;

// The scheduler's commands over a selection or over all tasks, each O(tasks named) however many
// tasks there are: pausing waiting ones before uploading ones (which frees a slot one of them
// would take), cancelling and clearing in one removal batch, resuming what is paused and what
// failed for a transient cause.
class BulkCommands final {
    Q_DISABLE_COPY_MOVE(BulkCommands)
public:
    // The scheduler's own commands on one task, what it lets its helpers do, and its failures.
    BulkCommands(UploadScheduler *scheduler, TaskControl *tasks, FailureHandler *failures);

    void cancel(const QList<TaskId> &ids);
    void pause(const QList<TaskId> &ids);
    void resume(const QList<TaskId> &ids);
    void setPriority(const QList<TaskId> &ids, Priority priority);
    void pauseAll();
    // Returns how many failed uploads started again.
    int resumeAll();
    // Success (and Error, when `includeFailed`) tasks go; their uploads stay on the server.
    void clearFinished(bool includeFailed);
    // Error tasks go, and what they left on a server is deleted there.
    void clearFailed();

private:
    UploadScheduler *m_scheduler;
    TaskControl *m_tasks;
    FailureHandler *m_failures;
};
