#pragma once

#include "networkpool.h"
#include "transfer.h"

#include <QHash>
#include <QSet>
#include <QStringList>

#include <deque>

class QNetworkAccessManager;
class QNetworkReply;

// What a tus server said about itself in answer to OPTIONS.
struct TusCapabilities {
    bool known = false;
    QStringList versions;           // Tus-Version
    QStringList extensions;         // Tus-Extension
    qint64 maxSize = 0;             // Tus-Max-Size, 0 when not advertised
    QStringList checksumAlgorithms; // Tus-Checksum-Algorithm
    QStringList instantUpload;      // Hoist-Instant-Upload: content hashes for instant upload
    QStringList contentHash; // Hoist-Content-Hash: whole-content hashes it reports (VerifyWire)

    bool has(const QString &extension) const { return extensions.contains(extension); }
};

// tus 1.0 (https://tus.io/protocols/resumable-upload): discovery, creation,
// creation-with-upload, core PATCH/HEAD, termination and checksum.
// Discovery is done once per endpoint and shared by all transfers to it.
class TusProtocol final : public TransferProtocol {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TusProtocol)
public:
    explicit TusProtocol(QNetworkAccessManager *network, QObject *parent = nullptr);

    std::unique_ptr<Transfer> createTransfer(const TransferJob &job) override;
    // One DELETE per upload at a time: asked again while one is on its way, it reports that one.
    void terminate(const QUrl &uploadUrl, const HttpHeaders &headers) override;
    // One OPTIONS per endpoint, shared with the transfers (tusprotocolprobe.cpp).
    void probe(const QUrl &endpoint, const HttpHeaders &headers) override;
    std::optional<bool> offersInstantUpload(const QUrl &endpoint) const override;
    // One OPTIONS to the endpoint, every time (tusservercheck.cpp).
    void checkServer(const QUrl &endpoint, const HttpHeaders &headers) override;
    void dropConnections() override { m_pool.dropConnections(); }

    // The caller's manager: for requests outside transfers (discovery, termination).
    QNetworkAccessManager *network() const { return m_network; }
    // A manager for one transfer's requests to `url`'s server (see NetworkPool).
    NetworkLease lease(const QUrl &url) { return m_pool.lease(NetworkPool::serverOf(url)); }
    // HTTPS certificates are judged by `trust` on every manager it sends through.
    void setCertificateTrust(CertificateTrust *trust) { m_pool.setCertificateTrust(trust); }
    // Capabilities learnt for an endpoint (known == false until OPTIONS answered).
    TusCapabilities capabilities(const QUrl &endpoint) const;
    void setCapabilities(const QUrl &endpoint, const TusCapabilities &caps);
    // What a 2xx answer to OPTIONS says.
    static TusCapabilities capabilitiesFrom(const QNetworkReply *reply);
    // Which endpoint an upload URL was created at, so termination knows its capabilities.
    void rememberUpload(const QUrl &uploadUrl, const QUrl &endpoint);
    // Takes over the creation request of an aborted transfer and awaits its answer (bounded),
    // which abandonedCreationAnswered() reports.
    void awaitAbandoned(QNetworkReply *reply, const AbandonedUpload &upload);
    int abandonedCreationsAwaited() const override { return m_awaited; }

private:
    void sendDeletes();

    QNetworkAccessManager *m_network;
    NetworkPool m_pool;
    QHash<QUrl, TusCapabilities> m_capabilities;
    QHash<QUrl, QUrl> m_uploadEndpoints;
    QSet<QUrl> m_probing;     // endpoints whose OPTIONS is on its way
    QSet<QUrl> m_probeFailed; // endpoints that did not answer OPTIONS with 2xx and tus 1.0
    QSet<QUrl> m_terminating; // uploads whose DELETE is on its way or queued
    // DELETEs not sent yet: at most MaxTerminating go at once, so that cancelling 100,000 uploads
    // costs a queue entry each, not 100,000 requests made on the spot.
    struct PendingDelete {
        QUrl uploadUrl;
        HttpHeaders headers;
    };
    std::deque<PendingDelete> m_deleteQueue;
    int m_deletesInFlight = 0;
    int m_awaited = 0; // awaitAbandoned() replies not answered yet
};
