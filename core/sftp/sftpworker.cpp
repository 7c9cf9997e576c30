#include "sftpworker.h"

namespace {
// Bounds each blocking wait for the server (connecting, every SFTP answer).
constexpr int DefaultTimeoutMs = 30000;
} // namespace

SftpWorker::SftpWorker(const SftpTarget &target, const SshSettings &settings)
    : m_target(target)
    , m_settings(settings)
    , m_connection(std::make_unique<SftpConnection>(target, settings))
{
}

SftpWorker::~SftpWorker() = default;

void SftpWorker::upload(quint64 ticket, const TransferJob &job, const Flag &aborted)
{
    SftpUploadResult result;
    const int timeoutMs = job.stallTimeoutMs > 0 ? job.stallTimeoutMs : DefaultTimeoutMs;
    result.error = m_connection->open(timeoutMs);
    result.refused = result.error.kind == TransferError::Kind::Network
                     || result.error.kind == TransferError::Kind::TooManyRequests;
    if (result.error.kind == TransferError::Kind::None && !aborted->load()) {
        SftpFileUpload::Events events;
        events.started = [this, ticket](qint64 begin, qint64 end) {
            Q_EMIT started(ticket, begin, end);
        };
        events.sent = [this, ticket](qint64 bytes) { Q_EMIT sent(ticket, bytes); };
        events.confirmed = [this, ticket](qint64 offset) { Q_EMIT confirmed(ticket, offset); };
        result =
            SftpFileUpload(m_connection.get(), m_settings, job, aborted.get(), std::move(events))
                .run();
    }
    Q_EMIT finished(ticket, result);
}

void SftpWorker::remove(const QString &path)
{
    bool deleted = false;
    if (m_connection->open(DefaultTimeoutMs).kind == TransferError::Kind::None) {
        deleted = sftp_unlink(m_connection->sftp(), path.toUtf8().constData()) == SSH_OK
                  || m_connection->status() == SSH_FX_NO_SUCH_FILE;
    }
    Q_EMIT removed(path, deleted);
}

void SftpWorker::disconnectNow()
{
    m_connection->close();
}
