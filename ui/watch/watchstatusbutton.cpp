#include "watchstatusbutton.h"

#include "icons.h"
#include "watchservice.h"

#include <QAction>
#include <QStyle>

WatchStatusButton::WatchStatusButton(const WatchService *service, QAction *openDialog,
                                     QWidget *parent)
    : QToolButton(parent)
    , m_service(service)
{
    setDefaultAction(openDialog);
    setAutoRaise(true);
    setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    connect(m_service, &WatchService::statusChanged, this, &WatchStatusButton::refresh);
    refresh();
}

void WatchStatusButton::refresh()
{
    const QStringList scanning = m_service->scanningFolders();
    const QStringList missing = m_service->missingFolders();
    const QString summary = m_service->summary();
    // The action's text stays "Watched folders…" (menus, shortcuts); the button says more.
    setText(summary.isEmpty() ? tr("Watch folders…") : summary);
    QString tip = tr("Watched folders (Ctrl+Shift+W)");
    for (const QString &folder : scanning)
        tip += QLatin1Char('\n')
               + tr("%1: too many subfolders for inotify's watches (fs.inotify.max_user_watches); "
                    "scanned every %2 s instead")
                     .arg(folder)
                     .arg(m_service->tuning().rescanMs / 1000);
    for (const QString &folder : missing)
        tip += QLatin1Char('\n') + tr("%1: not there (looked for again)").arg(folder);
    setToolTip(tip);
    setIcon(scanning.isEmpty() && missing.isEmpty()
                ? Icons::addFolder()
                : style()->standardIcon(QStyle::SP_MessageBoxWarning));
}
