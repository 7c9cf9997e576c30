#pragma once

#include <QHash>
#include <QList>
#include <QObject>
#include <QPointer>
#include <QString>

#include "requestsample.h"

class CertificateTrust;
class RequestObserver;
class QNetworkAccessManager;
class QUrl;
class NetworkPool;

// A network manager lent to one transfer, given back when the lease ends.
class NetworkLease final {
public:
    NetworkLease() = default;
    NetworkLease(NetworkLease &&other) noexcept;
    NetworkLease &operator=(NetworkLease &&other) noexcept;
    ~NetworkLease();
    Q_DISABLE_COPY(NetworkLease)

    QNetworkAccessManager *manager() const { return m_manager; }
    void release();

private:
    friend class NetworkPool;
    NetworkLease(NetworkPool *pool, QNetworkAccessManager *manager, QString server);

    QPointer<NetworkPool> m_pool; // a lease may outlive the pool (a transfer deleted later)
    QNetworkAccessManager *m_manager = nullptr;
    QString m_server;
};

// The network managers transfers send through. Qt's HTTP/1 client opens at most six connections
// to one server per QNetworkAccessManager and queues every further request behind them, so that
// with more than six uploads to one server at once the rest would wait (and a per-server limit
// above six would be a lie). The pool lends each transfer the first manager with fewer than six
// transfers to its server, making another only when all are that busy: six transfers or fewer
// all share the first manager and its warm keep-alive connections. Managers made here live as
// long as the pool.
class NetworkPool final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(NetworkPool)
public:
    // Qt's per-server connection limit for HTTP/1 (QHttpNetworkConnection's channel count).
    static constexpr int ConnectionsPerManager = 6;

    // `primary` is the caller's, used first and for requests outside transfers.
    explicit NetworkPool(QNetworkAccessManager *primary, QObject *parent = nullptr);
    ~NetworkPool() override;

    QNetworkAccessManager *primary() const { return m_managers.first(); }
    // What tells servers apart, for Qt's connections and for per-server limits: scheme, host
    // (in lower case) and port (the scheme's default when none is written); an s3:// target's
    // service.
    static QString serverOf(const QUrl &url);
    // A manager for one more transfer to `server` (a serverOf()).
    NetworkLease lease(const QString &server);
    int managerCount() const { return int(m_managers.size()); }
    // Closes every kept-alive connection of every manager (the network changed under them);
    // requests sent from now on open new ones.
    void dropConnections();
    // Every manager, the primary and those made later, has its SSL errors decided by `trust`.
    void setCertificateTrust(CertificateTrust *trust);

Q_SIGNALS:
    // A request through any of the managers ended (RequestObserver).
    void requestFinished(const RequestSample &sample);

private:
    friend class NetworkLease;
    void giveBack(QNetworkAccessManager *manager, const QString &server);

    QList<QNetworkAccessManager *> m_managers;
    QPointer<CertificateTrust> m_trust;
    RequestObserver *m_observer;
    // Per server, transfers lent each manager (by index into m_managers).
    QHash<QString, QList<int>> m_lent;
};
