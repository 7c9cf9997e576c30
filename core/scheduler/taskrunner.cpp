#include "taskrunner.h"

#include "clock.h"
#include "failurehandler.h"
#include "orphanuploads.h"
#include "taskcontrol.h"
#include "taskdriver.h"
#include "taskpersistence.h"
#include "taskpreparer.h"
#include "uploadtask.h"

#include <QLoggingCategory>

#include <algorithm>

Q_DECLARE_LOGGING_CATEGORY(lcScheduler)

namespace {
// How often speeds and hashing progress are refreshed while uploads run.
constexpr int TickIntervalMs = 500;

} // namespace

TaskRunner::TaskRunner(TaskControl *tasks, const Helpers &helpers, JobFor jobFor,
                       HeadersFor headersFor, QObject *parent)
    : QObject(parent)
    , m_tasks(tasks)
    , m_helpers(helpers)
    , m_jobFor(std::move(jobFor))
    , m_headersFor(std::move(headersFor))
{
    m_speedTimer.setInterval(TickIntervalMs);
    connect(&m_speedTimer, &QTimer::timeout, this, &TaskRunner::tick);
    TaskPreparer *preparer = m_helpers.preparer;
    connect(preparer, &TaskPreparer::prepared, this, &TaskRunner::onPrepared);
    connect(preparer, &TaskPreparer::hashingStarted, this, [this](TaskId id) {
        if (UploadTask *task = m_tasks->findTask(id)) {
            task->startHashing();
            m_tasks->taskChanged(task, false);
        }
    });
    connect(preparer, &TaskPreparer::failed, this, [this](TaskId id, const TransferError &e) {
        UploadTask *task = m_tasks->findTask(id);
        if (!task || task->state() != TaskState::Uploading)
            return;
        m_helpers.failures->fail(task, e);
        m_tasks->scheduleSoon();
    });
}

void TaskRunner::start(UploadTask *task)
{
    const TaskId id = task->id();
    TaskPreparer::Request request;
    request.id = id;
    request.path = task->path();
    request.size = task->size();
    request.modifiedMs = task->modifiedMs();
    request.fingerprint = task->fingerprint();
    request.endpoint = task->endpoint();
    request.headers = m_headersFor(task->endpoint());
    request.verifyFile = task->verifyBeforeStart();
    // Only before the first transfer: an upload the server already has was announced without
    // a hash, and one hash per content is enough.
    request.mayHash = task->contentHash().isEmpty() && task->uploadUrl().isEmpty()
                      && std::none_of(task->parts().cbegin(), task->parts().cend(),
                                      [](const UploadPart &part) { return !part.url.isEmpty(); });
    // Set before taskStarted, so that listeners see what the task is about to do.
    task->start(m_helpers.preparer->wouldHash(request) ? TaskPhase::Hashing
                                                       : TaskPhase::Transferring,
                SystemClock::nowMs());
    m_tasks->setTaskState(task, TaskState::Uploading);
    // A listener to taskStarted may have paused or cancelled it already: start nothing then.
    task = m_tasks->findTask(id);
    if (!task || task->state() != TaskState::Uploading)
        return;
    if (!m_speedTimer.isActive())
        m_speedTimer.start();
    m_helpers.orphans->sweep(task); // alongside its own requests
    m_helpers.preparer->prepare(request);
}

void TaskRunner::onPrepared(TaskId id, const QByteArray &contentHash)
{
    UploadTask *task = m_tasks->findTask(id);
    if (!task || task->state() != TaskState::Uploading || task->driver())
        return;
    task->prepared(contentHash);
    if (!contentHash.isEmpty() && m_persistence)
        m_persistence->changed(id); // a restart need not read the whole file again
    if (m_hold && m_hold(*task)) {
        m_held.append(id);
        return;
    }
    launch(task);
}

void TaskRunner::launchHeld()
{
    const QList<TaskId> held = std::exchange(m_held, {});
    for (const TaskId id : held) {
        UploadTask *task = m_tasks->findTask(id);
        if (!task || task->state() != TaskState::Uploading || task->driver())
            continue;
        if (m_hold && m_hold(*task))
            m_held.append(id);
        else
            launch(task);
    }
}

void TaskRunner::launch(UploadTask *task)
{
    std::unique_ptr<Transfer> transfer = m_helpers.protocol->createTransfer(m_jobFor(*task));
    task->attach(new TaskDriver(task, std::move(transfer), this));
    connectDriver(task->id());
    task->driver()->start();
}

void TaskRunner::connectDriver(TaskId id)
{
    // Handlers look the task up by id: a driver stopped meanwhile reports nothing, and a removed
    // task is never reached.
    TaskDriver *driver = m_tasks->findTask(id)->driver();
    connect(driver, &TaskDriver::progressed, this, [this, id](qint64 shown, qint64 confirmed) {
        UploadTask *t = m_tasks->findTask(id);
        if (!t)
            return;
        m_tasks->bytesShown(t, shown);
        if (t->confirmedBytes() > confirmed)
            m_helpers.failures->progressed(t);
        if (m_persistence && t->confirmedBytes() != confirmed)
            m_persistence->progressed(id);
        m_tasks->taskChanged(t, false);
    });
    // The transfer sends nothing more until the URL is on disk (TransferJob::holdAfterCreate).
    connect(driver, &TaskDriver::uploadCreated, this, [this, id](const QUrl &url) {
        if (UploadTask *t = m_tasks->findTask(id)) {
            m_tasks->taskChanged(t, false);
            m_helpers.orphans->claimed(t, url);
            if (m_persistence)
                t->setHoldToken(m_persistence->saveUploadUrl(id, url));
        }
    });
    // Likewise an upload it will delete itself (an instant attempt): it is kept as one to delete.
    connect(driver, &TaskDriver::temporaryUploadCreated, this, [this, id](const QUrl &url) {
        if (UploadTask *t = m_tasks->findTask(id))
            t->setHoldToken(m_helpers.orphans->temporaryCreated(t, url));
    });
    // Likewise a new part; the latest save holds every part, so only its token releases them.
    connect(driver, &TaskDriver::partsCreated, this, [this, id](const UploadParts &parts) {
        if (UploadTask *t = m_tasks->findTask(id)) {
            m_tasks->taskChanged(t, false);
            if (m_persistence)
                t->setHoldToken(m_persistence->saveUploadParts(id, parts));
        }
    });
    // A part finished or stopped: its slot may go to someone else.
    connect(driver, &TaskDriver::streamsChanged, this, [this] { m_tasks->scheduleSoon(); });
    connect(driver, &TaskDriver::completed, this, [this, id] {
        if (UploadTask *t = m_tasks->findTask(id))
            completed(t);
    });
    connect(driver, &TaskDriver::failed, this, [this, id](const TransferError &error) {
        if (UploadTask *t = m_tasks->findTask(id))
            failed(t, error);
    });
}

void TaskRunner::stop(UploadTask *task)
{
    m_held.removeAll(task->id());
    if (TaskDriver *driver = task->detachDriver()) {
        driver->disconnect(this);
        driver->stop();
        driver->deleteLater(); // it may be inside one of its own signal emissions
    }
    m_helpers.preparer->cancel(task->id());
    m_tasks->reshapeTask(task, [task] { task->dropInFlight(false); }); // shown falls to confirmed
    task->endAttempt(UploadAttempt::Outcome::Stopped, QString(),
                     SystemClock::nowMs()); // unless ended
    // What the transfer would have deleted itself (an instant attempt cut short).
    m_helpers.orphans->sweep(task);
    task->stopped();
}

void TaskRunner::completed(UploadTask *task)
{
    task->endAttempt(UploadAttempt::Outcome::Completed, QString(), SystemClock::nowMs());
    stop(task);
    m_tasks->reshapeTask(task, [task] { task->succeed(); });
    m_tasks->setTaskState(task, TaskState::Success);
    m_tasks->scheduleSoon();
}

void TaskRunner::failed(UploadTask *task, const TransferError &error)
{
    task->endAttempt(UploadAttempt::Outcome::Failed, error.message(), SystemClock::nowMs());
    m_tasks->reshapeTask(task, [task] { task->dropInFlight(true); });
    stop(task);
    m_helpers.failures->transferFailed(task, error);
}

void TaskRunner::tick()
{
    const QList<UploadTask *> running = m_tasks->runningTasks();
    if (running.isEmpty()) {
        m_speedTimer.stop();
        return;
    }
    const qint64 now = SystemClock::nowMs();
    for (UploadTask *task : running) {
        if (m_helpers.preparer->isHashing(task->id()))
            task->setHashedBytes(m_helpers.preparer->hashedBytes(task->id()));
        task->updateSpeed(now);
        m_tasks->taskChanged(task, false);
    }
}

void TaskRunner::uploadUrlSaved(TaskId id, quint64 token)
{
    UploadTask *task = m_tasks->findTask(id);
    if (task && task->driver() && task->holdToken() == token) {
        task->setHoldToken(0);
        task->driver()->continueAfterCreated();
    }
}

void TaskRunner::storeWriteFailed(const QString &message)
{
    // The queue could not be saved (disk full, permissions): uploads go on rather than wait for
    // a write that will not come, and say what is at risk. The store says once that saving
    // fails (TaskStore::savingFailed); this comes for every upload URL it could not save.
    qCDebug(lcScheduler) << "store:" << message;
    const QList<UploadTask *> running = m_tasks->runningTasks();
    for (UploadTask *task : running) {
        if (task->holdToken() == 0 || !task->driver())
            continue;
        task->setHoldToken(0);
        task->setStatusNote(
            tr("The queue could not be saved (%1); this upload may not survive a crash.")
                .arg(message));
        m_tasks->taskChanged(task, false);
        task->driver()->continueAfterCreated();
    }
}
