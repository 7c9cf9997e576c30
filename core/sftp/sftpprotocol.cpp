#include "sftpprotocol.h"

#include "sftpparalleltransfer.h"
#include "sftptransfer.h"

#include <QTimer>

SftpProtocol::SftpProtocol(QObject *parent)
    : TransferProtocol(parent)
{
    connect(&m_sessions, &SftpSessions::requestFinished, this, &TransferProtocol::requestFinished);
}

void SftpProtocol::setSettings(const SshSettings &settings)
{
    SshSettings s = settings;
    if (!s.answers)
        s.answers = m_answers;
    m_sessions.setSettings(s);
}

void SftpProtocol::setAnswers(const std::shared_ptr<SshAnswers> &answers)
{
    m_answers = answers;
    setSettings(m_sessions.settings());
}

std::unique_ptr<Transfer> SftpProtocol::createTransfer(const TransferJob &job)
{
    // An upload begun as one stream goes on as one; one begun in parts goes on in parts.
    if (SftpParallelTransfer::wants(job))
        return std::make_unique<SftpParallelTransfer>(&m_sessions, job);
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
    // Parallel parts all name the one part file: one removal answers for each.
    if (m_removing[uploadUrl]++ > 0)
        return;
    const QString path = part->dir();
    m_sessions.borrow(*part, this, [this, uploadUrl, path](SftpWorker *worker) {
        auto *context = new QObject(this);
        connect(worker, &SftpWorker::removed, context,
                [this, uploadUrl, path, context](const QString &removed, bool deleted) {
                    if (removed != path)
                        return;
                    delete context;
                    for (int asked = m_removing.take(uploadUrl); asked > 0; --asked)
                        Q_EMIT terminated(uploadUrl, deleted);
                });
        m_sessions.remove(worker, path);
    });
}
