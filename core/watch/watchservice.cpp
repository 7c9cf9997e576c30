#include "watchservice.h"

#include "filehasher.h"
#include "offthread.h"
#include "uploadscheduler.h"

namespace {
// Settled files are queued together, a batch per folder at most this often.
constexpr int QueueDelayMs = 100;
// Ledger writes go in one transaction at most this often.
constexpr int RecordDelayMs = 250;

bool isUnfinished(TaskState state)
{
    return state == TaskState::Waiting || state == TaskState::Uploading
           || state == TaskState::Paused;
}
} // namespace

WatchService::WatchService(UploadScheduler *scheduler, UploadLedger *ledger, QObject *parent)
    : QObject(parent)
    , m_scheduler(scheduler)
    , m_ledger(ledger)
{
    m_queueTimer.setSingleShot(true);
    m_queueTimer.setInterval(QueueDelayMs);
    connect(&m_queueTimer, &QTimer::timeout, this, &WatchService::queueReady);
    m_recordTimer.setSingleShot(true);
    m_recordTimer.setInterval(RecordDelayMs);
    connect(&m_recordTimer, &QTimer::timeout, this, &WatchService::flushRecords);
    connect(m_scheduler, &UploadScheduler::taskFinished, this, &WatchService::onTaskFinished);
    if (m_ledger)
        connect(m_ledger, &UploadLedger::loaded, this, &WatchService::onLoaded);
}

WatchService::~WatchService()
{
    flushRecords(); // queued to the ledger's thread, which writes it before it closes
}

void WatchService::setGlobalExclude(const PathPatterns &patterns)
{
    if (patterns.patterns() == m_globalExclude.patterns())
        return;
    m_globalExclude = patterns;
    // Running watchers keep the rules they started with: start them again with the new ones.
    const QList<WatchedFolder> current = folders();
    setFolders({});
    setFolders(current);
}

QList<WatchedFolder> WatchService::folders() const
{
    QList<WatchedFolder> list;
    for (const auto &w : m_watchers)
        list.append(w->folder);
    return list;
}

void WatchService::setFolders(const QList<WatchedFolder> &folders)
{
    // Those no longer wanted (or changed) stop; the rest go on undisturbed.
    for (auto it = m_watchers.begin(); it != m_watchers.end();) {
        if (folders.contains((*it)->folder)) {
            ++it;
            continue;
        }
        delete (*it)->watcher;
        it = m_watchers.erase(it);
    }
    for (const WatchedFolder &folder : folders) {
        const bool local = folder.target.isEmpty() && m_localTarget;
        if ((folder.isValid() || (local && !folder.folder.isEmpty())) && !watchFor(folder.key()))
            startWatch(folder);
    }
    Q_EMIT statusChanged();
}

WatchService::Watch *WatchService::watchFor(const QString &folderKey)
{
    for (const auto &w : m_watchers) {
        if (w->folder.key() == folderKey)
            return w.get();
    }
    return nullptr;
}

void WatchService::startWatch(const WatchedFolder &folder)
{
    auto watch = std::make_unique<Watch>();
    watch->folder = folder;
    watch->target = folder.target;
    if (watch->target.isEmpty()) {
        QString error;
        watch->target = m_localTarget(&error);
        if (watch->target.isEmpty()) {
            qWarning("hoist: cannot watch %s: %s", qPrintable(folder.folder), qPrintable(error));
            return;
        }
    }
    watch->watcher = new FolderWatcher(folder, m_globalExclude, m_tuning, this);
    Watch *w = watch.get();
    connect(w->watcher, &FolderWatcher::stateChanged, this, &WatchService::statusChanged);
    connect(w->watcher, &FolderWatcher::fileReady, this,
            [this, w](const QString &rel, qint64 size, qint64 modifiedMs) {
                onFileReady(w, {rel, size, modifiedMs});
            });
    connect(w->watcher, &FolderWatcher::unchangedFound, this,
            [this, key = folder.key()](const QString &rel, const LedgerEntry &entry) {
                record(key, rel, entry);
            });
    m_watchers.push_back(std::move(watch));
    if (!m_ledger) {
        w->started = true;
        w->watcher->start({});
        return;
    }
    QMetaObject::invokeMethod(
        m_ledger, [ledger = m_ledger, key = folder.key()] { ledger->load(key); },
        Qt::QueuedConnection);
}

void WatchService::onLoaded(const QString &folderKey, const LedgerEntries &entries)
{
    Watch *w = watchFor(folderKey);
    if (w && !w->started) {
        w->started = true;
        w->watcher->start(entries);
    }
}

void WatchService::onFileReady(Watch *watch, const ScannedFile &file)
{
    // A file that changed again while paused goes up once, as it is now.
    if (m_paused) {
        watch->ready.removeIf(
            [&file](const ScannedFile &f) { return f.relativePath == file.relativePath; });
    }
    watch->ready.append(file);
    if (m_paused)
        return;
    if (!m_queueTimer.isActive())
        m_queueTimer.start();
}

void WatchService::queueReady()
{
    if (m_paused)
        return;
    for (const auto &w : m_watchers) {
        if (w->ready.isEmpty())
            continue;
        QList<UploadScheduler::FileToQueue> files;
        const QString root = w->folder.folder;
        for (const ScannedFile &file : std::as_const(w->ready)) {
            const QString path = root + QLatin1Char('/') + file.relativePath;
            const QString remote = w->folder.remoteName(file.relativePath);
            bool queued = false;
            QList<TaskId> older;
            for (const TaskId id : m_scheduler->tasksWithPath(path)) {
                const UploadTask *task = m_scheduler->task(id);
                if (!task || task->endpoint() != w->target || task->displayName() != remote)
                    continue;
                const bool same =
                    task->size() == file.size && task->modifiedMs() == file.modifiedMs;
                if (same && task->state() != TaskState::Error) {
                    // Queued already (a restored queue): once is enough. One that finished
                    // before its version reached the ledger gets there now.
                    queued = true;
                    if (task->state() == TaskState::Success)
                        recordSuccess(w.get(), file.relativePath, task);
                } else if (!same && isUnfinished(task->state())) {
                    older.append(id);
                }
            }
            if (queued)
                continue;
            // An unfinished upload of an older version would only fail on the changed file.
            for (const TaskId id : std::as_const(older))
                m_scheduler->cancel(id);
            files.append({path, remote});
        }
        w->ready.clear();
        if (files.isEmpty())
            continue;
        m_scheduler->addFiles(files, w->target);
        Q_EMIT filesQueued(w->folder, int(files.size()));
    }
}

void WatchService::onTaskFinished(TaskId id)
{
    const UploadTask *task = m_scheduler->task(id);
    if (!task || task->state() != TaskState::Success)
        return;
    QString rel;
    if (Watch *w = watchOf(*task, &rel))
        recordSuccess(w, rel, task);
}

WatchService::Watch *WatchService::watchOf(const UploadTask &task, QString *relativePath) const
{
    for (const auto &w : m_watchers) {
        if (task.endpoint() == w->target && w->watcher->contains(task.path(), relativePath)
            && task.displayName() == w->folder.remoteName(*relativePath))
            return w.get();
    }
    return nullptr;
}

bool WatchService::owns(const UploadTask &task) const
{
    QString rel;
    return watchOf(task, &rel) != nullptr;
}

void WatchService::setPaused(bool paused)
{
    if (paused == m_paused)
        return;
    m_paused = paused;
    if (!m_paused)
        queueReady();
    Q_EMIT pausedChanged(m_paused);
    Q_EMIT statusChanged();
}

void WatchService::recordSuccess(Watch *watch, const QString &relativePath, const UploadTask *task)
{
    const QString key = watch->folder.key();
    LedgerEntry entry{task->size(), task->modifiedMs(), task->contentHash()};
    if (!entry.sha256.isEmpty()) {
        record(key, relativePath, entry);
        return;
    }
    // The hash settles a later doubt (same size, another time) without sending it again. It is
    // the uploaded version's only while the file still has that version's size and time.
    runOffThread(
        this,
        [path = task->path(), entry]() mutable {
            const FileHash hash = sha256File(path, entry.size);
            const std::optional<ScannedFile> now = statFile(path);
            if (hash.ok() && now && now->size == entry.size && now->modifiedMs == entry.modifiedMs)
                entry.sha256 = hash.digest;
            return entry;
        },
        [this, key, relativePath](const LedgerEntry &hashed) {
            record(key, relativePath, hashed);
        });
}

void WatchService::record(const QString &folderKey, const QString &relativePath,
                          const LedgerEntry &entry)
{
    if (Watch *w = watchFor(folderKey))
        w->watcher->noteUploaded(relativePath, entry);
    m_pendingRecords.append({folderKey, relativePath, entry});
    if (!m_recordTimer.isActive())
        m_recordTimer.start();
    Q_EMIT versionRecorded(relativePath);
}

void WatchService::flushRecords()
{
    m_recordTimer.stop();
    if (m_pendingRecords.isEmpty() || !m_ledger)
        return;
    QMetaObject::invokeMethod(
        m_ledger, [ledger = m_ledger, records = m_pendingRecords] { ledger->record(records); },
        Qt::QueuedConnection);
    m_pendingRecords.clear();
}

QStringList WatchService::scanningFolders() const
{
    QStringList list;
    for (const auto &w : m_watchers) {
        const FolderWatcher::State s = w->watcher->state();
        if (s == FolderWatcher::State::Scanning || s == FolderWatcher::State::Failed)
            list.append(w->folder.folder);
    }
    return list;
}

QStringList WatchService::missingFolders() const
{
    QStringList list;
    for (const auto &w : m_watchers) {
        if (w->watcher->state() == FolderWatcher::State::Missing)
            list.append(w->folder.folder);
    }
    return list;
}

FolderWatcher::State WatchService::stateOf(const WatchedFolder &folder) const
{
    for (const auto &w : m_watchers) {
        if (w->folder == folder)
            return w->watcher->state();
    }
    return FolderWatcher::State::Missing;
}

FolderWatcher::State WatchService::stateOfFolder(const QString &path) const
{
    for (const auto &w : m_watchers) {
        if (w->folder.folder == path)
            return w->watcher->state();
    }
    return FolderWatcher::State::Missing;
}

int WatchService::pendingCount() const
{
    int n = 0;
    for (const auto &w : m_watchers)
        n += w->watcher->pendingCount();
    return n;
}

QString WatchService::summary() const
{
    if (m_watchers.empty())
        return {};
    QString text = tr("Watching %n folder(s)", nullptr, watchedCount());
    if (const int scanning = int(scanningFolders().size()))
        text += QStringLiteral(" \u00b7 ")
                + tr("%n scanned every %1 s (too many folders for inotify)", nullptr, scanning)
                      .arg(m_tuning.rescanMs / 1000);
    if (const int missing = int(missingFolders().size()))
        text += QStringLiteral(" \u00b7 ") + tr("%n missing", nullptr, missing);
    if (m_paused)
        text += QStringLiteral(" \u00b7 ") + tr("paused");
    return text;
}
