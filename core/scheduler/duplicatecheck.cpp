#include "duplicatecheck.h"

#include "pathexpander.h"
#include "tasktable.h"
#include "uploadtask.h"

DuplicateCheck::Match DuplicateCheck::find(const TaskTable &tasks, const ExpandedPath &file,
                                           const QUrl &endpoint)
{
    Match match;
    bool allFailed = true;
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
        allFailed = allFailed && task->state() == TaskState::Error;
    }
    // Nothing of it is on its way or arrived: given again, the person wants it sent. Every cause
    // may have passed since (a server back or with room again, a token set, a limit raised, the
    // file readable again) but an endpoint that is not a usable URL: it is this same one.
    if (match.verdict == Verdict::Started && allFailed
        && match.task->errorKind() != TransferError::Kind::InvalidUrl)
        match.verdict = Verdict::Failed;
    return match;
}

void DuplicateCheck::note(DuplicateReport *report, const Match &match, const QString &path)
{
    if (match.verdict == Verdict::Waiting) {
        report->waiting.append(path);
    } else if (match.verdict == Verdict::Failed) {
        // Listed twice in one call: it is retried once, and the second time it waits already.
        if (report->retriedTasks.contains(match.task->id())) {
            report->waiting.append(path);
            return;
        }
        report->retried.append(path);
        report->retriedTasks.insert(match.task->id());
        if (match.changed)
            report->retriedChanged.insert(match.task->id());
    } else if (match.verdict == Verdict::Started) {
        report->started.append(path);
        if (match.changed)
            report->changed.append(path);
    }
}
