#include "transfergovernor.h"

#include "clock.h"
#include "networkstatus.h"
#include "uploadscheduler.h"

#include <QLoggingCategory>

Q_LOGGING_CATEGORY(lcGovernor, "hoist.governor", QtWarningMsg)

TransferGovernor::TransferGovernor(UploadScheduler *scheduler, Clock *clock, NetworkStatus *network,
                                   QObject *parent)
    : QObject(parent)
    , m_scheduler(scheduler)
    , m_clock(clock)
    , m_network(network)
{
    Q_ASSERT(scheduler && clock);
    m_timer.setSingleShot(true);
    m_timer.setTimerType(Qt::CoarseTimer);
    connect(&m_timer, &QTimer::timeout, this, &TransferGovernor::update);
    connect(m_clock, &Clock::jumped, this, &TransferGovernor::update);
    if (m_network)
        connect(m_network, &NetworkStatus::meteredChanged, this,
                &TransferGovernor::onMeteredChanged);
    update();
}

TransferGovernor::~TransferGovernor()
{
    // The scheduler may outlive us: it must not stay held by a rule nobody can lift.
    m_scheduler->setSuspended(false, QString());
    m_scheduler->setRateCap(0);
}

qint64 TransferGovernor::now() const
{
    return m_clock->wallMs();
}

void TransferGovernor::setSchedule(const TransferSchedule &schedule)
{
    m_schedule = schedule;
    update();
}

void TransferGovernor::setMeteredPolicy(const MeteredPolicy &policy)
{
    m_metered = policy;
    update();
}

void TransferGovernor::setTimeZone(const QTimeZone &zone)
{
    m_zone = zone;
    update();
}

void TransferGovernor::overrideFor(qint64 ms)
{
    m_override.untilMs = now() + qMax<qint64>(1, ms);
    update();
}

void TransferGovernor::overrideUntilRuleEnds()
{
    const TransferSchedule::InForce slot = m_schedule.at(now(), m_zone);
    const bool scheduleHolds = slot.mode.kind != ScheduleMode::Kind::Full && slot.untilMs > 0;
    m_override.untilMs = scheduleHolds ? slot.untilMs : -1;
    update();
}

void TransferGovernor::restoreOverride(qint64 untilMs)
{
    if (untilMs <= now())
        return;
    m_override.untilMs = untilMs;
    update();
}

void TransferGovernor::cancelOverride()
{
    m_override = {};
    update();
}

void TransferGovernor::onMeteredChanged()
{
    // An override "until the link changes" ends with the change.
    if (m_override.untilMs == -1)
        m_override = {};
    update();
}

void TransferGovernor::update()
{
    const qint64 t = now();
    if (m_override.untilMs > 0 && m_override.untilMs <= t)
        m_override = {};
    const bool metered = m_network && m_network->isMetered();
    const GovernorState next = GovernorState::decide(m_schedule, m_schedule.at(t, m_zone), metered,
                                                     m_metered, m_override, t);
    const bool changed = !m_applied || next != m_state;
    m_state = next;
    m_applied = true;
    if (changed) {
        qCInfo(lcGovernor) << "in force:" << m_state.describe(t);
        m_scheduler->setRateCap(m_state.rate);
        m_scheduler->setSuspended(m_state.paused, m_state.paused ? m_state.note(t) : QString());
    }
    arm();
    if (changed)
        Q_EMIT stateChanged(m_state);
}

void TransferGovernor::arm()
{
    const qint64 t = now();
    qint64 next = m_state.untilMs > t ? m_state.untilMs : 0;
    if (m_override.untilMs > t && (next == 0 || m_override.untilMs < next))
        next = m_override.untilMs;
    // Nothing ahead: nothing to wake for (a new schedule or a network change calls update()).
    if (next == 0 && m_schedule.isEmpty()) {
        m_timer.stop();
        return;
    }
    const qint64 wait = next > 0 ? qMin(next - t, RecheckMs) : RecheckMs;
    m_timer.start(int(qMax<qint64>(0, wait)));
}
