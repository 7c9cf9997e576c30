#pragma once

#include "transfer.h"

#include <QHash>
#include <QString>

// The protocol the scheduler talks to when uploads may go to servers of different kinds: it hands
// each call to the protocol registered for the URL's scheme (an endpoint's for transfers and
// probes, an upload URL's for termination: "http"/"https" to tus, "s3" to S3) and passes their
// signals on. A URL of no registered scheme gets a transfer that fails at once, with a sentence.
class ProtocolRouter final : public TransferProtocol {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ProtocolRouter)
public:
    explicit ProtocolRouter(QObject *parent = nullptr);

    // `protocol` (not owned) serves URLs of `scheme` (lower case) from now on.
    void route(const QString &scheme, TransferProtocol *protocol);
    TransferProtocol *protocolFor(const QUrl &url) const;

    std::unique_ptr<Transfer> createTransfer(const TransferJob &job) override;
    void terminate(const QUrl &uploadUrl, const HttpHeaders &headers) override;
    void probe(const QUrl &endpoint, const HttpHeaders &headers) override;
    int abandonedCreationsAwaited() const override;
    std::optional<bool> offersInstantUpload(const QUrl &endpoint) const override;
    void checkServer(const QUrl &endpoint, const HttpHeaders &headers) override;
    void dropConnections() override;

private:
    QHash<QString, TransferProtocol *> m_byScheme;
};
