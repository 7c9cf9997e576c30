#include "duplicatecheck.h"

#include "pathexpander.h"
#include "tasktable.h"
#include "uploadtask.h"

DuplicateCheck::Match DuplicateCheck::find(const TaskTable &tasks, const ExpandedPath &file,
                                           const QUrl &endpoint)
{
    Match match;
    const QList<TaskId> ids = tasks.idsWithPath(file.path);
    for (const TaskId id : ids) {
        UploadTask *task = tasks.find(id);
        if (!task || task->endpoint() != endpoint)
            continue;
        const bool changed =
            file.rejection.isEmpty()
            && (task->size() != file.size || task->modifiedMs() != file.modifiedMs);
        // One not started yet answers for the file: it can take a newer version at no cost.
        if (task->isUnstarted()) {
            // A path that cannot be read now leaves the queued version as it is.
            return {changed ? Verdict::Newer : Verdict::Waiting, task, false};
        }
        // Changed only when it differs from every upload of it there is.
        const bool first = match.verdict == Verdict::New;
        match = {Verdict::Started, task, (first || match.changed) && changed};
    }
    return match;
}

void DuplicateCheck::note(DuplicateReport *report, const Match &match, const QString &path)
{
    if (match.verdict == Verdict::Waiting) {
        report->waiting.append(path);
    } else if (match.verdict == Verdict::Started) {
        report->started.append(path);
        if (match.changed)
            report->changed.append(path);
    }
}
