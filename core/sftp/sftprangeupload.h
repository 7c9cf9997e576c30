#pragma once

#include "sftpfileupload.h"

#include <QMetaType>

// One part of a file sent in parallel (SftpParallelTransfer): the file's bytes [begin, end),
// written at their own offsets into the one part file. `held` is where the part's bytes the
// store knows the server confirmed end (begin: none); `check`: read the server's bytes back
// before sending (a resumed upload), else send from begin (a part file made empty just now).
struct SftpRange {
    qint64 begin = 0;
    qint64 end = 0;
    qint64 held = 0;
    bool check = false;
};
Q_DECLARE_METATYPE(SftpRange)

// Sends one SftpRange, blocking, on a connection's worker thread. With `check`, it first reads
// the part file back from the last chunk before `held` on and compares it with the file: sending
// goes on from the first byte that differs (what a killed upload's last writes left, torn or
// not, counts as far as it is right, whether the store heard of it or not). When even the bytes
// before `held` are not there or differ, the part file is not what the store says it is: the
// whole range is sent again. The part file's size is never trusted: parts end where they are
// written, not at the file's end. Reports as SftpFileUpload does (Events, in file offsets);
// result.resumedAt is where sending began.
class SftpRangeUpload final {
    Q_GADGET // for its texts' translation context
        public : SftpRangeUpload(SftpConnection *connection, const SshSettings &settings,
                                 const TransferJob &job, const SftpRange &range,
                                 const std::atomic<bool> *aborted, SftpFileUpload::Events events);

    SftpUploadResult run();

private:
    // Where the part's right bytes end, from `range.held` and what is there.
    qint64 checked(const QString &partPath, QFile *local, SftpUploadResult *result);
    bool send(const QString &partPath, QFile *local, qint64 from, SftpUploadResult *result);
    bool aborted() const { return m_aborted && m_aborted->load(); }

    SftpConnection *m_connection;
    SshSettings m_settings;
    TransferJob m_job;
    SftpRange m_range;
    const std::atomic<bool> *m_aborted;
    SftpFileUpload::Events m_events;
};
