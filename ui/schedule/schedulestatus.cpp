#include "schedulestatus.h"

#include "appsettings.h"
#include "commandline.h"
#include "scheduledialog.h"
#include "transfergovernor.h"

#include <QMainWindow>
#include <QMenu>
#include <QStatusBar>
#include <QToolButton>

namespace {
constexpr qint64 HourMs = 3600 * 1000;
} // namespace

ScheduleStatus::ScheduleStatus(TransferGovernor *governor, AppSettings *settings,
                               QMainWindow *window)
    : QObject(window)
    , m_governor(governor)
    , m_settings(settings)
    , m_window(window)
    , m_button(new QToolButton(window))
    , m_menu(new QMenu(window))
{
    m_button->setObjectName(QStringLiteral("scheduleStatus"));
    m_button->setAutoRaise(true);
    m_button->setToolButtonStyle(Qt::ToolButtonTextOnly);
    m_button->setPopupMode(QToolButton::InstantPopup);
    m_button->setMenu(m_menu);
    m_button->setAccessibleName(tr("Schedule"));
    m_oneHour = m_menu->addAction(tr("Full speed for 1 hour"), this,
                                  [this] { m_governor->overrideFor(HourMs); });
    m_threeHours = m_menu->addAction(tr("Full speed for 3 hours"), this,
                                     [this] { m_governor->overrideFor(3 * HourMs); });
    m_untilEnd = m_menu->addAction(tr("Full speed until the rule ends"), this,
                                   [this] { m_governor->overrideUntilRuleEnds(); });
    m_cancel =
        m_menu->addAction(tr("Cancel override"), this, [this] { m_governor->cancelOverride(); });
    m_menu->addSeparator();
    m_edit = m_menu->addAction(tr("Edit schedule…"), this, &ScheduleStatus::editSchedule);
    // The first permanent item (after the counts, the one normal item), left of the time left,
    // the speed and its limit: the rule in force sits beside what it limits. Appended when the
    // bar holds no permanent item yet.
    window->statusBar()->insertPermanentWidget(1, m_button);
    connect(m_governor, &TransferGovernor::stateChanged, this, &ScheduleStatus::show);
    show(m_governor->state());
}

void ScheduleStatus::restore(const AppOptions &options)
{
    m_governor->setMeteredPolicy(options.meteredGiven ? options.metered
                                                      : m_settings->meteredPolicy());
    if (!options.schedulePath.isEmpty()) {
        m_governor->setSchedule(options.schedule);
    } else {
        QList<TransferSchedule::ParseError> errors;
        const TransferSchedule schedule =
            TransferSchedule::parse(m_settings->scheduleText(), &errors);
        m_governor->setSchedule(schedule); // a damaged setting reads as no schedule
    }
    // The override outlives a restart while its end lies ahead; from now on each change of it
    // (chosen, cancelled, run out) is kept.
    m_governor->restoreOverride(m_settings->scheduleOverrideUntil());
    keepOverride();
    connect(m_governor, &TransferGovernor::stateChanged, this, &ScheduleStatus::keepOverride,
            Qt::UniqueConnection);
}

void ScheduleStatus::keepOverride()
{
    // "Until the link changes" (-1) is not kept: that link is gone at the next start.
    const qint64 until = qMax<qint64>(0, m_governor->overrideUntil());
    if (until != m_settings->scheduleOverrideUntil())
        m_settings->setScheduleOverrideUntil(until);
}

void ScheduleStatus::editSchedule()
{
    ScheduleDialog dialog(m_governor->schedule(), m_settings->scheduleRates(),
                          m_governor->meteredPolicy(), m_window);
    if (m_hook)
        m_hook(&dialog);
    if (dialog.exec() != QDialog::Accepted)
        return;
    const TransferSchedule schedule = dialog.schedule();
    m_settings->setScheduleText(schedule.toText());
    m_settings->setScheduleRates(dialog.rates());
    m_settings->setMeteredPolicy(dialog.meteredPolicy());
    m_governor->setMeteredPolicy(dialog.meteredPolicy());
    m_governor->setSchedule(schedule);
}

void ScheduleStatus::show(const GovernorState &state)
{
    const QString text = state.describe(m_governor->now());
    m_button->setText(text.isEmpty() ? tr("Schedule…") : text);
    QStringList tip;
    if (state.rule >= 0 && state.cause != GovernorState::Cause::Metered)
        tip << tr("Rule in force: %1").arg(state.ruleText);
    if (state.metered)
        tip << tr("The connection is metered.");
    tip << tr("Click for a full-speed override or to edit the schedule.");
    m_button->setToolTip(tip.join(QLatin1Char('\n')));
    const bool overridden = state.cause == GovernorState::Cause::Override;
    const bool holding = state.paused || state.rate > 0;
    m_oneHour->setEnabled(holding || overridden);
    m_threeHours->setEnabled(holding || overridden);
    m_untilEnd->setEnabled(holding && !overridden);
    m_cancel->setEnabled(overridden);
}
