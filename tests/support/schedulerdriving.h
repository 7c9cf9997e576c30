#pragma once

#include "uploadtypes.h"

#include <QList>
#include <QString>
#include <QStringList>

class UploadScheduler;

// Driving an UploadScheduler of a test's own (one on S3Protocol, WebDavProtocol, ...; tus tests
// have SchedulerFixture): tasks added, the scheduler waited for, the tasks that did not succeed.
namespace SchedulerDriving {
// addPaths(), then, once `expected` more tasks are there (a folder's files come in slices, each
// in its own turn of the event loop) or 20 s have passed, the ids of all the tasks it made.
QList<TaskId> add(UploadScheduler *scheduler, const QStringList &paths, int expected);
// Runs the event loop until the scheduler is idle (waitfor.h).
bool waitIdle(const UploadScheduler *scheduler, int timeoutMs);
// A line for each task of `ids` not at Success (name, state, error); empty when all are.
QString unfinished(const UploadScheduler *scheduler, const QList<TaskId> &ids);
} // namespace SchedulerDriving
