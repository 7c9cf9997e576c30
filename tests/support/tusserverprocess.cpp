#include "tusserverprocess.h"

#include "peerprocess.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTcpSocket>
#include <QThread>

namespace {
constexpr int FetchTimeoutMs = 10000;
} // namespace

TusServerProcess::TusServerProcess() = default;

TusServerProcess::~TusServerProcess()
{
    kill();
}

bool TusServerProcess::start(quint16 port, qint64 maxSize)
{
    kill();
    m_maxSize = maxSize;
    m_process = std::make_unique<QProcess>();
    m_process->setWorkingDirectory(QStringLiteral(HOIST_TEST_NODE_DIR));
    QStringList args{QStringLiteral("tus-server.mjs"), QStringLiteral("--dir"), storageDir(),
                     QStringLiteral("--port"), QString::number(port)};
    if (maxSize > 0)
        args << QStringLiteral("--max-size") << QString::number(maxSize);
    m_port = PeerProcess::start(*m_process, QStringLiteral("node"), args,
                                QStringLiteral("the tus server"), &m_error, &m_stderr);
    if (m_port == 0)
        m_process.reset();
    return m_port != 0;
}

void TusServerProcess::kill()
{
    if (!m_process)
        return;
    PeerProcess::kill(*m_process, &m_stderr);
    m_process.reset();
}

bool TusServerProcess::restart()
{
    const quint16 port = m_port;
    kill();
    // The port was ours a moment ago; node listens with SO_REUSEADDR, but give a refused bind a
    // few more tries rather than fail the test on a race with the kernel.
    for (int attempt = 0; attempt < 20; ++attempt) {
        if (start(port, m_maxSize))
            return true;
        QThread::msleep(100);
    }
    return false;
}

bool TusServerProcess::isRunning() const
{
    return m_process && m_process->state() == QProcess::Running;
}

QUrl TusServerProcess::endpoint() const
{
    return QUrl(QStringLiteral("http://127.0.0.1:%1/files/").arg(m_port));
}

QString TusServerProcess::storedPath(const QUrl &uploadUrl) const
{
    const QString id = uploadUrl.path().section(QLatin1Char('/'), -1);
    if (id.isEmpty() || id.contains(QLatin1String("..")))
        return {};
    return QDir(storageDir()).filePath(id);
}

int TusServerProcess::uploadCount() const
{
    return QDir(storageDir()).entryList(QStringList{QStringLiteral("*.json")}, QDir::Files).size();
}

QList<QUrl> TusServerProcess::uploads() const
{
    QList<QUrl> urls;
    const QStringList records =
        QDir(storageDir()).entryList(QStringList{QStringLiteral("*.json")}, QDir::Files);
    for (const QString &record : records)
        urls << endpoint().resolved(QUrl(record.chopped(5))); // "<id>.json" -> /files/<id>
    return urls;
}

QByteArray TusServerProcess::fetch(const QByteArray &method, const QByteArray &path) const
{
    // A plain blocking socket: no event loop, so a test's pending signals are not processed here.
    QTcpSocket socket;
    socket.connectToHost(QStringLiteral("127.0.0.1"), m_port);
    if (!socket.waitForConnected(FetchTimeoutMs))
        return {};
    socket.write(method + ' ' + path + " HTTP/1.0\r\nHost: 127.0.0.1\r\nContent-Length: 0\r\n\r\n");
    QByteArray response;
    while (socket.waitForReadyRead(FetchTimeoutMs) || socket.bytesAvailable())
        response += socket.readAll();
    const int split = response.indexOf("\r\n\r\n");
    return split < 0 ? QByteArray() : response.mid(split + 4);
}

TusServerProcess::Stats TusServerProcess::stats() const
{
    Stats s;
    const QJsonObject o = QJsonDocument::fromJson(fetch("GET", "/__hoist/stats")).object();
    s.inFlight = o.value(QLatin1String("inFlight")).toInt();
    s.maxInFlight = o.value(QLatin1String("maxInFlight")).toInt();
    s.bodyBytes = qint64(o.value(QLatin1String("bodyBytes")).toDouble());
    const QJsonObject methods = o.value(QLatin1String("byMethod")).toObject();
    for (auto it = methods.begin(); it != methods.end(); ++it)
        s.byMethod.insert(it.key(), it.value().toInt());
    s.log = o.value(QLatin1String("log")).toArray();
    return s;
}

void TusServerProcess::resetStats() const
{
    fetch("POST", "/__hoist/stats/reset");
}

QString TusServerProcess::serverLog() const
{
    if (m_process)
        m_stderr += m_process->readAllStandardError();
    return QString::fromUtf8(m_stderr);
}
