#include "schedulerdriving.h"

#include "uploadscheduler.h"
#include "uploadtask.h"
#include "waitfor.h"

#include <QSignalSpy>

QList<TaskId> SchedulerDriving::add(UploadScheduler *scheduler, const QStringList &paths,
                                    int expected)
{
    QSignalSpy added(scheduler, &UploadScheduler::tasksAdded);
    const int before = scheduler->taskCount();
    scheduler->addPaths(paths);
    waitFor([&] { return scheduler->taskCount() - before >= expected; }, 20000);
    QList<TaskId> ids;
    for (const QList<QVariant> &signal : std::as_const(added))
        ids += signal.first().value<QList<TaskId>>();
    return ids;
}

bool SchedulerDriving::waitIdle(const UploadScheduler *scheduler, int timeoutMs)
{
    return waitFor([scheduler] { return scheduler->isIdle(); }, timeoutMs);
}

QString SchedulerDriving::unfinished(const UploadScheduler *scheduler, const QList<TaskId> &ids)
{
    QStringList lines;
    for (TaskId id : ids) {
        const UploadTask *t = scheduler->task(id);
        if (t && t->state() != TaskState::Success)
            lines << QStringLiteral("%1: state %2 %3")
                         .arg(t->displayName())
                         .arg(int(t->state()))
                         .arg(t->errorMessage());
    }
    return lines.join(QLatin1Char('\n'));
}
