#include "s3puttransfer.h"

#include "s3partput.h"
#include "s3error.h"
#include "s3protocol.h"

#include <QCoreApplication>
#include <QFileInfo>

S3PutTransfer::S3PutTransfer(S3Protocol *protocol, const TransferJob &job, QObject *parent)
    : Transfer(parent)
    , m_protocol(protocol)
    , m_job(job)
{
}

S3PutTransfer::~S3PutTransfer()
{
    abort();
}

QString S3PutTransfer::objectKey(const S3Target &target, const TransferJob &job)
{
    QString path = job.metadata.value(QStringLiteral("relativePath"));
    if (path.isEmpty())
        path = job.metadata.value(QStringLiteral("filename"));
    if (path.isEmpty())
        path = QFileInfo(job.filePath).fileName();
    return target.keyFor(path);
}

std::optional<S3Target> S3PutTransfer::targetOf(const S3Protocol *protocol,
                                                const TransferJob &job, TransferError *error)
{
    QString problem;
    std::optional<S3Target> target = S3Target::fromUrl(job.endpoint, &problem);
    if (!target) {
        *error = TransferError::make(TransferError::Kind::InvalidUrl, problem);
        return std::nullopt;
    }
    if (!protocol->credentialsFor(*target)) {
        *error = S3Errors::missingKeys(*target);
        return std::nullopt;
    }
    return target;
}

void S3PutTransfer::start()
{
    if (m_started || m_finished)
        return;
    m_started = true;
    QMetaObject::invokeMethod(this, &S3PutTransfer::run, Qt::QueuedConnection);
}

void S3PutTransfer::run()
{
    if (m_finished)
        return;
    TransferError error;
    const std::optional<S3Target> target = targetOf(m_protocol, m_job, &error);
    if (!target)
        return fail(error);
    const QString key = objectKey(*target, m_job);
    qCDebug(lcS3) << "PutObject" << key << m_job.fileSize << "bytes";
    m_put = new S3PartPut(m_protocol, m_job, *target, target->objectUrl(key), 0, m_job.fileSize,
                          QCoreApplication::translate("S3PutTransfer", "sending the file"), this);
    connect(m_put, &S3PartPut::progress, this, &Transfer::chunkProgress);
    connect(m_put, &S3PartPut::failed, this,
            [this](const S3Answer &answer) { fail(*answer.error); });
    connect(m_put, &S3PartPut::sent, this, [this] {
        m_finished = true;
        QPointer<S3PutTransfer> guard(this);
        Q_EMIT offsetConfirmed(m_job.fileSize);
        if (guard)
            Q_EMIT completed();
    });
    QPointer<S3PutTransfer> guard(this);
    Q_EMIT chunkStarted(0, m_job.fileSize);
    if (guard && !m_finished)
        m_put->start();
}

void S3PutTransfer::abort()
{
    m_finished = true;
    if (m_put)
        m_put->abort();
}

void S3PutTransfer::fail(const TransferError &error)
{
    if (m_finished)
        return;
    m_finished = true;
    if (m_put)
        m_put->abort();
    qCDebug(lcS3) << "PutObject failed" << int(error.kind) << error.message;
    Q_EMIT failed(error);
}
