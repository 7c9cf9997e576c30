#include "webdavprotocol.h"

#include "webdavchunkedtransfer.h"
#include "webdavputtransfer.h"
#include "webdavrequest.h"
#include "webdavtarget.h"

#include <QNetworkAccessManager>
#include <QTimer>

Q_LOGGING_CATEGORY(lcWebDav, "hoist.webdav", QtInfoMsg)

namespace {
// Asking whether the server is back after an outage: one small request (see TusProtocol's).
constexpr int ServerCheckTimeoutMs = 10000;

QString passwordKey(const WebDavTarget &target)
{
    return NetworkPool::serverOf(target.serverUrl()) + QLatin1Char(' ') + target.userName();
}
} // namespace

WebDavProtocol::WebDavProtocol(QNetworkAccessManager *network, QObject *parent)
    : TransferProtocol(parent)
    , m_pool(network)
{
    connect(&m_pool, &NetworkPool::requestFinished, this, &TransferProtocol::requestFinished);
}

WebDavProtocol::~WebDavProtocol() = default;

void WebDavProtocol::setPassword(const QUrl &endpoint, const QString &password)
{
    const std::optional<WebDavTarget> target = WebDavTarget::fromUrl(endpoint);
    if (!target || target->userName().isEmpty())
        return;
    if (password.isEmpty())
        m_passwords.remove(passwordKey(*target));
    else
        m_passwords.insert(passwordKey(*target), password);
}

HttpHeaders WebDavProtocol::headersFor(const WebDavTarget &target,
                                       const HttpHeaders &jobHeaders) const
{
    if (target.userName().isEmpty())
        return jobHeaders;
    HttpHeaders headers;
    QString password = m_passwords.value(passwordKey(target));
    for (const HttpHeader &header : jobHeaders) {
        const bool bearer = header.first.compare("Authorization", Qt::CaseInsensitive) == 0
                            && header.second.startsWith("Bearer ");
        if (!bearer) {
            headers.append(header);
            continue;
        }
        password = QString::fromUtf8(header.second.mid(7)); // the token kept for the endpoint
    }
    const bool given = std::any_of(headers.cbegin(), headers.cend(), [](const HttpHeader &h) {
        return h.first.compare("Authorization", Qt::CaseInsensitive) == 0;
    });
    if (!given && !password.isEmpty())
        headers.append(
            {"Authorization",
             "Basic " + (target.userName() + QLatin1Char(':') + password).toUtf8().toBase64()});
    return headers;
}

std::unique_ptr<Transfer> WebDavProtocol::createTransfer(const TransferJob &job)
{
    const std::optional<WebDavTarget> target = WebDavTarget::fromUrl(job.endpoint);
    const bool chunking = target && !target->chunkUploadsUrl().isEmpty();
    // Begun chunked: goes on chunked. Skip and rename need the plain PUT's look first.
    if (chunking
        && (!job.uploadUrl.isEmpty()
            || (job.fileSize > m_chunkSize && m_ifExists == IfExists::Overwrite)))
        return std::make_unique<WebDavChunkedTransfer>(this, job);
    return std::make_unique<WebDavPutTransfer>(this, job);
}

void WebDavProtocol::terminate(const QUrl &uploadUrl, const HttpHeaders &headers)
{
    // Only a chunked upload's folder is an upload to delete; its endpoint is not known here,
    // so the headers go as they are (a token as basic auth needs the user: from the URL).
    if (!uploadUrl.path().contains(QLatin1String("/remote.php/dav/uploads/"))) {
        QTimer::singleShot(0, this, [this, uploadUrl] { Q_EMIT terminated(uploadUrl, false); });
        return;
    }
    QUrl asEndpoint = uploadUrl;
    asEndpoint.setScheme(uploadUrl.scheme() == QLatin1String("https")
                             ? QString::fromLatin1(WebDavTarget::SecureScheme)
                             : QString::fromLatin1(WebDavTarget::Scheme));
    const QString user = uploadUrl.path().section(QLatin1Char('/'), -3, -3);
    asEndpoint.setUserName(user);
    const std::optional<WebDavTarget> target = WebDavTarget::fromUrl(asEndpoint);
    auto *request = new WebDavRequest(
        "DELETE", uploadUrl, target ? headersFor(*target, headers) : headers,
        TrText::of(staticMetaObject, QT_TR_NOOP("deleting the unfinished upload")), this);
    connect(request, &WebDavRequest::finished, this,
            [this, request, uploadUrl](const WebDavAnswer &answer) {
                request->deleteLater();
                Q_EMIT terminated(uploadUrl, answer.ok() || answer.status == 404);
            });
    request->send(network());
}

void WebDavProtocol::checkServer(const QUrl &endpoint, const HttpHeaders &headers)
{
    const std::optional<WebDavTarget> target = WebDavTarget::fromUrl(endpoint);
    if (!target) {
        TransferProtocol::checkServer(endpoint, headers);
        return;
    }
    auto *request =
        new WebDavRequest("OPTIONS", target->collectionUrl(), headersFor(*target, headers),
                          TrText::of(staticMetaObject, QT_TR_NOOP("checking the server")), this);
    request->setStallTimeout(ServerCheckTimeoutMs);
    connect(request, &WebDavRequest::finished, this,
            [this, request, endpoint](const WebDavAnswer &answer) {
                request->deleteLater();
                TransferError error;
                const bool gateway =
                    answer.status == 502 || answer.status == 503 || answer.status == 504;
                if ((answer.status == 0 && answer.error) || gateway)
                    error = answer.error.value_or(TransferError());
                Q_EMIT serverChecked(endpoint, error);
            });
    request->send(network());
}
