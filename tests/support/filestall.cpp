#include "filestall.h"

#include <QFile>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <vector>

#include <fcntl.h>
#include <poll.h>
#include <sys/fanotify.h>
#include <unistd.h>

FileStall::FileStall(const QString &path, Hold hold, int maxHoldMs)
    : m_maxHoldMs(maxHoldMs)
{
    m_fd = ::fanotify_init(FAN_CLASS_CONTENT | FAN_CLOEXEC | FAN_NONBLOCK, O_RDONLY | O_LARGEFILE);
    if (m_fd < 0) {
        m_error = QStringLiteral("fanotify_init: %1").arg(QString::fromLocal8Bit(strerror(errno)));
        return;
    }
    const uint64_t mask =
        hold == Hold::OpenAndRead ? (FAN_OPEN_PERM | FAN_ACCESS_PERM) : FAN_ACCESS_PERM;
    if (::fanotify_mark(m_fd, FAN_MARK_ADD, mask, AT_FDCWD, QFile::encodeName(path).constData())
            != 0
        || ::pipe2(m_wake, O_CLOEXEC) != 0) {
        m_error = QStringLiteral("fanotify_mark: %1").arg(QString::fromLocal8Bit(strerror(errno)));
        ::close(m_fd);
        m_fd = -1;
        return;
    }
    m_thread = std::thread([this] { listen(); });
}

FileStall::~FileStall()
{
    if (m_fd < 0)
        return;
    release();
    const char stop = 's';
    [[maybe_unused]] const ssize_t written = ::write(m_wake[1], &stop, 1);
    m_thread.join();
    ::close(m_wake[0]);
    ::close(m_wake[1]);
    ::close(m_fd);
}

void FileStall::release()
{
    m_released = true;
    if (m_wake[1] >= 0) {
        const char wake = 'r';
        [[maybe_unused]] const ssize_t written = ::write(m_wake[1], &wake, 1);
    }
}

void FileStall::listen()
{
    using Clock = std::chrono::steady_clock;
    const auto allow = [this](int fd) {
        fanotify_response response{};
        response.fd = fd;
        response.response = FAN_ALLOW;
        [[maybe_unused]] const ssize_t written = ::write(m_fd, &response, sizeof response);
        ::close(fd);
    };
    std::vector<int> held;
    Clock::time_point firstHeld;
    bool stopping = false;
    while (!stopping || !held.empty()) {
        if (m_released || stopping
            || (!held.empty()
                && Clock::now() - firstHeld > std::chrono::milliseconds(m_maxHoldMs))) {
            for (int fd : held)
                allow(fd);
            held.clear();
            if (stopping)
                break;
        }
        pollfd fds[2] = {{m_fd, POLLIN, 0}, {m_wake[0], POLLIN, 0}};
        if (::poll(fds, 2, 50) < 0 && errno != EINTR)
            break;
        if (fds[1].revents & POLLIN) {
            char command[16];
            const ssize_t n = ::read(m_wake[0], command, sizeof command);
            for (ssize_t i = 0; i < n; ++i)
                stopping = stopping || command[i] == 's';
        }
        if (!(fds[0].revents & POLLIN))
            continue;
        alignas(fanotify_event_metadata) char buffer[4096];
        const ssize_t length = ::read(m_fd, buffer, sizeof buffer);
        if (length <= 0)
            continue;
        auto *event = reinterpret_cast<const fanotify_event_metadata *>(buffer);
        for (ssize_t left = length; FAN_EVENT_OK(event, left);
             event = FAN_EVENT_NEXT(event, left)) {
            if (event->fd < 0)
                continue;
            if (m_released) {
                allow(event->fd);
                continue;
            }
            if (held.empty())
                firstHeld = Clock::now();
            held.push_back(event->fd);
            ++m_held;
        }
    }
}
