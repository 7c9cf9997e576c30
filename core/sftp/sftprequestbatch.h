#pragma once

#include <QByteArray>
#include <QHash>

class SftpConnection;

// SFTP requests sent one after another without waiting, then their answers read all at once: one
// round trip for the lot instead of one each (libssh 0.10's sftp_* calls wait for every answer).
// OpenSSH's sftp-server handles a connection's requests in the order they came, so a request may
// use what those before it did (a WRITE, then an FSETSTAT, then a CLOSE of one handle). Answers
// are matched by id, in any order. The packets are SFTP v3 (draft-ietf-secsh-filexfer-02), put on
// the session's channel as SftpWritePipe does; nothing else may use the session between the first
// request and wait(). Blocking; on the connection's worker thread.
class SftpRequestBatch final {
    Q_DISABLE_COPY_MOVE(SftpRequestBatch)
public:
    // What came back for one request.
    struct Answer {
        bool received = false;
        quint8 type = 0;    // SSH_FXP_STATUS, _HANDLE, _ATTRS, ...
        quint32 status = 0; // SSH_FX_* of a STATUS answer
        QByteArray handle;  // of a HANDLE answer
        qint64 size = -1;   // of an ATTRS answer that gave one
        bool ok() const;    // STATUS OK, or any HANDLE or ATTRS answer
        bool isAttrs() const;
    };

    SftpRequestBatch(SftpConnection *connection, int timeoutMs);

    // Each adds its request and returns its id (0 when the connection broke). Requests go out
    // together, several to an SSH packet (FlushBytes at a time, the rest from wait()): one
    // encryption, one write and one wake-up of the server for many small requests.
    quint32 stat(const QByteArray &path);
    // O_WRONLY | O_CREAT | O_EXCL with `mode`: fails when anything is there already.
    quint32 createExclusive(const QByteArray &path, quint32 mode);
    quint32 write(const QByteArray &handle, qint64 offset, const QByteArray &data);
    // Mode, and access and modification times (seconds; not set when 0).
    quint32 setModeAndTime(const QByteArray &handle, quint32 mode, qint64 seconds);
    quint32 fsync(const QByteArray &handle); // fsync@openssh.com
    quint32 fstat(const QByteArray &handle);
    quint32 close(const QByteArray &handle);
    quint32 remove(const QByteArray &path);
    // `from` renamed to `to`: over a file there when `replace` (posix-rename@openssh.com, which
    // the caller checked is offered), else failing when `to` is taken (SSH_FXP_RENAME).
    quint32 rename(const QByteArray &from, const QByteArray &to, bool replace);
    // Whether no request was sent.
    bool isEmpty() const { return m_answers.isEmpty(); }

    // Reads until every request sent has its answer. False when the connection broke or
    // answered nonsense: then answers may be left unread and the connection must be closed.
    bool wait();
    Answer answer(quint32 id) const { return m_answers.value(id); }
    bool isBroken() const { return m_broken; }
    // The channel writes that carried the requests so far (the statistics, and the tests).
    int writes() const { return m_writes; }
    // The failing status of an answer made the session's error, for SftpConnection::error().
    void blame(const Answer &answer) const;

private:
    // Requests are held until this many bytes wait (two of OpenSSH's 32 KiB channel packets).
    static constexpr qsizetype FlushBytes = 64 * 1024;

    quint32 send(quint8 type, const QByteArray &body);
    // Writes the requests held (all of them); false when the connection broke.
    bool flush();
    bool readExactly(char *into, int size);
    bool readAnswer();
    void breakWith(int status);

    SftpConnection *m_connection;
    int m_timeoutMs;
    QByteArray m_outgoing; // requests not written yet
    QHash<quint32, Answer> m_answers;
    int m_pending = 0;
    int m_writes = 0;
    bool m_broken = false;
};
