#include "sftpprotocol.h"

#include "sftptransfer.h"

#include <QTimer>

SftpProtocol::SftpProtocol(QObject *parent)
    : TransferProtocol(parent)
{
}

std::unique_ptr<Transfer> SftpProtocol::createTransfer(const TransferJob &job)
{
    return std::make_unique<SftpTransfer>(&m_sessions, job);
}

void SftpProtocol::terminate(const QUrl &uploadUrl, const HttpHeaders &headers)
{
    Q_UNUSED(headers); // SFTP signs in with keys
    const std::optional<SftpTarget> part = SftpTarget::fromUrl(uploadUrl);
    if (!part || !part->dir().endsWith(QLatin1String(".hoist-part"))) {
        QTimer::singleShot(0, this, [this, uploadUrl] { Q_EMIT terminated(uploadUrl, false); });
        return;
    }
    const QString path = part->dir();
    m_sessions.borrow(*part, this, [this, uploadUrl, path](SftpWorker *worker) {
        auto *context = new QObject(this);
        connect(worker, &SftpWorker::removed, context,
                [this, uploadUrl, path, context](const QString &removed, bool deleted) {
                    if (removed != path)
                        return;
                    delete context;
                    Q_EMIT terminated(uploadUrl, deleted);
                });
        m_sessions.remove(worker, path);
    });
}
