#include "networkpool.h"

#include "certificatetrust.h"
#include "requestobserver.h"

#include <QNetworkAccessManager>
#include <QNetworkProxy>
#include <QUrl>
#include <QUrlQuery>

NetworkLease::NetworkLease(NetworkPool *pool, QNetworkAccessManager *manager, QString server)
    : m_pool(pool)
    , m_manager(manager)
    , m_server(std::move(server))
{
}

NetworkLease::NetworkLease(NetworkLease &&other) noexcept
    : m_pool(std::exchange(other.m_pool, nullptr).data())
    , m_manager(std::exchange(other.m_manager, nullptr))
    , m_server(std::move(other.m_server))
{
}

NetworkLease &NetworkLease::operator=(NetworkLease &&other) noexcept
{
    if (this != &other) {
        release();
        m_pool = std::exchange(other.m_pool, nullptr).data();
        m_manager = std::exchange(other.m_manager, nullptr);
        m_server = std::move(other.m_server);
    }
    return *this;
}

NetworkLease::~NetworkLease()
{
    release();
}

void NetworkLease::release()
{
    if (m_pool && m_manager)
        m_pool->giveBack(m_manager, m_server);
    m_pool = nullptr;
    m_manager = nullptr;
}

NetworkPool::NetworkPool(QNetworkAccessManager *primary, QObject *parent)
    : QObject(parent)
    , m_observer(new RequestObserver(this))
{
    Q_ASSERT(primary);
    m_managers.append(primary);
    m_observer->watch(primary);
    connect(m_observer, &RequestObserver::requestFinished, this, &NetworkPool::requestFinished);
}

NetworkPool::~NetworkPool() = default; // the extra managers are children

QString NetworkPool::serverOf(const QUrl &url)
{
    // An s3:// target's requests go to its service (core/s3/s3target.h), whatever the bucket.
    if (url.scheme().compare(QLatin1String("s3"), Qt::CaseInsensitive) == 0) {
        const QString service =
            QUrlQuery(url).queryItemValue(QStringLiteral("endpoint"), QUrl::FullyDecoded);
        if (!service.isEmpty())
            return serverOf(QUrl(service));
    }
    const QString scheme = url.scheme().toLower();
    const int port = url.port(scheme == QLatin1String("https") ? 443 : 80);
    return scheme + QLatin1String("://") + url.host().toLower() + QLatin1Char(':')
           + QString::number(port);
}

NetworkLease NetworkPool::lease(const QString &server)
{
    QList<int> &lent = m_lent[server];
    int chosen = -1;
    for (int i = 0; i < m_managers.size() && chosen < 0; ++i) {
        if (lent.value(i) < ConnectionsPerManager)
            chosen = i;
    }
    if (chosen < 0) {
        auto *manager = new QNetworkAccessManager(this);
        manager->setProxy(primary()->proxy());
        manager->setRedirectPolicy(primary()->redirectPolicy());
        manager->setTransferTimeout(primary()->transferTimeout());
        if (m_trust)
            m_trust->watch(manager);
        m_observer->watch(manager);
        chosen = int(m_managers.size());
        m_managers.append(manager);
    }
    if (lent.size() <= chosen)
        lent.resize(chosen + 1, 0);
    ++lent[chosen];
    return NetworkLease(this, m_managers.at(chosen), server);
}

void NetworkPool::setCertificateTrust(CertificateTrust *trust)
{
    m_trust = trust;
    for (QNetworkAccessManager *manager : std::as_const(m_managers))
        trust->watch(manager);
}

void NetworkPool::giveBack(QNetworkAccessManager *manager, const QString &server)
{
    const int index = int(m_managers.indexOf(manager));
    auto it = m_lent.find(server);
    if (index < 0 || it == m_lent.end() || it->value(index) <= 0)
        return;
    --(*it)[index];
}

void NetworkPool::dropConnections()
{
    for (QNetworkAccessManager *manager : std::as_const(m_managers))
        manager->clearConnectionCache();
}
