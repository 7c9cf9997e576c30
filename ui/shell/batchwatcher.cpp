#include "batchwatcher.h"

#include "uploadscheduler.h"

#include <algorithm>
#include <vector>

BatchWatcher::BatchWatcher(UploadScheduler *scheduler, QObject *parent)
    : QObject(parent)
    , m_scheduler(scheduler)
{
    Q_ASSERT(scheduler);
    connect(m_scheduler, &UploadScheduler::taskFinished, this, &BatchWatcher::onFinished);
    connect(m_scheduler, &UploadScheduler::idle, this, &BatchWatcher::onIdle);
}

void BatchWatcher::onFinished(TaskId id)
{
    if (const UploadTask *task = m_scheduler->task(id))
        m_ended.insert(id, {task->state() == TaskState::Success, m_isWatched && m_isWatched(*task),
                            m_nextOrder++, task->path()});
}

void BatchWatcher::onIdle()
{
    // Idle because everything left was paused, with nothing ended since: no batch to tell of.
    if (m_ended.isEmpty())
        return;
    std::vector<Ended> ended;
    ended.reserve(size_t(m_ended.size()));
    for (const Ended &e : std::as_const(m_ended))
        ended.push_back(e);
    m_ended.clear();
    std::sort(ended.begin(), ended.end(),
              [](const Ended &a, const Ended &b) { return a.order < b.order; });
    BatchOutcome outcome;
    for (const Ended &e : ended) {
        (e.succeeded ? outcome.finished : outcome.failed).append(e.path);
        outcome.watched += e.watched ? 1 : 0;
    }
    Q_EMIT batchFinished(int(outcome.finished.size()), int(outcome.failed.size()));
    Q_EMIT batchEnded(outcome);
}

QString BatchWatcher::describe(int succeeded, int failed)
{
    // Plural forms spelled out: without a numerus translation "%n upload(s)" would show as is.
    if (failed == 0)
        return succeeded == 1 ? tr("1 upload finished") : tr("%1 uploads finished").arg(succeeded);
    if (succeeded == 0)
        return failed == 1 ? tr("1 upload failed") : tr("%1 uploads failed").arg(failed);
    return tr("%1 finished, %2 failed").arg(succeeded).arg(failed);
}
