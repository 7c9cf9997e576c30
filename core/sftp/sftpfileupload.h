#pragma once

#include "existingfilequestion.h"
#include "sftptarget.h"
#include "sshsettings.h"
#include "transfer.h"

#include <QObject>

#include <atomic>
#include <functional>

#include <libssh/sftp.h>

class QFile;
class SftpConnection;

// What became of one file (SftpFileUpload::run).
struct SftpUploadResult {
    TransferError error;
    bool skipped = false;           // the same size and time were there already (IfExists::Skip)
    bool skippedAsAnswered = false; // there, whatever its size: the person said to skip it
    QString storedAs;               // the server's path of the file
    qint64 resumedAt = 0;           // where sending started: what the part held and was found right
    qint64 rewritten = 0; // bytes at the part's end that differed from the file, sent again
    // The server would not take the connection (dropped before signing in, or no channel):
    // MaxStartups or MaxSessions reached, or the server down.
    bool refused = false;
    // The connection's timed small request and its answer (SftpConnection::probeSentUs(); 0: not
    // connected): one round trip to the server's sftp-server, what Parallel: Auto calls a small
    // request.
    qint64 roundTripStartedUs = 0;
    qint64 roundTripFinishedUs = 0;
};
Q_DECLARE_METATYPE(SftpUploadResult)

// One file to one SFTP target, blocking, on the connection's worker thread:
//   - the folders under the target's are made as needed (SftpTarget::remotePath);
//   - a file of that name there already is dealt with as SshSettings::existingFiles says;
//   - the bytes go to "DIR/.NAME.hoist-part"; a part left by an earlier attempt goes on from its
//     size, once its last TailBytes were read back and compared with the file: from the first
//     byte that differs (a write torn by a crash), else from its end;
//   - when all is written, the part gets the file's modification time and mode, its size is
//     checked and it is renamed to NAME (or "NAME (2)").
class SftpFileUpload final {
    Q_GADGET // for its texts' translation context
        public :
        // Bytes of a part's end compared before going on, and between progress reports: a chunk.
        static constexpr qint64 TailBytes = 1024 * 1024;
    // Files up to this size go in a few round trips, read whole and several at once over one
    // connection (SftpSmallFiles), not by run().
    static constexpr qint64 QuickBytes = 1024 * 1024;

    struct Events {
        std::function<void(qint64 begin, qint64 end)> started; // bytes [begin, end) go now
        std::function<void(qint64 sent)> sent;                 // of those, sent so far
        std::function<void(qint64 offset)> confirmed;          // the server holds [0, offset)
    };

    SftpFileUpload(SftpConnection *connection, const SshSettings &settings, const TransferJob &job,
                   const std::atomic<bool> *aborted, Events events);

    SftpUploadResult run();
    // What run() does before any byte: the file unchanged, the folders made, a file there dealt
    // with. False when nothing is to be sent: `result` says why (an error, or skipped); else its
    // storedAs is the server's path. Also before parallel parts (SftpPartFile).
    bool prepare(SftpUploadResult *result);
    // What run() does after the last byte: time, mode, size checked, renamed into place. Also
    // after parallel parts (SftpPartFile).
    bool finish(const QString &partPath, const QString &path, SftpUploadResult *result);
    // The checked part renamed to its name (or a free numbered one under IfExists::Rename).
    bool moveIntoPlace(const QString &partPath, const QString &path, SftpUploadResult *result);

    // What went wrong in `connection`'s last SFTP call while `doing` (a QT_TR_NOOP of this
    // class, "%1" the path) `path`.
    static TransferError failure(SftpConnection *connection, const char *doing,
                                 const QString &path);
    // The part holds `size` bytes after all was written, not the file's `expected`.
    static TransferError sizeMismatch(const QString &partPath, qint64 size, qint64 expected);

    // ".NAME.hoist-part" beside `path`.
    static QString partPathOf(const QString &path);

private:
    bool makeFolders(const QString &folder, SftpUploadResult *result);
    // The part's bytes found right (its size, or where its tail first differs from the file).
    qint64 checkedPartSize(const QString &partPath, QFile *local, SftpUploadResult *result);
    bool send(const QString &partPath, QFile *local, qint64 from, SftpUploadResult *result);
    // Where the finished part goes under IfExists::Rename: the first free numbered name.
    QString freeName(const QString &path);
    sftp_attributes stat(const QString &path);
    ExistingFile existingFile(const QString &path, sftp_attributes there) const;
    // IfExists::Ask: asks about `found` and waits; the answer is the setting for this file.
    void answerFor(const ExistingFile &found, SftpUploadResult *result);
    TransferError failure(const char *doing, const QString &path);
    bool aborted() const { return m_aborted && m_aborted->load(); }

    SftpConnection *m_connection;
    SshSettings m_settings;
    TransferJob m_job;
    const std::atomic<bool> *m_aborted;
    Events m_events;
};
