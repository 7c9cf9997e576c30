#include "windowwatch.h"

#include "appsettings.h"
#include "uploadledger.h"

#include <QFileInfo>

WindowWatch::WindowWatch(UploadScheduler *scheduler, AppSettings *settings, const QString &stateDir,
                         const RunOptions &run, WatchService::LocalTarget localTarget,
                         QObject *parent)
    : QObject(parent)
    , m_settings(settings)
    , m_run(run)
    , m_ledger(std::make_unique<LedgerThread>(stateDir))
{
    m_problem = m_ledger->open();
    m_service = std::make_unique<WatchService>(scheduler,
                                               m_problem.isEmpty() ? m_ledger->ledger() : nullptr);
    m_service->setTuning(
        {m_run.settleMs, m_run.rescanMs, FolderWatcher::watchLimitFromEnvironment()});
    m_service->setGlobalExclude(PathPatterns(m_settings->effectiveExcludes()));
    m_service->setLocalTarget(std::move(localTarget));
    connect(m_settings, &AppSettings::excludePatternsChanged, this,
            [this] { m_service->setGlobalExclude(PathPatterns(m_settings->effectiveExcludes())); });
    connect(m_settings, &AppSettings::watchedFoldersChanged, this, &WindowWatch::start);
}

WindowWatch::~WindowWatch()
{
    m_service.reset(); // its last ledger writes are queued before the ledger closes
    m_ledger.reset();
}

void WindowWatch::start()
{
    QList<WatchedFolder> folders = m_settings->watchedFolders();
    for (const QString &dir : std::as_const(m_run.folders)) {
        WatchedFolder folder;
        folder.folder = dir;
        folder.target = m_run.endpoint;
        folder.prefix = QFileInfo(dir).fileName(); // as a dropped folder is named
        folders.append(folder);
    }
    m_service->setPaused(m_settings->watchingPaused());
    m_service->setFolders(folders);
}

void WindowWatch::setPaused(bool paused)
{
    m_settings->setWatchingPaused(paused);
    m_service->setPaused(paused);
}
