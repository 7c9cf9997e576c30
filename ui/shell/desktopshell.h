#pragma once

#include <QObject>
#include <QPointer>
#include <QWidget>

#include <functional>

class AppSettings;
class BatchActionRunner;
class BatchWatcher;
class CloseGuard;
class QAction;
class TrayIcon;
class UploadScheduler;

// What keeps Hoist going around its window, as desktop apps do: closing the window while
// uploads run asks first (CloseGuard) and can leave Hoist uploading in the tray (TrayIcon), a
// batch that finishes does what the settings say (BatchWatcher, BatchActionRunner), and Hoist may
// start in the tray. It watches the window's close events; quitting is asked of the owner
// through quitRequested(), so that the application object stays main()'s.
class DesktopShell final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(DesktopShell)
public:
    // `trayAvailable`: QSystemTrayIcon::isSystemTrayAvailable() in the app; without it there is
    // no icon, closing never hides the window, and notifications become a taskbar alert.
    DesktopShell(UploadScheduler *scheduler, QWidget *window, AppSettings *settings,
                 bool trayAvailable, QObject *parent = nullptr);
    ~DesktopShell() override;

    // Shows the window, or only the tray icon when Hoist starts in the tray.
    void start();

    CloseGuard *closeGuard() const { return m_guard; }
    BatchWatcher *batchWatcher() const { return m_batches; }
    BatchActionRunner *batchActions() const { return m_batchActions; }
    TrayIcon *tray() const { return m_tray; } // null without a tray

    // How a notification reaches the person; defaults to the tray's balloon.
    using Notify = std::function<void(const QString &title, const QString &text, bool problem)>;
    void setNotify(Notify notify) { m_notify = std::move(notify); }
    // Tells the person, the way setNotify() chose.
    void notify(const QString &title, const QString &text, bool problem) const
    {
        m_notify(title, text, problem);
    }

    void showWindow();
    void toggleWindow();
    // Quit, asked first as closing is while uploads run (CloseGuard), without the tray choice:
    // the person asked to quit, not to close.
    void requestQuit();
    // `action` (File → Quit, Ctrl+Q) quits through requestQuit() from now on, and only so.
    void setQuitAction(QAction *action);

Q_SIGNALS:
    void quitRequested();

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void quit();
    bool windowHasFocus() const;

    UploadScheduler *m_scheduler;
    QPointer<QWidget> m_window;
    AppSettings *m_settings;
    CloseGuard *m_guard;
    BatchWatcher *m_batches;
    BatchActionRunner *m_batchActions;
    TrayIcon *m_tray = nullptr;
    Notify m_notify;
    bool m_quitting = false;
    bool m_toldAboutTray = false;
};
