#include "webdavrequest.h"

#include "tushttp.h"
#include "webdaverrors.h"

#include <QIODevice>
#include <QNetworkAccessManager>

namespace {
// A request moving no bytes either way for this long is given up; PUTs get the job's timeout.
constexpr int DefaultStallTimeoutMs = 30000;
} // namespace

WebDavRequest::WebDavRequest(QByteArray method, QUrl url, HttpHeaders headers, TrText what,
                             QObject *parent)
    : QObject(parent)
    , m_method(std::move(method))
    , m_url(std::move(url))
    , m_headers(std::move(headers))
    , m_what(std::move(what))
    , m_reply(DefaultStallTimeoutMs, MaxAnswerBytes)
{
    connect(&m_reply, &WatchedReply::uploadProgress, this, &WebDavRequest::uploadProgress);
    connect(&m_reply, &WatchedReply::finished, this, &WebDavRequest::onFinished);
    connect(&m_reply, &WatchedReply::stalled, this, &WebDavRequest::onStalled);
}

WebDavRequest::~WebDavRequest()
{
    abort();
}

void WebDavRequest::setHeader(const QByteArray &name, const QByteArray &value)
{
    m_headers.append({name, value});
}

void WebDavRequest::setBody(const QByteArray &body)
{
    m_body = body;
    m_openBody = nullptr;
    m_bodySize = body.size();
}

void WebDavRequest::setBody(std::function<QIODevice *()> open, qint64 size)
{
    m_body.clear();
    m_openBody = std::move(open);
    m_bodySize = size;
}

void WebDavRequest::setStallTimeout(int ms)
{
    m_reply.setStallTimeout(ms);
}

void WebDavRequest::send(QNetworkAccessManager *network)
{
    QNetworkRequest request = TusHttp::makeRequest(m_url, m_headers);
    request.setRawHeader("Tus-Resumable", QByteArray()); // a null value removes it
    QNetworkReply *reply = nullptr;
    if (m_openBody) {
        QIODevice *body = m_openBody();
        if (!body) {
            WebDavAnswer answer;
            answer.error = WebDavErrors::unreadableBody(m_what);
            return finishLater(answer);
        }
        request.setHeader(QNetworkRequest::ContentLengthHeader, m_bodySize);
        reply = network->sendCustomRequest(request, m_method, body);
        body->setParent(reply); // lives exactly as long as the request reading it
    } else if (!m_body.isEmpty() || m_method == "PUT") {
        if (m_method == "PROPFIND")
            request.setHeader(QNetworkRequest::ContentTypeHeader,
                              QByteArrayLiteral("application/xml; charset=utf-8"));
        request.setHeader(QNetworkRequest::ContentLengthHeader, m_body.size());
        reply = network->sendCustomRequest(request, m_method, m_body);
    } else {
        reply = network->sendCustomRequest(request, m_method);
    }
    m_reply.watch(reply);
}

void WebDavRequest::onFinished(QNetworkReply *reply, const QByteArray &body, bool tooLarge)
{
    WebDavAnswer answer;
    answer.status = TusHttp::httpStatus(reply);
    answer.body = body;
    answer.etag =
        reply->hasRawHeader("OC-ETag") ? reply->rawHeader("OC-ETag") : reply->rawHeader("ETag");
    answer.checksum = reply->rawHeader("OC-Checksum");
    answer.dav = reply->rawHeader("DAV");
    if (tooLarge)
        answer.error = WebDavErrors::answerTooLarge(m_url, m_what, answer.status);
    else if (answer.status < 200 || answer.status >= 300)
        answer.error = WebDavErrors::fromReply(reply, m_what);
    Q_EMIT finished(answer);
}

void WebDavRequest::onStalled()
{
    WebDavAnswer answer;
    answer.error = WebDavErrors::stalled(m_reply.stalledAfterMs(), m_what);
    Q_EMIT finished(answer);
}

void WebDavRequest::finishLater(const WebDavAnswer &answer)
{
    QMetaObject::invokeMethod(
        this,
        [this, answer] {
            if (!m_aborted)
                Q_EMIT finished(answer);
        },
        Qt::QueuedConnection);
}

void WebDavRequest::abort()
{
    m_aborted = true;
    m_reply.drop();
}
