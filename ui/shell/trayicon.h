#pragma once

#include <QIcon>
#include <QObject>
#include <QString>

class QAction;
class QMenu;
class QSystemTrayIcon;
class UploadScheduler;
struct SchedulerTotals;

// Hoist in the system tray: the app icon with the total progress drawn over it while uploads run,
// a tooltip with counts, speed and percent, and a menu (Pause all, Resume all, Show Hoist, Quit).
// A click asks for the window to be shown or hidden. It follows the scheduler's totals signal
// (kept up to date by the scheduler at no cost per task), redrawing the icon only when the
// percent shown changes.
class TrayIcon final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TrayIcon)
public:
    explicit TrayIcon(UploadScheduler *scheduler, QObject *parent = nullptr);
    ~TrayIcon() override;

    QSystemTrayIcon *icon() const { return m_icon; }
    QMenu *menu() const { return m_menu; }
    QAction *pauseAllAction() const { return m_pauseAll; }
    QAction *resumeAllAction() const { return m_resumeAll; }
    QAction *showAction() const { return m_show; }
    QAction *quitAction() const { return m_quit; }
    // The percent drawn, -1 for none (nothing running or waiting).
    int shownPercent() const { return m_percent; }

    // `base` with a progress bar of `percent` (0-100) over its lower part; `base` itself for -1.
    static QIcon withProgress(const QIcon &base, int percent);
    // "Hoist · 3 uploading · 12 waiting" and "45% · 120 MiB of 300 MiB · ↑ 5.2 MiB/s".
    static QString toolTipFor(const SchedulerTotals &totals);

Q_SIGNALS:
    void toggleWindowRequested();
    void showWindowRequested();
    void quitRequested();

private:
    void update(const SchedulerTotals &totals);

    UploadScheduler *m_scheduler;
    QIcon m_base;
    QMenu *m_menu;
    QSystemTrayIcon *m_icon;
    QAction *m_pauseAll;
    QAction *m_resumeAll;
    QAction *m_show;
    QAction *m_quit;
    int m_percent = -2; // nothing drawn yet
};
