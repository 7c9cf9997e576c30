#include "s3error.h"

#include "headervalues.h"
#include "tushttp.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QNetworkReply>

namespace {
// Untranslated (TrText) until shown, under the context lupdate files this namespace's tr() in.
TrText tr(const char *text)
{
    return TrText("S3Errors", text);
}

bool is(const std::optional<S3Xml::Error> &error, const char *code)
{
    return error && error->code == QLatin1String(code);
}
} // namespace

namespace S3Errors {

TransferError fromAnswer(int status, const std::optional<S3Xml::Error> &error,
                         const S3Target &target, const TrText &what, const QByteArray &retryAfter)
{
    using Kind = TransferError::Kind;
    const QString server = TusHttp::serverName(target.service());
    const QString bucket = target.bucket();
    TransferError e;
    if (is(error, "InvalidAccessKeyId") || is(error, "SignatureDoesNotMatch")) {
        e = TransferError::make(
            Kind::Rejected,
            tr("The S3 service at %1 refused the key: wrong access key or secret").arg(server),
            status);
    } else if (is(error, "NoSuchBucket")) {
        e = TransferError::make(Kind::Rejected,
                                tr("There is no bucket \"%1\" at %2").arg(bucket, server), status);
    } else if (is(error, "AccessDenied") || is(error, "AllAccessDisabled")) {
        e = TransferError::make(
            Kind::Rejected,
            tr("The S3 service at %1 denied access to bucket \"%2\": this key may not upload "
               "there")
                .arg(server, bucket),
            status);
    } else if (is(error, "RequestTimeTooSkewed")) {
        e = TransferError::make(
            Kind::Rejected,
            tr("This computer's clock differs too much from the S3 service's at %1; set the "
               "clock right")
                .arg(server),
            status);
    } else if (is(error, "EntityTooLarge") || status == 413) {
        e = TransferError::make(
            Kind::TooLarge, tr("The S3 service at %1 refused the file as too large").arg(server),
            status);
    } else if (is(error, "InsufficientCapacity") || is(error, "XMinioStorageFull")
               || status == 507) {
        // Out of space (Ceph RGW's ENOSPC, MinIO's drives at their threshold): a wait, not an
        // end; it takes the bytes once it has room again.
        e = TransferError::make(
            Kind::ServerFull,
            tr("The S3 service at %1 has no room left (HTTP %2)").arg(server).arg(status), status);
    } else if (is(error, "SlowDown") || is(error, "ServiceUnavailable") || status == 429
               || status == 503) {
        e = TransferError::make(
            Kind::TooManyRequests,
            tr("The S3 service at %1 asks to slow down (HTTP %2)").arg(server).arg(status), status);
    } else if (is(error, "BadDigest") || is(error, "InvalidDigest")
               || is(error, "XAmzContentSHA256Mismatch")) {
        e = TransferError::make(
            Kind::Conflict,
            tr("The bytes the S3 service at %1 received differ from the ones sent").arg(server),
            status);
    } else if (is(error, "RequestTimeout")) {
        e = TransferError::make(
            Kind::Timeout,
            tr("The S3 service at %1 gave up waiting for the request's bytes").arg(server), status);
    } else if (is(error, "InternalError") || status >= 500 || status == 0) {
        e = TransferError::make(Kind::ServerError,
                                tr("Server error at %1 (HTTP %2)").arg(server).arg(status), status);
    } else if (is(error, "NoSuchUpload")) {
        e = TransferError::make(
            Kind::Rejected,
            tr("The S3 service at %1 no longer has the multipart upload").arg(server), status);
    } else if (status >= 200 && status < 300) {
        e = TransferError::make(Kind::BadResponse,
                                tr("The S3 service at %1 failed while %2").arg(server, what),
                                status);
    } else {
        e = TransferError::make(Kind::Rejected,
                                tr("The S3 service at %1 refused the request while %2 (HTTP %3)")
                                    .arg(server, what)
                                    .arg(status),
                                status);
    }
    if (e.kind == Kind::TooManyRequests || e.kind == Kind::ServerError
        || e.kind == Kind::ServerFull)
        e.retryAfter = HeaderValues::parseRetryAfter(retryAfter, QDateTime::currentDateTimeUtc());
    e.details = tr("While %1 (%2): HTTP %3").arg(what, target.displayName()).arg(status);
    if (error) {
        e.details = e.details.followedBy(
            tr(", S3 error %1").arg(error->code.isEmpty() ? tr("(no code)") : TrText(error->code)));
        if (!error->message.isEmpty())
            e.details =
                e.details.followedBy(QStringLiteral(" \"%1\"").arg(error->message.left(200)));
        if (!error->requestId.isEmpty())
            e.details = e.details.followedBy(tr(", RequestId %1").arg(error->requestId.left(200)));
    }
    return e;
}

TransferError fromTransport(QNetworkReply *reply, const TrText &what)
{
    return TusHttp::errorFromReply(reply, what);
}

TransferError missingKeys(const S3Target &target)
{
    return TransferError::make(
        TransferError::Kind::Rejected,
        tr("No keys are set for bucket \"%1\" at %2: add an access key and secret")
            .arg(target.bucket(), TusHttp::serverName(target.service())));
}

} // namespace S3Errors
