#pragma once

#include <QObject>
#include <QString>

// Asks the system to suspend or power off the machine. The system's own rules decide (logind,
// polkit): the answer comes back as answered(), empty `error` when it was accepted. Kept
// abstract here so that core/ stays free of D-Bus; ui/Login1Power is the real one.
class PowerControl : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(PowerControl)
public:
    enum class Action { Suspend, PowerOff };
    Q_ENUM(Action)

    using QObject::QObject;
    ~PowerControl() override = default;

    // Never blocks; answered() follows once per request.
    virtual void request(Action action) = 0;

Q_SIGNALS:
    void answered(PowerControl::Action action, const QString &error);
};
