#pragma once

#include "powercontrol.h"

#include <QObject>
#include <QTimer>

// The delay before Hoist suspends or powers off the machine, during which a person (a dialog's
// Cancel, Ctrl+C in a terminal) can still say no. When it runs out, it asks `power` once; a
// cancelled countdown asks nothing. One countdown at a time: start() again restarts it.
class PowerCountdown final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(PowerCountdown)
public:
    static constexpr int DefaultSeconds = 60;

    explicit PowerCountdown(PowerControl *power, QObject *parent = nullptr);

    void start(PowerControl::Action action, int seconds = DefaultSeconds);
    void cancel();
    // Skips what is left of the wait.
    void now();

    bool isRunning() const { return m_timer.isActive(); }
    int secondsLeft() const { return m_left; }
    PowerControl::Action action() const { return m_action; }

    // "Shutting down", "Suspending": what the countdown leads to, for a label.
    static QString verb(PowerControl::Action action);

Q_SIGNALS:
    void ticked(int secondsLeft);
    void cancelled();
    // The request went out; `error` is empty when the system took it.
    void requested(PowerControl::Action action);
    void answered(PowerControl::Action action, const QString &error);

private:
    void tick();
    void fire();

    PowerControl *m_power;
    QTimer m_timer;
    PowerControl::Action m_action = PowerControl::Action::PowerOff;
    int m_left = 0;
};
