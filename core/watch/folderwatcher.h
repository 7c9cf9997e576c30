#pragma once

#include "foldernotifier.h"
#include "folderscan.h"
#include "uploadledger.h"
#include "watchedfolder.h"

#include <QHash>
#include <QObject>
#include <QTimer>

#include <atomic>
#include <memory>

// Watches one folder and says which of its files are to be uploaded: new or changed ones, once
// they settled (no change of size or time for settleMs), that the ledger does not hold in that
// version (size and time; when only the time differs, their SHA-256). Starts with a catch-up
// scan (what changed while Hoist was not running), then follows inotify; when the kernel's
// watch limit is hit, it lets go of its watches and scans the folder every rescanMs instead, and
// says so (state() Scanning). Every walk, stat and hash runs on a worker thread.
class FolderWatcher final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(FolderWatcher)
public:
    enum class State {
        Starting, // the catch-up scan runs
        Watching, // inotify reports changes
        Scanning, // the watch limit was hit: periodic scans
        Missing,  // the folder is not there (looked for again every rescanMs)
        Failed,   // inotify cannot be used at all here: periodic scans as well
    };
    Q_ENUM(State)

    struct Tuning {
        int settleMs = 3000;
        int rescanMs = 60000;
        // At most this many inotify watches for the folder; -1: half of the kernel's
        // max_user_watches, leaving the rest to other programs.
        int watchLimit = -1;
    };
    // HOIST_WATCH_LIMIT, a number of watches, lowers the kernel's limit (tests, screenshots);
    // -1 when not set.
    static int watchLimitFromEnvironment();

    FolderWatcher(const WatchedFolder &folder, const PathPatterns &globalExclude,
                  const Tuning &tuning, QObject *parent = nullptr);
    ~FolderWatcher() override;

    const WatchedFolder &folder() const { return m_folder; }
    State state() const { return m_state; }
    int watchCount() const;
    int pendingCount() const { return int(m_candidates.size()); }

    // With what the ledger holds for this folder: the catch-up scan, then watching.
    void start(const LedgerEntries &uploaded);
    // A version reached the server (or was found unchanged): it is not offered again.
    void noteUploaded(const QString &relativePath, const LedgerEntry &entry);
    // Whether `path` (absolute) lies inside this folder, and its path there.
    bool contains(const QString &path, QString *relativePath) const;

Q_SIGNALS:
    // A settled file to upload in this version.
    void fileReady(const QString &relativePath, qint64 size, qint64 modifiedMs);
    // A file whose time changed but whose content is the one uploaded: the ledger notes its time.
    void unchangedFound(const QString &relativePath, const LedgerEntry &entry);
    void stateChanged(FolderWatcher::State state);

private:
    struct Candidate {
        qint64 size = -1; // -1: not seen yet
        qint64 modifiedMs = -1;
        qint64 stableSinceMs = 0;
    };
    void setState(State state);
    void scan(const QString &from, bool withWatches);
    void onScanned(const QString &from, bool withWatches, FolderScan result);
    void onEvents(const QList<FolderEvent> &events);
    void resync();
    void consider(const ScannedFile &file, qint64 nowMs);
    void checkCandidates();
    void onChecked(const QList<QPair<QString, std::optional<ScannedFile>>> &stats);
    void settled(const QString &relativePath, const ScannedFile &file);
    ScanRules rules() const;

    const WatchedFolder m_folder;
    const PathPatterns m_globalExclude;
    const Tuning m_tuning;
    State m_state = State::Starting;
    FolderNotifier *m_notifier = nullptr;
    bool m_checking = false;
    bool m_inotifyUnavailable = false;
    bool m_fallback = false; // the watch limit was hit: scans only, from now on
    int m_scansRunning = 0;
    LedgerEntries m_uploaded;
    QHash<QString, LedgerEntry> m_handed; // versions offered this run
    QHash<QString, Candidate> m_candidates;
    QTimer m_settleTimer;
    QTimer m_rescanTimer;
    std::shared_ptr<std::atomic_bool> m_cancel;
};
