#pragma once

#include "uploadtypes.h"

#include <QMetaType>
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

    int skipped() const { return int(waiting.size() + started.size()); }
    bool isEmpty() const { return skipped() == 0 && replaced == 0; }
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
    };
    struct Match {
        Verdict verdict = Verdict::New;
        UploadTask *task = nullptr; // the queued one, for Newer
        bool changed = false;       // for Started: the file differs from what was queued
    };

    static Match find(const TaskTable &tasks, const ExpandedPath &file, const QUrl &endpoint);
    // Notes a skipped file in `report`.
    static void note(DuplicateReport *report, const Match &match, const QString &path);
};
