#pragma once

#include "sftpfileupload.h"

class SftpRequestBatch;

// One new file of at most SftpFileUpload::QuickBytes in three round trips instead of about
// eleven, its requests put into batches it shares with other files (SftpSmallFiles):
//   Look:   whether the name is taken, and a new part of our own (STAT + OPEN with O_EXCL);
//   Send:   the bytes, mode and time, fsync, the size written and the close;
//   Rename: the part to its name (over a file there only when the setting replaces).
// Anything unusual leaves it to the usual way (SftpFileUpload::run): the name taken (the empty
// part made by the look is removed first, then the existing-files setting decides), a part left
// by an earlier attempt (to go on with), no folder yet. The part is renamed only after every
// write, the fsync and its size were answered right. Blocking; on the connection's thread.
class SftpQuickFile final {
    Q_DISABLE_COPY_MOVE(SftpQuickFile)
public:
    enum class Step { Look, Send, Rename, Done, Usual };

    SftpQuickFile(SftpConnection *connection, const SshSettings &settings, const TransferJob &job,
                  const std::atomic<bool> *aborted, SftpFileUpload::Events events);

    // Reads the file whole. False when the usual way must take it (larger, changed, unreadable:
    // it says why), or it was stopped.
    bool load();
    Step step() const { return m_step; }
    // No folder for the part: the usual way makes it.
    bool lacksFolder() const { return m_lacksFolder; }
    const SftpUploadResult &result() const { return m_result; }
    qint64 bytes() const { return m_content.size(); }

    // This step's requests into `batch`.
    void request(SftpRequestBatch *batch);
    // After `batch` was answered whole: on to the next step, or Done (with an error or not), or
    // Usual. Requests that tidy up (the empty part of a taken name) go into `tidy`.
    void answered(const SftpRequestBatch &batch, SftpRequestBatch *tidy);
    // The batch broke: the connection's error is this file's (the caller closes it).
    void broke();

private:
    void lookedUp(const SftpRequestBatch &batch, SftpRequestBatch *tidy);
    void written(const SftpRequestBatch &batch);
    void renamed(const SftpRequestBatch &batch);
    void fail(const TransferError &error);

    SftpConnection *m_connection;
    SshSettings m_settings;
    TransferJob m_job;
    const std::atomic<bool> *m_aborted;
    SftpFileUpload::Events m_events;
    Step m_step = Step::Usual;
    bool m_lacksFolder = false;
    QString m_path;
    QString m_partPath;
    QByteArray m_content;
    QByteArray m_handle;
    SftpUploadResult m_result;
    // The ids of this step's requests.
    quint32 m_there = 0;
    quint32 m_created = 0;
    QList<quint32> m_writes;
    quint32 m_attributes = 0;
    quint32 m_synced = 0;
    quint32 m_size = 0;
    quint32 m_closed = 0;
    quint32 m_renamed = 0;
};
