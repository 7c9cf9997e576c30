#include "lowdelay.h"

#include <QtGlobal>

#ifdef Q_OS_LINUX
#include <cstdlib>
#include <dirent.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>
#include <sys/stat.h>

namespace {
bool isConnectionTcpSocket(int fd)
{
    struct stat st;
    if (::fstat(fd, &st) != 0 || !S_ISSOCK(st.st_mode))
        return false;
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
} // namespace

int disableNagleOnOwnSockets()
{
    DIR *dir = ::opendir("/proc/self/fd");
    if (!dir)
        return 0;
    int changed = 0;
    while (const dirent *entry = ::readdir(dir)) {
        char *end = nullptr;
        const long fd = std::strtol(entry->d_name, &end, 10);
        if (end == entry->d_name || *end != '\0' || fd == ::dirfd(dir))
            continue;
        if (!isConnectionTcpSocket(int(fd)))
            continue;
        int noDelay = 0;
        socklen_t length = sizeof noDelay;
        if (::getsockopt(int(fd), IPPROTO_TCP, TCP_NODELAY, &noDelay, &length) == 0 && !noDelay) {
            noDelay = 1;
            if (::setsockopt(int(fd), IPPROTO_TCP, TCP_NODELAY, &noDelay, sizeof noDelay) == 0)
                ++changed;
        }
    }
    ::closedir(dir);
    return changed;
}
#else
int disableNagleOnOwnSockets()
{
    return 0;
}
#endif
