#include "sftprangewriter.h"

#include "filecheck.h"
#include "sftpwritepipe.h"

#include <QFile>

namespace {
constexpr qint64 Chunk = SftpFileUpload::TailBytes;
// How long a write may wait for its answer when the job sets no stall timeout.
constexpr int DefaultTimeoutMs = 30000;
} // namespace

SftpRangeWriter::SftpRangeWriter(SftpConnection *connection, const TransferJob &job,
                                 const std::atomic<bool> *aborted,
                                 const SftpFileUpload::Events &events)
    : m_connection(connection)
    , m_job(job)
    , m_aborted(aborted)
    , m_events(events)
{
}

bool SftpRangeWriter::write(sftp_file remote, QFile *local, qint64 from, qint64 end,
                            const std::function<TransferError()> &writeFailed,
                            SftpUploadResult *result)
{
    SftpWritePipe pipe(m_connection, remote, from,
                       m_job.stallTimeoutMs > 0 ? m_job.stallTimeoutMs : DefaultTimeoutMs);
    bool ok = local->seek(from);
    qint64 offset = from;
    qint64 reported = from;
    while (ok && offset < end) {
        const qint64 chunkEnd = qMin(end, offset + Chunk);
        if (const std::optional<TransferError> changed = fileChangeError(m_job)) {
            result->error = *changed;
            ok = false;
            break;
        }
        if (m_events.started)
            m_events.started(offset, chunkEnd);
        const qint64 chunkBegin = offset;
        while (ok && offset < chunkEnd) {
            if (aborted()) {
                ok = false;
                break;
            }
            const QByteArray data =
                local->read(qMin(SftpWritePipe::RequestBytes, chunkEnd - offset));
            if (data.isEmpty()) {
                result->error = TransferError::make(
                    TransferError::Kind::FileUnreadable,
                    TrText::of(staticMetaObject, QT_TR_NOOP("Cannot read %1: %2"))
                        .arg(m_job.filePath, local->errorString()));
                ok = false;
                break;
            }
            if (!pipe.write(data)) {
                result->error = writeFailed();
                ok = false;
                break;
            }
            offset += data.size();
            if (m_events.sent)
                m_events.sent(offset - chunkBegin);
            if (pipe.acknowledged() - reported >= Chunk && m_events.confirmed) {
                reported = pipe.acknowledged();
                m_events.confirmed(reported);
            }
        }
    }
    // Every answer is read before the session is used again, also after an abort.
    if (!pipe.drain() && result->error.kind == TransferError::Kind::None) {
        result->error = writeFailed();
        ok = false;
    }
    m_broken = pipe.isBroken();
    return ok;
}
