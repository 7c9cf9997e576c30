#include "rawsocket.h"

#include "proxysupport.h"

#include <cerrno>
#include <utility>

#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

namespace {
constexpr int PatienceSeconds = 10;
constexpr size_t ReadBlock = 64 * 1024;

sockaddr_in loopback(quint16 port)
{
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_port = htons(port);
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    return address;
}
} // namespace

RawSocket::RawSocket(int fd)
    : m_fd(fd)
{
    // Also bounds accept(): a test that waits for a connection that never comes fails, not hangs.
    const timeval patience{PatienceSeconds, 0};
    if (m_fd >= 0)
        ::setsockopt(m_fd, SOL_SOCKET, SO_RCVTIMEO, &patience, sizeof patience);
}

RawSocket::RawSocket(RawSocket &&other) noexcept
    : m_fd(std::exchange(other.m_fd, -1))
{
}

RawSocket::~RawSocket()
{
    if (m_fd >= 0)
        ::close(m_fd);
}

RawSocket RawSocket::listening(quint16 *port)
{
    RawSocket s(::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0));
    sockaddr_in address = loopback(0);
    socklen_t length = sizeof address;
    if (::bind(s.m_fd, reinterpret_cast<sockaddr *>(&address), length) != 0
        || ::listen(s.m_fd, 8) != 0
        || ::getsockname(s.m_fd, reinterpret_cast<sockaddr *>(&address), &length) != 0)
        return RawSocket();
    *port = ntohs(address.sin_port);
    return s;
}

RawSocket RawSocket::connected(quint16 port)
{
    RawSocket s(::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0));
    const sockaddr_in address = loopback(port);
    if (::connect(s.m_fd, reinterpret_cast<const sockaddr *>(&address), sizeof address) != 0)
        return RawSocket();
    return s;
}

RawSocket RawSocket::accept() const
{
    return RawSocket(::accept4(m_fd, nullptr, nullptr, SOCK_CLOEXEC));
}

bool RawSocket::sendAll(const QByteArray &bytes) const
{
    for (qint64 offset = 0; offset < bytes.size();) {
        const ssize_t n =
            ::send(m_fd, bytes.constData() + offset, size_t(bytes.size() - offset), MSG_NOSIGNAL);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return false;
        offset += n;
    }
    return true;
}

void RawSocket::shutdownWrite() const
{
    ::shutdown(m_fd, SHUT_WR);
}

void RawSocket::reset()
{
    resetOnClose(m_fd);
    ::close(std::exchange(m_fd, -1));
}

QByteArray RawSocket::read(qint64 size) const
{
    QByteArray bytes(size, Qt::Uninitialized);
    qint64 got = 0;
    while (got < size) {
        const ssize_t n = ::recv(m_fd, bytes.data() + got, size_t(size - got), 0);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            break;
        got += n;
    }
    bytes.truncate(got);
    return bytes;
}

QByteArray RawSocket::readToEnd(int *error) const
{
    QByteArray bytes;
    char buffer[ReadBlock];
    for (;;) {
        const ssize_t n = ::recv(m_fd, buffer, sizeof buffer, 0);
        if (n > 0) {
            bytes.append(buffer, n);
        } else if (n == 0 || errno != EINTR) {
            *error = n == 0 ? 0 : errno;
            return bytes;
        }
    }
}
