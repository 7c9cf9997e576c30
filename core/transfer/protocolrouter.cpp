#include "protocolrouter.h"

#include <QCoreApplication>

#include <QSet>
#include <QTimer>
#include <algorithm>

namespace {

// Fails on start(), once, as a transfer to a server nobody speaks to would.
class UnroutableTransfer final : public Transfer {
public:
    explicit UnroutableTransfer(QUrl endpoint)
        : m_endpoint(std::move(endpoint))
    {
    }

    void start() override
    {
        QTimer::singleShot(0, this, [this] {
            if (m_aborted)
                return;
            Q_EMIT failed(
                TransferError::make(TransferError::Kind::InvalidUrl,
                                    QCoreApplication::translate(
                                        "ProtocolRouter", "Hoist cannot upload to \"%1\" addresses")
                                        .arg(m_endpoint.scheme())));
        });
    }
    void abort() override { m_aborted = true; }
    void continueAfterCreated() override {}

private:
    QUrl m_endpoint;
    bool m_aborted = false;
};

} // namespace

ProtocolRouter::ProtocolRouter(QObject *parent)
    : TransferProtocol(parent)
{
}

void ProtocolRouter::route(const QString &scheme, TransferProtocol *protocol)
{
    const bool known =
        std::find(m_byScheme.cbegin(), m_byScheme.cend(), protocol) != m_byScheme.cend();
    m_byScheme.insert(scheme.toLower(), protocol);
    if (known)
        return; // one protocol for several schemes passes each signal on once
    connect(protocol, &TransferProtocol::terminated, this, &TransferProtocol::terminated);
    connect(protocol, &TransferProtocol::probed, this, &TransferProtocol::probed);
    connect(protocol, &TransferProtocol::serverChecked, this, &TransferProtocol::serverChecked);
    connect(protocol, &TransferProtocol::abandonedCreationAnswered, this,
            &TransferProtocol::abandonedCreationAnswered);
    connect(protocol, &TransferProtocol::requestFinished, this, &TransferProtocol::requestFinished);
}

TransferProtocol *ProtocolRouter::protocolFor(const QUrl &url) const
{
    return m_byScheme.value(url.scheme().toLower());
}

std::unique_ptr<Transfer> ProtocolRouter::createTransfer(const TransferJob &job)
{
    if (TransferProtocol *protocol = protocolFor(job.endpoint))
        return protocol->createTransfer(job);
    return std::make_unique<UnroutableTransfer>(job.endpoint);
}

void ProtocolRouter::terminate(const QUrl &uploadUrl, const HttpHeaders &headers)
{
    if (TransferProtocol *protocol = protocolFor(uploadUrl)) {
        protocol->terminate(uploadUrl, headers);
        return;
    }
    QTimer::singleShot(0, this, [this, uploadUrl] { Q_EMIT terminated(uploadUrl, false); });
}

void ProtocolRouter::probe(const QUrl &endpoint, const HttpHeaders &headers)
{
    if (TransferProtocol *protocol = protocolFor(endpoint))
        protocol->probe(endpoint, headers);
    else
        TransferProtocol::probe(endpoint, headers);
}

int ProtocolRouter::abandonedCreationsAwaited() const
{
    const QList<TransferProtocol *> all = m_byScheme.values();
    const QSet<TransferProtocol *> distinct(all.cbegin(), all.cend());
    int awaited = 0;
    for (const TransferProtocol *protocol : distinct)
        awaited += protocol->abandonedCreationsAwaited();
    return awaited;
}

std::optional<bool> ProtocolRouter::offersInstantUpload(const QUrl &endpoint) const
{
    if (const TransferProtocol *protocol = protocolFor(endpoint))
        return protocol->offersInstantUpload(endpoint);
    return false;
}

void ProtocolRouter::checkServer(const QUrl &endpoint, const HttpHeaders &headers)
{
    if (TransferProtocol *protocol = protocolFor(endpoint))
        protocol->checkServer(endpoint, headers);
    else
        TransferProtocol::checkServer(endpoint, headers);
}

void ProtocolRouter::dropConnections()
{
    const QList<TransferProtocol *> all = m_byScheme.values();
    const QSet<TransferProtocol *> distinct(all.cbegin(), all.cend());
    for (TransferProtocol *protocol : distinct)
        protocol->dropConnections();
}
