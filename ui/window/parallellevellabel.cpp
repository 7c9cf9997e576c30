#include "parallellevellabel.h"

#include "appsettings.h"
#include "uploadscheduler.h"

#include <QEvent>
#include <QLayout>

ParallelLevelLabel::ParallelLevelLabel(UploadScheduler *scheduler, AppSettings *settings,
                                       QWidget *parent)
    : FittingLabel(Shortest::Whole, parent)
    , m_scheduler(scheduler)
    , m_settings(settings)
{
    setObjectName(QStringLiteral("parallelLevel"));
    connect(m_scheduler, &UploadScheduler::concurrencyLevelChanged, this,
            &ParallelLevelLabel::refresh);
    connect(m_scheduler, &UploadScheduler::totalsChanged, this, &ParallelLevelLabel::onTotals);
    // Auto on or off, from the toolbar or the settings dialog.
    connect(m_settings, &AppSettings::limitsChanged, this, &ParallelLevelLabel::refresh);
    if (parentWidget())
        parentWidget()->installEventFilter(this);
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
    if (full == text())
        return;
    setText(full);
    setShorterForms(shown ? QStringList{describe(level, true), QString()} : QStringList());
    setToolTip(shown ? tr("Parallel: Auto allows %n requests at once now, across all servers: "
                          "it adds more while that makes uploads faster, and takes some back when "
                          "a server slows down or refuses.",
                          "", level)
                     : QString());
    chooseForm();
}

void ParallelLevelLabel::chooseForm()
{
    QString chosen;
    const QWidget *bar = parentWidget();
    if (!text().isEmpty() && bar && bar->layout()) {
        // The bar's hint less this label's own: what the others need.
        const int others = bar->layout()->sizeHint().width() - sizeHint().width();
        const QMargins margins = contentsMargins();
        const int chrome = margins.left() + margins.right() + 2 * margin();
        chosen = formFitting(bar->width() - others - chrome);
    }
    if (chosen != m_chosen) {
        m_chosen = chosen;
        updateGeometry();
    }
}

QSize ParallelLevelLabel::sizeHint() const
{
    const QMargins margins = contentsMargins();
    return {widthFor(m_chosen),
            fontMetrics().height() + margins.top() + margins.bottom() + 2 * margin()};
}

// No width: the layout takes room from it before it clips the others.
QSize ParallelLevelLabel::minimumSizeHint() const
{
    return {0, sizeHint().height()};
}

bool ParallelLevelLabel::event(QEvent *event)
{
    // Moved into the status bar (addPermanentWidget): watch its width there.
    if (event->type() == QEvent::ParentAboutToChange && parentWidget())
        parentWidget()->removeEventFilter(this);
    else if (event->type() == QEvent::ParentChange && parentWidget())
        parentWidget()->installEventFilter(this);
    return FittingLabel::event(event);
}

// The bar's width, or another's text, changed: the room left may have too.
bool ParallelLevelLabel::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == parentWidget()
        && (event->type() == QEvent::Resize || event->type() == QEvent::LayoutRequest))
        chooseForm();
    return FittingLabel::eventFilter(watched, event);
}
