#include "bulkcommands.h"

#include "failurehandler.h"
#include "taskcontrol.h"
#include "uploadscheduler.h"
#include "uploadtask.h"

BulkCommands::BulkCommands(UploadScheduler *scheduler, TaskControl *tasks, FailureHandler *failures)
    : m_scheduler(scheduler)
    , m_tasks(tasks)
    , m_failures(failures)
{
}

void BulkCommands::cancel(const QList<TaskId> &ids)
{
    for (const TaskId id : ids) {
        UploadTask *task = m_tasks->findTask(id);
        if (!task)
            continue;
        m_tasks->stopTask(task);
        if (task->state() != TaskState::Success)
            m_tasks->endUploads(task);
    }
    m_tasks->removeTasks(ids);
    m_tasks->scheduleSoon();
}

void BulkCommands::pause(const QList<TaskId> &ids)
{
    // Waiting ones first: pausing an uploading one frees a slot a waiting one would take.
    for (const TaskState state : {TaskState::Waiting, TaskState::Uploading}) {
        for (const TaskId id : ids) {
            const UploadTask *task = m_tasks->findTask(id);
            if (task && task->state() == state)
                m_scheduler->pause(id);
        }
    }
}

void BulkCommands::resume(const QList<TaskId> &ids)
{
    for (const TaskId id : ids)
        m_scheduler->resume(id);
}

void BulkCommands::setPriority(const QList<TaskId> &ids, Priority priority)
{
    for (const TaskId id : ids)
        m_scheduler->setPriority(id, priority);
}

void BulkCommands::pauseAll()
{
    pause(m_tasks->tasksIn(TaskState::Waiting) + m_tasks->tasksIn(TaskState::Uploading));
}

int BulkCommands::resumeAll()
{
    resume(m_tasks->tasksIn(TaskState::Paused));
    return m_failures->retryTransient();
}

void BulkCommands::clearFinished(bool includeFailed)
{
    QList<TaskId> doomed = m_tasks->tasksIn(TaskState::Success);
    if (includeFailed)
        doomed += m_tasks->tasksIn(TaskState::Error);
    m_tasks->removeTasks(doomed);
}

void BulkCommands::clearFailed()
{
    const QList<TaskId> failed = m_tasks->tasksIn(TaskState::Error);
    for (const TaskId id : failed)
        m_tasks->endUploads(m_tasks->findTask(id));
    m_tasks->removeTasks(failed);
}
