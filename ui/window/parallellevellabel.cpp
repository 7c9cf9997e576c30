#include "parallellevellabel.h"

#include "appsettings.h"
#include "uploadscheduler.h"

#include <QResizeEvent>

ParallelLevelLabel::ParallelLevelLabel(UploadScheduler *scheduler, AppSettings *settings,
                                       QWidget *parent)
    : QLabel(parent)
    , m_scheduler(scheduler)
    , m_settings(settings)
{
    setObjectName(QStringLiteral("parallelLevel"));
    connect(m_scheduler, &UploadScheduler::concurrencyLevelChanged, this,
            &ParallelLevelLabel::refresh);
    connect(m_scheduler, &UploadScheduler::totalsChanged, this, &ParallelLevelLabel::onTotals);
    // Auto on or off, from the toolbar or the settings dialog.
    connect(m_settings, &AppSettings::limitsChanged, this, &ParallelLevelLabel::refresh);
    onTotals(m_scheduler->totals());
}

QString ParallelLevelLabel::describe(int level, bool compact)
{
    return compact ? tr("Auto · %1").arg(level) : tr("Parallel: Auto · %1").arg(level);
}

void ParallelLevelLabel::onTotals(const SchedulerTotals &totals)
{
    const bool uploading = totals.count(TaskState::Uploading) > 0;
    if (uploading == m_uploading)
        return;
    m_uploading = uploading;
    refresh();
}

void ParallelLevelLabel::refresh()
{
    const int level = m_scheduler->concurrencyLevel();
    const bool shown = m_uploading && m_scheduler->autoConcurrency() && level > 0;
    const QString full = shown ? describe(level) : QString();
    if (full == m_full)
        return;
    m_full = full;
    m_level = level;
    setToolTip(shown ? tr("Parallel: Auto allows %n requests at once now, across all servers: "
                          "it adds more while that makes uploads faster, and takes some back when "
                          "a server slows down or refuses.",
                          "", level)
                     : QString());
    updateGeometry(); // its width follows the text's
    fit();
}

// As wide as the full text, whatever is shown for lack of room (else the layout would shrink it
// to what it shows).
QSize ParallelLevelLabel::sizeHint() const
{
    const QMargins margins = contentsMargins();
    const int height = fontMetrics().height() + margins.top() + margins.bottom() + 2 * margin();
    if (m_full.isEmpty())
        return {0, height};
    return {fontMetrics().horizontalAdvance(m_full) + margins.left() + margins.right()
                + 2 * margin(),
            height};
}

// No width: the layout takes room from it before it clips the others.
QSize ParallelLevelLabel::minimumSizeHint() const
{
    return {0, sizeHint().height()};
}

void ParallelLevelLabel::resizeEvent(QResizeEvent *event)
{
    QLabel::resizeEvent(event);
    fit();
}

// The longest form that fits the width it was given.
void ParallelLevelLabel::fit()
{
    QString shown;
    if (!m_full.isEmpty()) {
        const int room = contentsRect().width() - 2 * margin();
        const QString compact = describe(m_level, true);
        if (fontMetrics().horizontalAdvance(m_full) <= room)
            shown = m_full;
        else if (fontMetrics().horizontalAdvance(compact) <= room)
            shown = compact;
    }
    if (shown != text())
        setText(shown);
}
