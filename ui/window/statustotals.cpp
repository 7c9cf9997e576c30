#include "statustotals.h"

#include "fittinglabel.h"
#include "formatting.h"
#include "parallellevellabel.h"
#include "timeleftlabel.h"
#include "uploadscheduler.h"

#include <QStatusBar>

StatusTotals::StatusTotals(UploadScheduler *scheduler, AppSettings *settings, QStatusBar *bar)
    : QObject(bar)
    , m_counts(new FittingLabel(FittingLabel::Shortest::Whole, bar))
    , m_speed(new FittingLabel(FittingLabel::Shortest::Whole, bar))
{
    // No stretch: a stretched item is only sure of its minimum (QBoxLayout), and the counts come
    // first; the bar's own spacer takes what room is left, or a notice beside them does.
    bar->addWidget(m_counts);
    bar->addPermanentWidget(new TimeLeftLabel(scheduler, bar));
    bar->addPermanentWidget(m_speed);
    bar->addPermanentWidget(new ParallelLevelLabel(scheduler, settings, bar));
    connect(scheduler, &UploadScheduler::totalsChanged, this, &StatusTotals::show);
    show(scheduler->totals());
}

QLabel *StatusTotals::countsLabel() const
{
    return m_counts;
}

void StatusTotals::show(const SchedulerTotals &totals)
{
    struct Part {
        TaskState state;
        const char *text;
    };
    static const Part parts[] = {
        {TaskState::Uploading, QT_TR_NOOP("%1 uploading")},
        {TaskState::Waiting, QT_TR_NOOP("%1 waiting")},
        {TaskState::Paused, QT_TR_NOOP("%1 paused")},
        {TaskState::Success, QT_TR_NOOP("%1 done")},
        {TaskState::Error, QT_TR_NOOP("%1 failed")},
    };
    QStringList shown;
    QStringList pending; // what a short bar keeps: all but the done and the paused
    for (const Part &part : parts) {
        if (const int n = totals.count(part.state)) {
            shown << tr(part.text).arg(n);
            if (part.state != TaskState::Success && part.state != TaskState::Paused)
                pending << shown.last();
        }
    }
    const QString separator = QStringLiteral(" \u00b7 ");
    m_counts->setText(shown.isEmpty() ? tr("No uploads") : shown.join(separator));
    m_counts->setShorterForms(pending.isEmpty() || pending.size() == shown.size()
                                  ? QStringList()
                                  : QStringList{pending.join(separator)});
    m_counts->setToolTip(m_counts->text());

    QString bytes;
    if (totals.bytesTotal > 0)
        bytes = tr("%1 of %2").arg(formatSize(totals.bytesDone), formatSize(totals.bytesTotal));
    const QString speed = totals.bytesPerSecond > 0
                              ? QStringLiteral("\u2191 ") + formatSpeed(totals.bytesPerSecond)
                              : QString();
    if (!bytes.isEmpty() && !speed.isEmpty()) {
        m_speed->setText(bytes + QStringLiteral("  ") + speed);
        // "50%  ↑ 2.60 MiB/s" before the speed alone: the share sent says more than blank room.
        const int percent = int(totals.bytesDone * 100 / totals.bytesTotal);
        m_speed->setShorterForms({bytes + QLatin1Char(' ') + speed,
                                  tr("%1%").arg(percent) + QStringLiteral("  ") + speed, speed});
    } else {
        m_speed->setText(bytes + speed);
        m_speed->setShorterForms({});
    }
    m_speed->setToolTip(m_speed->text());
}
