#include "login1power.h"

#include <QDBusConnection>
#include <QDBusError>
#include <QDBusMessage>
#include <QDBusPendingCallWatcher>
#include <QDBusPendingReply>

#include <atomic>

namespace {
const QString Service = QStringLiteral("org.freedesktop.login1");
const QString Path = QStringLiteral("/org/freedesktop/login1");
const QString Interface = QStringLiteral("org.freedesktop.login1.Manager");
constexpr int CallTimeoutMs = 120000; // polkit may be asking the person meanwhile

std::atomic<int> nextConnection{0};
} // namespace

Login1Power::Login1Power(const QString &busAddress, QObject *parent)
    : PowerControl(parent)
    , m_busAddress(busAddress)
{
    if (!m_busAddress.isEmpty())
        m_connectionName = QStringLiteral("hoist-login1-%1").arg(nextConnection++);
}

Login1Power::~Login1Power()
{
    if (!m_connectionName.isEmpty())
        QDBusConnection::disconnectFromBus(m_connectionName);
}

void Login1Power::request(Action action)
{
    QDBusConnection bus = m_busAddress.isEmpty()
                              ? QDBusConnection::systemBus()
                              : QDBusConnection::connectToBus(m_busAddress, m_connectionName);
    if (!bus.isConnected()) {
        const QString why = bus.lastError().message();
        QMetaObject::invokeMethod(
            this,
            [this, action, why] {
                Q_EMIT answered(action, tr("The system bus is not reachable: %1").arg(why));
            },
            Qt::QueuedConnection);
        return;
    }
    QDBusMessage call = QDBusMessage::createMethodCall(
        Service, Path, Interface,
        action == Action::Suspend ? QStringLiteral("Suspend") : QStringLiteral("PowerOff"));
    call << true; // interactive
    auto *watcher = new QDBusPendingCallWatcher(bus.asyncCall(call, CallTimeoutMs), this);
    connect(watcher, &QDBusPendingCallWatcher::finished, this,
            [this, action](QDBusPendingCallWatcher *done) {
                done->deleteLater();
                const QDBusPendingReply<> reply = *done;
                Q_EMIT answered(action, reply.isError() ? reply.error().message() : QString());
            });
}
