#include "folderopener.h"

#include <QDBusConnection>
#include <QDBusConnectionInterface>
#include <QDBusMessage>
#include <QDBusPendingCallWatcher>
#include <QDesktopServices>
#include <QFileInfo>
#include <QUrl>

namespace {
const QString Service = QStringLiteral("org.freedesktop.FileManager1");
const QString Path = QStringLiteral("/org/freedesktop/FileManager1");

void openFolderOf(const QString &filePath)
{
    QDesktopServices::openUrl(QUrl::fromLocalFile(QFileInfo(filePath).absolutePath()));
}
} // namespace

namespace FolderOpener {

bool canSelectFiles()
{
    QDBusConnection bus = QDBusConnection::sessionBus();
    if (!bus.isConnected() || !bus.interface())
        return false;
    if (bus.interface()->isServiceRegistered(Service))
        return true;
    const QStringList activatable = bus.interface()->activatableServiceNames();
    return activatable.contains(Service);
}

void showFile(const QString &filePath)
{
    // No canSelectFiles() first: its questions to the bus are synchronous, and the window must
    // not wait on them. A file manager that is not there answers ServiceUnknown (one that is
    // activatable is started by the bus), and the folder opens instead.
    QDBusConnection bus = QDBusConnection::sessionBus();
    if (!bus.isConnected()) {
        openFolderOf(filePath);
        return;
    }
    QDBusMessage call = QDBusMessage::createMethodCall(Service, Path, Service,
                                                       QStringLiteral("ShowItems"));
    call << QStringList{QUrl::fromLocalFile(filePath).toString()} << QString();
    auto *watcher = new QDBusPendingCallWatcher(bus.asyncCall(call));
    QObject::connect(watcher, &QDBusPendingCallWatcher::finished, watcher,
                     [filePath](QDBusPendingCallWatcher *done) {
                         if (done->isError())
                             openFolderOf(filePath);
                         done->deleteLater();
                     });
}

} // namespace FolderOpener
