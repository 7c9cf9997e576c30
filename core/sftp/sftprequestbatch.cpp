#include "sftprequestbatch.h"

#include "sftpconnection.h"

#include <QtEndian>

namespace {
// An answer to these requests is small (a status with its message, a handle, attributes).
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

void putString(QByteArray *to, const QByteArray &value)
{
    putUint32(to, quint32(value.size()));
    to->append(value);
}

// Reads big-endian numbers and strings off an answer's body; `ok` false once it ran short.
struct Reader {
    const QByteArray &body;
    qsizetype at = 0;
    bool ok = true;

    quint32 uint32()
    {
        if (at + 4 > body.size()) {
            ok = false;
            return 0;
        }
        const quint32 value = qFromBigEndian<quint32>(body.constData() + at);
        at += 4;
        return value;
    }
    quint64 uint64()
    {
        const quint64 high = uint32();
        return (high << 32) | uint32();
    }
    QByteArray string()
    {
        const quint32 size = uint32();
        if (!ok || at + qsizetype(size) > body.size()) {
            ok = false;
            return {};
        }
        const QByteArray value = body.mid(at, qsizetype(size));
        at += qsizetype(size);
        return value;
    }
};
} // namespace

bool SftpRequestBatch::Answer::ok() const
{
    return received && (type != SSH_FXP_STATUS || status == SSH_FX_OK);
}

bool SftpRequestBatch::Answer::isAttrs() const
{
    return received && type == SSH_FXP_ATTRS;
}

SftpRequestBatch::SftpRequestBatch(SftpConnection *connection, int timeoutMs)
    : m_connection(connection)
    , m_timeoutMs(timeoutMs)
{
}

quint32 SftpRequestBatch::send(quint8 type, const QByteArray &body)
{
    sftp_session sftp = m_connection->sftp();
    if (m_broken || !sftp)
        return 0;
    const quint32 id = ++sftp->id_counter;
    putUint32(&m_outgoing, quint32(1 + 4 + body.size()));
    m_outgoing.append(char(type));
    putUint32(&m_outgoing, id);
    m_outgoing.append(body);
    m_answers.insert(id, {});
    ++m_pending;
    if (m_outgoing.size() >= FlushBytes && !flush())
        return 0;
    return id;
}

bool SftpRequestBatch::flush()
{
    if (m_outgoing.isEmpty() || m_broken)
        return !m_broken;
    sftp_session sftp = m_connection->sftp();
    const bool written =
        sftp
        && ssh_channel_write(sftp->channel, m_outgoing.constData(), quint32(m_outgoing.size()))
               == m_outgoing.size();
    m_outgoing.clear();
    ++m_writes;
    if (!written)
        breakWith(SSH_FX_CONNECTION_LOST);
    return written;
}

quint32 SftpRequestBatch::stat(const QByteArray &path)
{
    QByteArray body;
    putString(&body, path);
    return send(SSH_FXP_STAT, body);
}

quint32 SftpRequestBatch::createExclusive(const QByteArray &path, quint32 mode)
{
    QByteArray body;
    putString(&body, path);
    putUint32(&body, SSH_FXF_WRITE | SSH_FXF_CREAT | SSH_FXF_EXCL);
    putUint32(&body, SSH_FILEXFER_ATTR_PERMISSIONS);
    putUint32(&body, mode);
    return send(SSH_FXP_OPEN, body);
}

quint32 SftpRequestBatch::write(const QByteArray &handle, qint64 offset, const QByteArray &data)
{
    QByteArray body;
    body.reserve(data.size() + handle.size() + 16);
    putString(&body, handle);
    putUint64(&body, quint64(offset));
    putString(&body, data);
    return send(SSH_FXP_WRITE, body);
}

quint32 SftpRequestBatch::setModeAndTime(const QByteArray &handle, quint32 mode, qint64 seconds)
{
    QByteArray body;
    putString(&body, handle);
    putUint32(&body,
              SSH_FILEXFER_ATTR_PERMISSIONS | (seconds > 0 ? SSH_FILEXFER_ATTR_ACMODTIME : 0));
    putUint32(&body, mode);
    if (seconds > 0) {
        putUint32(&body, quint32(seconds)); // access time
        putUint32(&body, quint32(seconds)); // modification time
    }
    return send(SSH_FXP_FSETSTAT, body);
}

quint32 SftpRequestBatch::fsync(const QByteArray &handle)
{
    QByteArray body;
    putString(&body, QByteArrayLiteral("fsync@openssh.com"));
    putString(&body, handle);
    return send(SSH_FXP_EXTENDED, body);
}

quint32 SftpRequestBatch::fstat(const QByteArray &handle)
{
    QByteArray body;
    putString(&body, handle);
    return send(SSH_FXP_FSTAT, body);
}

quint32 SftpRequestBatch::close(const QByteArray &handle)
{
    QByteArray body;
    putString(&body, handle);
    return send(SSH_FXP_CLOSE, body);
}

quint32 SftpRequestBatch::remove(const QByteArray &path)
{
    QByteArray body;
    putString(&body, path);
    return send(SSH_FXP_REMOVE, body);
}

quint32 SftpRequestBatch::rename(const QByteArray &from, const QByteArray &to, bool replace)
{
    QByteArray body;
    if (replace)
        putString(&body, QByteArrayLiteral("posix-rename@openssh.com"));
    putString(&body, from);
    putString(&body, to);
    return send(replace ? SSH_FXP_EXTENDED : SSH_FXP_RENAME, body);
}

bool SftpRequestBatch::wait()
{
    flush();
    while (!m_broken && m_pending > 0) {
        if (!readAnswer())
            return false;
    }
    return !m_broken;
}

void SftpRequestBatch::blame(const Answer &answer) const
{
    if (sftp_session sftp = m_connection->sftp())
        sftp->errnum = answer.received ? int(answer.status) : SSH_FX_CONNECTION_LOST;
}

void SftpRequestBatch::breakWith(int status)
{
    m_broken = true;
    if (sftp_session sftp = m_connection->sftp())
        sftp->errnum = status;
}

bool SftpRequestBatch::readExactly(char *into, int size)
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

bool SftpRequestBatch::readAnswer()
{
    char head[4];
    if (!readExactly(head, 4)) {
        breakWith(SSH_FX_CONNECTION_LOST);
        return false;
    }
    const quint32 length = qFromBigEndian<quint32>(head);
    if (length < 5 || length > MaxAnswerBytes) {
        breakWith(SSH_FX_BAD_MESSAGE);
        return false;
    }
    QByteArray body(qsizetype(length), Qt::Uninitialized);
    if (!readExactly(body.data(), int(length))) {
        breakWith(SSH_FX_CONNECTION_LOST);
        return false;
    }
    Reader reader{body, 1};
    const quint32 id = reader.uint32();
    auto it = m_answers.find(id);
    if (it == m_answers.end() || it->received) { // not one of ours: trust nothing after it
        breakWith(SSH_FX_BAD_MESSAGE);
        return false;
    }
    Answer answer;
    answer.received = true;
    answer.type = quint8(body.at(0));
    switch (answer.type) {
    case SSH_FXP_STATUS:
        answer.status = reader.uint32();
        break;
    case SSH_FXP_HANDLE:
        answer.handle = reader.string();
        break;
    case SSH_FXP_ATTRS:
        if (reader.uint32() & SSH_FILEXFER_ATTR_SIZE)
            answer.size = qint64(reader.uint64());
        break;
    default:
        break;
    }
    if (!reader.ok) {
        breakWith(SSH_FX_BAD_MESSAGE);
        return false;
    }
    *it = answer;
    --m_pending;
    return true;
}
