#include "tusdiscovery.h"

#include "tushttp.h"
#include "tusrequestwatch.h"

#include <QNetworkAccessManager>
#include <QNetworkReply>

TusDiscovery::TusDiscovery(TusProtocol *protocol, const TransferJob &job, QObject *parent)
    : QObject(parent)
    , m_protocol(protocol)
    , m_job(job)
    , m_watch(new TusRequestWatch(job.stallTimeoutMs, this))
{
    connect(m_watch, &TusRequestWatch::finished, this, &TusDiscovery::onFinished);
    connect(m_watch, &TusRequestWatch::stalled, this, &TusDiscovery::stalled);
}

TusDiscovery::~TusDiscovery()
{
    cancel();
}

void TusDiscovery::start(std::function<QNetworkAccessManager *()> network)
{
    m_network = std::move(network);
    m_probed = connect(m_protocol, &TransferProtocol::probed, this, [this] {
        const TusCapabilities caps = m_protocol->capabilities(m_job.endpoint);
        if (!caps.known && !m_protocol->offersInstantUpload(m_job.endpoint).has_value())
            return; // another endpoint's answer
        disconnect(m_probed);
        if (!caps.known)
            return discoverAlone();
        Q_EMIT found(caps);
    });
    m_protocol->probe(m_job.endpoint, m_job.headers);
}

void TusDiscovery::cancel()
{
    disconnect(m_probed);
    m_watch->drop();
}

void TusDiscovery::discoverAlone()
{
    qCDebug(lcTus) << "OPTIONS" << m_job.endpoint;
    const QNetworkRequest request = TusHttp::makeRequest(m_job.endpoint, m_job.headers);
    m_watch->watch(m_network()->sendCustomRequest(request, QByteArrayLiteral("OPTIONS")), 0);
}

void TusDiscovery::onFinished(QNetworkReply *reply)
{
    const int status = TusHttp::httpStatus(reply);
    if (status == 0 || status == 423 || status == 429 || status >= 500)
        return Q_EMIT failed(TusHttp::errorFromReply(
            reply, TrText::of(staticMetaObject, QT_TR_NOOP("asking the server what it supports"))));
    if (status < 200 || status >= 300) {
        // Some proxies and frameworks do not route OPTIONS; core tus still works without it.
        qCDebug(lcTus) << "OPTIONS answered HTTP" << status << "- going on without extensions";
        return Q_EMIT found(TusCapabilities());
    }
    const TusCapabilities caps = TusProtocol::capabilitiesFrom(reply);
    if (!caps.versions.isEmpty() && !caps.versions.contains(QLatin1String(TusHttp::Version))) {
        return Q_EMIT failed(TransferError::make(
            TransferError::Kind::BadResponse,
            TrText::of(staticMetaObject, QT_TR_NOOP("The server speaks tus %1, not 1.0.0."))
                .arg(caps.versions.join(QLatin1String(", ")))));
    }
    m_protocol->setCapabilities(m_job.endpoint, caps);
    Q_EMIT found(caps);
}
