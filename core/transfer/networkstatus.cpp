#include "networkstatus.h"

#include <QLoggingCategory>
#include <QNetworkInformation>

Q_LOGGING_CATEGORY(lcNetworkStatus, "hoist.network")

namespace {

NetworkStatus::Reachability fromQt(QNetworkInformation::Reachability reachability)
{
    switch (reachability) {
    case QNetworkInformation::Reachability::Disconnected:
        return NetworkStatus::Reachability::Offline;
    case QNetworkInformation::Reachability::Local:
    case QNetworkInformation::Reachability::Site:
    case QNetworkInformation::Reachability::Online:
        // A server may well be on the local network: any link counts.
        return NetworkStatus::Reachability::Online;
    case QNetworkInformation::Reachability::Unknown:
        break;
    }
    return NetworkStatus::Reachability::Unknown;
}

QString transportName(QNetworkInformation::TransportMedium medium)
{
    switch (medium) {
    case QNetworkInformation::TransportMedium::Ethernet:
        return QStringLiteral("Ethernet");
    case QNetworkInformation::TransportMedium::Cellular:
        return QStringLiteral("Cellular");
    case QNetworkInformation::TransportMedium::WiFi:
        return QStringLiteral("WiFi");
    case QNetworkInformation::TransportMedium::Bluetooth:
        return QStringLiteral("Bluetooth");
    case QNetworkInformation::TransportMedium::Unknown:
        break;
    }
    return QString();
}

} // namespace

SystemNetworkStatus::SystemNetworkStatus(QObject *parent)
    : NetworkStatus(parent)
{
    m_available = QNetworkInformation::loadDefaultBackend();
    QNetworkInformation *info = QNetworkInformation::instance();
    if (!m_available || !info) {
        m_available = false;
        qCInfo(lcNetworkStatus) << "no network information backend; assuming online, unmetered";
        return;
    }
    connect(info, &QNetworkInformation::reachabilityChanged, this,
            [this](QNetworkInformation::Reachability r) { Q_EMIT reachabilityChanged(fromQt(r)); });
    connect(info, &QNetworkInformation::transportMediumChanged, this,
            [this](QNetworkInformation::TransportMedium m) {
                Q_EMIT transportChanged(transportName(m));
            });
    connect(info, &QNetworkInformation::isMeteredChanged, this, &NetworkStatus::meteredChanged);
}

NetworkStatus::Reachability SystemNetworkStatus::reachability() const
{
    const QNetworkInformation *info = m_available ? QNetworkInformation::instance() : nullptr;
    return info ? fromQt(info->reachability()) : Reachability::Unknown;
}

bool SystemNetworkStatus::isMetered() const
{
    const QNetworkInformation *info = m_available ? QNetworkInformation::instance() : nullptr;
    return info && info->supports(QNetworkInformation::Feature::Metered) && info->isMetered();
}

QString SystemNetworkStatus::transport() const
{
    const QNetworkInformation *info = m_available ? QNetworkInformation::instance() : nullptr;
    return info ? transportName(info->transportMedium()) : QString();
}

void ManualNetworkStatus::setReachability(Reachability reachability)
{
    if (m_reachability == reachability)
        return;
    m_reachability = reachability;
    Q_EMIT reachabilityChanged(reachability);
}

void ManualNetworkStatus::setMetered(bool metered)
{
    if (m_metered == metered)
        return;
    m_metered = metered;
    Q_EMIT meteredChanged(metered);
}

void ManualNetworkStatus::setTransport(const QString &transport)
{
    if (m_transport == transport)
        return;
    m_transport = transport;
    Q_EMIT transportChanged(transport);
}
