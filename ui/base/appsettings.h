#pragma once

#include "governorstate.h"
#include "watchedfolder.h"

#include <QList>
#include <QObject>
#include <QString>
#include <QStringList>

class TargetSettings;
class UploadScheduler;

// Hoist's settings, each under one QSettings key, and the one place that knows those keys: the
// toolbar's limits and the settings dialog both go through here, so they never disagree. The
// scheduler's knobs are applied to it as they are set. Tokens are not settings: they stay in the
// keyring (TokenKeeper).
class AppSettings final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(AppSettings)
public:
    // What to do when the queue goes from busy to idle (BatchActionRunner does it).
    enum class BatchAction { Nothing, Notify, Command, Suspend, Shutdown, Quit };
    Q_ENUM(BatchAction)
    // What closing the window does while uploads run or wait.
    enum class CloseBehaviour { Ask, Tray, Quit };
    Q_ENUM(CloseBehaviour)

    // What the command line set for this run: remembered values do not override those.
    struct Given {
        bool concurrency = false;
        bool perServer = false;
        bool rateLimit = false;
        bool chunkSize = false;
        bool giveUpAfter = false;
    };

    explicit AppSettings(UploadScheduler *scheduler, QObject *parent = nullptr);

    // Applies the remembered scheduler knobs to the scheduler, except those in `given`. Keys
    // never written leave the scheduler as it is.
    void restore(const Given &given);

    // The scheduler's knobs: read from the scheduler (what is in force), written to both.
    // Parallel: Auto (the default: the scheduler finds its level per server) or a fixed cap.
    bool autoConcurrency() const;
    void setAutoConcurrency(bool on);
    int concurrency() const;        // the fixed cap, in force while Auto is off
    void setConcurrency(int limit); // a fixed cap: Auto goes off
    int perServerLimit() const;     // 0: no limit per server
    void setPerServerLimit(int limit);
    qint64 rateLimit() const; // bytes per second, 0: none
    void setRateLimit(qint64 bytesPerSecond);
    // 0: automatic (DefaultChunkSize, with requests growing up to MaxRequestSize on fast links);
    // else every request carries at most this many bytes, as --chunk-size does.
    qint64 chunkSize() const;
    void setChunkSize(qint64 bytes);
    // How long an upload (or its server) may go without progress through transient failures
    // before it is given up, in ms; 0: never.
    qint64 giveUpAfterMs() const;
    void setGiveUpAfterMs(qint64 ms);

    // The window's own choices.
    BatchAction batchAction() const;
    void setBatchAction(BatchAction action);
    // The command BatchAction::Command runs (a line for /bin/sh; see BatchCommand).
    QString batchCommand() const;
    void setBatchCommand(const QString &command);
    bool startInTray() const;
    void setStartInTray(bool on);
    CloseBehaviour closeBehaviour() const;
    void setCloseBehaviour(CloseBehaviour behaviour);
    // The weekly schedule in its text form (TransferSchedule), the rates its palette offers
    // (those in use and those added for later), and what a metered connection does.
    QString scheduleText() const;
    void setScheduleText(const QString &text);
    QList<qint64> scheduleRates() const;
    void setScheduleRates(const QList<qint64> &rates);
    MeteredPolicy meteredPolicy() const;
    void setMeteredPolicy(const MeteredPolicy &policy);
    // When the one-click full-speed override ends (ms since the epoch, UTC), kept across restarts;
    // 0 for none.
    qint64 scheduleOverrideUntil() const;
    void setScheduleOverrideUntil(qint64 untilMs);
    // Watched folders paused (nothing new queued) from the tray or the dialog, kept too.
    bool watchingPaused() const;
    void setWatchingPaused(bool paused);
    // What dropped and watched folders leave out (PathPatterns): the remembered list, else
    // PathPatterns::defaultExcludes(). Applied to the scheduler with the run's own (--exclude)
    // on top.
    QStringList excludePatterns() const;
    void setExcludePatterns(const QStringList &patterns);
    void setRunExcludes(const QStringList &patterns);
    // What is in force: the list and the run's own.
    QStringList effectiveExcludes() const { return excludePatterns() + m_runExcludes; }
    // The folders the window keeps uploading from while it (or its tray icon) runs. A folder
    // without a target goes to the window's own server ("This computer").
    QList<WatchedFolder> watchedFolders() const;
    void setWatchedFolders(const QList<WatchedFolder> &folders);
    // "" follows the system; else a locale name such as "en" or "zh_CN". Read at start-up only.
    QString language() const;
    void setLanguage(const QString &language);
    // The window's colours (Theme::name: "system", "light", "dark"); applied at once by the
    // settings dialog, at start-up by main().
    QString theme() const;
    void setTheme(const QString &theme);
    // Existing files on SFTP and WebDAV servers, SFTP permissions and key files.
    TargetSettings *targets() const { return m_targets; }

    static constexpr qint64 DefaultChunkSize = 8 * 1024 * 1024;
    // Requests grow to this on fast links unless a chunk size was fixed (a server or a proxy in
    // front of it may refuse larger bodies; 64 MiB is well below the 100 MB common at CDNs).
    static constexpr qint64 MaxRequestSize = 64 * 1024 * 1024;
    // What "concurrency" held before Auto unless a number was chosen (Hoist's old default).
    static constexpr int OldDefaultConcurrency = 3;

Q_SIGNALS:
    // A scheduler knob changed (from the toolbar or the dialog): shown values follow.
    void limitsChanged();
    void excludePatternsChanged();
    void watchedFoldersChanged();

private:
    void applyChunkSize(qint64 bytes);

    void applyExcludes();

    UploadScheduler *m_scheduler;
    TargetSettings *m_targets;
    bool m_chunkSizeFixed = false;
    QStringList m_runExcludes;
};
