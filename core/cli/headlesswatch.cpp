#include "headlesswatch.h"

#include "commandline.h"
#include "terminationsignals.h"
#include "uploadledger.h"
#include "uploadscheduler.h"
#include "watchservice.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QTextStream>

HeadlessWatch::HeadlessWatch(UploadScheduler *scheduler, QTextStream &err, QObject *parent)
    : QObject(parent)
    , m_scheduler(scheduler)
    , m_err(err)
{
}

HeadlessWatch::~HeadlessWatch()
{
    m_stop.reset();
    m_service.reset(); // its last ledger writes are queued before the ledger closes
    m_ledger.reset();
}

bool HeadlessWatch::open(const QString &stateDir, QString *problem)
{
    m_ledger = std::make_unique<LedgerThread>(stateDir);
    *problem = m_ledger->open();
    if (!problem->isEmpty())
        return false;
    m_service = std::make_unique<WatchService>(m_scheduler, m_ledger->ledger());
    connect(m_service.get(), &WatchService::statusChanged, this, &HeadlessWatch::report);
    connect(m_service.get(), &WatchService::filesQueued, this,
            [this](const WatchedFolder &folder, int count) {
                m_err << tr("hoist: %n file(s) of %1 queued", nullptr, count).arg(folder.folder)
                      << '\n';
                m_err.flush();
            });
    m_stop = std::make_unique<TerminationSignals>();
    connect(m_stop.get(), &TerminationSignals::received, this, [this] {
        m_err << tr("hoist: stopping; the queue is saved") << Qt::endl;
        QCoreApplication::exit(0);
    });
    return true;
}

void HeadlessWatch::start(const AppOptions &options)
{
    FolderWatcher::Tuning tuning;
    tuning.settleMs = options.settleMs;
    tuning.rescanMs = options.rescanMs;
    tuning.watchLimit = FolderWatcher::watchLimitFromEnvironment();
    m_service->setTuning(tuning);
    m_service->setGlobalExclude(PathPatterns(options.headlessExcludes()));
    QList<WatchedFolder> folders;
    for (const QString &dir : options.watch) {
        WatchedFolder folder;
        folder.folder = dir;
        folder.target = options.endpoint;
        // As a dropped folder is named: ~/photos/2024/a.jpg goes up as photos/2024/a.jpg.
        folder.prefix = QFileInfo(dir).fileName();
        folders.append(folder);
    }
    m_service->setFolders(folders);
    connect(m_scheduler, &UploadScheduler::idle, this, &HeadlessWatch::onIdle,
            Qt::UniqueConnection);
}

void HeadlessWatch::onIdle()
{
    if (m_givenEnded)
        return;
    // Once per batch, not per upload: a walk of the queue is fine here.
    int given = 0;
    bool failed = false;
    const QList<TaskId> ids = m_scheduler->taskIds();
    for (const TaskId id : ids) {
        const UploadTask *task = m_scheduler->task(id);
        if (!task || m_service->owns(*task))
            continue;
        if (task->state() != TaskState::Success && task->state() != TaskState::Error)
            return;
        ++given;
        failed = failed || task->state() == TaskState::Error;
    }
    if (given == 0)
        return;
    m_givenEnded = true;
    Q_EMIT givenFilesEnded(failed ? 1 : 0);
}

void HeadlessWatch::report()
{
    const QString summary = m_service->summary();
    if (summary.isEmpty() || summary == m_lastSummary)
        return;
    m_lastSummary = summary;
    m_err << "hoist: " << summary << '\n';
    for (const QString &folder : m_service->scanningFolders())
        m_err << tr("hoist: %1: inotify's watch limit (fs.inotify.max_user_watches) was reached; "
                    "scanning it every %2 s instead")
                     .arg(folder)
                     .arg(m_service->tuning().rescanMs / 1000.0)
              << '\n';
    m_err.flush();
}
