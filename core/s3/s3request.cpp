#include "s3request.h"

#include "headervalues.h"
#include "s3error.h"
#include "s3protocol.h"
#include "sigv4signer.h"
#include "tushttp.h"

#include <QCoreApplication>
#include <QIODevice>
#include <QNetworkAccessManager>
#include <QNetworkReply>

namespace {
// A request that is not moving bytes either way for this long is given up (Stalled); body
// requests get the transfer's stall timeout instead.
constexpr int DefaultStallTimeoutMs = 30000;
} // namespace

S3Request::S3Request(S3Protocol *protocol, S3Target target, QByteArray method, QUrl url,
                     QString what, QObject *parent)
    : QObject(parent)
    , m_protocol(protocol)
    , m_target(std::move(target))
    , m_method(std::move(method))
    , m_url(std::move(url))
    , m_what(std::move(what))
    , m_payloadHash(SigV4Signer::sha256Hex(QByteArray()))
    , m_reply(DefaultStallTimeoutMs, DefaultMaxAnswerBytes)
{
    connect(&m_reply, &WatchedReply::uploadProgress, this, &S3Request::onUploadProgress);
    connect(&m_reply, &WatchedReply::finished, this, &S3Request::onFinished);
    connect(&m_reply, &WatchedReply::stalled, this, &S3Request::onStalled);
}

S3Request::~S3Request()
{
    abort();
}

void S3Request::setHeader(const QByteArray &name, const QByteArray &value)
{
    m_headers.append({name, value});
}

void S3Request::setBody(const QByteArray &body)
{
    m_body = body;
    m_openBody = nullptr;
    m_bodySize = body.size();
    m_payloadHash = SigV4Signer::sha256Hex(body);
}

void S3Request::setBody(std::function<QIODevice *()> open, qint64 size, QByteArray payloadHash)
{
    m_body.clear();
    m_openBody = std::move(open);
    m_bodySize = size;
    m_payloadHash = std::move(payloadHash);
}

void S3Request::setStallTimeout(int ms)
{
    m_reply.setStallTimeout(ms);
}

void S3Request::send(QNetworkAccessManager *network)
{
    m_network = network;
    sendOnce();
}

void S3Request::sendOnce()
{
    const std::optional<SigV4Signer> signer = m_protocol->signerFor(m_target);
    if (!signer || !m_network) {
        S3Answer answer;
        answer.error = S3Errors::missingKeys(m_target);
        QMetaObject::invokeMethod(
            this, [this, answer] { finish(answer); }, Qt::QueuedConnection);
        return;
    }
    SigV4Request toSign = SigV4Request::forUrl(m_method, m_url, m_payloadHash);
    toSign.headers.append(m_headers);
    m_signedOffsetMs = m_protocol->clockOffsetMs(m_target.service());
    m_signedAt = m_protocol->now(m_target.service());
    const SigV4Signature signature = signer->sign(toSign, m_signedAt);
    // Settings every request needs (no HTTP/2 on cleartext, no redirects, no cache, a streamed
    // body), as the tus client's; S3 wants no Tus-Resumable (a null value removes it).
    QNetworkRequest request = TusHttp::makeRequest(m_url, {});
    request.setRawHeader("Tus-Resumable", QByteArray());
    for (const auto &header : signature.headers) {
        if (header.first.compare("host", Qt::CaseInsensitive) != 0)
            request.setRawHeader(header.first, header.second);
    }
    QNetworkReply *reply = nullptr;
    if (m_openBody) {
        QIODevice *body = m_openBody();
        if (!body) {
            S3Answer answer;
            answer.error = TransferError::make(
                TransferError::Kind::FileUnreadable,
                TrText::of(staticMetaObject, QT_TR_NOOP("Cannot read the file while %1"))
                    .arg(m_what));
            QMetaObject::invokeMethod(
                this, [this, answer] { finish(answer); }, Qt::QueuedConnection);
            return;
        }
        request.setHeader(QNetworkRequest::ContentLengthHeader, m_bodySize);
        reply = m_network->sendCustomRequest(request, m_method, body);
        body->setParent(reply); // lives exactly as long as the request reading it
    } else if (m_method == "PUT" || m_method == "POST" || !m_body.isEmpty()) {
        request.setHeader(QNetworkRequest::ContentLengthHeader, m_body.size());
        reply = m_network->sendCustomRequest(request, m_method, m_body);
    } else if (m_method == "HEAD") {
        // As a custom verb, Qt would wait for the body its Content-Length announces.
        reply = m_network->head(request);
    } else {
        reply = m_network->sendCustomRequest(request, m_method);
    }
    m_allSent = m_bodySize == 0;
    m_reply.watch(reply);
}

void S3Request::onUploadProgress(qint64 sent, qint64 total)
{
    if (total > 0 && sent >= total)
        m_allSent = true;
    Q_EMIT uploadProgress(sent);
}

void S3Request::onFinished(QNetworkReply *reply, const QByteArray &body, bool tooLarge)
{
    if (tooLarge) {
        S3Answer answer;
        answer.status = TusHttp::httpStatus(reply);
        answer.error = TransferError::make(
            TransferError::Kind::BadResponse,
            TrText::of(staticMetaObject,
                       QT_TR_NOOP("The S3 service at %1 answered with more than %2 bytes while %3"))
                .arg(TusHttp::serverName(m_target.service()))
                .arg(m_reply.maxAnswerBytes())
                .arg(m_what),
            answer.status);
        return finish(answer);
    }
    S3Answer answer;
    answer.status = TusHttp::httpStatus(reply);
    answer.body = body;
    answer.etag = reply->rawHeader("ETag");
    answer.encryption = reply->hasRawHeader("x-amz-server-side-encryption-customer-algorithm")
                            ? QByteArrayLiteral("SSE-C")
                            : reply->rawHeader("x-amz-server-side-encryption");
    if (answer.status == 0) {
        answer.error = S3Errors::fromTransport(reply, m_what);
        return finish(answer);
    }
    if (answer.status >= 200 && answer.status < 300)
        return finish(answer);
    answer.s3Error = S3Xml::parseError(body);
    if (answer.status == 403 && answer.hasCode("RequestTimeTooSkewed") && !m_skewRetried) {
        const QDateTime serverTime = serverTimeOf(reply, answer);
        if (serverTime.isValid()) {
            m_skewRetried = true;
            m_protocol->learnClockOffset(m_target.service(), serverTime, m_signedAt,
                                         m_signedOffsetMs);
            return sendOnce();
        }
    }
    answer.error = S3Errors::fromAnswer(answer.status, answer.s3Error, m_target, m_what,
                                        reply->rawHeader("Retry-After"));
    finish(answer);
}

QDateTime S3Request::serverTimeOf(QNetworkReply *reply, const S3Answer &answer)
{
    const QDateTime date = HeaderValues::parseHttpDate(reply->rawHeader("Date"));
    if (date.isValid())
        return date;
    if (answer.s3Error && !answer.s3Error->serverTime.isEmpty())
        return QDateTime::fromString(answer.s3Error->serverTime, Qt::ISODateWithMs);
    return {};
}

void S3Request::onStalled()
{
    S3Answer answer;
    answer.error = TransferError::make(
        TransferError::Kind::Stalled,
        TrText::of(staticMetaObject,
                   QT_TR_NOOP("The upload stalled: no progress for %1 s while %2"))
            .arg(QString::number(m_reply.stalledAfterMs() / 1000.0, 'f', 1))
            .arg(m_what));
    finish(answer);
}

void S3Request::finish(const S3Answer &answer)
{
    if (answer.error)
        qCDebug(lcS3) << m_method << m_url.toString(QUrl::RemoveQuery)
                      << "failed:" << answer.error->message();
    Q_EMIT finished(answer);
}

void S3Request::abort()
{
    m_reply.drop(m_group.get());
}
