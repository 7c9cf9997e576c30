#include "webdaverrors.h"

#include "tushttp.h"

#include <QNetworkReply>

namespace {
constexpr char Context[] = "WebDavErrors";
TrText tr(const char *source)
{
    return TrText(Context, source);
}
} // namespace

namespace WebDavErrors {

using Kind = TransferError::Kind;

TransferError fromReply(QNetworkReply *reply, const TrText &what)
{
    TransferError error = TusHttp::errorFromReply(reply, what);
    const QString server = TusHttp::serverName(reply->url());
    if (error.httpStatus == 401) {
        // No password, or a wrong one: retrying cannot help, a person must.
        error.cause =
            tr(QT_TRANSLATE_NOOP("WebDavErrors", "%1 refused the user name or password (HTTP 401): "
                                                 "set them for this WebDAV server"))
                .arg(server);
    } else if (error.httpStatus == 403) {
        error.cause = tr(QT_TRANSLATE_NOOP("WebDavErrors",
                                           "%1 does not let this user write there (HTTP 403)"))
                          .arg(server);
    } else if (error.httpStatus == 405 || error.httpStatus == 501) {
        error.cause = tr(QT_TRANSLATE_NOOP("WebDavErrors",
                                           "%1 does not speak WebDAV at this address (HTTP %2)"))
                          .arg(server)
                          .arg(error.httpStatus);
    } else if (error.httpStatus == 409) {
        // WebDAV's 409: a parent collection is missing, which retrying will not make.
        error.kind = Kind::Rejected;
        error.cause =
            tr(QT_TRANSLATE_NOOP("WebDavErrors", "%1 has no folder to put this in (HTTP 409)"))
                .arg(server);
    }
    if (error.details.isEmpty())
        error.details = tr(QT_TRANSLATE_NOOP("WebDavErrors", "While %1 (%2)"))
                            .arg(what, reply->url().toString(QUrl::RemoveUserInfo));
    return error;
}

TransferError unreadableBody(const TrText &what)
{
    return TransferError::make(
        Kind::FileUnreadable,
        tr(QT_TRANSLATE_NOOP("WebDavErrors", "Cannot read the file while %1")).arg(what));
}

TransferError answerTooLarge(const QUrl &url, const TrText &what, int status)
{
    return TransferError::make(
        Kind::BadResponse,
        tr(QT_TRANSLATE_NOOP("WebDavErrors",
                             "The WebDAV server at %1 answered with too much while %2"))
            .arg(TusHttp::serverName(url), what),
        status);
}

TransferError stalled(int timeoutMs, const TrText &what)
{
    return TransferError::make(
        Kind::Stalled,
        tr(QT_TRANSLATE_NOOP("WebDavErrors", "The upload stalled: no progress for %1 s while %2"))
            .arg(QString::number(timeoutMs / 1000.0, 'f', 1))
            .arg(what));
}

TransferError mismatch(const QString &fileName, const TrText &how)
{
    TransferError error = TransferError::make(
        Kind::ContentMismatch,
        tr(QT_TRANSLATE_NOOP("WebDavErrors", "The server's copy of '%1' is not the file"))
            .arg(fileName));
    error.details = how;
    return error;
}

TransferError notWebDav(const QUrl &url, const TrText &what)
{
    TransferError error = TransferError::make(
        Kind::BadResponse,
        tr(QT_TRANSLATE_NOOP("WebDavErrors",
                             "%1 did not answer as a WebDAV server (no multistatus) while %2"))
            .arg(TusHttp::serverName(url), what));
    return error;
}

TransferError noFreeName(const QString &fileName)
{
    return TransferError::make(
        Kind::Rejected,
        tr(QT_TRANSLATE_NOOP("WebDavErrors", "No free name for '%1' on the server: every "
                                             "numbered name tried is taken"))
            .arg(fileName));
}

TrText noResumeNote()
{
    return tr(QT_TRANSLATE_NOOP("WebDavErrors",
                                " · plain WebDAV cannot resume: the retry sends the file again "
                                "from the start"));
}

} // namespace WebDavErrors
