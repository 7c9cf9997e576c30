#include "s3protocol.h"

#include "s3multiparttransfer.h"
#include "s3partaddress.h"
#include "s3puttransfer.h"
#include "s3request.h"
#include "s3xml.h"

#include <QNetworkAccessManager>
#include <QTimer>
#include <QUrlQuery>

Q_LOGGING_CATEGORY(lcS3, "hoist.s3", QtInfoMsg)

namespace {
// Aborting is one small request; a server that takes longer than this is not answering.
constexpr int AbortTimeoutMs = 30000;
// Asking whether the service is back after an outage: one small request (see TusProtocol's).
constexpr int ServerCheckTimeoutMs = 10000;

QString serviceKey(const QUrl &service)
{
    return NetworkPool::serverOf(service);
}

QString bucketKey(const S3Target &target)
{
    return serviceKey(target.service()) + QLatin1Char(' ') + target.bucket();
}
} // namespace

S3Protocol::S3Protocol(QNetworkAccessManager *network, QObject *parent)
    : TransferProtocol(parent)
    , m_pool(network)
{
    connect(&m_pool, &NetworkPool::requestFinished, this, &TransferProtocol::requestFinished);
}

S3Protocol::~S3Protocol() = default;

void S3Protocol::setCredentials(const QUrl &where, const S3Credentials &credentials)
{
    QString key;
    if (S3Target::isS3(where)) {
        const std::optional<S3Target> target = S3Target::fromUrl(where);
        if (!target)
            return;
        key = bucketKey(*target);
    } else {
        key = serviceKey(where);
    }
    if (credentials.isComplete())
        m_credentials.insert(key, credentials);
    else
        m_credentials.remove(key);
}

std::optional<S3Credentials> S3Protocol::credentialsFor(const S3Target &target) const
{
    auto it = m_credentials.constFind(bucketKey(target));
    if (it == m_credentials.constEnd())
        it = m_credentials.constFind(serviceKey(target.service()));
    if (it == m_credentials.constEnd())
        return std::nullopt;
    return *it;
}

bool S3Protocol::hasCredentials(const QUrl &endpoint) const
{
    const std::optional<S3Target> target = S3Target::fromUrl(endpoint);
    return target && credentialsFor(*target).has_value();
}

std::optional<SigV4Signer> S3Protocol::signerFor(const S3Target &target) const
{
    const std::optional<S3Credentials> credentials = credentialsFor(target);
    if (!credentials)
        return std::nullopt;
    return SigV4Signer(*credentials, target.region());
}

std::unique_ptr<Transfer> S3Protocol::createTransfer(const TransferJob &job)
{
    // Begun as a multipart upload: goes on as one, whatever its size says now.
    const bool begun = std::any_of(job.parts.cbegin(), job.parts.cend(), [](const UploadPart &p) {
        return S3PartAddress::fromUrl(p.url).has_value();
    });
    if (begun || job.fileSize > S3MultipartTransfer::partSizeFor(job.fileSize))
        return std::make_unique<S3MultipartTransfer>(this, job);
    return std::make_unique<S3PutTransfer>(this, job);
}

QDateTime S3Protocol::now(const QUrl &service) const
{
    return QDateTime::currentDateTimeUtc().addMSecs(m_testSkewMs + clockOffsetMs(service));
}

qint64 S3Protocol::clockOffsetMs(const QUrl &service) const
{
    return m_clockOffsetMs.value(serviceKey(service));
}

void S3Protocol::learnClockOffset(const QUrl &service, const QDateTime &serverTime,
                                  const QDateTime &local, qint64 offsetUsedMs)
{
    const QString key = serviceKey(service);
    const qint64 offset = offsetUsedMs + local.msecsTo(serverTime);
    m_clockOffsetMs.insert(key, offset);
    qCInfo(lcS3) << "clock of" << key << "differs by" << offset << "ms; corrected";
    Q_EMIT clockCorrected(service, offset);
}

void S3Protocol::setListPartsPageSize(int parts)
{
    m_listPartsPageSize = qBound(1, parts, DefaultListPartsPageSize);
}

void S3Protocol::terminate(const QUrl &uploadUrl, const HttpHeaders &headers)
{
    Q_UNUSED(headers); // S3 requests are signed with the protocol's keys
    const std::optional<S3PartAddress> address = S3PartAddress::fromUrl(uploadUrl);
    if (!address) {
        QTimer::singleShot(0, this, [this, uploadUrl] { Q_EMIT terminated(uploadUrl, false); });
        return;
    }
    const QString upload = address->uploadKey();
    if (const auto done = m_aborted.constFind(upload); done != m_aborted.constEnd()) {
        const bool deleted = *done;
        QTimer::singleShot(0, this,
                           [this, uploadUrl, deleted] { Q_EMIT terminated(uploadUrl, deleted); });
        return;
    }
    const bool sending = m_aborting.contains(upload);
    m_aborting[upload].append(uploadUrl);
    if (!sending)
        sendAbort(upload, address->target, address->key, address->uploadId);
}

void S3Protocol::sendAbort(const QString &uploadKey, const S3Target &target, const QString &key,
                           const QString &uploadId)
{
    QUrl url = target.objectUrl(key);
    QUrlQuery query;
    query.addQueryItem(QStringLiteral("uploadId"),
                       QString::fromUtf8(QUrl::toPercentEncoding(uploadId)));
    url.setQuery(query);
    auto *request =
        new S3Request(this, target, "DELETE", url, tr("aborting the multipart upload"), this);
    request->setStallTimeout(AbortTimeoutMs);
    connect(request, &S3Request::finished, this, [this, request, uploadKey](const S3Answer &a) {
        request->deleteLater();
        // Gone already (aborted or completed before, expired) is what aborting is for.
        const bool deleted = a.ok() || a.hasCode("NoSuchUpload") || a.status == 404;
        qCDebug(lcS3) << "abort" << uploadKey << "HTTP" << a.status << "deleted" << deleted;
        if (!uploadKey.isEmpty()) {
            m_aborted.insert(uploadKey, deleted);
            const QList<QUrl> waiting = m_aborting.take(uploadKey);
            for (const QUrl &url : waiting)
                Q_EMIT terminated(url, deleted);
        }
    });
    request->send(network());
}

void S3Protocol::abortWhenCreated(S3Request *request, const S3Target &target, const QString &key)
{
    request->setParent(this);
    disconnect(request, &S3Request::finished, nullptr, nullptr);
    connect(request, &S3Request::finished, this, [this, request, target, key](const S3Answer &a) {
        request->deleteLater();
        QString problem;
        const std::optional<QString> uploadId =
            a.ok() ? S3Xml::parseUploadId(a.body, &problem) : std::nullopt;
        if (!uploadId)
            return;
        qCDebug(lcS3) << "aborting a multipart upload created after its transfer stopped";
        // Nobody waits for this one's answer: its key is empty.
        sendAbort(QString(), target, key, *uploadId);
    });
}

void S3Protocol::checkServer(const QUrl &endpoint, const HttpHeaders &headers)
{
    const std::optional<S3Target> target = S3Target::fromUrl(endpoint);
    if (!target) {
        TransferProtocol::checkServer(endpoint, headers);
        return;
    }
    auto *request =
        new S3Request(this, *target, "HEAD", target->bucketUrl(), tr("checking the server"), this);
    request->setStallTimeout(ServerCheckTimeoutMs);
    connect(request, &S3Request::finished, this, [this, request, endpoint](const S3Answer &a) {
        request->deleteLater();
        TransferError error;
        // No keys is no request at all: the uploads will say so themselves.
        const bool noAnswer =
            a.status == 0 && a.error && a.error->kind != TransferError::Kind::Rejected;
        if (noAnswer || a.status == 502 || a.status == 503 || a.status == 504)
            error = a.error.value_or(TransferError::make(
                TransferError::Kind::Network, TrText::of(staticMetaObject, QT_TR_NOOP("No answer")),
                a.status));
        Q_EMIT serverChecked(endpoint, error);
    });
    request->send(network());
}
