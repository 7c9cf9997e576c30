#pragma once

#include <QByteArray>
#include <QList>
#include <QObject>
#include <QTcpServer>
#include <QTcpSocket>

#include <chrono>

// Plain TCP ends on loopback for the proxies' tests (FaultProxy, DelayLink). Both note when bytes
// arrived, so that a test can check a delay against its own clock.
using PeerClock = std::chrono::steady_clock;

// The far end: echoes what it receives, swallows it, or sends a given number of bytes on connect.
// Per connection: what arrived, when, and whether it has closed.
class TcpPeer final : public QObject {
    Q_DISABLE_COPY_MOVE(TcpPeer)
public:
    enum class Mode { Echo, Sink, Source };
    struct Connection {
        qint64 received = 0;
        bool closed = false;
        PeerClock::time_point firstByteAt{};
        PeerClock::time_point lastByteAt{};
        PeerClock::time_point closedAt{};
    };

    // Source: sends sourceBytes, sourceBlock() over and over, on every connection.
    explicit TcpPeer(Mode mode, qint64 sourceBytes = 0);
    quint16 port() const { return m_server.serverPort(); }
    qint64 totalReceived() const;
    // What a Source sends: this block, repeated and cut at sourceBytes.
    static const QByteArray &sourceBlock();

    QList<Connection> connections;
    // Source: closes each connection once all of its bytes are written.
    bool closeWhenSent = false;

private:
    void accept();

    QTcpServer m_server;
    Mode m_mode;
    qint64 m_sourceBytes;
};

// The near end: a socket that writes a payload as the network takes it and keeps what comes back.
class TcpClient final : public QObject {
    Q_DISABLE_COPY_MOVE(TcpClient)
public:
    // keep: whether to keep what arrives (or only count it).
    explicit TcpClient(quint16 port, QByteArray toSend = {}, bool keep = true);
    void send(const QByteArray &bytes);
    bool connected() const { return socket.state() == QAbstractSocket::ConnectedState; }
    bool ended() const { return closed || error != QAbstractSocket::UnknownSocketError; }
    // Bytes given to send that the kernel has not taken yet.
    qint64 pending() const { return m_toSend.size() - m_sent + socket.bytesToWrite(); }

    QTcpSocket socket;
    QByteArray received;
    qint64 receivedBytes = 0;
    bool closed = false;
    QAbstractSocket::SocketError error = QAbstractSocket::UnknownSocketError;
    PeerClock::time_point firstByteAt{};
    PeerClock::time_point lastByteAt{};
    PeerClock::time_point closedAt{};

private:
    void feed();

    QByteArray m_toSend;
    qint64 m_sent = 0;
    bool m_keep;
};
