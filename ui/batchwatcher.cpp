#include "batchwatcher.h"

#include "uploadscheduler.h"

BatchWatcher::BatchWatcher(UploadScheduler *scheduler, QObject *parent)
    : QObject(parent)
    , m_scheduler(scheduler) {
    Q_ASSERT(scheduler);
    connect(m_scheduler, &UploadScheduler::taskFinished, this, &BatchWatcher::onFinished);
    connect(m_scheduler, &UploadScheduler::idle, this, &BatchWatcher::onIdle);
}

void BatchWatcher::onFinished(TaskId id) {
    if (const UploadTask *task = m_scheduler->task(id))
        m_ended.insert(id, task->state() == TaskState::Success);
}

void BatchWatcher::onIdle() {
    // Idle because everything left was paused, with nothing ended since: no batch to tell of.
    if (m_ended.isEmpty())
        return;
    int succeeded = 0;
    for (const bool ok : std::as_const(m_ended))
        succeeded += ok ? 1 : 0;
    const int failed = int(m_ended.size()) - succeeded;
    m_ended.clear();
    Q_EMIT batchFinished(succeeded, failed);
}

QString BatchWatcher::describe(int succeeded, int failed) {
    // Plural forms spelled out: without a numerus translation "%n upload(s)" would show as is.
    if (failed == 0)
        return succeeded == 1 ? tr("1 upload finished") : tr("%1 uploads finished").arg(succeeded);
    if (succeeded == 0)
        return failed == 1 ? tr("1 upload failed") : tr("%1 uploads failed").arg(failed);
    return tr("%1 finished, %2 failed").arg(succeeded).arg(failed);
}
