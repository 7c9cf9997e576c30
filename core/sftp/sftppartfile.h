#pragma once

#include "sftpfileupload.h"

// The one part file that parallel parts (SftpParallelTransfer) write into, before and after
// them, blocking, on a connection's worker thread. Before: what SftpFileUpload does before any
// byte (the file unchanged, folders, a file there already), then the part is made empty when
// the upload is new, or when the one there cannot hold this file's parts (missing, or longer
// than the file). After: fsync where offered, then what SftpFileUpload does after the last byte
// (time, mode, size checked, renamed into place).
class SftpPartFile final {
    Q_GADGET // for its texts' translation context
        public : SftpPartFile(SftpConnection *connection, const SshSettings &settings,
                              const TransferJob &job);

    // result.resumedAt: the part's size when it was kept, 0 when it was made empty.
    SftpUploadResult prepare(bool fresh);
    SftpUploadResult finish();

private:
    QString path() const;

    SftpConnection *m_connection;
    SshSettings m_settings;
    TransferJob m_job;
};
