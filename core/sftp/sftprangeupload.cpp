#include "sftprangeupload.h"

#include "filecheck.h"
#include "jobpath.h"
#include "sftpconnection.h"
#include "sftprangewriter.h"
#include "sftpremotefile.h"
#include "sftpwritepipe.h"

#include <QFile>
#include <QLoggingCategory>

#include <fcntl.h>

namespace {
Q_LOGGING_CATEGORY(lcRange, "hoist.sftp.range", QtInfoMsg)

constexpr qint64 Chunk = SftpFileUpload::TailBytes;
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
    SftpRangeWriter writer(m_connection, m_job, m_aborted, m_events);
    const bool ok = writer.write(remote, local, from, m_range.end, failure, result);
    if (writer.isBroken()) // answers may be left on the channel: a new connection next time
        m_connection->close();
    closeRemoteFile(m_connection, remote);
    if (ok && m_events.confirmed)
        m_events.confirmed(m_range.end);
    return ok;
}
