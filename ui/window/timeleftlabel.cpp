#include "timeleftlabel.h"

#include "formatting.h"
#include "uploadscheduler.h"

namespace {
// Past this many minutes the estimate reads in hours and minutes, rounded to RoundMinutes.
constexpr qint64 MinutesOnlyBelow = 90;
constexpr qint64 RoundMinutes = 5;
// Past this many hours, in days.
constexpr qint64 HoursOnlyBelow = 48;
} // namespace

TimeLeftLabel::TimeLeftLabel(UploadScheduler *scheduler, QWidget *parent)
    : FittingLabel(Shortest::Whole, parent)
{
    setObjectName(QStringLiteral("timeLeft"));
    m_clock.start();
    connect(scheduler, &UploadScheduler::totalsChanged, this, &TimeLeftLabel::onTotals);
    onTotals(scheduler->totals());
}

QString TimeLeftLabel::describe(qint64 seconds)
{
    return phrase(seconds, false);
}

QString TimeLeftLabel::describeShort(qint64 seconds)
{
    return phrase(seconds, true);
}

QString TimeLeftLabel::phrase(qint64 seconds, bool brief)
{
    if (seconds < 0)
        return {};
    if (seconds < 60)
        return brief ? tr("< 1 min left") : tr("Less than a minute left");
    const qint64 minutes = (seconds + 59) / 60;
    if (minutes < MinutesOnlyBelow)
        return (brief ? tr("%1 min left") : tr("About %1 min left")).arg(minutes);
    const qint64 rounded = (minutes + RoundMinutes / 2) / RoundMinutes * RoundMinutes;
    if (rounded / 60 < HoursOnlyBelow) {
        if (rounded % 60 == 0)
            return (brief ? tr("%1 h left") : tr("About %1 h left")).arg(rounded / 60);
        return (brief ? tr("%1 h %2 min left") : tr("About %1 h %2 min left"))
            .arg(rounded / 60)
            .arg(rounded % 60);
    }
    return (brief ? tr("%1 days left") : tr("About %1 days left"))
        .arg((rounded + 12 * 60) / (24 * 60));
}

QString TimeLeftLabel::describe(qint64 seconds, int uploads)
{
    const QString alone = describe(seconds);
    if (alone.isEmpty() || uploads <= 1)
        return alone;
    return tr("%1 (all %n uploads)", "", uploads).arg(alone);
}

void TimeLeftLabel::onTotals(const SchedulerTotals &totals)
{
    m_estimate.update(totals, m_clock.elapsed());
    const int uploads = totals.count(TaskState::Uploading) + totals.count(TaskState::Waiting);
    const QString shown = describe(m_estimate.secondsLeft(), uploads);
    if (shown == text())
        return;
    setText(shown);
    const QString alone = describe(m_estimate.secondsLeft());
    QStringList shorter{describeShort(m_estimate.secondsLeft())};
    if (alone != shown)
        shorter.prepend(alone);
    setShorterForms(shown.isEmpty() ? QStringList() : shorter);
    // Why it may differ from a row's: it is everything under way at the speed of all of them.
    setToolTip(shown.isEmpty() ? QString()
                               : tr("What the uploading and waiting uploads still have to send "
                                    "(%1), at the speed of all of them together (%2, smoothed). "
                                    "A row's Time left is that upload alone at its own speed.")
                                     .arg(formatSize(totals.bytesActiveLeft),
                                          formatSpeed(m_estimate.smoothedSpeed())));
}
