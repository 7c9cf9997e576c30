#include "endpointchoice.h"

#include "mainwindow.h"

#include <QCoreApplication>
#include <QSettings>

namespace {
const char *const endpointKey = "endpoint";          // written by MainWindow
const char *const localPortKey = "localServerPort"; // the local server's last port
} // namespace

EndpointChoice::EndpointChoice(const QString &serverDataDir)
    : m_server(serverDataDir)
{
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
        *problem = QCoreApplication::translate("EndpointChoice",
                                               "Hoist's own server did not start: %1")
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

void EndpointChoice::offerTo(MainWindow *window)
{
    window->setNamedEndpoint(NamedEndpoint{
        localName(), m_server.endpoint(), [this](QString *error) { return startLocal(error); }});
}
