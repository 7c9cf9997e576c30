#include "tcppeers.h"

#include "testfiles.h"

#include <QTest>

#include <algorithm>
#include <memory>

namespace {
constexpr qint64 BlockSize = 256 * 1024;
// Written ahead of what the kernel took: enough to keep loopback busy, bounded for 100 MiB runs.
constexpr qint64 WriteAhead = 4 * 1024 * 1024;

// Notes an arrival of `bytes` in (first, last).
void noteArrival(qint64 bytes, qint64 before, PeerClock::time_point &first,
                 PeerClock::time_point &last)
{
    const PeerClock::time_point now = PeerClock::now();
    if (before == 0 && bytes > 0)
        first = now;
    last = now;
}
} // namespace

TcpPeer::TcpPeer(Mode mode, qint64 sourceBytes)
    : m_mode(mode)
    , m_sourceBytes(sourceBytes)
{
    connect(&m_server, &QTcpServer::newConnection, this, &TcpPeer::accept);
    QVERIFY(m_server.listen(QHostAddress::LocalHost));
}

qint64 TcpPeer::totalReceived() const
{
    qint64 total = 0;
    for (const Connection &c : connections)
        total += c.received;
    return total;
}

const QByteArray &TcpPeer::sourceBlock()
{
    static const QByteArray block = testContent(BlockSize, 7);
    return block;
}

void TcpPeer::accept()
{
    while (QTcpSocket *socket = m_server.nextPendingConnection()) {
        const qsizetype index = connections.size();
        connections.append(Connection());
        socket->setParent(this);
        connect(socket, &QTcpSocket::readyRead, this, [this, socket, index] {
            const QByteArray bytes = socket->readAll();
            Connection &c = connections[index];
            noteArrival(bytes.size(), c.received, c.firstByteAt, c.lastByteAt);
            c.received += bytes.size();
            if (m_mode == Mode::Echo)
                socket->write(bytes);
        });
        connect(socket, &QTcpSocket::disconnected, this, [this, index] {
            connections[index].closed = true;
            connections[index].closedAt = PeerClock::now();
        });
        if (m_mode != Mode::Source)
            continue;
        auto left = std::make_shared<qint64>(m_sourceBytes);
        auto feed = [this, socket, left] {
            const QByteArray &block = sourceBlock();
            while (*left > 0 && socket->bytesToWrite() < WriteAhead) {
                const qint64 offset = (m_sourceBytes - *left) % block.size();
                *left -= socket->write(block.constData() + offset,
                                       std::min(*left, block.size() - offset));
            }
            if (*left == 0 && closeWhenSent)
                socket->disconnectFromHost(); // after what it still has to write
        };
        connect(socket, &QTcpSocket::bytesWritten, socket, feed);
        feed();
    }
}

TcpClient::TcpClient(quint16 port, QByteArray toSend, bool keep)
    : m_toSend(std::move(toSend))
    , m_keep(keep)
{
    connect(&socket, &QTcpSocket::connected, this, &TcpClient::feed);
    connect(&socket, &QTcpSocket::bytesWritten, this, &TcpClient::feed);
    connect(&socket, &QTcpSocket::readyRead, this, [this] {
        const QByteArray bytes = socket.readAll();
        noteArrival(bytes.size(), receivedBytes, firstByteAt, lastByteAt);
        receivedBytes += bytes.size();
        if (m_keep)
            received += bytes;
    });
    connect(&socket, &QTcpSocket::errorOccurred, this,
            [this](QAbstractSocket::SocketError e) { error = e; });
    connect(&socket, &QTcpSocket::disconnected, this, [this] {
        closed = true;
        closedAt = PeerClock::now();
    });
    socket.connectToHost(QHostAddress::LocalHost, port);
}

void TcpClient::send(const QByteArray &bytes)
{
    m_toSend += bytes;
    feed();
}

void TcpClient::feed()
{
    while (connected() && m_sent < m_toSend.size() && socket.bytesToWrite() < WriteAhead) {
        const qint64 n = std::min<qint64>(BlockSize, m_toSend.size() - m_sent);
        m_sent += socket.write(m_toSend.constData() + m_sent, n);
    }
}
