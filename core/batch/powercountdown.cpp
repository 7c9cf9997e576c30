#include "powercountdown.h"

namespace {
constexpr int TickMs = 1000;
} // namespace

PowerCountdown::PowerCountdown(PowerControl *power, QObject *parent)
    : QObject(parent)
    , m_power(power)
{
    m_timer.setInterval(TickMs);
    connect(&m_timer, &QTimer::timeout, this, &PowerCountdown::tick);
    if (m_power)
        connect(m_power, &PowerControl::answered, this, &PowerCountdown::answered);
}

void PowerCountdown::start(PowerControl::Action action, int seconds)
{
    m_action = action;
    m_left = qMax(0, seconds);
    if (m_left == 0) {
        fire();
        return;
    }
    m_timer.start();
    Q_EMIT ticked(m_left);
}

void PowerCountdown::cancel()
{
    if (!m_timer.isActive())
        return;
    m_timer.stop();
    m_left = 0;
    Q_EMIT cancelled();
}

void PowerCountdown::now()
{
    if (m_timer.isActive())
        fire();
}

void PowerCountdown::tick()
{
    if (--m_left > 0) {
        Q_EMIT ticked(m_left);
        return;
    }
    fire();
}

void PowerCountdown::fire()
{
    m_timer.stop();
    m_left = 0;
    Q_EMIT requested(m_action);
    if (m_power)
        m_power->request(m_action);
    else
        Q_EMIT answered(m_action, tr("This system offers no way to do that."));
}

QString PowerCountdown::verb(PowerControl::Action action)
{
    return action == PowerControl::Action::Suspend ? tr("Suspending") : tr("Shutting down");
}
