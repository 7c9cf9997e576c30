#pragma once

#include "transferschedule.h"

#include <QCoreApplication>
#include <QString>

// What to do on a metered connection (mobile data, a hotspot): wait (the default: such links
// are often paid by the byte), go at most at a rate, or pay no attention.
struct MeteredPolicy {
    Q_DECLARE_TR_FUNCTIONS(MeteredPolicy)
public:
    enum class Action { Pause, Limit, Ignore };
    Action action = Action::Pause;
    qint64 rate = 0; // Limit only

    // "pause", "ignore", "limit:512K" (also "limit 512K"); false when it is none of them.
    static bool parse(const QString &text, MeteredPolicy *policy);
    QString text() const;
    bool operator==(const MeteredPolicy &o) const { return action == o.action && rate == o.rate; }
};

// A one-click exception to the schedule and the metered rule: full speed until a moment (the
// person's own speed limit still holds). `untilMs` 0: none; -1: until the connection stops or
// starts being metered (chosen on a metered link with no schedule boundary ahead).
struct GovernorOverride {
    qint64 untilMs = 0;
    bool activeAt(qint64 nowMs) const { return untilMs == -1 || untilMs > nowMs; }
};

// What the scheduler is told, and why: the outcome of the schedule, the metered rule and an
// override at one moment. Pure data, so tests can check every combination without a clock.
struct GovernorState {
    Q_DECLARE_TR_FUNCTIONS(GovernorState)
public:
    enum class Cause { None, Schedule, Metered, Override };

    bool paused = false;
    qint64 rate = 0; // a cap on all uploads together; 0: none (the person's own limit applies)
    Cause cause = Cause::None;
    int rule = -1;      // the schedule's rule in force (TransferSchedule::rules()), -1: none
    QString ruleText;   // its text: "Mon-Fri 09-17 limit 2M"
    int ruleLine = 0;   // its line in the text form
    qint64 untilMs = 0; // when this changes by itself (schedule boundary, override end); 0: not
    bool metered = false;
    bool hasSchedule = false;

    // Schedule, metered rule and override at `nowMs`. Paused beats limited; of two rates the
    // lower wins. An active override lifts both the schedule and the metered rule.
    static GovernorState decide(const TransferSchedule &schedule,
                                const TransferSchedule::InForce &slot, bool metered,
                                const MeteredPolicy &policy, const GovernorOverride &override,
                                qint64 nowMs);

    // For the status bar and the headless run: "Limited to 2 MiB/s by schedule until 17:00",
    // "Paused by schedule until Mon 08:00", "Paused: metered connection",
    // "Full speed until 15:30 (schedule overridden)"; "" when nothing holds uploads back and
    // there is no schedule.
    QString describe(qint64 nowMs) const;
    // A row's note while held: the same, shorter.
    QString note(qint64 nowMs) const { return describe(nowMs); }
    // "17:00" today, "Mon 08:00" within a week, else the date.
    static QString when(qint64 ms, qint64 nowMs);

    bool operator==(const GovernorState &o) const
    {
        return paused == o.paused && rate == o.rate && cause == o.cause && rule == o.rule
               && untilMs == o.untilMs && metered == o.metered && hasSchedule == o.hasSchedule
               && ruleText == o.ruleText;
    }
    bool operator!=(const GovernorState &o) const { return !(*this == o); }
};
