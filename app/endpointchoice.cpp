#include "endpointchoice.h"

#include "mainwindow.h"
#include "rowactions.h"
#include "storedfileactions.h"
#include "taskrecord.h"
#include "uploadtablemodel.h"

#include <QCoreApplication>
#include <QDir>
#include <QSettings>
#include <QStandardPaths>

#include <algorithm>

namespace {
const char *const endpointKey = "endpoint";         // written by MainWindow
const char *const localPortKey = "localServerPort"; // the local server's last port
} // namespace

EndpointChoice::EndpointChoice(const QString &serverDataDir, const QString &namedDir)
    : m_server(serverDataDir, namedDir)
    , m_previousPort(quint16(QSettings().value(QLatin1String(localPortKey)).toUInt()))
{
}

QString EndpointChoice::namedFolderFor(const QString &stateDirOption)
{
    if (!stateDirOption.isEmpty())
        return QDir(stateDirOption).filePath(QStringLiteral("files"));
    return QDir(QStandardPaths::writableLocation(QStandardPaths::HomeLocation))
        .filePath(QStringLiteral("Hoist"));
}

QString EndpointChoice::localName()
{
    return QCoreApplication::translate("EndpointChoice", "This computer");
}

QUrl EndpointChoice::initial(const QUrl &commandLine, QString *problem)
{
    if (!commandLine.isEmpty())
        return commandLine;
    // The one the window remembered last time, if it still reads as an endpoint.
    const QString saved = QSettings().value(QLatin1String(endpointKey)).toString().trimmed();
    if (!saved.isEmpty() && MainWindow::endpointProblem(saved).isEmpty())
        return QUrl(saved);
    QString error;
    const QUrl local = startLocal(&error);
    if (local.isEmpty())
        *problem =
            QCoreApplication::translate("EndpointChoice", "Hoist's own server did not start: %1")
                .arg(error);
    return local;
}

QUrl EndpointChoice::startLocal(QString *error)
{
    if (!m_server.isRunning()) {
        // The port it had last time when free: unfinished uploads remember their URLs.
        QSettings settings;
        const quint16 preferred = quint16(settings.value(QLatin1String(localPortKey)).toUInt());
        if (!m_server.start(error, preferred))
            return {};
        settings.setValue(QLatin1String(localPortKey), m_server.port());
    }
    return m_server.endpoint();
}

namespace {
// True for a URL on the local server as it was reachable at `port`: it only ever listens on
// 127.0.0.1, and serves nothing but its collection path.
bool isLocalAt(const QUrl &url, quint16 port)
{
    return url.scheme() == QLatin1String("http") && url.host() == QLatin1String("127.0.0.1")
           && url.port() == port && url.path().startsWith(QLatin1String("/files/"));
}
} // namespace

int EndpointChoice::adoptRestored(QList<TaskRecord> *records, QString *problem)
{
    if (m_previousPort == 0)
        return 0;
    const auto unfinishedThere = [this](const TaskRecord &r) {
        return r.state != TaskState::Success && isLocalAt(r.endpoint, m_previousPort);
    };
    if (std::any_of(records->cbegin(), records->cend(), unfinishedThere)) {
        QString error;
        if (startLocal(&error).isEmpty()) {
            *problem = QCoreApplication::translate(
                           "EndpointChoice",
                           "Uploads to this computer cannot continue: its server did not start: %1")
                           .arg(error);
            return 0;
        }
    }
    const quint16 now = m_server.port();
    if (now == 0 || now == m_previousPort)
        return 0;
    int changed = 0;
    for (TaskRecord &r : *records) {
        if (!isLocalAt(r.endpoint, m_previousPort))
            continue;
        r.endpoint.setPort(now);
        if (isLocalAt(r.uploadUrl, m_previousPort))
            r.uploadUrl.setPort(now);
        ++changed;
    }
    return changed;
}

void EndpointChoice::offerTo(MainWindow *window)
{
    window->setNamedEndpoint(NamedEndpoint{localName(), m_server.endpoint(),
                                           [this](QString *error) { return startLocal(error); }});
    // The Server column names it too, rather than its loopback address.
    window->model()->setServerName([this](const QUrl &endpoint) {
        return isLocalEndpoint(endpoint) ? localName() : QString();
    });
    new StoredFileActions(
        window->rowActions(),
        LocalStorage{[this](const QUrl &url) { return storedFile(url); },
                     [this](const QUrl &url, QString *error) { return removeStored(url, error); },
                     [this](const QUrl &url) { return !localId(url).isEmpty(); }},
        window);
}

bool EndpointChoice::isLocalEndpoint(const QUrl &endpoint) const
{
    const quint16 now = m_server.port();
    return (now != 0 && isLocalAt(endpoint, now))
           || (m_previousPort != 0 && isLocalAt(endpoint, m_previousPort));
}

QString EndpointChoice::localId(const QUrl &uploadUrl) const
{
    const quint16 now = m_server.port();
    if ((now == 0 || !isLocalAt(uploadUrl, now))
        && (m_previousPort == 0 || !isLocalAt(uploadUrl, m_previousPort)))
        return {};
    return uploadUrl.path().section(QLatin1Char('/'), -1);
}

QString EndpointChoice::storedFile(const QUrl &uploadUrl)
{
    const QString id = localId(uploadUrl);
    QString error;
    if (id.isEmpty() || startLocal(&error).isEmpty())
        return {};
    return m_server.namedFile(id);
}

bool EndpointChoice::removeStored(const QUrl &uploadUrl, QString *error)
{
    const QString id = localId(uploadUrl);
    if (id.isEmpty()) {
        *error =
            QCoreApplication::translate("EndpointChoice", "That upload is not on this computer.");
        return false;
    }
    if (startLocal(error).isEmpty())
        return false;
    return m_server.remove(id, error);
}
