#pragma once

#include <QObject>
#include <QString>

// What the system says of the network under us: whether there is one, whether it changed, and
// whether it is metered. The engine reacts to it (wake waiting uploads at once when the network
// comes back or changes; pause or slow down on a metered link) through this interface, so that
// tests can play a network change without one.
class NetworkStatus : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(NetworkStatus)
public:
    // Unknown: the system cannot tell (no backend); treat as online.
    enum class Reachability { Unknown, Offline, Online };
    Q_ENUM(Reachability)

    using QObject::QObject;
    ~NetworkStatus() override = default;

    virtual Reachability reachability() const = 0;
    virtual bool isMetered() const = 0;
    // The kind of link, for a person: "Ethernet", "WiFi", "Cellular", ... or empty.
    virtual QString transport() const = 0;

Q_SIGNALS:
    void reachabilityChanged(NetworkStatus::Reachability reachability);
    // Another network than before (say, WiFi to Ethernet, or a new address): connections made on
    // the old one may be dead without knowing it.
    void transportChanged(const QString &transport);
    void meteredChanged(bool metered);
};

// The system's view, through QNetworkInformation (NetworkManager over D-Bus on Linux). Without a
// backend it reports Unknown, unmetered, and never changes.
class SystemNetworkStatus final : public NetworkStatus {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SystemNetworkStatus)
public:
    explicit SystemNetworkStatus(QObject *parent = nullptr);
    // Whether a backend answers at all.
    bool available() const { return m_available; }
    Reachability reachability() const override;
    bool isMetered() const override;
    QString transport() const override;

private:
    bool m_available = false;
};

// A network that changes only when told: for tests, and where nothing better is known.
class ManualNetworkStatus final : public NetworkStatus {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ManualNetworkStatus)
public:
    explicit ManualNetworkStatus(QObject *parent = nullptr)
        : NetworkStatus(parent)
    {
    }
    Reachability reachability() const override { return m_reachability; }
    bool isMetered() const override { return m_metered; }
    QString transport() const override { return m_transport; }

    void setReachability(Reachability reachability);
    void setMetered(bool metered);
    void setTransport(const QString &transport);

private:
    Reachability m_reachability = Reachability::Online;
    bool m_metered = false;
    QString m_transport = QStringLiteral("Ethernet");
};
