#pragma once

#include <QByteArray>
#include <QList>

#include <libssh/sftp.h>

class SftpConnection;

// Writes of one open file with many requests in flight: libssh 0.10 (Debian 12's) has no
// asynchronous SFTP write (sftp_aio_* came in 0.11) and its sftp_write() waits for each answer,
// one round trip per request. So the pipe puts SSH_FXP_WRITE packets on the SFTP channel itself
// and reads their SSH_FXP_STATUS answers itself, up to Depth at a time; nothing else may use the
// SFTP session until drain() returned. OpenSSH answers writes in order, so the server holds
// everything before acknowledged().
// Blocking; on the connection's worker thread.
class SftpWritePipe final {
    Q_DISABLE_COPY_MOVE(SftpWritePipe)
public:
    // Bytes per write request (OpenSSH's sftp-server takes messages up to 256 KiB), and requests
    // in flight: 2 MiB on their way, OpenSSH's channel window.
    static constexpr qint64 RequestBytes = 64 * 1024;
    static constexpr int Depth = 32;

    SftpWritePipe(SftpConnection *connection, sftp_file file, qint64 offset, int timeoutMs);

    // Sends `data` (at most RequestBytes) for the next offset, after waiting for an answer
    // while Depth are in flight. False when the server refused a write or the connection broke
    // (the session's error then says which).
    bool write(const QByteArray &data);
    // Waits for every answer.
    bool drain();
    qint64 acknowledged() const { return m_acknowledged; }
    // A write refused or the connection broken: answers may be left unread on the channel.
    bool isBroken() const { return m_broken; }

private:
    struct Request {
        quint32 id;
        qint64 end;
    };
    bool readAnswer();
    bool readExactly(char *into, int size);

    SftpConnection *m_connection;
    sftp_file m_file;
    int m_timeoutMs;
    qint64 m_next;
    qint64 m_acknowledged;
    QList<Request> m_inFlight;
    bool m_broken = false;
};
