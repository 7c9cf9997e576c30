#include "s3partput.h"

#include "filecheck.h"
#include "filehasher.h"
#include "filerangedevice.h"
#include "offthread.h"
#include "s3protocol.h"
#include "sigv4signer.h"

#include <QCoreApplication>
#include <QFileInfo>

namespace {} // namespace

S3PartPut::S3PartPut(S3Protocol *protocol, const TransferJob &job, const S3Target &target,
                     QUrl url, qint64 begin, qint64 end, QString what, QObject *parent)
    : QObject(parent)
    , m_protocol(protocol)
    , m_job(job)
    , m_target(target)
    , m_url(std::move(url))
    , m_begin(begin)
    , m_end(end)
    , m_what(std::move(what))
    , m_cancel(std::make_shared<std::atomic_bool>(false))
{
}

S3PartPut::~S3PartPut()
{
    abort();
}

void S3PartPut::start()
{
    if (const std::optional<TransferError> error = fileChangeError(m_job)) {
        // Never from inside start(): the caller is still wiring things up.
        QMetaObject::invokeMethod(
            this, [this, error = *error] { fail(error); }, Qt::QueuedConnection);
        return;
    }
    // Over HTTPS, TLS protects the bytes and Content-MD5 checks them: no SHA-256 to compute.
    QList<DigestAlgorithm> algorithms{DigestAlgorithm::Md5};
    if (!m_target.isHttps())
        algorithms << DigestAlgorithm::Sha256;
    runOffThread(
        this,
        [path = m_job.filePath, begin = m_begin, end = m_end, algorithms, cancel = m_cancel] {
            return digestsOfRange(path, begin, end, algorithms, cancel.get());
        },
        [this, cancel = m_cancel](const std::optional<QList<QByteArray>> &digests) {
            if (*cancel || m_finished)
                return;
            if (!digests) {
                if (const std::optional<TransferError> error = fileChangeError(m_job))
                    return fail(*error);
                return fail(TransferError::make(
                    TransferError::Kind::FileUnreadable,
                    TrText::of(staticMetaObject,
                               QT_TR_NOOP("Could not read '%1' to compute its checksum."))
                        .arg(QFileInfo(m_job.filePath).fileName())));
            }
            put(digests->at(0), digests->size() > 1 ? digests->at(1).toHex() : QByteArray());
        });
}

void S3PartPut::put(const QByteArray &md5, const QByteArray &sha256)
{
    m_md5 = md5;
    m_request = new S3Request(m_protocol, m_target, "PUT", m_url, m_what, this);
    m_request->setHeader("Content-MD5", md5.toBase64());
    for (const auto &[name, value] : std::as_const(m_extra))
        m_request->setHeader(name, value);
    m_request->setHeader("Content-Type", "application/octet-stream");
    m_request->setStallTimeout(m_job.stallTimeoutMs);
    m_request->setBody(
        [this]() -> QIODevice * {
            auto body = std::make_unique<FileRangeDevice>(m_job.filePath, m_begin, m_end);
            if (!body->open(QIODevice::ReadOnly))
                return nullptr;
            body->setThrottle(m_job.throttle);
            m_body = body.get();
            return body.release();
        },
        m_end - m_begin,
        sha256.isEmpty() ? QByteArray(SigV4Signer::UnsignedPayload) : sha256);
    connect(m_request, &S3Request::uploadProgress, this, &S3PartPut::progress);
    connect(m_request, &S3Request::finished, this, [this](const S3Answer &answer) {
        if (m_finished)
            return;
        if (m_body && m_body->truncated()) {
            return fail(TransferError::make(
                TransferError::Kind::FileChanged,
                TrText::of(staticMetaObject,
                           QT_TR_NOOP("The file changed while uploading: '%1' got shorter."))
                    .arg(QFileInfo(m_job.filePath).fileName())));
        }
        m_finished = true;
        m_lease.release();
        if (!answer.ok())
            return Q_EMIT failed(answer);
        m_encryption = answer.encryption;
        Q_EMIT sent(answer.etag);
    });
    m_lease = m_protocol->lease(m_url);
    m_request->send(m_lease.manager());
}

void S3PartPut::fail(const TransferError &error)
{
    if (m_finished)
        return;
    m_finished = true;
    m_lease.release();
    S3Answer answer;
    answer.error = error;
    Q_EMIT failed(answer);
}

void S3PartPut::abort()
{
    m_finished = true;
    *m_cancel = true;
    if (m_request)
        m_request->abort();
    m_lease.release();
}
