#include "folderwatcher.h"

#include "clock.h"
#include "filehasher.h"
#include "foldernotifier.h"
#include "offthread.h"

#include <QLoggingCategory>

#include <climits>

Q_LOGGING_CATEGORY(lcWatch, "hoist.watch", QtWarningMsg)

namespace {
// How often candidates are looked at again: often enough to notice settling soon after settleMs,
// at most once a second.
int checkIntervalFor(int settleMs)
{
    return qBound(50, settleMs / 3, 1000);
}

bool sameVersion(const LedgerEntry &entry, qint64 size, qint64 modifiedMs)
{
    return entry.size == size && entry.modifiedMs == modifiedMs;
}
} // namespace

FolderWatcher::FolderWatcher(const WatchedFolder &folder, const PathPatterns &globalExclude,
                             const Tuning &tuning, QObject *parent)
    : QObject(parent)
    , m_folder(folder)
    , m_globalExclude(globalExclude)
    , m_tuning(tuning)
    , m_cancel(std::make_shared<std::atomic_bool>(false))
{
    m_settleTimer.setInterval(checkIntervalFor(m_tuning.settleMs));
    connect(&m_settleTimer, &QTimer::timeout, this, &FolderWatcher::checkCandidates);
    m_rescanTimer.setInterval(m_tuning.rescanMs);
    m_rescanTimer.setSingleShot(true);
    // After the limit was hit (or without inotify): a plain scan; after the folder was missing:
    // watching again.
    connect(&m_rescanTimer, &QTimer::timeout, this, [this] { scan(QString(), true); });
}

int FolderWatcher::watchLimitFromEnvironment()
{
    bool ok = false;
    const int limit = qEnvironmentVariableIntValue("HOIST_WATCH_LIMIT", &ok);
    return ok && limit >= 0 ? limit : -1;
}

FolderWatcher::~FolderWatcher()
{
    m_cancel->store(true); // walks and hashes under way stop; their results go nowhere
}

int FolderWatcher::watchCount() const
{
    return m_notifier ? m_notifier->watchCount() : 0;
}

ScanRules FolderWatcher::rules() const
{
    ScanRules r;
    r.root = m_folder.folder;
    r.recursive = m_folder.recursive;
    r.include = PathPatterns(m_folder.include);
    r.exclude = PathPatterns(m_globalExclude.patterns() + m_folder.exclude);
    return r;
}

void FolderWatcher::setState(State state)
{
    if (m_state == state)
        return;
    m_state = state;
    Q_EMIT stateChanged(state);
}

bool FolderWatcher::contains(const QString &path, QString *relativePath) const
{
    const QString root = m_folder.folder.endsWith(QLatin1Char('/'))
                             ? m_folder.folder
                             : m_folder.folder + QLatin1Char('/');
    if (!path.startsWith(root) || path.size() == root.size())
        return false;
    *relativePath = path.mid(root.size());
    return true;
}

void FolderWatcher::start(const LedgerEntries &uploaded)
{
    m_uploaded = uploaded;
    m_notifier = new FolderNotifier(this);
    if (!m_notifier->isValid()) {
        qCWarning(lcWatch) << "inotify unavailable; scanning" << m_folder.folder;
        m_inotifyUnavailable = true;
        delete m_notifier;
        m_notifier = nullptr;
    } else {
        connect(m_notifier, &FolderNotifier::eventsRead, this, &FolderWatcher::onEvents);
        connect(m_notifier, &FolderNotifier::resyncNeeded, this, &FolderWatcher::resync);
    }
    m_settleTimer.start();
    scan(QString(), m_notifier != nullptr);
}

void FolderWatcher::scan(const QString &from, bool withWatches)
{
    WatchBudget budget;
    std::shared_ptr<const int> descriptor;
    withWatches = withWatches && m_notifier && !m_fallback;
    if (withWatches) {
        descriptor = m_notifier->descriptor();
        budget.inotifyFd = m_notifier->inotifyFd();
        budget.mask = FolderNotifier::watchMask();
        // Never all of the user's watches: editors, file managers and sync tools need theirs.
        static const int systemLimit = FolderNotifier::systemWatchLimit();
        const int limit = m_tuning.watchLimit >= 0 ? m_tuning.watchLimit
                          : systemLimit > 0        ? systemLimit / 2
                                                   : INT_MAX;
        budget.remaining = qMax(0, limit - m_notifier->watchCount());
    }
    ++m_scansRunning;
    runOffThread(
        this,
        [rules = rules(), from, budget, cancel = m_cancel, descriptor] {
            return scanFolder(rules, from, budget, cancel.get());
        },
        [this, from, withWatches](const FolderScan &result) {
            --m_scansRunning;
            onScanned(from, withWatches, result);
        });
}

void FolderWatcher::onScanned(const QString &from, bool withWatches, FolderScan result)
{
    const bool whole = from.isEmpty();
    if (whole && result.rootMissing) {
        if (m_notifier)
            m_notifier->clear();
        setState(State::Missing);
        m_rescanTimer.start();
        return;
    }
    if (withWatches && m_notifier) {
        m_notifier->adopt(result.watches);
        if (result.limitReached || m_fallback) {
            // Watches for part of the tree would leave the rest unseen: scan all of it instead,
            // and give the watches back for other folders and programs.
            if (!m_fallback)
                qCWarning(lcWatch) << "inotify watch limit reached for" << m_folder.folder
                                   << "- scanning every" << m_tuning.rescanMs << "ms";
            m_fallback = true;
            m_notifier->clear();
            setState(State::Scanning);
        } else if (whole) {
            setState(State::Watching);
        }
    } else if (whole) {
        setState(m_inotifyUnavailable ? State::Failed : State::Scanning);
    }
    if ((!m_notifier || m_fallback) && !m_rescanTimer.isActive())
        m_rescanTimer.start();
    const qint64 now = SystemClock::nowMs();
    for (const ScannedFile &file : std::as_const(result.files))
        consider(file, now);
}

void FolderWatcher::consider(const ScannedFile &file, qint64 now)
{
    const QString &rel = file.relativePath;
    // What went up already, or was offered, in this version: nothing to do.
    const auto uploaded = m_uploaded.constFind(rel);
    if (uploaded != m_uploaded.cend() && sameVersion(*uploaded, file.size, file.modifiedMs))
        return;
    const auto handed = m_handed.constFind(rel);
    if (handed != m_handed.cend() && sameVersion(*handed, file.size, file.modifiedMs))
        return;
    auto it = m_candidates.find(rel);
    if (it == m_candidates.end()) {
        // Not written to since its time says: settled that long already.
        Candidate c;
        c.size = file.size;
        c.modifiedMs = file.modifiedMs;
        c.stableSinceMs = qMin(now, file.modifiedMs);
        m_candidates.insert(rel, c);
    }
}

void FolderWatcher::onEvents(const QList<FolderEvent> &events)
{
    if (m_fallback)
        return; // the last watches' parting words: scans tell it now
    const qint64 now = SystemClock::nowMs();
    const ScanRules r = rules();
    for (const FolderEvent &e : events) {
        if (e.folder) {
            // A folder that arrived may hold files already (moved in, unpacked): walk it.
            if (!e.gone && m_folder.recursive && !r.exclude.matches(e.relativePath, true))
                scan(e.relativePath, true);
            continue;
        }
        if (e.gone) {
            m_candidates.remove(e.relativePath);
            continue;
        }
        if (!r.takes(e.relativePath))
            continue;
        // Changed now: it settles settleMs from now at the earliest.
        Candidate &c = m_candidates[e.relativePath];
        c.stableSinceMs = now;
    }
}

void FolderWatcher::resync()
{
    if (!m_notifier || m_fallback)
        return;
    m_notifier->clear();
    scan(QString(), true);
}

void FolderWatcher::checkCandidates()
{
    if (m_checking || m_candidates.isEmpty())
        return;
    m_checking = true;
    const QString root = m_folder.folder;
    runOffThread(
        this,
        [paths = m_candidates.keys(), root, cancel = m_cancel] {
            QList<QPair<QString, std::optional<ScannedFile>>> stats;
            stats.reserve(paths.size());
            for (const QString &rel : paths) {
                if (cancel->load())
                    break;
                stats.append({rel, statFile(root + QLatin1Char('/') + rel)});
            }
            return stats;
        },
        [this](const QList<QPair<QString, std::optional<ScannedFile>>> &stats) {
            m_checking = false;
            onChecked(stats);
        });
}

void FolderWatcher::onChecked(const QList<QPair<QString, std::optional<ScannedFile>>> &stats)
{
    const qint64 now = SystemClock::nowMs();
    for (const auto &[rel, stat] : stats) {
        auto it = m_candidates.find(rel);
        if (it == m_candidates.end())
            continue;
        if (!stat) { // gone, or not a regular file any more
            m_candidates.erase(it);
            continue;
        }
        Candidate &c = *it;
        const bool seen = c.size >= 0;
        if (seen && (c.size != stat->size || c.modifiedMs != stat->modifiedMs))
            c.stableSinceMs = now;
        c.stableSinceMs = qMax(c.stableSinceMs, qMin(now, stat->modifiedMs));
        c.size = stat->size;
        c.modifiedMs = stat->modifiedMs;
        if (!seen || now - c.stableSinceMs < m_tuning.settleMs)
            continue;
        const ScannedFile file{rel, c.size, c.modifiedMs};
        m_candidates.erase(it);
        settled(rel, file);
    }
}

void FolderWatcher::settled(const QString &rel, const ScannedFile &file)
{
    if (m_handed.contains(rel) && sameVersion(m_handed.value(rel), file.size, file.modifiedMs))
        return;
    const auto uploaded = m_uploaded.constFind(rel);
    if (uploaded != m_uploaded.cend()) {
        if (sameVersion(*uploaded, file.size, file.modifiedMs))
            return;
        if (uploaded->size == file.size && !uploaded->sha256.isEmpty()) {
            // Same size, another time (touched, copied over with the same bytes): the content
            // decides, read off this thread.
            const QString path = m_folder.folder + QLatin1Char('/') + rel;
            const QByteArray known = uploaded->sha256;
            m_handed.insert(rel, {file.size, file.modifiedMs, {}});
            runOffThread(
                this, [path, size = file.size] { return sha256File(path, size); },
                [this, rel, file, known](const FileHash &hash) {
                    if (hash.ok() && hash.digest == known) {
                        const LedgerEntry entry{file.size, file.modifiedMs, known};
                        m_uploaded.insert(rel, entry);
                        Q_EMIT unchangedFound(rel, entry);
                    } else {
                        Q_EMIT fileReady(rel, file.size, file.modifiedMs);
                    }
                });
            return;
        }
    }
    m_handed.insert(rel, {file.size, file.modifiedMs, {}});
    Q_EMIT fileReady(rel, file.size, file.modifiedMs);
}

void FolderWatcher::noteUploaded(const QString &relativePath, const LedgerEntry &entry)
{
    m_uploaded.insert(relativePath, entry);
}
