// TusProtocol's discovery for the scheduler: one OPTIONS per endpoint before any transfer, so it
// can decide whether hashing a file first is worth it (instant upload, server/INSTANT-UPLOAD.md).
#include "tusprotocol.h"

#include "instantwire.h"
#include "tushttp.h"

#include <QNetworkAccessManager>
#include <QNetworkReply>

namespace {
// A server that takes longer than this to say what it offers is treated as offering nothing
// more; the upload then goes ahead without hashing and reports its own errors.
constexpr int ProbeTimeoutMs = 15000;

// As TusProtocol keys its capabilities: with or without a fragment, the same server.
QUrl probeKey(const QUrl &endpoint) {
    return endpoint.adjusted(QUrl::RemoveFragment | QUrl::NormalizePathSegments);
}
} // namespace

void TusProtocol::probe(const QUrl &endpoint, const HttpHeaders &headers) {
    const QUrl key = probeKey(endpoint);
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
        const bool usable = caps.known && (caps.versions.isEmpty() ||
                                           caps.versions.contains(QLatin1String(TusHttp::Version)));
        if (usable && !capabilities(endpoint).known)
            setCapabilities(endpoint, caps);
        else if (!usable)
            m_probeFailed.insert(key);
        qCDebug(lcTus) << "probe" << endpoint << "HTTP" << status << "instant upload"
                       << caps.instantUpload;
        Q_EMIT probed(endpoint);
    });
}

std::optional<bool> TusProtocol::offersInstantUpload(const QUrl &endpoint) const {
    const TusCapabilities caps = capabilities(endpoint);
    if (caps.known)
        return caps.instantUpload.contains(QLatin1String(InstantWire::Algorithm),
                                           Qt::CaseInsensitive);
    if (m_probeFailed.contains(probeKey(endpoint)))
        return false;
    return std::nullopt;
}
