#include "sftppartfile.h"

#include "jobpath.h"
#include "sftpconnection.h"
#include "sftpremotefile.h"

#include <fcntl.h>

SftpPartFile::SftpPartFile(SftpConnection *connection, const SshSettings &settings,
                           const TransferJob &job)
    : m_connection(connection)
    , m_settings(settings)
    , m_job(job)
{
}

QString SftpPartFile::path() const
{
    return m_connection->target().remotePath(JobPath::relativePathOf(m_job));
}

SftpUploadResult SftpPartFile::prepare(bool fresh)
{
    SftpUploadResult result;
    if (!SftpFileUpload(m_connection, m_settings, m_job, nullptr, {}).prepare(&result))
        return result;
    const QString partPath = SftpFileUpload::partPathOf(path());
    const QByteArray part = partPath.toUtf8();
    if (!fresh) {
        if (sftp_attributes there = sftp_stat(m_connection->sftp(), part.constData())) {
            const qint64 size = qint64(there->size);
            sftp_attributes_free(there);
            if (size <= m_job.fileSize) {
                result.resumedAt = size;
                return result;
            }
        } else if (m_connection->status() != SSH_FX_NO_SUCH_FILE) {
            result.error = m_connection->error(
                TrText::of(staticMetaObject, QT_TR_NOOP("Looking for %1")).arg(partPath));
            return result;
        }
    }
    sftp_file made = sftp_open(m_connection->sftp(), part.constData(), O_WRONLY | O_CREAT | O_TRUNC,
                               mode_t(m_settings.fileMode));
    if (!made) {
        result.error = m_connection->error(
            TrText::of(staticMetaObject, QT_TR_NOOP("Writing %1")).arg(partPath));
        return result;
    }
    closeRemoteFile(m_connection, made);
    result.resumedAt = 0;
    return result;
}

SftpUploadResult SftpPartFile::finish()
{
    SftpUploadResult result;
    const QString path = this->path();
    const QString partPath = SftpFileUpload::partPathOf(path);
    result.storedAs = path;
    // The parts' handles are closed; one more, only to have the server flush the file.
    if (sftp_extension_supported(m_connection->sftp(), "fsync@openssh.com", "1")) {
        sftp_file file =
            sftp_open(m_connection->sftp(), partPath.toUtf8().constData(), O_WRONLY, 0);
        const bool synced = file && sftp_fsync(file) == SSH_OK;
        if (!synced)
            result.error = m_connection->error(
                TrText::of(staticMetaObject, QT_TR_NOOP("Writing %1")).arg(partPath));
        closeRemoteFile(m_connection, file);
        if (!synced)
            return result;
    }
    SftpFileUpload(m_connection, m_settings, m_job, nullptr, {}).finish(partPath, path, &result);
    return result;
}
