#pragma once

#include "governorstate.h"

#include <QObject>

#include <functional>

class AppSettings;
class QAction;
class QMainWindow;
class QMenu;
class QToolButton;
class ScheduleDialog;
class TransferGovernor;
struct AppOptions;

// The schedule in the window: a status bar button naming what is in force and until when
// ("Limited to 2 MiB/s by schedule until 17:00", "Paused: metered connection"), whose menu
// offers the one-click override (full speed for 1 h, 3 h, until the rule ends; cancel it) and
// the Schedule dialog. What the dialog sets is kept in AppSettings and handed to the governor.
class ScheduleStatus final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ScheduleStatus)
public:
    ScheduleStatus(TransferGovernor *governor, AppSettings *settings, QMainWindow *window);

    // The remembered schedule and metered rule, unless the command line gave its own for this
    // run (--schedule, --on-metered: used, not remembered), and the override if it has not run
    // out meanwhile; the override is kept in the settings from then on.
    void restore(const AppOptions &options);

    QToolButton *button() const { return m_button; }
    QMenu *menu() const { return m_menu; }
    QAction *forOneHour() const { return m_oneHour; }
    QAction *forThreeHours() const { return m_threeHours; }
    QAction *untilRuleEnds() const { return m_untilEnd; }
    QAction *cancelOverride() const { return m_cancel; }
    QAction *editAction() const { return m_edit; }

    // Opens the Schedule dialog; `tweak` (tests) runs on it before it is shown.
    void editSchedule();
    void setDialogHook(std::function<void(ScheduleDialog *)> hook) { m_hook = std::move(hook); }

private:
    void show(const GovernorState &state);
    void keepOverride();

    TransferGovernor *m_governor;
    AppSettings *m_settings;
    QMainWindow *m_window;
    QToolButton *m_button;
    QMenu *m_menu;
    QAction *m_oneHour;
    QAction *m_threeHours;
    QAction *m_untilEnd;
    QAction *m_cancel;
    QAction *m_edit;
    std::function<void(ScheduleDialog *)> m_hook;
};
