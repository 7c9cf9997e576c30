#include "desktopshell.h"

#include "appsettings.h"
#include "batchactionrunner.h"
#include "batchwatcher.h"
#include "closeguard.h"
#include "trayicon.h"
#include "uploadscheduler.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QSystemTrayIcon>
#include <QWidget>

namespace {
constexpr int notifyMs = 8000;
} // namespace

DesktopShell::DesktopShell(UploadScheduler *scheduler, QWidget *window, AppSettings *settings,
                           bool trayAvailable, QObject *parent)
    : QObject(parent)
    , m_scheduler(scheduler)
    , m_window(window)
    , m_settings(settings)
    , m_guard(new CloseGuard(settings, window, this))
    , m_batches(new BatchWatcher(scheduler, this))
{
    Q_ASSERT(scheduler && window && settings);
    if (trayAvailable) {
        m_tray = new TrayIcon(scheduler, this);
        connect(m_tray, &TrayIcon::toggleWindowRequested, this, &DesktopShell::toggleWindow);
        connect(m_tray, &TrayIcon::showWindowRequested, this, &DesktopShell::showWindow);
        connect(m_tray, &TrayIcon::quitRequested, this, &DesktopShell::quit);
        m_tray->icon()->show();
    }
    m_notify = [this](const QString &title, const QString &text, bool problem) {
        if (m_tray && QSystemTrayIcon::supportsMessages())
            m_tray->icon()->showMessage(
                title, text, problem ? QSystemTrayIcon::Warning : QSystemTrayIcon::Information,
                notifyMs);
        else
            QApplication::alert(m_window);
    };
    m_batchActions = new BatchActionRunner(
        settings, window,
        [this](const QString &title, const QString &text, bool problem) {
            m_notify(title, text, problem);
        },
        [this] { return windowHasFocus(); }, this);
    connect(m_batchActions, &BatchActionRunner::quitRequested, this, &DesktopShell::quit);
    connect(m_batches, &BatchWatcher::batchEnded, m_batchActions, &BatchActionRunner::run);
    m_window->installEventFilter(this);
}

DesktopShell::~DesktopShell()
{
    if (m_window)
        m_window->removeEventFilter(this);
}

void DesktopShell::start()
{
    if (!m_settings->startInTray())
        m_window->show();
    else if (!m_tray)
        m_window->showMinimized(); // asked not to be in the way; the taskbar is all there is
}

void DesktopShell::showWindow()
{
    m_window->showNormal();
    m_window->raise();
    m_window->activateWindow();
}

void DesktopShell::toggleWindow()
{
    if (m_window->isVisible() && !m_window->isMinimized())
        m_window->hide();
    else
        showWindow();
}

bool DesktopShell::eventFilter(QObject *watched, QEvent *event)
{
    if (watched != m_window.data() || event->type() != QEvent::Close || m_quitting)
        return QObject::eventFilter(watched, event);
    const SchedulerTotals totals = m_scheduler->totals();
    const int active = totals.count(TaskState::Uploading) + totals.count(TaskState::Waiting);
    switch (m_guard->decide(active, m_tray != nullptr)) {
    case CloseGuard::Action::Quit:
        quit();
        return QObject::eventFilter(watched, event); // and the window closes
    case CloseGuard::Action::Tray:
        event->ignore();
        m_window->hide();
        if (!m_toldAboutTray && m_tray) {
            m_toldAboutTray = true;
            m_notify(tr("Hoist keeps uploading"),
                     tr("Click the icon to show the window again; its menu quits."), false);
        }
        return true;
    case CloseGuard::Action::Stay:
        event->ignore();
        return true;
    }
    return false;
}

void DesktopShell::requestQuit()
{
    const SchedulerTotals totals = m_scheduler->totals();
    const int active = totals.count(TaskState::Uploading) + totals.count(TaskState::Waiting);
    if (m_guard->decide(active, false) == CloseGuard::Action::Quit)
        quit();
}

void DesktopShell::setQuitAction(QAction *action)
{
    disconnect(action, &QAction::triggered, nullptr, nullptr); // the window's own close()
    connect(action, &QAction::triggered, this, &DesktopShell::requestQuit);
}

void DesktopShell::quit()
{
    // The queue is in the store already; the next start resumes it from the server's offsets.
    m_quitting = true;
    Q_EMIT quitRequested();
}

bool DesktopShell::windowHasFocus() const
{
    return m_window->isVisible() && !m_window->isMinimized() && m_window->isActiveWindow();
}
