#include "governorstate.h"

#include <QDateTime>
#include <QLocale>
#include <QRegularExpression>

namespace {
constexpr qint64 DayMs = 24 * 3600 * 1000;

QString rateLabel(qint64 rate)
{
    return ScheduleMode::limited(rate).label();
}
} // namespace

// ---- MeteredPolicy --------------------------------------------------------------------------

bool MeteredPolicy::parse(const QString &text, MeteredPolicy *policy)
{
    const QString t = text.trimmed().toLower();
    if (t == QLatin1String("pause") || t == QLatin1String("paused")) {
        *policy = {Action::Pause, 0};
        return true;
    }
    if (t == QLatin1String("ignore")) {
        *policy = {Action::Ignore, 0};
        return true;
    }
    if (t.startsWith(QLatin1String("limit")) && t.size() > 6
        && (t.at(5) == QLatin1Char(':') || t.at(5) == QLatin1Char(' ')
            || t.at(5) == QLatin1Char('='))) {
        const qint64 rate = ScheduleMode::parseRate(t.mid(6));
        if (rate < 0)
            return false;
        *policy = {Action::Limit, rate};
        return true;
    }
    return false;
}

QString MeteredPolicy::text() const
{
    switch (action) {
    case Action::Pause:
        return QStringLiteral("pause");
    case Action::Ignore:
        return QStringLiteral("ignore");
    case Action::Limit:
        break;
    }
    return QStringLiteral("limit:") + ScheduleMode::rateText(rate);
}

// ---- GovernorState --------------------------------------------------------------------------

GovernorState GovernorState::decide(const TransferSchedule &schedule,
                                    const TransferSchedule::InForce &slot, bool metered,
                                    const MeteredPolicy &policy, const GovernorOverride &override,
                                    qint64 nowMs)
{
    GovernorState s;
    s.metered = metered;
    s.hasSchedule = !schedule.isEmpty();
    if (slot.rule >= 0 && slot.rule < schedule.rules().size()) {
        s.rule = slot.rule;
        s.ruleText = schedule.rules().at(slot.rule).text;
        s.ruleLine = schedule.rules().at(slot.rule).line;
    }
    if (override.activeAt(nowMs)) {
        s.cause = Cause::Override;
        s.untilMs = qMax<qint64>(0, override.untilMs);
        return s;
    }
    const bool meteredApplies = metered && policy.action != MeteredPolicy::Action::Ignore;
    const bool meteredPauses = meteredApplies && policy.action == MeteredPolicy::Action::Pause;
    const qint64 meteredRate =
        meteredApplies && policy.action == MeteredPolicy::Action::Limit ? policy.rate : 0;
    const bool schedulePauses = slot.mode.kind == ScheduleMode::Kind::Paused;
    const qint64 scheduleRate = slot.mode.kind == ScheduleMode::Kind::Limited ? slot.mode.rate : 0;

    if (schedulePauses || meteredPauses) {
        s.paused = true;
        // The schedule names when it ends; a metered link does not.
        s.cause = schedulePauses ? Cause::Schedule : Cause::Metered;
    } else if (scheduleRate > 0 || meteredRate > 0) {
        const bool scheduleStricter =
            scheduleRate > 0 && (meteredRate == 0 || scheduleRate <= meteredRate);
        s.rate = scheduleStricter ? scheduleRate : meteredRate;
        s.cause = scheduleStricter ? Cause::Schedule : Cause::Metered;
    }
    // The schedule's next boundary matters whatever holds now: a pause for a metered link may
    // become a schedule's pause there.
    s.untilMs = slot.untilMs;
    return s;
}

QString GovernorState::when(qint64 ms, qint64 nowMs)
{
    const QDateTime at = QDateTime::fromMSecsSinceEpoch(ms);
    const QDateTime now = QDateTime::fromMSecsSinceEpoch(nowMs);
    const QLocale locale;
    // Without seconds, which some locales' short form has ("07:00:00"), as formatWhen() does.
    static const QRegularExpression seconds(QStringLiteral("[:.]?s+"));
    const QString time =
        locale.toString(at.time(), locale.timeFormat(QLocale::ShortFormat).remove(seconds));
    if (at.date() == now.date())
        return time;
    if (ms - nowMs < 6 * DayMs)
        return locale.dayName(at.date().dayOfWeek(), QLocale::ShortFormat) + QLatin1Char(' ')
               + time;
    return locale.toString(at.date(), QLocale::ShortFormat) + QLatin1Char(' ') + time;
}

QString GovernorState::describe(qint64 nowMs) const
{
    const QString until = untilMs > 0 ? when(untilMs, nowMs) : QString();
    switch (cause) {
    case Cause::Override:
        return until.isEmpty() ? tr("Full speed (schedule and metered rule overridden)")
                               : tr("Full speed until %1 (overridden)").arg(until);
    case Cause::Metered:
        return paused ? tr("Paused: metered connection")
                      : tr("Limited to %1: metered connection").arg(rateLabel(rate));
    case Cause::Schedule:
        if (paused)
            return until.isEmpty() ? tr("Paused by schedule")
                                   : tr("Paused by schedule until %1").arg(until);
        return until.isEmpty()
                   ? tr("Limited to %1 by schedule").arg(rateLabel(rate))
                   : tr("Limited to %1 by schedule until %2").arg(rateLabel(rate), until);
    case Cause::None:
        break;
    }
    if (!hasSchedule)
        return {};
    return until.isEmpty() ? tr("Full speed by schedule")
                           : tr("Full speed by schedule until %1").arg(until);
}
