#pragma once

#include "uploadtypes.h"

#include <QMetaType>
#include <QSet>
#include <QStringList>
#include <QUrl>

struct ExpandedPath;
class TaskTable;
class UploadTask;

// Files queued again, as addPaths() met them: what was not added and what was replaced. One per
// addPaths() call, for a window's message or a script's log.
struct DuplicateReport {
    // Not added: the same file (same size and time) waits in the queue, not started yet.
    QStringList waiting;
    // Not added: an upload of it started, is paused, finished or failed. Adding these again is
    // a person's choice (UploadScheduler::Duplicates::AddAgain), never done silently.
    QStringList started;
    // Of `started`: files whose size or time differ from what was queued (newer versions).
    QStringList changed;
    // Waiting uploads, not started, that now send the newer version of their file.
    int replaced = 0;
    // Added again, so to speak: files whose every upload had failed; the last of them starts
    // again (a person giving a file again wants it sent, whatever stopped it before).
    QStringList retried;
    // Their tasks (UploadScheduler retries them), and of those the ones whose file changed since
    // it was queued: they start afresh with what the file holds now.
    QSet<TaskId> retriedTasks;
    QSet<TaskId> retriedChanged;

    int skipped() const { return int(waiting.size() + started.size()); }
    bool isEmpty() const { return skipped() == 0 && replaced == 0 && retried.isEmpty(); }
};
Q_DECLARE_METATYPE(DuplicateReport)

// Whether a file about to be queued is already in the queue: the same absolute path to the same
// server (the same file to another server is a new upload). Costs a hash lookup, however many
// tasks are queued.
class DuplicateCheck final {
public:
    enum class Verdict {
        New,     // not queued: add it
        Waiting, // the same version waits, not started: skip
        Newer,   // a newer version of one that waits, not started: it takes this version
        Started, // an upload of it started or ended: skip, unless asked to add it again
        Failed,  // every upload of it failed, for a cause that may have passed: retry the last
    };
    struct Match {
        Verdict verdict = Verdict::New;
        UploadTask *task = nullptr; // the queued one, for Newer and Failed
        bool changed = false;       // for Started, Failed: the file differs from what was queued
    };

    static Match find(const TaskTable &tasks, const ExpandedPath &file, const QUrl &endpoint);
    // Notes a skipped (or retried) file in `report`.
    static void note(DuplicateReport *report, const Match &match, const QString &path);
};
