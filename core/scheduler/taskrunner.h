#pragma once

#include "transfer.h"
#include "uploadtypes.h"

#include <QObject>
#include <QTimer>

#include <functional>

class FailureHandler;
class OrphanUploads;
class TaskControl;
class TaskPersistence;
class TaskPreparer;
class UploadTask;

// Runs the tasks the scheduler chose: an attempt begins (checked, asked and hashed by
// TaskPreparer), its transfer goes through a TaskDriver, and what that reports goes to the task,
// the totals, the store and, when it fails, FailureHandler. Keeps the running tasks' speeds and
// hashing progress current while any runs. Tasks change only through TaskControl.
class TaskRunner final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TaskRunner)
public:
    // The scheduler's: the TransferJob for an attempt of a task, and what requests to an
    // endpoint carry.
    using JobFor = std::function<TransferJob(const UploadTask &task)>;
    using HeadersFor = std::function<HttpHeaders(const QUrl &endpoint)>;
    struct Helpers {
        TransferProtocol *protocol;
        TaskPreparer *preparer;
        OrphanUploads *orphans;
        FailureHandler *failures;
    };
    TaskRunner(TaskControl *tasks, const Helpers &helpers, JobFor jobFor, HeadersFor headersFor,
               QObject *parent = nullptr);

    // A prepared task waits for its transfer while `hold` says so (how its server answers under
    // load is being measured: LoadCheck), until launchHeld().
    void setHold(std::function<bool(const UploadTask &task)> hold) { m_hold = std::move(hold); }
    void launchHeld();
    // Where uploads' URLs and progress are saved; null: nowhere.
    void setPersistence(TaskPersistence *persistence) { m_persistence = persistence; }

    // `task` (Waiting) begins an attempt: Uploading, then its transfer once prepared.
    void start(UploadTask *task);
    // Stops its transfer and its preparation, if any (the attempt Stopped unless ended).
    void stop(UploadTask *task);
    // A save of the upload URL the transfer waits for is on disk.
    void uploadUrlSaved(TaskId id, quint64 token);
    // The store cannot write: transfers waiting for a save go on, and say what is at risk.
    void storeWriteFailed(const QString &message);

private:
    void onPrepared(TaskId id, const QByteArray &contentHash);
    void launch(UploadTask *task);
    void connectDriver(TaskId id);
    void completed(UploadTask *task);
    void failed(UploadTask *task, const TransferError &error);
    void tick();

    TaskControl *m_tasks;
    Helpers m_helpers;
    JobFor m_jobFor;
    HeadersFor m_headersFor;
    std::function<bool(const UploadTask &task)> m_hold;
    QList<TaskId> m_held; // prepared, waiting while m_hold
    TaskPersistence *m_persistence = nullptr;
    QTimer m_speedTimer;
};
