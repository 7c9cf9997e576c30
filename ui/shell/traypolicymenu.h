#pragma once

#include "governorstate.h"

#include <QObject>

#include <functional>

class QAction;
class QMenu;
class TransferGovernor;
class WindowWatch;

// The tray menu's entries for what runs unattended, put before its `before` item: the rule in
// force ("Limited to 2 MiB/s by schedule until 17:00", not clickable, its tooltip the rule),
// "Full speed for 1 hour" or, while overridden, "Back to schedule (Mon-Fri 09-17 limit 2M)";
// then the watched folders: "Pause watching" / "Resume watching" and "Watch folders…". The
// schedule entries hide while there is neither a schedule nor a metered rule holding uploads
// back; pausing is offered while folders are watched.
class TrayPolicyMenu final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TrayPolicyMenu)
public:
    using OpenFolders = std::function<void()>;
    // `watch` may be null (no watched folders in this run); `openFolders` shows the window's
    // "Watched folders" dialog.
    TrayPolicyMenu(QMenu *menu, QAction *before, TransferGovernor *governor, WindowWatch *watch,
                   OpenFolders openFolders, QObject *parent = nullptr);

    QAction *inForce() const { return m_inForce; }
    QAction *overrideAction() const { return m_override; }
    QAction *pauseWatching() const { return m_pauseWatching; }
    QAction *watchFolders() const { return m_watchFolders; }

private:
    void showState(const GovernorState &state);
    void showWatch();
    void toggleOverride();

    TransferGovernor *m_governor;
    WindowWatch *m_watch;
    QAction *m_inForce;
    QAction *m_override;
    QAction *m_scheduleSeparator;
    QAction *m_pauseWatching;
    QAction *m_watchFolders;
};
