#pragma once

#include "transfer.h"

#include <QHash>
#include <QStringList>

class QNetworkAccessManager;

// What a tus server said about itself in answer to OPTIONS.
struct TusCapabilities {
    bool known = false;
    QStringList versions;   // Tus-Version
    QStringList extensions; // Tus-Extension
    qint64 maxSize = 0;     // Tus-Max-Size, 0 when not advertised
    QStringList checksumAlgorithms; // Tus-Checksum-Algorithm

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
    void terminate(const QUrl &uploadUrl, const HttpHeaders &headers) override;

    QNetworkAccessManager *network() const { return m_network; }
    // Capabilities learnt for an endpoint (known == false until OPTIONS answered).
    TusCapabilities capabilities(const QUrl &endpoint) const;
    void setCapabilities(const QUrl &endpoint, const TusCapabilities &caps);
    // Which endpoint an upload URL was created at, so termination knows its capabilities.
    void rememberUpload(const QUrl &uploadUrl, const QUrl &endpoint);

private:
    QNetworkAccessManager *m_network;
    QHash<QUrl, TusCapabilities> m_capabilities;
    QHash<QUrl, QUrl> m_uploadEndpoints;
};
