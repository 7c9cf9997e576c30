#include "tusanswer.h"

#include "tushttp.h"
#include "tuswire.h"

#include <QNetworkReply>

TransferError TusAnswer::created(QNetworkReply *reply, const QUrl &endpoint, qint64 sentBytes,
                                 Created *created)
{
    using Kind = TransferError::Kind;
    const int status = TusHttp::httpStatus(reply);
    const QByteArray location = reply->rawHeader("Location").trimmed();
    if (location.isEmpty()) {
        return TransferError::make(
            Kind::BadResponse,
            TrText::of(staticMetaObject, QT_TR_NOOP("The server did not say where the upload is "
                                                    "(no Location in its HTTP %1 answer)."))
                .arg(status),
            status);
    }
    const QUrl url = endpoint.resolved(QUrl::fromEncoded(location));
    if (const QString problem = TusHttp::urlProblem(url); !problem.isEmpty()) {
        return TransferError::make(
            Kind::BadResponse,
            TrText::of(staticMetaObject,
                       QT_TR_NOOP("The server gave an unusable upload address. %1"))
                .arg(TusHttp::serverText(problem.toUtf8())),
            status);
    }
    const QByteArray offsetHeader = reply->rawHeader("Upload-Offset");
    std::optional<qint64> offset = TusWire::parseUnsigned(offsetHeader);
    // A creation without a body may leave the offset out: nothing is held yet.
    if (!offset && sentBytes == 0 && offsetHeader.isEmpty())
        offset = 0;
    if (!offset || *offset > sentBytes) {
        return TransferError::make(
            Kind::BadResponse,
            TrText::of(staticMetaObject,
                       QT_TR_NOOP("The server's answer to creating the upload is not tus "
                                  "(Upload-Offset '%1' after sending %2 bytes)."))
                .arg(TusHttp::serverText(offsetHeader))
                .arg(sentBytes),
            status);
    }
    *created = {url, *offset};
    return {};
}

TransferError TusAnswer::headOffset(QNetworkReply *reply, qint64 length, qint64 *offset)
{
    const QByteArray offsetHeader = reply->rawHeader("Upload-Offset");
    const std::optional<qint64> answered = TusWire::parseUnsigned(offsetHeader);
    if (!answered || *answered > length) {
        return TransferError::make(
            TransferError::Kind::BadResponse,
            TrText::of(staticMetaObject,
                       QT_TR_NOOP("The server's answer about the upload is not tus "
                                  "(Upload-Offset '%1' for an upload of %2 bytes)."))
                .arg(TusHttp::serverText(offsetHeader))
                .arg(length),
            TusHttp::httpStatus(reply));
    }
    *offset = *answered;
    return {};
}

TransferError TusAnswer::patchOffset(QNetworkReply *reply, qint64 begin, qint64 end, qint64 *offset)
{
    using Kind = TransferError::Kind;
    const int status = TusHttp::httpStatus(reply);
    const QByteArray offsetHeader = reply->rawHeader("Upload-Offset");
    const std::optional<qint64> answered = TusWire::parseUnsigned(offsetHeader);
    if (!answered || *answered < begin || *answered > end) {
        return TransferError::make(
            Kind::BadResponse,
            TrText::of(staticMetaObject,
                       QT_TR_NOOP("The server's answer is not tus: Upload-Offset '%1' after "
                                  "sending bytes %2 to %3."))
                .arg(TusHttp::serverText(offsetHeader))
                .arg(begin)
                .arg(end),
            status);
    }
    if (*answered == begin) {
        return TransferError::make(
            Kind::ServerError,
            TrText::of(staticMetaObject,
                       QT_TR_NOOP("The server accepted none of the %1 bytes sent."))
                .arg(end - begin),
            status);
    }
    *offset = *answered;
    return {};
}
