#include "sftpfileupload.h"

#include "existingfiles.h"
#include "filecheck.h"
#include "jobpath.h"
#include "sftpconnection.h"
#include "sftprangewriter.h"
#include "sftpremotefile.h"
#include "sftpwritepipe.h"

#include <QFile>
#include <QLoggingCategory>

#include <fcntl.h>
#include <sys/time.h>

namespace {
Q_LOGGING_CATEGORY(lcUpload, "hoist.sftp.upload", QtInfoMsg)

// Names "(2)" to "(999)" are tried for IfExists::Rename.
constexpr int MaxNumberedNames = 999;

QString folderOf(const QString &path)
{
    const qsizetype slash = path.lastIndexOf(QLatin1Char('/'));
    return slash < 0 ? QString() : path.left(slash);
}

QString nameOf(const QString &path)
{
    return path.mid(path.lastIndexOf(QLatin1Char('/')) + 1);
}

QByteArray encoded(const QString &path)
{
    return path.toUtf8();
}
} // namespace

SftpFileUpload::SftpFileUpload(SftpConnection *connection, const SshSettings &settings,
                               const TransferJob &job, const std::atomic<bool> *aborted,
                               Events events)
    : m_connection(connection)
    , m_settings(settings)
    , m_job(job)
    , m_aborted(aborted)
    , m_events(std::move(events))
{
}

ExistingFile SftpFileUpload::existingFile(const QString &path, sftp_attributes there) const
{
    ExistingFile file;
    file.name = path.section(QLatin1Char('/'), -1);
    file.remotePath = m_connection->target().host() + QLatin1Char(':') + path;
    file.remoteSize = qint64(there->size);
    if (there->mtime > 0)
        file.remoteModified = QDateTime::fromSecsSinceEpoch(qint64(there->mtime));
    file.localPath = m_job.filePath;
    file.localSize = m_job.fileSize;
    if (m_job.modifiedMs > 0)
        file.localModified = QDateTime::fromMSecsSinceEpoch(m_job.modifiedMs);
    return file;
}

void SftpFileUpload::answerFor(const ExistingFile &found, SftpUploadResult *result)
{
    // The person's answer, for this file alone: a skip leaves whatever is there.
    m_settings.existingFiles =
        ExistingFileQuestion::askAndWait(m_settings.existingFileQuestion, found, m_aborted);
    if (m_settings.existingFiles == IfExists::Ask || aborted())
        m_settings.existingFiles = IfExists::Skip;
    result->skippedAsAnswered = m_settings.existingFiles == IfExists::Skip;
}

QString SftpFileUpload::partPathOf(const QString &path)
{
    const QString folder = folderOf(path);
    const QString part = QLatin1Char('.') + nameOf(path) + QLatin1String(".hoist-part");
    return path.contains(QLatin1Char('/')) ? folder + QLatin1Char('/') + part : part;
}

sftp_attributes SftpFileUpload::stat(const QString &path)
{
    return sftp_stat(m_connection->sftp(), encoded(path).constData());
}

TransferError SftpFileUpload::failure(const char *doing, const QString &path)
{
    return failure(m_connection, doing, path);
}

TransferError SftpFileUpload::failure(SftpConnection *connection, const char *doing,
                                      const QString &path)
{
    return connection->error(TrText::of(staticMetaObject, doing).arg(path));
}

TransferError SftpFileUpload::sizeMismatch(const QString &partPath, qint64 size, qint64 expected)
{
    return TransferError::make(
        TransferError::Kind::ContentMismatch,
        TrText::of(staticMetaObject, QT_TR_NOOP("%1 holds %2 bytes on the server instead of %3"))
            .arg(partPath)
            .arg(size)
            .arg(expected));
}

bool SftpFileUpload::prepare(SftpUploadResult *out)
{
    SftpUploadResult &result = *out;
    if (const std::optional<TransferError> changed = fileChangeError(m_job)) {
        result.error = *changed;
        return false;
    }
    const QString path = m_connection->target().remotePath(JobPath::relativePathOf(m_job));
    result.storedAs = path;
    if (!makeFolders(folderOf(path), &result))
        return false;
    if (sftp_attributes there = stat(path)) {
        const bool same =
            there->size == quint64(m_job.fileSize)
            && (m_job.modifiedMs == 0 || qint64(there->mtime) == m_job.modifiedMs / 1000);
        const bool folder = there->type == SSH_FILEXFER_TYPE_DIRECTORY;
        const ExistingFile found = existingFile(path, there);
        sftp_attributes_free(there);
        if (folder) {
            result.error = TransferError::make(
                TransferError::Kind::Rejected,
                TrText::of(staticMetaObject, QT_TR_NOOP("%1 is a folder on the server")).arg(path));
            return false;
        }
        if (m_settings.existingFiles == IfExists::Ask)
            answerFor(found, &result);
        if (m_settings.existingFiles == IfExists::Skip) {
            if (same || result.skippedAsAnswered) {
                result.skipped = true;
                return false;
            }
            result.error = TransferError::make(
                TransferError::Kind::Rejected,
                TrText::of(staticMetaObject,
                           QT_TR_NOOP("%1 exists on the server with another size or time; "
                                      "--if-exists overwrite or rename says what to do"))
                    .arg(path));
            return false;
        }
    } else if (m_connection->status() < 0) {
        result.error = failure(QT_TR_NOOP("Looking for %1"), path);
        return false;
    }
    return true;
}

SftpUploadResult SftpFileUpload::run()
{
    SftpUploadResult result;
    if (!prepare(&result))
        return result;
    const QString path = result.storedAs;
    QFile local(m_job.filePath);
    if (!local.open(QIODevice::ReadOnly)) {
        result.error =
            TransferError::make(TransferError::Kind::FileUnreadable,
                                TrText::of(staticMetaObject, QT_TR_NOOP("Cannot read %1: %2"))
                                    .arg(m_job.filePath, local.errorString()));
        return result;
    }
    const QString partPath = partPathOf(path);
    const qint64 from = checkedPartSize(partPath, &local, &result);
    if (result.error.kind != TransferError::Kind::None)
        return result;
    result.resumedAt = from;
    if (!send(partPath, &local, from, &result))
        return result;
    finish(partPath, path, &result);
    return result;
}

bool SftpFileUpload::makeFolders(const QString &folder, SftpUploadResult *result)
{
    if (folder.isEmpty() || folder == QLatin1String("/"))
        return true;
    if (sftp_attributes there = stat(folder)) {
        sftp_attributes_free(there);
        return true;
    }
    if (m_connection->status() < 0) {
        result->error = failure(QT_TR_NOOP("Looking for the folder %1"), folder);
        return false;
    }
    if (!makeFolders(folderOf(folder), result))
        return false;
    if (sftp_mkdir(m_connection->sftp(), encoded(folder).constData(), mode_t(m_settings.folderMode))
        == SSH_OK)
        return true;
    const TransferError error = failure(QT_TR_NOOP("Making the folder %1"), folder);
    // Another upload may have made it meanwhile.
    if (m_connection->isOpen()) {
        if (sftp_attributes there = stat(folder)) {
            sftp_attributes_free(there);
            return true;
        }
    }
    result->error = error;
    return false;
}

qint64 SftpFileUpload::checkedPartSize(const QString &partPath, QFile *local,
                                       SftpUploadResult *result)
{
    sftp_attributes part = stat(partPath);
    if (!part) {
        if (m_connection->status() < 0)
            result->error = failure(QT_TR_NOOP("Looking for %1"), partPath);
        return 0;
    }
    const qint64 size = qint64(part->size);
    sftp_attributes_free(part);
    if (size > m_job.fileSize) // not this file's: begun again
        return 0;
    const qint64 begin = qMax<qint64>(0, size - TailBytes);
    sftp_file remote = sftp_open(m_connection->sftp(), encoded(partPath).constData(), O_RDONLY, 0);
    if (!remote) {
        result->error = failure(QT_TR_NOOP("Reading %1"), partPath);
        return 0;
    }
    qint64 good = begin;
    bool differs = false;
    if (sftp_seek64(remote, quint64(begin)) == 0 && local->seek(begin)) {
        QByteArray theirs(int(SftpWritePipe::RequestBytes), Qt::Uninitialized);
        while (good < size && !differs) {
            const qint64 want = qMin(SftpWritePipe::RequestBytes, size - good);
            const ssize_t got = sftp_read(remote, theirs.data(), size_t(want));
            if (got <= 0)
                break;
            const QByteArray ours = local->read(got);
            qint64 same = 0;
            while (same < got && same < ours.size() && ours.at(same) == theirs.at(same))
                ++same;
            good += same;
            differs = same < got;
        }
    }
    sftp_close(remote);
    if (good < size)
        qCInfo(lcUpload) << partPath << "holds" << size << "bytes, right up to" << good;
    result->rewritten = size - good;
    return good;
}

bool SftpFileUpload::send(const QString &partPath, QFile *local, qint64 from,
                          SftpUploadResult *result)
{
    sftp_file remote = sftp_open(m_connection->sftp(), encoded(partPath).constData(),
                                 O_WRONLY | O_CREAT, mode_t(m_settings.fileMode));
    if (!remote) {
        result->error = failure(QT_TR_NOOP("Writing %1"), partPath);
        return false;
    }
    if (m_events.confirmed)
        m_events.confirmed(from);
    SftpRangeWriter writer(m_connection, m_job, m_aborted, m_events);
    bool ok = writer.write(
        remote, local, from, m_job.fileSize,
        [this, &partPath] { return failure(QT_TR_NOOP("Writing %1"), partPath); }, result);
    if (writer.isBroken()) {
        // Answers of writes still on their way would reach libssh's own reads: a new
        // connection next time.
        m_connection->close();
        closeRemoteFile(m_connection, remote);
        return false;
    }
    if (ok && sftp_extension_supported(m_connection->sftp(), "fsync@openssh.com", "1")
        && sftp_fsync(remote) != SSH_OK) {
        result->error = failure(QT_TR_NOOP("Writing %1"), partPath);
        ok = false;
    }
    closeRemoteFile(m_connection, remote);
    if (ok && m_events.confirmed)
        m_events.confirmed(m_job.fileSize);
    return ok;
}

bool SftpFileUpload::finish(const QString &partPath, const QString &path, SftpUploadResult *result)
{
    sftp_session sftp = m_connection->sftp();
    const QByteArray part = encoded(partPath);
    if (m_job.modifiedMs > 0) {
        timeval times[2];
        times[0].tv_sec = time_t(m_job.modifiedMs / 1000);
        times[0].tv_usec = suseconds_t((m_job.modifiedMs % 1000) * 1000);
        times[1] = times[0];
        if (sftp_utimes(sftp, part.constData(), times) != SSH_OK) {
            result->error = failure(QT_TR_NOOP("Setting the time of %1"), partPath);
            return false;
        }
    }
    if (sftp_chmod(sftp, part.constData(), mode_t(m_settings.fileMode)) != SSH_OK) {
        result->error = failure(QT_TR_NOOP("Setting the permissions of %1"), partPath);
        return false;
    }
    sftp_attributes written = stat(partPath);
    if (!written) {
        result->error = failure(QT_TR_NOOP("Looking for %1"), partPath);
        return false;
    }
    const qint64 size = qint64(written->size);
    sftp_attributes_free(written);
    if (size != m_job.fileSize) {
        // Not this file: the next attempt begins it again rather than trust any of it.
        sftp_unlink(sftp, part.constData());
        result->error = sizeMismatch(partPath, size, m_job.fileSize);
        return false;
    }
    return moveIntoPlace(partPath, path, result);
}

bool SftpFileUpload::moveIntoPlace(const QString &partPath, const QString &path,
                                   SftpUploadResult *result)
{
    sftp_session sftp = m_connection->sftp();
    const QByteArray part = encoded(partPath);
    QString target = path;
    if (m_settings.existingFiles == IfExists::Rename) {
        target = freeName(path);
        if (target.isEmpty()) {
            result->error = failure(QT_TR_NOOP("Finding a free name beside %1"), path);
            return false;
        }
    }
    const QByteArray to = encoded(target);
    // libssh renames with OpenSSH's posix-rename where offered: over an existing file, at once.
    if (sftp_rename(sftp, part.constData(), to.constData()) != SSH_OK) {
        const bool replace =
            m_settings.existingFiles != IfExists::Rename && m_connection->status() >= 0;
        if (!replace || sftp_unlink(sftp, to.constData()) != SSH_OK
            || sftp_rename(sftp, part.constData(), to.constData()) != SSH_OK) {
            result->error = failure(QT_TR_NOOP("Renaming %1"), partPath);
            return false;
        }
    }
    result->storedAs = target;
    return true;
}

QString SftpFileUpload::freeName(const QString &path)
{
    sftp_attributes there = stat(path);
    if (!there)
        return m_connection->status() < 0 ? QString() : path;
    sftp_attributes_free(there);
    const QString folder = folderOf(path);
    const QString name = nameOf(path);
    for (int n = 2; n <= MaxNumberedNames; ++n) {
        const QString numbered = ExistingFilesText::numbered(name, n);
        const QString candidate = folder.isEmpty() && !path.startsWith(QLatin1Char('/'))
                                      ? numbered
                                      : folder + QLatin1Char('/') + numbered;
        there = stat(candidate);
        if (!there)
            return m_connection->status() < 0 ? QString() : candidate;
        sftp_attributes_free(there);
    }
    return {};
}
