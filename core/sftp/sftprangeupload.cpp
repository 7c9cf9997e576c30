#include "sftprangeupload.h"

#include "filecheck.h"
#include "jobpath.h"
#include "sftpconnection.h"
#include "sftpremotefile.h"
#include "sftpwritepipe.h"

#include <QFile>
#include <QLoggingCategory>

#include <fcntl.h>

namespace {
Q_LOGGING_CATEGORY(lcRange, "hoist.sftp.range", QtInfoMsg)

constexpr qint64 Chunk = SftpFileUpload::TailBytes;
constexpr int DefaultTimeoutMs = 30000;
} // namespace

SftpRangeUpload::SftpRangeUpload(SftpConnection *connection, const SshSettings &settings,
                                 const TransferJob &job, const SftpRange &range,
                                 const std::atomic<bool> *aborted, SftpFileUpload::Events events)
    : m_connection(connection)
    , m_settings(settings)
    , m_job(job)
    , m_range(range)
    , m_aborted(aborted)
    , m_events(std::move(events))
{
}

SftpUploadResult SftpRangeUpload::run()
{
    SftpUploadResult result;
    if (const std::optional<TransferError> changed = fileChangeError(m_job)) {
        result.error = *changed;
        return result;
    }
    const QString path = m_connection->target().remotePath(JobPath::relativePathOf(m_job));
    const QString partPath = SftpFileUpload::partPathOf(path);
    result.storedAs = path;
    QFile local(m_job.filePath);
    if (!local.open(QIODevice::ReadOnly)) {
        result.error =
            TransferError::make(TransferError::Kind::FileUnreadable,
                                TrText::of(staticMetaObject, QT_TR_NOOP("Cannot read %1: %2"))
                                    .arg(m_job.filePath, local.errorString()));
        return result;
    }
    const qint64 from = m_range.check ? checked(partPath, &local, &result) : m_range.begin;
    if (result.error.kind != TransferError::Kind::None)
        return result;
    result.resumedAt = from;
    send(partPath, &local, from, &result);
    return result;
}

qint64 SftpRangeUpload::checked(const QString &partPath, QFile *local, SftpUploadResult *result)
{
    const qint64 held = qBound(m_range.begin, m_range.held, m_range.end);
    const qint64 from = qMax(m_range.begin, held - Chunk);
    sftp_file remote = sftp_open(m_connection->sftp(), partPath.toUtf8().constData(), O_RDONLY, 0);
    if (!remote) {
        if (m_connection->status() == SSH_FX_NO_SUCH_FILE)
            return m_range.begin;
        result->error = m_connection->error(
            TrText::of(staticMetaObject, QT_TR_NOOP("Reading %1")).arg(partPath));
        return m_range.begin;
    }
    qint64 good = from;
    if (sftp_seek64(remote, quint64(from)) == 0 && local->seek(from)) {
        QByteArray theirs(int(SftpWritePipe::RequestBytes), Qt::Uninitialized);
        bool differs = false;
        while (good < m_range.end && !differs && !aborted()) {
            const qint64 want = qMin(SftpWritePipe::RequestBytes, m_range.end - good);
            const ssize_t got = sftp_read(remote, theirs.data(), size_t(want));
            if (got <= 0) // the part's end (its size), or a read that failed: not right
                break;
            const QByteArray ours = local->read(got);
            qint64 same = 0;
            while (same < got && same < ours.size() && ours.at(same) == theirs.at(same))
                ++same;
            good += same;
            differs = same < got;
        }
    }
    closeRemoteFile(m_connection, remote);
    if (good < held) {
        qCInfo(lcRange) << partPath << "lacks bytes" << good << "to" << held
                        << "of a part said to be held: sent again from" << m_range.begin;
        result->rewritten = held - m_range.begin;
        return m_range.begin;
    }
    if (good > held)
        qCDebug(lcRange) << partPath << "holds" << good - held << "bytes more than saved at"
                         << held;
    return good;
}

bool SftpRangeUpload::send(const QString &partPath, QFile *local, qint64 from,
                           SftpUploadResult *result)
{
    const auto failure = [this, &partPath] {
        return m_connection->error(
            TrText::of(staticMetaObject, QT_TR_NOOP("Writing %1")).arg(partPath));
    };
    if (m_events.confirmed)
        m_events.confirmed(from);
    if (from >= m_range.end)
        return true;
    sftp_file remote = sftp_open(m_connection->sftp(), partPath.toUtf8().constData(),
                                 O_WRONLY | O_CREAT, mode_t(m_settings.fileMode));
    if (!remote) {
        result->error = failure();
        return false;
    }
    SftpWritePipe pipe(m_connection, remote, from,
                       m_job.stallTimeoutMs > 0 ? m_job.stallTimeoutMs : DefaultTimeoutMs);
    bool ok = local->seek(from);
    qint64 offset = from;
    qint64 reported = from;
    while (ok && offset < m_range.end) {
        const qint64 chunkEnd = qMin(m_range.end, offset + Chunk);
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
                result->error = failure();
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
        result->error = failure();
        ok = false;
    }
    if (pipe.isBroken()) // answers may be left on the channel: a new connection next time
        m_connection->close();
    closeRemoteFile(m_connection, remote);
    if (ok && m_events.confirmed)
        m_events.confirmed(m_range.end);
    return ok;
}
