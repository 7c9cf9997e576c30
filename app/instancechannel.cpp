#include "instancechannel.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFileInfo>
#include <QLocalSocket>
#include <QTimer>
#include <QUrl>

#include <unistd.h>

#include <memory>

namespace {
constexpr qint64 MaxMessageBytes = 16 * 1024 * 1024; // a million paths; more is not a person
constexpr int ClientDeadlineMs = 10000;
} // namespace

InstanceChannel::InstanceChannel(const QString &stateDir, QObject *parent)
    : QObject(parent)
    , m_name(nameFor(stateDir))
{
    // Only this user may connect (the socket file is 0700-like: user access only).
    m_server.setSocketOptions(QLocalServer::UserAccessOption);
    connect(&m_server, &QLocalServer::newConnection, this, &InstanceChannel::accept);
}

QString InstanceChannel::nameFor(const QString &stateDir)
{
    const QString canonical = QDir(stateDir).absolutePath();
    const QByteArray digest =
        QCryptographicHash::hash(canonical.toUtf8(), QCryptographicHash::Sha256).toHex().left(16);
    return QStringLiteral("hoist-%1-%2").arg(::getuid()).arg(QString::fromLatin1(digest));
}

bool InstanceChannel::handOver(const QStringList &paths, int timeoutMs) const
{
    QLocalSocket socket;
    socket.connectToServer(m_name);
    if (!socket.waitForConnected(timeoutMs))
        return false;
    QByteArray message;
    for (const QString &path : paths)
        message += QUrl::toPercentEncoding(QFileInfo(path).absoluteFilePath()) + '\n';
    message += '\n';
    socket.write(message);
    if (!socket.waitForBytesWritten(timeoutMs))
        return false;
    while (!socket.canReadLine()) {
        if (!socket.waitForReadyRead(timeoutMs))
            return false;
    }
    return socket.readLine() == "ok\n";
}

bool InstanceChannel::listen(QString *error)
{
    if (m_server.listen(m_name))
        return true;
    // Nobody answered handOver(), so a socket file left behind is a crashed window's.
    if (m_server.serverError() == QAbstractSocket::AddressInUseError) {
        QLocalServer::removeServer(m_name);
        if (m_server.listen(m_name))
            return true;
    }
    *error = m_server.errorString();
    return false;
}

void InstanceChannel::accept()
{
    while (QLocalSocket *socket = m_server.nextPendingConnection()) {
        auto buffer = std::make_shared<QByteArray>();
        connect(socket, &QLocalSocket::disconnected, socket, &QObject::deleteLater);
        // A client that never finishes its message is dropped, never waited on for ever.
        QTimer::singleShot(ClientDeadlineMs, socket, [socket] { socket->abort(); });
        connect(socket, &QLocalSocket::readyRead, this, [this, socket, buffer] {
            *buffer += socket->readAll();
            if (buffer->size() > MaxMessageBytes) {
                socket->abort();
                return;
            }
            if (!buffer->endsWith("\n\n") && *buffer != "\n")
                return;
            QStringList paths;
            const QList<QByteArray> lines = buffer->split('\n');
            for (const QByteArray &line : lines) {
                if (!line.isEmpty())
                    paths << QUrl::fromPercentEncoding(line);
            }
            buffer->clear();
            socket->write("ok\n");
            socket->flush();
            Q_EMIT pathsReceived(paths);
        });
    }
}
