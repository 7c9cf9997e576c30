#include "endpointcheck.h"

#include "formatting.h"
#include "tushttp.h"

#include <QNetworkAccessManager>
#include <QNetworkReply>

EndpointCheck::EndpointCheck(QNetworkAccessManager *network, QObject *parent)
    : QObject(parent)
    , m_network(network)
{
    Q_ASSERT(network);
    m_deadline.setSingleShot(true);
    m_deadline.setInterval(DefaultDeadlineMs);
    connect(&m_deadline, &QTimer::timeout, this, &EndpointCheck::onDeadline);
}

EndpointCheck::~EndpointCheck()
{
    cancel();
}

bool EndpointCheck::isCheckable(const QUrl &endpoint)
{
    return TusHttp::urlProblem(endpoint).isEmpty();
}

bool EndpointCheck::check(const QUrl &endpoint, const HttpHeaders &headers)
{
    cancel();
    if (!isCheckable(endpoint))
        return false;
    m_endpoint = endpoint;
    QNetworkRequest request = TusHttp::makeRequest(endpoint, headers);
    m_reply = m_network->sendCustomRequest(request, QByteArrayLiteral("OPTIONS"));
    connect(m_reply, &QNetworkReply::finished, this, &EndpointCheck::onFinished);
    m_deadline.start();
    return true;
}

bool EndpointCheck::isRunning() const
{
    return !m_reply.isNull();
}

void EndpointCheck::cancel()
{
    m_deadline.stop();
    if (QNetworkReply *reply = m_reply.data()) {
        m_reply = nullptr;
        reply->disconnect(this);
        reply->abort();
        reply->deleteLater();
    }
}

void EndpointCheck::onFinished()
{
    QNetworkReply *reply = m_reply.data();
    if (!reply || sender() != reply)
        return;
    m_deadline.stop();
    m_reply = nullptr;
    reply->deleteLater();
    Q_EMIT finished(judge(reply));
}

void EndpointCheck::onDeadline()
{
    if (!m_reply)
        return;
    cancel();
    Result result;
    result.endpoint = m_endpoint;
    result.summary =
        tr("No answer from %1 within %n s", nullptr, qMax(1, (m_deadline.interval() + 500) / 1000))
            .arg(TusHttp::serverName(m_endpoint));
    Q_EMIT finished(result);
}

EndpointCheck::Result EndpointCheck::judge(QNetworkReply *reply) const
{
    Result result;
    result.endpoint = m_endpoint;
    const int status = result.httpStatus = TusHttp::httpStatus(reply);
    // No answer, a refused token or a server error: said as an upload would say it.
    if (status == 0 || status == 401 || status == 403 || status >= 500) {
        result.summary = TusHttp::errorFromReply(reply, tr("checking the server")).message();
        return result;
    }
    if (status < 200 || status >= 300) {
        result.summary = tr("Not a tus server (HTTP %1)").arg(status);
        return result;
    }
    const TusCapabilities caps = TusProtocol::capabilitiesFrom(reply);
    result.capabilities = caps;
    if (caps.versions.isEmpty() && !reply->hasRawHeader("Tus-Resumable")) {
        result.summary = tr("Not a tus server (HTTP %1 without Tus-Version)").arg(status);
        return result;
    }
    if (!caps.versions.isEmpty() && !caps.versions.contains(QLatin1String(TusHttp::Version))) {
        result.summary =
            tr("The server speaks tus %1, not %2")
                .arg(caps.versions.join(QStringLiteral(", ")), QLatin1String(TusHttp::Version));
        return result;
    }
    result.ok = true;
    QStringList offers = caps.extensions;
    if (!caps.instantUpload.isEmpty())
        offers << tr("instant upload");
    result.summary = QStringLiteral("tus %1").arg(QLatin1String(TusHttp::Version));
    if (!offers.isEmpty())
        result.summary += QStringLiteral(" \u00b7 ") + offers.join(QStringLiteral(", "));
    if (caps.maxSize > 0)
        result.summary += QStringLiteral(" \u00b7 ") + tr("up to %1").arg(formatSize(caps.maxSize));
    return result;
}
