#pragma once

#include <QByteArray>
#include <QtGlobal>

// A blocking POSIX TCP socket on loopback, for what QTcpSocket cannot do: half-close, reset on
// purpose, and tell a reset from a FIN. Blocking is fine where the peer runs in another thread (a
// proxy's engine). Reads and accepts give up after 10 s.
class RawSocket final {
    Q_DISABLE_COPY(RawSocket)
public:
    explicit RawSocket(int fd = -1);
    RawSocket(RawSocket &&other) noexcept;
    RawSocket &operator=(RawSocket &&) = delete;
    ~RawSocket();

    // Listening on 127.0.0.1, on a free port (in *port). Invalid when it cannot.
    static RawSocket listening(quint16 *port);
    static RawSocket connected(quint16 port);

    bool valid() const { return m_fd >= 0; }
    RawSocket accept() const;
    bool sendAll(const QByteArray &bytes) const;
    void shutdownWrite() const;
    // Closes with RST instead of FIN.
    void reset();
    // Reads `size` bytes, or fewer if the stream ends first.
    QByteArray read(qint64 size) const;
    // Reads until the stream ends; *error: 0 for a FIN, else the errno that ended it (EAGAIN when
    // nothing came for 10 s).
    QByteArray readToEnd(int *error) const;

private:
    int m_fd;
};
