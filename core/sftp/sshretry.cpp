#include "sshretry.h"

#include "sshquestions.h"
#include "uploadscheduler.h"

SshRetry::SshRetry(SshQuestions *questions, UploadScheduler *scheduler, QObject *parent)
    : QObject(parent)
    , m_scheduler(scheduler)
{
    connect(questions, &SshQuestions::answered, this, &SshRetry::answered);
    connect(questions, &SshQuestions::asked, this, [this](const SshQuestion &) {
        // Asked again (an answer refused): what failed since waits for the new answer.
        m_retried.clear();
    });
    connect(scheduler, &UploadScheduler::taskFinished, this, &SshRetry::finished);
}

bool SshRetry::retryIfWaiting(TaskId id, const QSet<QString> &causes)
{
    const UploadTask *task = m_scheduler->task(id);
    if (!task || task->state() != TaskState::Error || !causes.contains(task->errorMessage()))
        return false;
    m_retried.insert(id);
    m_scheduler->retry(id);
    return true;
}

void SshRetry::answered(const SshQuestion &, const QStringList &causes)
{
    // What failed on this answer's question goes again, retried before or not.
    const QSet<QString> these(causes.cbegin(), causes.cend());
    m_causes.unite(these);
    const QList<TaskId> ids = m_scheduler->taskIds();
    for (const TaskId id : ids)
        retryIfWaiting(id, these);
}

void SshRetry::finished(TaskId id)
{
    if (!m_retried.contains(id))
        retryIfWaiting(id, m_causes);
}
