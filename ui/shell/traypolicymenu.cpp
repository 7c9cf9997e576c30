#include "traypolicymenu.h"

#include "transfergovernor.h"
#include "watchservice.h"
#include "windowwatch.h"

#include <QAction>
#include <QMenu>

namespace {
constexpr qint64 OverrideMs = 3600 * 1000;
} // namespace

TrayPolicyMenu::TrayPolicyMenu(QMenu *menu, QAction *before, TransferGovernor *governor,
                               WindowWatch *watch, OpenFolders openFolders, QObject *parent)
    : QObject(parent)
    , m_governor(governor)
    , m_watch(watch)
    , m_inForce(new QAction(menu))
    , m_override(new QAction(menu))
    , m_scheduleSeparator(new QAction(menu))
    , m_pauseWatching(new QAction(menu))
    , m_watchFolders(new QAction(tr("Watch folders…"), menu))
{
    Q_ASSERT(menu && governor);
    m_inForce->setEnabled(false); // a statement, not a command
    m_scheduleSeparator->setSeparator(true);
    auto *watchSeparator = new QAction(menu);
    watchSeparator->setSeparator(true);
    menu->insertActions(before, {m_inForce, m_override, m_scheduleSeparator, m_pauseWatching,
                                 m_watchFolders, watchSeparator});
    connect(m_override, &QAction::triggered, this, &TrayPolicyMenu::toggleOverride);
    connect(m_watchFolders, &QAction::triggered, this, std::move(openFolders));
    connect(m_governor, &TransferGovernor::stateChanged, this, &TrayPolicyMenu::showState);
    showState(m_governor->state());
    if (m_watch) {
        connect(m_pauseWatching, &QAction::triggered, this,
                [this] { m_watch->setPaused(!m_watch->service()->isPaused()); });
        connect(m_watch->service(), &WatchService::statusChanged, this, &TrayPolicyMenu::showWatch);
    }
    showWatch();
}

void TrayPolicyMenu::showState(const GovernorState &state)
{
    const bool overridden = state.cause == GovernorState::Cause::Override;
    const bool holding = state.paused || state.rate > 0;
    const QString text = state.describe(m_governor->now());
    m_inForce->setText(text);
    m_inForce->setToolTip(state.ruleText.isEmpty() ? QString()
                                                   : tr("Rule in force: %1").arg(state.ruleText));
    if (overridden) {
        m_override->setText(state.ruleText.isEmpty()
                                ? tr("Back to schedule")
                                : tr("Back to schedule (%1)").arg(state.ruleText));
    } else {
        m_override->setText(tr("Full speed for 1 hour"));
    }
    const bool shown = overridden || holding;
    m_inForce->setVisible(shown && !text.isEmpty());
    m_override->setVisible(shown);
    m_scheduleSeparator->setVisible(shown);
}

void TrayPolicyMenu::toggleOverride()
{
    if (m_governor->isOverridden())
        m_governor->cancelOverride();
    else
        m_governor->overrideFor(OverrideMs);
}

void TrayPolicyMenu::showWatch()
{
    const bool paused = m_watch && m_watch->service()->isPaused();
    m_pauseWatching->setText(paused ? tr("Resume watching") : tr("Pause watching"));
    m_pauseWatching->setToolTip(m_watch ? m_watch->service()->summary() : QString());
    m_pauseWatching->setVisible(m_watch && m_watch->service()->watchedCount() > 0);
}
