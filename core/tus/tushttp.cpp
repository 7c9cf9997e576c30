#include "tushttp.h"

#include "certificatetrust.h"
#include "headervalues.h"
#include "tuswire.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QFileInfo>
#include <QMimeDatabase>
#include <QNetworkReply>

#include <algorithm>

Q_LOGGING_CATEGORY(lcTus, "hoist.tus", QtInfoMsg)

namespace {
constexpr int MaxServerWords = 200;
constexpr qint64 MaxBodyPeek = 4096;
// Free functions have no tr(): this gives them one, under the context lupdate files them in.
struct Text {
    Q_DECLARE_TR_FUNCTIONS(TusHttp)
};
} // namespace

namespace TusHttp {

QNetworkRequest makeRequest(const QUrl &url, const HttpHeaders &extra)
{
    QNetworkRequest request(url);
    request.setRawHeader("Tus-Resumable", Version);
    request.setHeader(QNetworkRequest::UserAgentHeader, QByteArrayLiteral("Hoist/" HOIST_VERSION));
    if (url.scheme() == QLatin1String("http"))
        request.setAttribute(QNetworkRequest::Http2AllowedAttribute, false);
    // A redirected PATCH would lose its body or change method; tus servers do not redirect.
    request.setAttribute(QNetworkRequest::RedirectPolicyAttribute,
                         QNetworkRequest::ManualRedirectPolicy);
    request.setAttribute(QNetworkRequest::CacheLoadControlAttribute,
                         QNetworkRequest::AlwaysNetwork);
    request.setAttribute(QNetworkRequest::CacheSaveControlAttribute, false);
    // Stream the body from its device instead of copying it into memory first.
    request.setAttribute(QNetworkRequest::DoNotBufferUploadDataAttribute, true);
    for (const HttpHeader &header : extra)
        request.setRawHeader(header.first, header.second);
    return request;
}

QString urlProblem(const QUrl &url)
{
    if (url.isEmpty())
        return Text::tr("No server address is set.");
    if (!url.isValid())
        return Text::tr("The server address '%1' is not a valid URL.")
            .arg(url.toString(QUrl::RemoveUserInfo));
    const QString scheme = url.scheme().toLower();
    if (scheme != QLatin1String("http") && scheme != QLatin1String("https"))
        return Text::tr("The server address '%1' must start with http:// or https://.")
            .arg(url.toString(QUrl::RemoveUserInfo));
    if (url.host().isEmpty())
        return Text::tr("The server address '%1' has no host name.")
            .arg(url.toString(QUrl::RemoveUserInfo));
    return {};
}

QByteArray uploadMetadata(const TransferJob &job)
{
    const QString name = QFileInfo(job.filePath).fileName();
    QMap<QString, QString> metadata = job.metadata; // a QMap: keys come out sorted
    if (!metadata.contains(QStringLiteral("filename")))
        metadata.insert(QStringLiteral("filename"), name);
    // A name without an extension has no type to tell from it (QMimeDatabase would return
    // application/octet-stream for nearly all), and asking costs ~61 us each: Qt compiles a
    // regular expression per glob it tries (Qt 6.4; 400 files, 24 ms of the thread that drives
    // the uploads). Such a name goes without filetype, as tus-js-client sends one only when
    // the browser knows it.
    if (!metadata.contains(QStringLiteral("filetype")) && name.contains(QLatin1Char('.'))) {
        metadata.insert(
            QStringLiteral("filetype"),
            QMimeDatabase().mimeTypeForFile(name, QMimeDatabase::MatchExtension).name());
    }
    TusWire::Metadata pairs;
    for (auto it = metadata.cbegin(); it != metadata.cend(); ++it) {
        const QByteArray key = it.key().toUtf8();
        const bool sendable = !key.isEmpty() && std::all_of(key.cbegin(), key.cend(), [](char c) {
            return c > 0x20 && c < 0x7f && c != ',';
        });
        if (!sendable) {
            qCDebug(lcTus) << "skipping metadata key" << it.key();
            continue;
        }
        pairs.append({key, it.value().toUtf8()});
    }
    return TusWire::encodeMetadata(pairs);
}

int httpStatus(const QNetworkReply *reply)
{
    return reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
}

QString serverWords(QNetworkReply *reply)
{
    if (!reply->isReadable())
        return {};
    return serverText(reply->read(MaxBodyPeek));
}

QString serverText(const QByteArray &text)
{
    QString words = QString::fromUtf8(text).simplified();
    if (words.size() > MaxServerWords) {
        words.truncate(MaxServerWords);
        words += QChar(0x2026); // ellipsis
    }
    return words;
}

QString serverName(const QUrl &url)
{
    const int port = url.port(url.scheme() == QLatin1String("https") ? 443 : 80);
    const QString host =
        url.host().contains(QLatin1Char(':')) ? QStringLiteral("[%1]").arg(url.host()) : url.host();
    return QStringLiteral("%1:%2").arg(host).arg(port);
}

namespace {
// The reasons below stay untranslated (TrText) until shown; lupdate files this namespace's tr()
// calls under TusHttp.
TrText tr(const char *source)
{
    return TrText("TusHttp", source);
}
} // namespace

TransferError errorFromReply(QNetworkReply *reply, const TrText &what)
{
    using Kind = TransferError::Kind;
    const int status = httpStatus(reply);
    if (status == 0) {
        const QUrl url = reply->url();
        const QString server = serverName(url);
        TransferError error;
        switch (reply->error()) {
        case QNetworkReply::ConnectionRefusedError:
            error = TransferError::make(Kind::Network, tr("Connection refused by %1").arg(server));
            break;
        case QNetworkReply::HostNotFoundError:
            error = TransferError::make(Kind::Network,
                                        tr("No server called %1 was found").arg(url.host()));
            break;
        case QNetworkReply::RemoteHostClosedError:
            error = TransferError::make(Kind::Network, tr("%1 closed the connection").arg(server));
            break;
        case QNetworkReply::TimeoutError:
        case QNetworkReply::ProxyTimeoutError:
            error = TransferError::make(Kind::Timeout, tr("No answer from %1 in time").arg(server));
            break;
        case QNetworkReply::SslHandshakeFailedError:
            // A refused certificate stays refused until a person trusts it: no retrying.
            if (const QString problem = CertificateTrust::problemOf(reply); !problem.isEmpty())
                error = TransferError::make(Kind::Rejected, problem);
            else
                error = TransferError::make(
                    Kind::Network,
                    tr("No secure connection to %1: %2").arg(server, reply->errorString()));
            break;
        case QNetworkReply::ProtocolUnknownError:
            error = TransferError::make(
                Kind::InvalidUrl, tr("Cannot use this address: %1").arg(reply->errorString()));
            break;
        case QNetworkReply::ProtocolFailure:
        case QNetworkReply::UnknownContentError:
            error =
                TransferError::make(Kind::BadResponse, tr("%1 answered with something that is not "
                                                          "valid HTTP")
                                                           .arg(server));
            break;
        default:
            error = TransferError::make(
                Kind::Network, tr("Network error with %1: %2").arg(server, reply->errorString()));
            break;
        }
        error.details = tr("While %1 (%2): %3")
                            .arg(what, url.toString(QUrl::RemoveUserInfo | QUrl::RemoveQuery),
                                 reply->errorString());
        return error;
    }

    QString words = serverWords(reply);
    const QString suffix = words.isEmpty() ? QString() : QStringLiteral(": ") + words;
    const QDateTime now = QDateTime::currentDateTimeUtc();
    TransferError error;
    if (status == 413) {
        error = TransferError::make(
            Kind::TooLarge,
            tr("The server refused the upload as too large (HTTP 413)%1").arg(suffix), status);
    } else if (status == 409) {
        error = TransferError::make(
            Kind::Conflict,
            tr("The server disagreed about the upload offset (HTTP 409)%1").arg(suffix), status);
    } else if (status == 423) {
        error = TransferError::make(
            Kind::Locked, tr("The upload is locked by another request (HTTP 423)%1").arg(suffix),
            status);
    } else if (status == 429) {
        error = TransferError::make(Kind::TooManyRequests,
                                    tr("The server asks to slow down (HTTP 429)%1").arg(suffix),
                                    status);
        error.retryAfter = HeaderValues::parseRetryAfter(reply->rawHeader("Retry-After"), now);
    } else if (status == 460) {
        // Checksum extension: the bytes that arrived are not the bytes that were sent.
        error = TransferError::make(
            Kind::Conflict,
            tr("checksum mismatch: the server received different bytes than were sent "
               "(HTTP 460)%1")
                .arg(suffix),
            status);
    } else if (status == 401) {
        // No token, or one the server does not accept: retrying cannot help, a person must.
        error = TransferError::make(
            Kind::Rejected,
            tr("The server refused authorisation (HTTP 401); check the token set for "
               "this server%1")
                .arg(suffix),
            status);
    } else if (status == 403) {
        error = TransferError::make(
            Kind::Rejected,
            tr("The server refused access (HTTP 403); this token may not upload "
               "there%1")
                .arg(suffix),
            status);
    } else if (status == 507) {
        // Its disk is full: it will take the bytes once it has room again (a wait, not an end).
        error = TransferError::make(
            Kind::ServerFull,
            tr("The disk of %1 is full (HTTP 507)%2").arg(serverName(reply->url()), suffix),
            status);
        error.retryAfter = HeaderValues::parseRetryAfter(reply->rawHeader("Retry-After"), now);
    } else if (status >= 500 && status < 600) {
        error = TransferError::make(Kind::ServerError,
                                    tr("Server error at %1 (HTTP %2)%3")
                                        .arg(serverName(reply->url()))
                                        .arg(status)
                                        .arg(suffix),
                                    status);
        if (status == 503)
            error.retryAfter = HeaderValues::parseRetryAfter(reply->rawHeader("Retry-After"), now);
    } else if (status >= 400 && status < 500) {
        error = TransferError::make(
            Kind::Rejected, tr("The server refused the upload (HTTP %1)%2").arg(status).arg(suffix),
            status);
    } else if (status >= 300 && status < 400) {
        const QString location = serverText(reply->rawHeader("Location"));
        error = TransferError::make(
            Kind::BadResponse,
            location.isEmpty()
                ? tr("The server redirected the request while %1 (HTTP %2); set the server "
                     "address to the final one.")
                      .arg(what)
                      .arg(status)
                : tr("The server redirected the request while %1 (HTTP %2) to %3; set the "
                     "server address to the final one.")
                      .arg(what)
                      .arg(status)
                      .arg(location),
            status);
    } else {
        error = TransferError::make(Kind::BadResponse,
                                    tr("Unexpected answer from the server while %1 (HTTP %2)%3")
                                        .arg(what)
                                        .arg(status)
                                        .arg(suffix),
                                    status);
    }
    error.details = tr("While %1 (%2): HTTP %3")
                        .arg(what, reply->url().toString(QUrl::RemoveUserInfo | QUrl::RemoveQuery))
                        .arg(status);
    return error;
}

} // namespace TusHttp
