#include "timeleftlabel.h"

#include "uploadscheduler.h"

namespace {
// Past this many minutes the estimate reads in hours and minutes, rounded to RoundMinutes.
constexpr qint64 MinutesOnlyBelow = 90;
constexpr qint64 RoundMinutes = 5;
// Past this many hours, in days.
constexpr qint64 HoursOnlyBelow = 48;
} // namespace

TimeLeftLabel::TimeLeftLabel(UploadScheduler *scheduler, QWidget *parent)
    : QLabel(parent)
{
    setObjectName(QStringLiteral("timeLeft"));
    m_clock.start();
    connect(scheduler, &UploadScheduler::totalsChanged, this, &TimeLeftLabel::onTotals);
    onTotals(scheduler->totals());
}

QString TimeLeftLabel::describe(qint64 seconds)
{
    if (seconds < 0)
        return {};
    if (seconds < 60)
        return tr("Less than a minute left");
    const qint64 minutes = (seconds + 59) / 60;
    if (minutes < MinutesOnlyBelow)
        return tr("About %1 min left").arg(minutes);
    const qint64 rounded = (minutes + RoundMinutes / 2) / RoundMinutes * RoundMinutes;
    if (rounded / 60 < HoursOnlyBelow) {
        if (rounded % 60 == 0)
            return tr("About %1 h left").arg(rounded / 60);
        return tr("About %1 h %2 min left").arg(rounded / 60).arg(rounded % 60);
    }
    return tr("About %1 days left").arg((rounded + 12 * 60) / (24 * 60));
}

void TimeLeftLabel::onTotals(const SchedulerTotals &totals)
{
    m_estimate.update(totals, m_clock.elapsed());
    const QString shown = describe(m_estimate.secondsLeft());
    if (shown != text())
        setText(shown);
}
