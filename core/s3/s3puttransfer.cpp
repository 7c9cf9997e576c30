#include "s3puttransfer.h"

#include "jobpath.h"
#include "mtimewire.h"
#include "s3error.h"
#include "s3partput.h"
#include "s3protocol.h"
#include "s3request.h"
#include "s3verification.h"

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
    return target.keyFor(JobPath::relativePathOf(job));
}

QByteArray S3PutTransfer::mtimeValue(const TransferJob &job)
{
    return MtimeWire::format(job.modifiedMs);
}

std::optional<S3Target> S3PutTransfer::targetOf(const S3Protocol *protocol, const TransferJob &job,
                                                TransferError *error)
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
    m_put->addHeader(MtimeWire::S3Header, mtimeValue(m_job));
    connect(m_put, &S3PartPut::sent, this, &S3PutTransfer::onSent);
    m_verification = new S3Verification(
        m_protocol, *target, key, QFileInfo(m_job.filePath).fileName(), m_job.stallTimeoutMs, this);
    connect(m_verification, &S3Verification::finished, this, &S3PutTransfer::finishChecked);
    QPointer<S3PutTransfer> guard(this);
    Q_EMIT chunkStarted(0, m_job.fileSize);
    if (guard && !m_finished)
        m_put->start();
}

void S3PutTransfer::onSent(const QByteArray &etag)
{
    if (m_finished || !m_put)
        return;
    const QByteArray expected = S3Verification::expectedEtag({m_put->md5()}, false);
    if (etag.trimmed().isEmpty())
        return m_verification->start(expected); // no ETag in the answer: ask for it
    S3Answer answer;
    answer.status = 200;
    answer.etag = etag;
    answer.encryption = m_put->encryption();
    TransferError mismatch;
    const UploadCheck check =
        S3Verification::judge(answer, expected, QFileInfo(m_job.filePath).fileName(), &mismatch);
    finishChecked(check, mismatch);
}

void S3PutTransfer::finishChecked(const UploadCheck &check, const TransferError &mismatch)
{
    if (m_finished)
        return;
    if (mismatch.kind != TransferError::Kind::None)
        return fail(mismatch);
    m_finished = true;
    QPointer<S3PutTransfer> guard(this);
    Q_EMIT offsetConfirmed(m_job.fileSize);
    if (guard)
        Q_EMIT checked(check);
    if (guard)
        Q_EMIT completed();
}

void S3PutTransfer::abort()
{
    m_finished = true;
    if (m_put)
        m_put->abort();
    if (m_verification)
        m_verification->abort();
}

void S3PutTransfer::fail(const TransferError &error)
{
    if (m_finished)
        return;
    m_finished = true;
    if (m_put)
        m_put->abort();
    if (m_verification)
        m_verification->abort();
    qCDebug(lcS3) << "PutObject failed" << int(error.kind) << error.message();
    Q_EMIT failed(error);
}
