#pragma once

#include "sftpfileupload.h"

#include <functional>

class QFile;

// The write loop of both SFTP upload paths (SftpFileUpload: a whole file; SftpRangeUpload: one
// part of a file sent in parallel): the file's bytes [from, end) into a remote file already
// open for writing, blocking, on the connection's worker thread. Chunk by chunk (TailBytes): the
// file checked for changes, Events::started; then read and sent in requests through an
// SftpWritePipe (Events::sent), and what the server acknowledged reported once a chunk more of
// it came (Events::confirmed). Every answer is read before write() returns, also after an abort
// or a failure. Opening, syncing and closing the remote file are the caller's.
class SftpRangeWriter final {
    Q_GADGET // for its texts' translation context
        public
        : SftpRangeWriter(SftpConnection *connection, const TransferJob &job,
                          const std::atomic<bool> *aborted, const SftpFileUpload::Events &events);

    // False when it stopped short: aborted, or `result->error` says why (`writeFailed()` the
    // caller's words for a write the server refused or a connection that broke).
    bool write(sftp_file remote, QFile *local, qint64 from, qint64 end,
               const std::function<TransferError()> &writeFailed, SftpUploadResult *result);
    // A write refused or the connection broken: answers may be left on the channel, which must
    // not be used again (the caller closes the connection).
    bool isBroken() const { return m_broken; }

private:
    bool aborted() const { return m_aborted && m_aborted->load(); }

    SftpConnection *m_connection;
    const TransferJob &m_job;
    const std::atomic<bool> *m_aborted;
    const SftpFileUpload::Events &m_events;
    bool m_broken = false;
};
