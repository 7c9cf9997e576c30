#pragma once

#include "folderwatcher.h"
#include "pathpatterns.h"
#include "uploadledger.h"
#include "uploadtypes.h"
#include "watchedfolder.h"

#include <QHash>
#include <QList>
#include <QObject>
#include <QTimer>

#include <functional>
#include <memory>
#include <vector>

class UploadScheduler;
class UploadTask;

// Runs the watched folders of a window or a headless run: a FolderWatcher for each, whose
// settled files it queues on the scheduler (to the folder's target, under the folder's prefix),
// and the ledger of what reached the server: a task of a watched file that ends in Success is
// noted there (with its SHA-256), so that the same version is never sent again, in this run or
// the next. A version already queued (restored from the queue, say) is not queued twice; an
// unfinished upload of an older version gives way to the newer one.
class WatchService final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(WatchService)
public:
    // `ledger` lives on another thread (LedgerThread); every call to it is queued.
    WatchService(UploadScheduler *scheduler, UploadLedger *ledger, QObject *parent = nullptr);
    ~WatchService() override;

    // For folders set from now on.
    void setTuning(const FolderWatcher::Tuning &tuning) { m_tuning = tuning; }
    const FolderWatcher::Tuning &tuning() const { return m_tuning; }
    // Where a folder without a target goes (the window's own server, started on first need;
    // empty with a reason when it cannot be had). Such a folder keeps its empty target in its
    // key, so the ledger stays its own when that server's port changes between runs.
    using LocalTarget = std::function<QUrl(QString *error)>;
    void setLocalTarget(LocalTarget resolve) { m_localTarget = std::move(resolve); }
    // Left out of every watched folder, on top of each folder's own exclude patterns.
    void setGlobalExclude(const PathPatterns &patterns);
    // Starts watching these (folders already watched with the same settings go on as they were).
    void setFolders(const QList<WatchedFolder> &folders);
    QList<WatchedFolder> folders() const;

    int watchedCount() const { return int(m_watchers.size()); }
    // Folders not followed by inotify (the watch limit was hit, or no inotify): scanned instead.
    QStringList scanningFolders() const;
    QStringList missingFolders() const;
    FolderWatcher::State stateOf(const WatchedFolder &folder) const;
    // The state of the (first) watch of the local folder `path`; Missing when not watched.
    FolderWatcher::State stateOfFolder(const QString &path) const;
    // Files seen that wait to settle, in all folders.
    int pendingCount() const;
    // A line for a person: how many folders are watched and which fell back to scanning.
    QString summary() const;
    // Whether `task` is the upload of a file of a watched folder (to that folder's target,
    // under its remote name).
    bool owns(const UploadTask &task) const;
    // While paused, folders are still followed but nothing is queued; what settled meanwhile
    // (its latest version) is queued on resuming.
    void setPaused(bool paused);
    bool isPaused() const { return m_paused; }

Q_SIGNALS:
    // A folder's state changed (watching, scanning, missing), or folders came or went.
    void statusChanged();
    // Files of a watched folder were queued (`count` of them, to `folder`'s target).
    void filesQueued(const WatchedFolder &folder, int count);
    // A version was noted in the ledger (uploaded, or found unchanged).
    void versionRecorded(const QString &path);
    void pausedChanged(bool paused);

private:
    struct Watch {
        WatchedFolder folder;
        QUrl target; // folder.target, or the local target it stands for
        FolderWatcher *watcher = nullptr;
        bool started = false;     // the ledger's entries came
        QList<ScannedFile> ready; // versions to queue at the next flush
    };
    Watch *watchFor(const QString &folderKey);
    // The watch `task` belongs to, with the file's path inside its folder; null for none.
    Watch *watchOf(const UploadTask &task, QString *relativePath) const;
    void startWatch(const WatchedFolder &folder);
    void onLoaded(const QString &folderKey, const LedgerEntries &entries);
    void onFileReady(Watch *watch, const ScannedFile &file);
    void queueReady();
    void onTaskFinished(TaskId id);
    // A task of `watch` reached Success: its version goes into the ledger (hashed first when
    // the scheduler did not hash it).
    void recordSuccess(Watch *watch, const QString &relativePath, const UploadTask *task);
    void record(const QString &folderKey, const QString &relativePath, const LedgerEntry &entry);
    void flushRecords();

    UploadScheduler *m_scheduler;
    UploadLedger *m_ledger;
    LocalTarget m_localTarget;
    FolderWatcher::Tuning m_tuning;
    PathPatterns m_globalExclude;
    std::vector<std::unique_ptr<Watch>> m_watchers;
    QList<LedgerRecord> m_pendingRecords;
    QTimer m_queueTimer;
    QTimer m_recordTimer;
    bool m_paused = false;
};
