#pragma once

#include "governorstate.h"
#include "transferschedule.h"

#include <QObject>
#include <QTimeZone>
#include <QTimer>

class Clock;
class NetworkStatus;
class UploadScheduler;

// Tells the scheduler how hard it may push, from the weekly schedule, the metered state of the
// network and the person's one-click override: a cap on the rate of all uploads
// (UploadScheduler::setRateCap; the person's own limit stays theirs and the stricter of the two
// holds) and, for "paused", a hold on the whole scheduler (UploadScheduler::setSuspended).
// It acts on changes only: one timer armed for the next boundary (of the schedule or the
// override), the network's meteredChanged, and the clock's jumped(). The timer never sleeps
// longer than RecheckMs, so that a wall clock set by hand or a machine waking from sleep is
// noticed within a minute, at the cost of one look a minute.
class TransferGovernor final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TransferGovernor)
public:
    static constexpr qint64 RecheckMs = 60 * 1000;

    // `network` may be null (no metered rule then). All must outlive the governor.
    TransferGovernor(UploadScheduler *scheduler, Clock *clock, NetworkStatus *network,
                     QObject *parent = nullptr);
    ~TransferGovernor() override;

    void setSchedule(const TransferSchedule &schedule);
    const TransferSchedule &schedule() const { return m_schedule; }
    void setMeteredPolicy(const MeteredPolicy &policy);
    MeteredPolicy meteredPolicy() const { return m_metered; }
    // Evaluates the schedule in this zone (tests; the system's by default).
    void setTimeZone(const QTimeZone &zone);

    // Full speed for `ms` from now, whatever the schedule or the link says.
    void overrideFor(qint64 ms);
    // Full speed until the schedule's rule in force ends (or, on a metered link with no
    // schedule boundary ahead, until the link changes).
    void overrideUntilRuleEnds();
    void cancelOverride();
    bool isOverridden() const { return m_override.activeAt(now()); }
    // When the override ends (wall-clock ms): 0 for none, -1 until the link changes.
    qint64 overrideUntil() const { return m_override.untilMs; }
    // An override kept from an earlier run: taken only while it still lies ahead (one that ended
    // while Hoist was closed is dropped; "until the link changes" is never brought back, the
    // link it stood for being gone with that run).
    void restoreOverride(qint64 untilMs);

    const GovernorState &state() const { return m_state; }
    // The governor's clock, to describe state() against.
    qint64 now() const;
    // Evaluates again now (the timer and the signals do this by themselves).
    void update();

Q_SIGNALS:
    // Whenever what is in force changes (and once when first set up).
    void stateChanged(const GovernorState &state);

private:
    void onMeteredChanged();
    void arm();

    UploadScheduler *m_scheduler;
    Clock *m_clock;
    NetworkStatus *m_network;
    TransferSchedule m_schedule;
    MeteredPolicy m_metered;
    GovernorOverride m_override;
    QTimeZone m_zone = QTimeZone::systemTimeZone();
    GovernorState m_state;
    bool m_applied = false;
    QTimer m_timer;
};
