#pragma once

#include "powercontrol.h"

#include <QString>

// Suspend and power off through systemd-logind (org.freedesktop.login1.Manager's Suspend and
// PowerOff on the system bus, interactive, so that polkit may ask the person when its rules say
// so). Asynchronous: answered() carries logind's refusal, if any.
class Login1Power final : public PowerControl {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(Login1Power)
public:
    // `busAddress`: the bus to ask on; empty for the system bus (tests give a private one).
    explicit Login1Power(const QString &busAddress = QString(), QObject *parent = nullptr);
    ~Login1Power() override;

    void request(Action action) override;

private:
    QString m_busAddress;
    QString m_connectionName;
};
