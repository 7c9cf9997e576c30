#include "sftpquickfile.h"

#include "filecheck.h"
#include "jobpath.h"
#include "sftpconnection.h"
#include "sftprequestbatch.h"
#include "sftpwritepipe.h"

#include <QFile>

SftpQuickFile::SftpQuickFile(SftpConnection *connection, const SshSettings &settings,
                             const TransferJob &job, const std::atomic<bool> *aborted,
                             SftpFileUpload::Events events)
    : m_connection(connection)
    , m_settings(settings)
    , m_job(job)
    , m_aborted(aborted)
    , m_events(std::move(events))
{
}

bool SftpQuickFile::load()
{
    m_step = Step::Usual;
    if (m_job.fileSize > SftpFileUpload::QuickBytes || (m_aborted && m_aborted->load())
        || fileChangeError(m_job))
        return false; // the usual way says why
    QFile local(m_job.filePath);
    if (!local.open(QIODevice::ReadOnly))
        return false;
    m_content = local.read(m_job.fileSize);
    if (m_content.size() != m_job.fileSize) {
        m_content.clear();
        return false;
    }
    m_path = m_connection->target().remotePath(JobPath::relativePathOf(m_job));
    m_partPath = SftpFileUpload::partPathOf(m_path);
    m_result.storedAs = m_path;
    m_step = Step::Look;
    return true;
}

void SftpQuickFile::request(SftpRequestBatch *batch)
{
    const QByteArray part = m_partPath.toUtf8();
    switch (m_step) {
    case Step::Look:
        m_there = batch->stat(m_path.toUtf8());
        m_created = batch->createExclusive(part, quint32(m_settings.fileMode));
        break;
    case Step::Send:
        if (m_events.confirmed)
            m_events.confirmed(0);
        if (!m_content.isEmpty() && m_events.started)
            m_events.started(0, m_content.size());
        m_writes.clear();
        for (qint64 offset = 0; offset < m_content.size(); offset += SftpWritePipe::RequestBytes)
            m_writes.append(
                batch->write(m_handle, offset, m_content.mid(offset, SftpWritePipe::RequestBytes)));
        m_attributes =
            batch->setModeAndTime(m_handle, quint32(m_settings.fileMode), m_job.modifiedMs / 1000);
        m_synced = sftp_extension_supported(m_connection->sftp(), "fsync@openssh.com", "1")
                       ? batch->fsync(m_handle)
                       : 0;
        m_size = batch->fstat(m_handle);
        m_closed = batch->close(m_handle);
        break;
    case Step::Rename: {
        // Over a file there only where the setting replaces it: one put there since the look
        // is left to the usual rename's rules (a free numbered name under IfExists::Rename).
        const bool replace =
            m_settings.existingFiles != IfExists::Rename
            && sftp_extension_supported(m_connection->sftp(), "posix-rename@openssh.com", "1");
        m_renamed = batch->rename(part, m_path.toUtf8(), replace);
        break;
    }
    case Step::Done:
    case Step::Usual:
        break;
    }
}

void SftpQuickFile::answered(const SftpRequestBatch &batch, SftpRequestBatch *tidy)
{
    switch (m_step) {
    case Step::Look:
        return lookedUp(batch, tidy);
    case Step::Send:
        return written(batch);
    case Step::Rename:
        return renamed(batch);
    case Step::Done:
    case Step::Usual:
        break;
    }
}

void SftpQuickFile::lookedUp(const SftpRequestBatch &batch, SftpRequestBatch *tidy)
{
    const SftpRequestBatch::Answer open = batch.answer(m_created);
    if (open.type != SSH_FXP_HANDLE) {
        // A part there already (to go on with), no folder yet, no permission: the usual way.
        m_lacksFolder = open.type == SSH_FXP_STATUS && open.status == SSH_FX_NO_SUCH_FILE;
        m_step = Step::Usual;
        return;
    }
    m_handle = open.handle;
    if (batch.answer(m_there).isAttrs()) {
        // The existing-files setting decides, the usual way; the empty part made here goes.
        tidy->close(m_handle);
        tidy->remove(m_partPath.toUtf8());
        m_step = Step::Usual;
        return;
    }
    m_step = Step::Send;
}

void SftpQuickFile::written(const SftpRequestBatch &batch)
{
    if (m_events.sent)
        m_events.sent(m_content.size());
    // The first request refused says what failed.
    QList<std::pair<quint32, const char *>> checks;
    for (const quint32 id : std::as_const(m_writes))
        checks.append({id, QT_TRANSLATE_NOOP("SftpFileUpload", "Writing %1")});
    checks.append(
        {m_attributes, QT_TRANSLATE_NOOP("SftpFileUpload", "Setting the permissions of %1")});
    if (m_synced)
        checks.append({m_synced, QT_TRANSLATE_NOOP("SftpFileUpload", "Writing %1")});
    checks.append({m_closed, QT_TRANSLATE_NOOP("SftpFileUpload", "Writing %1")});
    for (const auto &[id, doing] : std::as_const(checks)) {
        if (!batch.answer(id).ok()) {
            batch.blame(batch.answer(id));
            return fail(SftpFileUpload::failure(m_connection, doing, m_partPath));
        }
    }
    const qint64 written = batch.answer(m_size).size;
    if (written != m_job.fileSize) {
        // Not this file: the next attempt begins it again rather than trust any of it.
        sftp_unlink(m_connection->sftp(), m_partPath.toUtf8().constData());
        return fail(SftpFileUpload::sizeMismatch(m_partPath, written, m_job.fileSize));
    }
    m_content.clear(); // its memory is the next file's
    if (m_events.confirmed)
        m_events.confirmed(m_job.fileSize);
    m_step = Step::Rename;
}

void SftpQuickFile::renamed(const SftpRequestBatch &batch)
{
    m_step = Step::Done;
    if (batch.answer(m_renamed).ok())
        return;
    // Taken since the look, or no posix-rename: the usual rename's rules.
    SftpFileUpload(m_connection, m_settings, m_job, m_aborted, m_events)
        .moveIntoPlace(m_partPath, m_path, &m_result);
}

void SftpQuickFile::broke()
{
    fail(SftpFileUpload::failure(m_connection, QT_TRANSLATE_NOOP("SftpFileUpload", "Writing %1"),
                                 m_partPath.isEmpty() ? m_job.filePath : m_partPath));
}

void SftpQuickFile::fail(const TransferError &error)
{
    m_result.error = error;
    m_content.clear();
    m_step = Step::Done;
}
