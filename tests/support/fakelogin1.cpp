#include "fakelogin1.h"

#include <QDBusConnection>
#include <QDBusError>
#include <QDBusMessage>
#include <QElapsedTimer>

namespace {
constexpr int StartTimeoutMs = 10000;
}

PrivateBus::~PrivateBus()
{
    if (m_daemon.state() != QProcess::NotRunning) {
        m_daemon.kill();
        m_daemon.waitForFinished(5000);
    }
}

bool PrivateBus::start()
{
    // --print-address writes the socket's address on stdout once it listens.
    m_daemon.start(QStringLiteral("dbus-daemon"),
                   {QStringLiteral("--session"), QStringLiteral("--nofork"),
                    QStringLiteral("--print-address=1")});
    if (!m_daemon.waitForStarted(StartTimeoutMs)) {
        m_error = QStringLiteral("dbus-daemon did not start: ") + m_daemon.errorString();
        return false;
    }
    QElapsedTimer clock;
    clock.start();
    QByteArray out;
    while (!out.contains('\n') && clock.elapsed() < StartTimeoutMs) {
        if (!m_daemon.waitForReadyRead(StartTimeoutMs))
            break;
        out += m_daemon.readAllStandardOutput();
    }
    m_address = QString::fromUtf8(out.left(out.indexOf('\n'))).trimmed();
    if (m_address.isEmpty()) {
        m_error = QStringLiteral("dbus-daemon gave no address: ")
                  + QString::fromLocal8Bit(m_daemon.readAllStandardError());
        return false;
    }
    return true;
}

FakeLogin1::~FakeLogin1()
{
    if (!m_connectionName.isEmpty())
        QDBusConnection::disconnectFromBus(m_connectionName);
}

bool FakeLogin1::start(const QString &address, QString *error)
{
    m_connectionName = QStringLiteral("fake-login1");
    QDBusConnection bus = QDBusConnection::connectToBus(address, m_connectionName);
    if (!bus.isConnected()) {
        *error = bus.lastError().message();
        return false;
    }
    if (!bus.registerObject(QStringLiteral("/org/freedesktop/login1"), this,
                            QDBusConnection::ExportAllSlots)
        || !bus.registerService(QStringLiteral("org.freedesktop.login1"))) {
        *error = bus.lastError().message();
        return false;
    }
    return true;
}

void FakeLogin1::Suspend(bool interactive, const QDBusMessage &message)
{
    record(QStringLiteral("Suspend"), interactive, message);
}

void FakeLogin1::PowerOff(bool interactive, const QDBusMessage &message)
{
    record(QStringLiteral("PowerOff"), interactive, message);
}

void FakeLogin1::record(const QString &method, bool interactive, const QDBusMessage &message)
{
    m_calls.append({method, interactive});
    if (!m_refusal.isEmpty()) {
        QDBusConnection(m_connectionName)
            .send(message.createErrorReply(QStringLiteral("org.freedesktop.login1.Refused"),
                                           m_refusal));
        message.setDelayedReply(true);
    }
    Q_EMIT called(method);
}
