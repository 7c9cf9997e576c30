#include "testpeer.h"

#include "hoistdprocess.h"
#include "hoistdrequestlog.h"
#include "rawhttp.h"
#include "rgwtestpeer.h"
#include "tusserverprocess.h"
#include "tuswire.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>

namespace {
constexpr char PeerVariable[] = "HOIST_TEST_PEER";

class TusNodePeer final : public TestPeer {
public:
    Kind kind() const override { return Kind::TusNode; }
    bool start(quint16 port, qint64 maxSize) override { return m_server.start(port, maxSize); }
    void kill() override { m_server.kill(); }
    bool restart() override { return m_server.restart(); }
    bool isRunning() const override { return m_server.isRunning(); }
    quint16 port() const override { return m_server.port(); }
    QString storedPath(const QUrl &url) const override { return m_server.storedPath(url); }
    QList<QUrl> uploads() const override { return m_server.uploads(); }
    bool eraseStored(const QUrl &url) override
    {
        const QString path = m_server.storedPath(url);
        return QFile::remove(path) && QFile::remove(path + QStringLiteral(".json"));
    }
    QMap<QString, QString> metadata(const QUrl &url) const override
    {
        // @tus/file-store keeps <id>.json beside the bytes, metadata already decoded.
        QFile file(m_server.storedPath(url) + QStringLiteral(".json"));
        QMap<QString, QString> out;
        if (!file.open(QIODevice::ReadOnly))
            return out;
        const QJsonObject metadata = QJsonDocument::fromJson(file.readAll())
                                         .object()
                                         .value(QLatin1String("metadata"))
                                         .toObject();
        for (auto it = metadata.begin(); it != metadata.end(); ++it)
            out.insert(it.key(), it.value().toString());
        return out;
    }
    PeerStats stats() const override { return m_server.stats(); }
    void resetStats() override { m_server.resetStats(); }
    QString errorString() const override { return m_server.errorString(); }
    QString serverLog() const override { return m_server.serverLog(); }

private:
    TusServerProcess m_server;
};

class HoistdPeer final : public TestPeer {
public:
    Kind kind() const override { return Kind::Hoistd; }
    bool start(quint16 port, qint64 maxSize) override
    {
        QStringList args{QStringLiteral("--verbose")}; // its request lines are what stats() counts
        if (maxSize > 0)
            args << QStringLiteral("--max-size") << QString::number(maxSize);
        return begin(m_server.start(args, port));
    }
    void kill() override { m_server.kill(); }
    bool restart() override { return begin(m_server.restart()); }
    bool isRunning() const override { return m_server.isRunning(); }
    quint16 port() const override { return m_server.port(); }
    QString storedPath(const QUrl &url) const override { return m_server.storedPath(url); }
    QList<QUrl> uploads() const override
    {
        // One file per upload, named by its id; nothing else counts (a temporary file, say).
        static const QRegularExpression id(QStringLiteral("^[0-9a-f]{32}$"));
        QList<QUrl> urls;
        for (const QString &name : m_server.storedFiles()) {
            if (id.match(name).hasMatch())
                urls << endpoint().resolved(QUrl(name));
        }
        return urls;
    }
    bool eraseStored(const QUrl &url) override
    {
        // The index row goes when hoistd starts and finds no file for it (UploadStore::open).
        return QFile::remove(m_server.storedPath(url));
    }
    QMap<QString, QString> metadata(const QUrl &url) const override
    {
        QMap<QString, QString> out;
        const RawResponse head =
            rawRequest(port(), "HEAD", url.path(QUrl::FullyEncoded).toLatin1(),
                       {{"Tus-Resumable", TusWire::Version}}); // rawRequest() sends the Host
        const auto parsed = TusWire::parseMetadata(head.header("Upload-Metadata"));
        if (head.status != 200 || !parsed)
            return out;
        for (const auto &[key, value] : *parsed)
            out.insert(QString::fromUtf8(key), QString::fromUtf8(value));
        return out;
    }
    PeerStats stats() const override
    {
        m_log.update();
        return m_log.stats();
    }
    void resetStats() override { m_log.resetStats(); }
    QString errorString() const override { return m_server.errorString(); }
    QString serverLog() const override { return m_server.serverLog(); }

private:
    // A new process: what it logs from here on is what stats() counts, as @tus/server's counters
    // start again with its process.
    bool begin(bool started)
    {
        if (started)
            m_log.restart(m_server.logPath(), m_server.logSizeAtStart());
        return started;
    }

    HoistdProcess m_server;
    mutable HoistdRequestLog m_log;
};
} // namespace

TestPeer::~TestPeer() = default;

TestPeer::Kind TestPeer::kindFromEnvironment()
{
    const QString name = qEnvironmentVariable(PeerVariable);
    if (name.isEmpty() || name == QLatin1String("tus-node"))
        return Kind::TusNode;
    if (name == QLatin1String("hoistd"))
        return Kind::Hoistd;
    if (name == QLatin1String("rgw"))
        return Kind::Rgw;
    qFatal("%s=%s: use tus-node, hoistd or rgw", PeerVariable, qPrintable(name));
}

std::unique_ptr<TestPeer> TestPeer::create(Kind kind)
{
    if (kind == Kind::Hoistd)
        return std::make_unique<HoistdPeer>();
    if (kind == Kind::Rgw)
        return std::make_unique<RgwTestPeer>();
    return std::make_unique<TusNodePeer>();
}

QString TestPeer::name() const
{
    switch (kind()) {
    case Kind::Hoistd:
        return QStringLiteral("hoistd");
    case Kind::Rgw:
        return QStringLiteral("rgw");
    case Kind::TusNode:
        break;
    }
    return QStringLiteral("tus-node");
}

QUrl TestPeer::endpoint() const
{
    return QUrl(QStringLiteral("http://127.0.0.1:%1/files/").arg(port()));
}

QByteArray TestPeer::storedBytes(const QUrl &uploadUrl) const
{
    QFile file(storedPath(uploadUrl));
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

bool TestPeer::holds(const QUrl &uploadUrl) const
{
    const QString path = storedPath(uploadUrl);
    return !path.isEmpty() && QFile::exists(path);
}

QString TestPeer::serverLogTail(int lines) const
{
    const QStringList all = serverLog().split(QLatin1Char('\n'));
    return all.mid(qMax(0, int(all.size()) - lines)).join(QLatin1Char('\n'));
}
