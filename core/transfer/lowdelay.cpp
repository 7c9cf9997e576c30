#include "lowdelay.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QTimer>
#include <QtGlobal>

#include <mutex>
#include <unordered_map>

#ifdef Q_OS_LINUX
#include <cstdlib>
#include <dirent.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>
#include <sys/stat.h>
#endif

namespace {
// After a connection starts, sweeps again this often, so many times, until its socket is found.
constexpr int NewConnectionRetryMs = 2;
constexpr int NewConnectionRetries = 25;
// A sweep for a request on a reused connection (a start that was missed) at most this often.
constexpr qint64 MendIntervalMs = 100;

struct SweepState {
    std::mutex mutex;
    std::unordered_map<int, quint64> seen; // fd -> inode of the sockets already looked at
    LowDelayCounters counters;
    // Connections started less their sockets found; below zero when a sweep finds a socket before
    // its start's signal has come (both come from Qt's HTTP thread, in no set order).
    int connectionsAwaited = 0;
    int retriesLeft = 0;
    bool sweepQueued = false;
    QElapsedTimer sinceMend;
};

SweepState &state()
{
    static SweepState s;
    return s;
}

#ifdef Q_OS_LINUX
bool isConnectionTcpSocket(int fd)
{
    int type = 0;
    socklen_t length = sizeof type;
    if (::getsockopt(fd, SOL_SOCKET, SO_TYPE, &type, &length) != 0 || type != SOCK_STREAM)
        return false;
    int listening = 0;
    length = sizeof listening;
    if (::getsockopt(fd, SOL_SOCKET, SO_ACCEPTCONN, &listening, &length) != 0 || listening)
        return false;
    sockaddr_storage address{};
    length = sizeof address;
    if (::getsockname(fd, reinterpret_cast<sockaddr *>(&address), &length) != 0)
        return false;
    return address.ss_family == AF_INET || address.ss_family == AF_INET6;
}

// Under the state's lock. Returns how many new TCP connections it found.
int sweepLocked(SweepState &s)
{
    ++s.counters.sweeps;
    DIR *dir = ::opendir("/proc/self/fd");
    if (!dir)
        return 0;
    int found = 0;
    std::unordered_map<int, quint64> seen;
    seen.reserve(s.seen.size() + 8);
    while (const dirent *entry = ::readdir(dir)) {
        char *end = nullptr;
        const long number = std::strtol(entry->d_name, &end, 10);
        const int fd = int(number);
        if (end == entry->d_name || *end != '\0' || fd == ::dirfd(dir))
            continue;
        struct stat st;
        if (::fstat(fd, &st) != 0 || !S_ISSOCK(st.st_mode))
            continue;
        const quint64 inode = quint64(st.st_ino);
        seen.emplace(fd, inode);
        const auto known = s.seen.find(fd);
        if (known != s.seen.end() && known->second == inode)
            continue; // looked at before: a listening socket stays one, ours stay set
        ++s.counters.examined;
        // A socket still connecting is a connection socket already; SO_ACCEPTCONN tells the
        // listening ones apart.
        if (!isConnectionTcpSocket(fd))
            continue;
        ++found;
        int noDelay = 0;
        socklen_t length = sizeof noDelay;
        if (::getsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &noDelay, &length) == 0 && !noDelay) {
            noDelay = 1;
            if (::setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &noDelay, sizeof noDelay) == 0)
                ++s.counters.changed;
        }
    }
    ::closedir(dir);
    s.seen.swap(seen); // closed fds drop out; a reused fd number has a new inode
    return found;
}
#else
int sweepLocked(SweepState &s)
{
    ++s.counters.sweeps;
    return 0;
}
#endif

void queueSweep(int delayMs);

void runQueuedSweep()
{
    SweepState &s = state();
    std::unique_lock lock(s.mutex);
    s.sweepQueued = false;
    const int found = sweepLocked(s);
    s.connectionsAwaited -= found;
    if (s.connectionsAwaited <= 0)
        return;
    if (s.retriesLeft <= 0) {
        s.connectionsAwaited = 0; // a connection that failed before it had a socket
        return;
    }
    --s.retriesLeft;
    lock.unlock();
    queueSweep(NewConnectionRetryMs);
}

void queueSweep(int delayMs)
{
    SweepState &s = state();
    {
        const std::lock_guard lock(s.mutex);
        if (s.sweepQueued)
            return;
        s.sweepQueued = true;
    }
    if (QCoreApplication *app = QCoreApplication::instance())
        QTimer::singleShot(delayMs, app, &runQueuedSweep);
    else
        runQueuedSweep();
}
} // namespace

int disableNagleOnOwnSockets()
{
    SweepState &s = state();
    const std::lock_guard lock(s.mutex);
    const int before = s.counters.changed;
    s.connectionsAwaited -= sweepLocked(s);
    return s.counters.changed - before;
}

void disableNagleOnNewConnection()
{
    SweepState &s = state();
    {
        const std::lock_guard lock(s.mutex);
        ++s.connectionsAwaited;
        s.retriesLeft = NewConnectionRetries;
    }
    queueSweep(0);
}

void disableNagleSoon()
{
    SweepState &s = state();
    {
        const std::lock_guard lock(s.mutex);
        if (s.connectionsAwaited <= 0 && s.sinceMend.isValid()
            && s.sinceMend.elapsed() < MendIntervalMs)
            return;
        s.sinceMend.start();
    }
    queueSweep(0);
}

LowDelayCounters lowDelayCounters()
{
    SweepState &s = state();
    const std::lock_guard lock(s.mutex);
    return s.counters;
}
