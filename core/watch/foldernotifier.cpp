#include "foldernotifier.h"

#include <QFile>
#include <QSocketNotifier>

#include <cerrno>
#include <climits>
#include <sys/inotify.h>
#include <unistd.h>

namespace {
// Events for watches a scan has not reported yet are kept, up to this many; beyond, a resync.
constexpr int MaxPending = 100000;

QString join(const QString &folder, const QString &name)
{
    if (name.isEmpty())
        return folder;
    return folder.isEmpty() ? name : folder + QLatin1Char('/') + name;
}
} // namespace

FolderNotifier::FolderNotifier(QObject *parent)
    : QObject(parent)
    , m_fd(::inotify_init1(IN_NONBLOCK | IN_CLOEXEC))
{
    if (m_fd < 0)
        return;
    m_descriptor = std::shared_ptr<const int>(new int(m_fd), [](const int *fd) {
        ::close(*fd); // drops every watch
        delete fd;
    });
    m_notifier = new QSocketNotifier(m_fd, QSocketNotifier::Read, this);
    connect(m_notifier, &QSocketNotifier::activated, this, &FolderNotifier::read);
}

FolderNotifier::~FolderNotifier()
{
    // The descriptor closes with its last holder; its watches stop reporting to anyone.
    if (m_fd >= 0)
        clear();
}

unsigned FolderNotifier::watchMask()
{
    // Writes end in CLOSE_WRITE or stop (MODIFY); files arrive by creation or a move; folders
    // come and go the same ways.
    return IN_CREATE | IN_MODIFY | IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_DELETE
           | IN_ATTRIB | IN_DELETE_SELF | IN_MOVE_SELF;
}

void FolderNotifier::adopt(const QList<QPair<int, QString>> &watches)
{
    for (const auto &w : watches)
        m_paths.insert(w.first, w.second);
    if (m_pending.isEmpty())
        return;
    QList<FolderEvent> events;
    QList<Pending> still;
    for (const Pending &p : std::as_const(m_pending)) {
        if (m_paths.contains(p.wd))
            take(p.wd, p.mask, p.name, &events);
        else
            still.append(p);
    }
    m_pending = still;
    if (!events.isEmpty())
        Q_EMIT eventsRead(events);
}

void FolderNotifier::clear()
{
    for (auto it = m_paths.cbegin(); it != m_paths.cend(); ++it)
        ::inotify_rm_watch(m_fd, it.key());
    m_paths.clear();
    m_pending.clear();
}

int FolderNotifier::systemWatchLimit()
{
    QFile file(QStringLiteral("/proc/sys/fs/inotify/max_user_watches"));
    if (!file.open(QIODevice::ReadOnly))
        return -1;
    bool ok = false;
    const int limit = file.readAll().trimmed().toInt(&ok);
    return ok ? limit : -1;
}

void FolderNotifier::read()
{
    alignas(inotify_event) char buffer[64 * 1024];
    QList<FolderEvent> events;
    bool resync = false;
    for (;;) {
        const ssize_t n = ::read(m_fd, buffer, sizeof buffer);
        if (n <= 0)
            break; // EAGAIN: all read
        for (char *p = buffer; p < buffer + n;) {
            const auto *e = reinterpret_cast<const inotify_event *>(p);
            p += sizeof(inotify_event) + e->len;
            if (e->mask & IN_Q_OVERFLOW) {
                resync = true;
                continue;
            }
            const QString name = e->len ? QFile::decodeName(e->name) : QString();
            if (!m_paths.contains(e->wd)) {
                if (m_pending.size() >= MaxPending)
                    resync = true;
                else
                    m_pending.append({e->wd, e->mask, name});
                continue;
            }
            // A watched folder moved: the paths of its watches (and those below) are stale.
            if (e->mask & IN_MOVE_SELF)
                resync = true;
            take(e->wd, e->mask, name, &events);
        }
    }
    if (!events.isEmpty())
        Q_EMIT eventsRead(events);
    if (resync)
        Q_EMIT resyncNeeded();
}

void FolderNotifier::take(int wd, unsigned mask, const QString &name, QList<FolderEvent> *events)
{
    if (mask & IN_IGNORED) { // its folder is gone, or the watch was removed
        m_paths.remove(wd);
        return;
    }
    if (mask & (IN_DELETE_SELF | IN_MOVE_SELF))
        return; // its parent's event says so
    FolderEvent event;
    event.relativePath = join(m_paths.value(wd), name);
    event.folder = mask & IN_ISDIR;
    event.gone = mask & (IN_DELETE | IN_MOVED_FROM);
    events->append(event);
}
