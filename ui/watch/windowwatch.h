#pragma once

#include "watchservice.h"

#include <QObject>
#include <QStringList>
#include <QUrl>

#include <memory>

class AppSettings;
class LedgerThread;
class UploadScheduler;

// The window's watched folders, built as main() needs them: the ledger beside the queue, a
// WatchService following the settings' list (and the run's --watch folders, to the run's
// endpoint), with the exclude patterns in force. A folder without a target goes where
// `localTarget` says (the window's own server).
class WindowWatch final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(WindowWatch)
public:
    struct RunOptions {
        QStringList folders; // --watch
        QUrl endpoint;       // where they go
        int settleMs = 3000;
        int rescanMs = 60000;
    };

    WindowWatch(UploadScheduler *scheduler, AppSettings *settings, const QString &stateDir,
                const RunOptions &run, WatchService::LocalTarget localTarget,
                QObject *parent = nullptr);
    ~WindowWatch() override;

    // Why the ledger could not be opened (a sentence), or empty. Without it, folders are
    // watched all the same, but what went up is known for this run only.
    QString problem() const { return m_problem; }
    WatchService *service() const { return m_service.get(); }
    // Watches the folders; again whenever the settings' list changes.
    void start();
    // Nothing new is queued while paused (WatchService::setPaused); kept in the settings, so a
    // pause outlives a restart.
    void setPaused(bool paused);

private:
    AppSettings *m_settings;
    RunOptions m_run;
    QString m_problem;
    // Declared first: it outlives the service, which writes to it on the way out.
    std::unique_ptr<LedgerThread> m_ledger;
    std::unique_ptr<WatchService> m_service;
};
