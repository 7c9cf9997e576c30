#pragma once

#include <QObject>
#include <QString>

#include <memory>

class LedgerThread;
class TerminationSignals;
class QTextStream;
class UploadScheduler;
class WatchService;
struct AppOptions;

// The watched folders of a headless run (--watch): the ledger in the state folder, a
// WatchService queueing on the scheduler, and a line on `err` whenever what is watched changes
// (started, fell back to scanning, a folder missing).
class HeadlessWatch final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(HeadlessWatch)
public:
    HeadlessWatch(UploadScheduler *scheduler, QTextStream &err, QObject *parent = nullptr);
    ~HeadlessWatch() override;

    // Opens the ledger in `stateDir`; false with the reason in `problem`. From then on SIGTERM
    // and SIGINT end the application with 0 through its event loop: the queue is written and
    // uploads in flight go on from the server's offset next time.
    bool open(const QString &stateDir, QString *problem);
    // Watches options.watch, each to options.endpoint under its own folder's name, leaving out
    // the default patterns and options.exclude. HOIST_WATCH_LIMIT (a number of inotify watches)
    // lowers the kernel's limit, for tests.
    void start(const AppOptions &options);
    WatchService *service() const { return m_service.get(); }

Q_SIGNALS:
    // --when-done is due: the queue went idle with every upload that no watched folder queued
    // (the files given on the command line, or left by an earlier run) ended, and there was at
    // least one. A watch run never ends, so its own uploads never make it due. Once; `exitCode`
    // is 1 when any of those failed.
    void givenFilesEnded(int exitCode);

private:
    void report();
    void onIdle();

    UploadScheduler *m_scheduler;
    QTextStream &m_err;
    QString m_lastSummary;
    bool m_givenEnded = false;
    // Declared first: it outlives the service, which writes to it on the way out.
    std::unique_ptr<LedgerThread> m_ledger;
    std::unique_ptr<WatchService> m_service;
    std::unique_ptr<TerminationSignals> m_stop;
};
