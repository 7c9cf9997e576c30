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

void openFolderOf(const QString &filePath, const FolderOpener::NotShown &notShown)
{
    const QString folder = QFileInfo(filePath).absolutePath();
    if (!QDesktopServices::openUrl(QUrl::fromLocalFile(folder)) && notShown)
        notShown(folder);
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

void showFile(const QString &filePath, NotShown notShown)
{
    // No canSelectFiles() first: its questions to the bus are synchronous, and the window must
    // not wait on them. A file manager that is not there answers ServiceUnknown (one that is
    // activatable is started by the bus), and the folder opens instead.
    QDBusConnection bus = QDBusConnection::sessionBus();
    if (!bus.isConnected()) {
        openFolderOf(filePath, notShown);
        return;
    }
    QDBusMessage call =
        QDBusMessage::createMethodCall(Service, Path, Service, QStringLiteral("ShowItems"));
    call << QStringList{QUrl::fromLocalFile(filePath).toString()} << QString();
    auto *watcher = new QDBusPendingCallWatcher(bus.asyncCall(call));
    QObject::connect(watcher, &QDBusPendingCallWatcher::finished, watcher,
                     [filePath, notShown](QDBusPendingCallWatcher *done) {
                         if (done->isError())
                             openFolderOf(filePath, notShown);
                         done->deleteLater();
                     });
}

} // namespace FolderOpener
