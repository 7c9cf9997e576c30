#pragma once

#include <QDBusMessage>
#include <QList>
#include <QObject>
#include <QProcess>
#include <QString>

// A bus of the test's own: `dbus-daemon --session` on a private socket, stopped with the object.
// Nothing of the machine's buses is touched.
class PrivateBus final {
    Q_DISABLE_COPY_MOVE(PrivateBus)
public:
    PrivateBus() = default;
    ~PrivateBus();

    // False with the reason in errorString().
    bool start();
    QString address() const { return m_address; }
    QString errorString() const { return m_error; }

private:
    QProcess m_daemon;
    QString m_address;
    QString m_error;
};

// systemd-logind as far as Hoist uses it: org.freedesktop.login1 at /org/freedesktop/login1,
// interface org.freedesktop.login1.Manager, methods Suspend(b) and PowerOff(b). It records each
// call (with its `interactive` argument) and answers, or refuses with an error when told to.
class FakeLogin1 final : public QObject {
    Q_OBJECT
    Q_CLASSINFO("D-Bus Interface", "org.freedesktop.login1.Manager")
    Q_DISABLE_COPY_MOVE(FakeLogin1)
public:
    struct Call {
        QString method;
        bool interactive = false;
    };

    FakeLogin1() = default;
    ~FakeLogin1() override;

    // Owns the name on the bus at `address` through a connection of its own.
    bool start(const QString &address, QString *error);
    // Calls answer with this D-Bus error from now on (empty: they succeed).
    void setRefusal(const QString &message) { m_refusal = message; }

    QList<Call> calls() const { return m_calls; }

public Q_SLOTS:
    void Suspend(bool interactive, const QDBusMessage &message);
    void PowerOff(bool interactive, const QDBusMessage &message);

Q_SIGNALS:
    void called(const QString &method);

private:
    void record(const QString &method, bool interactive, const QDBusMessage &message);

    QString m_connectionName;
    QString m_refusal;
    QList<Call> m_calls;
};
