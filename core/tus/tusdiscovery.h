#pragma once

#include "transfer.h"
#include "tusprotocol.h"

#include <QObject>

#include <functional>

class QNetworkAccessManager;
class QNetworkReply;
class TusRequestWatch;

// What the endpoint of one tus transfer supports: from the protocol's one OPTIONS per endpoint,
// shared by all transfers to it (a folder of small files starting at once asks once, not once
// per file); when that could not find out, an OPTIONS of its own, which says why. A server that
// does not route OPTIONS is taken as core tus without extensions.
class TusDiscovery final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TusDiscovery)
public:
    TusDiscovery(TusProtocol *protocol, const TransferJob &job, QObject *parent = nullptr);
    ~TusDiscovery() override;

    // Asks; its own OPTIONS, if needed, goes through `network()`. Never emits before returning.
    void start(std::function<QNetworkAccessManager *()> network);
    // Nothing is emitted after.
    void cancel();

Q_SIGNALS:
    void found(const TusCapabilities &caps);
    void failed(const TransferError &error);
    // Its own OPTIONS got no answer for the stall timeout (TusRequestWatch::stalled).
    void stalled(const TransferError &error);

private:
    void discoverAlone();
    void onFinished(QNetworkReply *reply);

    TusProtocol *m_protocol;
    TransferJob m_job;
    std::function<QNetworkAccessManager *()> m_network;
    TusRequestWatch *m_watch;         // a child: the OPTIONS of its own
    QMetaObject::Connection m_probed; // waiting for the protocol's probe
};
