#include "sftpwritepipe.h"

#include "sftpconnection.h"

#include <QtEndian>

namespace {
// SFTP v3 (draft-ietf-secsh-filexfer-02) packet types and the one status that is success.
constexpr quint8 FxpWrite = 6;
constexpr quint8 FxpStatus = 101;
constexpr quint32 FxOk = 0;
// A status answer is small; anything larger is not one.
constexpr quint32 MaxAnswerBytes = 64 * 1024;

void putUint32(QByteArray *to, quint32 value)
{
    char bytes[4];
    qToBigEndian(value, bytes);
    to->append(bytes, 4);
}

void putUint64(QByteArray *to, quint64 value)
{
    char bytes[8];
    qToBigEndian(value, bytes);
    to->append(bytes, 8);
}
} // namespace

SftpWritePipe::SftpWritePipe(SftpConnection *connection, sftp_file file, qint64 offset,
                             int timeoutMs)
    : m_connection(connection)
    , m_file(file)
    , m_timeoutMs(timeoutMs)
    , m_next(offset)
    , m_acknowledged(offset)
{
}

bool SftpWritePipe::write(const QByteArray &data)
{
    while (!m_broken && m_inFlight.size() >= Depth) {
        if (!readAnswer())
            return false;
    }
    if (m_broken)
        return false;
    sftp_session sftp = m_connection->sftp();
    const quint32 id = ++sftp->id_counter;
    const auto handleSize = quint32(ssh_string_len(m_file->handle));
    QByteArray packet;
    packet.reserve(int(data.size() + handleSize + 32));
    putUint32(&packet, 1 + 4 + 4 + handleSize + 8 + 4 + quint32(data.size()));
    packet.append(char(FxpWrite));
    putUint32(&packet, id);
    putUint32(&packet, handleSize);
    packet.append(static_cast<const char *>(ssh_string_data(m_file->handle)), int(handleSize));
    putUint64(&packet, quint64(m_next));
    putUint32(&packet, quint32(data.size()));
    packet.append(data);
    if (ssh_channel_write(sftp->channel, packet.constData(), quint32(packet.size()))
        != packet.size()) {
        m_broken = true;
        sftp->errnum = SSH_FX_CONNECTION_LOST;
        return false;
    }
    m_next += data.size();
    m_inFlight.append({id, m_next});
    return true;
}

bool SftpWritePipe::drain()
{
    while (!m_broken && !m_inFlight.isEmpty()) {
        if (!readAnswer())
            return false;
    }
    return !m_broken;
}

bool SftpWritePipe::readExactly(char *into, int size)
{
    sftp_session sftp = m_connection->sftp();
    int got = 0;
    while (got < size) {
        const int n = ssh_channel_read_timeout(sftp->channel, into + got, quint32(size - got), 0,
                                               m_timeoutMs);
        if (n <= 0) // an error, the channel's end, or nothing for the whole timeout
            return false;
        got += n;
    }
    return true;
}

bool SftpWritePipe::readAnswer()
{
    char head[4];
    if (!readExactly(head, 4)) {
        m_broken = true;
        m_connection->sftp()->errnum = SSH_FX_CONNECTION_LOST;
        return false;
    }
    const quint32 length = qFromBigEndian<quint32>(head);
    if (length < 9 || length > MaxAnswerBytes) {
        m_broken = true;
        m_connection->sftp()->errnum = SSH_FX_BAD_MESSAGE;
        return false;
    }
    QByteArray body(int(length), Qt::Uninitialized);
    if (!readExactly(body.data(), int(length))) {
        m_broken = true;
        m_connection->sftp()->errnum = SSH_FX_CONNECTION_LOST;
        return false;
    }
    const auto type = quint8(body.at(0));
    const quint32 id = qFromBigEndian<quint32>(body.constData() + 1);
    const quint32 code = qFromBigEndian<quint32>(body.constData() + 5);
    if (type != FxpStatus || m_inFlight.isEmpty() || m_inFlight.constFirst().id != id) {
        m_broken = true; // answers out of order, or not ours: trust none of them
        m_connection->sftp()->errnum = SSH_FX_BAD_MESSAGE;
        return false;
    }
    if (code != FxOk) {
        m_broken = true;
        m_connection->sftp()->errnum = int(code);
        return false;
    }
    m_acknowledged = m_inFlight.takeFirst().end;
    return true;
}
