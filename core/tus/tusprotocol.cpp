#include "tusprotocol.h"

#include "endpointcheck.h"
#include "verifywire.h"

#include "instantwire.h"
#include "tushttp.h"
#include "tusparalleltransfer.h"
#include "tustransfer.h"
#include "tuswire.h"

#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QTimer>

namespace {
// Termination is one small request; a server that takes longer than this is not answering.
constexpr int TerminateTimeoutMs = 30000;
// DELETEs in flight at once (the rest wait in a queue): a few connections' worth.
constexpr int MaxTerminating = 8;
// A server that takes longer than this to say what it offers is treated as offering nothing
// more; the upload then goes ahead without hashing and reports its own errors.
constexpr int ProbeTimeoutMs = 15000;

QStringList headerList(const QByteArray &value)
{
    QStringList items;
    for (const QByteArray &item : value.split(',')) {
        const QString trimmed = QString::fromLatin1(item.trimmed());
        if (!trimmed.isEmpty())
            items << trimmed;
    }
    return items;
}

// The same endpoint written with or without a fragment is the same server.
QUrl endpointKey(const QUrl &endpoint)
{
    return endpoint.adjusted(QUrl::RemoveFragment | QUrl::NormalizePathSegments);
}
// Long enough for a loaded server to answer one small request, short enough that an outage's
// end is not missed by much when the probe's packets vanish.
constexpr int ServerCheckDeadlineMs = 10000;

// A gateway's "the server behind me is not there" is the outage still going on.
bool gatewayWithoutServer(int status)
{
    return status == 502 || status == 503 || status == 504;
}
} // namespace

TusProtocol::TusProtocol(QNetworkAccessManager *network, QObject *parent)
    : TransferProtocol(parent)
    , m_network(network)
    , m_pool(network)
{
    connect(&m_pool, &NetworkPool::requestFinished, this, &TransferProtocol::requestFinished);
}

std::unique_ptr<Transfer> TusProtocol::createTransfer(const TransferJob &job)
{
    // An upload begun as one stream goes on as one; one begun as parts goes on as parts.
    if (!job.parts.isEmpty() || (job.uploadUrl.isEmpty() && job.maxStreams > 1))
        return std::make_unique<TusParallelTransfer>(this, job);
    return std::make_unique<TusTransfer>(this, job);
}

TusCapabilities TusProtocol::capabilitiesFrom(const QNetworkReply *reply)
{
    TusCapabilities caps;
    caps.known = true;
    caps.versions = headerList(reply->rawHeader("Tus-Version"));
    caps.extensions = headerList(reply->rawHeader("Tus-Extension"));
    caps.checksumAlgorithms = headerList(reply->rawHeader("Tus-Checksum-Algorithm"));
    caps.maxSize = TusWire::parseUnsigned(reply->rawHeader("Tus-Max-Size")).value_or(0);
    caps.instantUpload = headerList(reply->rawHeader("Hoist-Instant-Upload"));
    caps.contentHash = headerList(reply->rawHeader(VerifyWire::OfferHeader));
    return caps;
}

TusCapabilities TusProtocol::capabilities(const QUrl &endpoint) const
{
    return m_capabilities.value(endpointKey(endpoint));
}

void TusProtocol::setCapabilities(const QUrl &endpoint, const TusCapabilities &caps)
{
    m_capabilities.insert(endpointKey(endpoint), caps);
}

void TusProtocol::rememberUpload(const QUrl &uploadUrl, const QUrl &endpoint)
{
    m_uploadEndpoints.insert(uploadUrl, endpointKey(endpoint));
}

void TusProtocol::terminate(const QUrl &uploadUrl, const HttpHeaders &headers)
{
    const auto report = [this, uploadUrl](bool deleted) {
        // Always later, never from inside terminate(): the caller may be mid-update.
        QTimer::singleShot(0, this,
                           [this, uploadUrl, deleted] { Q_EMIT terminated(uploadUrl, deleted); });
    };
    if (!TusHttp::urlProblem(uploadUrl).isEmpty()) {
        report(false);
        return;
    }
    // Unknown capabilities (an upload from an earlier run): try anyway, the server will say no.
    // (A QUrl's hash costs its whole text: asked only where there is something to find.)
    const auto endpoint = m_uploadEndpoints.isEmpty() ? m_uploadEndpoints.constEnd()
                                                      : m_uploadEndpoints.constFind(uploadUrl);
    if (endpoint != m_uploadEndpoints.constEnd()) {
        const TusCapabilities caps = capabilities(*endpoint);
        if (caps.known && !caps.has(QStringLiteral("termination"))) {
            qCDebug(lcTus) << "terminate: server does not offer termination" << uploadUrl;
            report(false);
            return;
        }
    }
    const qsizetype before = m_terminating.size();
    m_terminating.insert(uploadUrl);
    if (m_terminating.size() == before)
        return; // on its way already: its answer reports for this call too
    m_deleteQueue.push_back({uploadUrl, headers});
    sendDeletes();
}

void TusProtocol::sendDeletes()
{
    while (m_deletesInFlight < MaxTerminating && !m_deleteQueue.empty()) {
        const PendingDelete next = std::move(m_deleteQueue.front());
        m_deleteQueue.pop_front();
        const QUrl uploadUrl = next.uploadUrl;
        ++m_deletesInFlight;
        QNetworkRequest request = TusHttp::makeRequest(uploadUrl, next.headers);
        request.setTransferTimeout(TerminateTimeoutMs);
        QNetworkReply *reply = m_network->sendCustomRequest(request, QByteArrayLiteral("DELETE"));
        connect(reply, &QNetworkReply::finished, this, [this, reply, uploadUrl] {
            reply->deleteLater();
            --m_deletesInFlight;
            m_terminating.remove(uploadUrl);
            // The next one goes from the event loop, never from inside this answer.
            if (!m_deleteQueue.empty())
                QTimer::singleShot(0, this, &TusProtocol::sendDeletes);
            const int status = TusHttp::httpStatus(reply);
            // 404/410: nothing is left on the server either, which is what termination is for.
            const bool deleted = status == 204 || status == 200 || status == 404 || status == 410;
            qCDebug(lcTus) << "terminate" << uploadUrl << "HTTP" << status << reply->error();
            m_uploadEndpoints.remove(uploadUrl);
            Q_EMIT terminated(uploadUrl, deleted);
        });
    }
}

void TusProtocol::awaitAbandoned(QNetworkReply *reply, const AbandonedUpload &upload)
{
    // As long as a termination is given: a server that takes longer is not answering.
    auto *deadline = new QTimer(reply);
    deadline->setSingleShot(true);
    connect(deadline, &QTimer::timeout, reply, &QNetworkReply::abort);
    deadline->start(TerminateTimeoutMs);
    ++m_awaited;
    const auto answered = [this, reply, upload] {
        reply->deleteLater();
        --m_awaited;
        const int status = TusHttp::httpStatus(reply);
        const QByteArray location = reply->rawHeader("Location").trimmed();
        const QUrl url = upload.endpoint.resolved(QUrl::fromEncoded(location));
        AbandonedUpload answer = upload;
        if (status >= 200 && status < 300 && !location.isEmpty()
            && TusHttp::urlProblem(url).isEmpty()) {
            qCDebug(lcTus) << "an abandoned creation made" << url;
            rememberUpload(url, upload.endpoint);
            answer.url = url;
        } else {
            qCDebug(lcTus) << "an abandoned creation made nothing: HTTP" << status
                           << reply->error();
        }
        Q_EMIT abandonedCreationAnswered(answer);
    };
    if (reply->isFinished())
        QMetaObject::invokeMethod(this, answered, Qt::QueuedConnection);
    else
        connect(reply, &QNetworkReply::finished, this, answered);
}

// Discovery shared by every transfer to an endpoint, and by the scheduler deciding whether hashing
// a file first is worth it (instant upload, server/INSTANT-UPLOAD.md).
void TusProtocol::probe(const QUrl &endpoint, const HttpHeaders &headers)
{
    const QUrl key = endpointKey(endpoint);
    if (capabilities(endpoint).known || m_probeFailed.contains(key)) {
        QMetaObject::invokeMethod(
            this, [this, endpoint] { Q_EMIT probed(endpoint); }, Qt::QueuedConnection);
        return;
    }
    if (m_probing.contains(key))
        return; // its answer will report for every task waiting on it
    if (!TusHttp::urlProblem(endpoint).isEmpty()) {
        m_probeFailed.insert(key);
        QMetaObject::invokeMethod(
            this, [this, endpoint] { Q_EMIT probed(endpoint); }, Qt::QueuedConnection);
        return;
    }
    m_probing.insert(key);
    qCDebug(lcTus) << "OPTIONS (probe)" << endpoint;
    QNetworkRequest request = TusHttp::makeRequest(endpoint, headers);
    request.setTransferTimeout(ProbeTimeoutMs);
    QNetworkReply *reply = m_network->sendCustomRequest(request, QByteArrayLiteral("OPTIONS"));
    connect(reply, &QNetworkReply::finished, this, [this, reply, endpoint, key] {
        reply->deleteLater();
        m_probing.remove(key);
        const int status = TusHttp::httpStatus(reply);
        const TusCapabilities caps =
            status >= 200 && status < 300 ? capabilitiesFrom(reply) : TusCapabilities();
        // Only what a transfer would accept is kept: anything else it finds out (and reports)
        // through its own OPTIONS.
        const bool usable =
            caps.known
            && (caps.versions.isEmpty() || caps.versions.contains(QLatin1String(TusHttp::Version)));
        if (usable && !capabilities(endpoint).known)
            setCapabilities(endpoint, caps);
        else if (!usable)
            m_probeFailed.insert(key);
        qCDebug(lcTus) << "probe" << endpoint << "HTTP" << status << "instant upload"
                       << caps.instantUpload;
        Q_EMIT probed(endpoint);
    });
}

std::optional<bool> TusProtocol::offersInstantUpload(const QUrl &endpoint) const
{
    const TusCapabilities caps = capabilities(endpoint);
    if (caps.known)
        return caps.instantUpload.contains(QLatin1String(InstantWire::Algorithm),
                                           Qt::CaseInsensitive);
    if (m_probeFailed.contains(endpointKey(endpoint)))
        return false;
    return std::nullopt;
}

// Whether a tus server answers again after an outage.
void TusProtocol::checkServer(const QUrl &endpoint, const HttpHeaders &headers)
{
    auto *check = new EndpointCheck(network(), this);
    check->setDeadline(ServerCheckDeadlineMs);
    connect(check, &EndpointCheck::finished, this,
            [this, check, endpoint](const EndpointCheck::Result &result) {
                check->deleteLater();
                // Any answer but a gateway's says the server is there: an OPTIONS refused (401,
                // 404) is the upload's to report, not the outage's.
                TransferError error;
                if (result.httpStatus == 0 || gatewayWithoutServer(result.httpStatus))
                    error = TransferError::make(TransferError::Kind::Network, result.summary,
                                                result.httpStatus);
                Q_EMIT serverChecked(endpoint, error);
            });
    if (!check->check(endpoint, headers)) {
        check->deleteLater();
        TransferProtocol::checkServer(endpoint, headers); // nothing to ask: not ours to judge
    }
}
