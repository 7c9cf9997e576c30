// The system's proxy settings are honoured (SystemProxy, installed by main() for the window and
// headless): with http_proxy naming a counting forward proxy, an upload to a name nothing
// resolves (hoist-proxy-test.invalid) can only arrive at hoistd through that proxy, so the stored
// bytes prove it went there; uploads to 127.0.0.1 and localhost never touch it; no_proxy is
// obeyed. Last, the hoist binary itself, headless, with http_proxy in its environment.
#include "forwardproxy.h"
#include "hoistdprocess.h"
#include "testfiles.h"
#include "waitfor.h"

#include "systemproxy.h"
#include "tusprotocol.h"
#include "uploadscheduler.h"

#include <QNetworkAccessManager>
#include <QProcess>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>

namespace {
constexpr int UploadTimeoutMs = 60000;
constexpr qint64 ChunkSize = 64 * 1024;
constexpr qint64 FileSize = 3 * ChunkSize + 5;
const char *const UnresolvableHost = "hoist-proxy-test.invalid";

QUrl endpointAt(const QString &host, quint16 port)
{
    return QUrl(QStringLiteral("http://%1:%2/files/").arg(host).arg(port));
}
} // namespace

class TestSystemProxy : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();

    void answersForThisMachineAndOthers();
    void loopbackIsNeverProxied_data();
    void loopbackIsNeverProxied();
    void uploadGoesThroughTheProxy();
    void noProxyIsObeyed();
    void headlessHoistUsesTheProxy();

private:
    // Uploads one file to `endpoint` in-process; the task's final state (and its error).
    TaskState upload(const QUrl &endpoint, quint32 seed, QUrl *uploadUrl, QString *error = nullptr);

    HoistdProcess m_server;
    std::unique_ptr<ForwardProxy> m_proxy;
    std::unique_ptr<QTemporaryDir> m_dir;
};

void TestSystemProxy::initTestCase()
{
    QVERIFY2(m_server.start(), qPrintable(m_server.errorString()));
    // Nothing of the machine's own settings: only what each test sets.
    for (const char *name : {"http_proxy", "https_proxy", "HTTP_PROXY", "HTTPS_PROXY", "all_proxy",
                             "ALL_PROXY", "no_proxy", "NO_PROXY"})
        qunsetenv(name);
}

void TestSystemProxy::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    m_proxy = std::make_unique<ForwardProxy>(m_server.port());
    QVERIFY(m_proxy->start());
    qputenv("http_proxy", m_proxy->address());
    SystemProxy::install(); // a fresh one: nothing remembered from the test before
}

void TestSystemProxy::cleanup()
{
    qunsetenv("http_proxy");
    qunsetenv("no_proxy");
    QNetworkProxyFactory::setApplicationProxyFactory(nullptr);
}

TaskState TestSystemProxy::upload(const QUrl &endpoint, quint32 seed, QUrl *uploadUrl,
                                  QString *error)
{
    QNetworkAccessManager network;
    TusProtocol protocol(&network);
    UploadScheduler scheduler(&protocol);
    scheduler.setEndpoint(endpoint);
    scheduler.setChunkSize(ChunkSize);
    RetryPolicy once;
    once.maxRetries = 0; // a failure is the answer, not a reason to wait
    scheduler.setRetryPolicy(once);
    scheduler.addPaths(
        {makeTestFile(m_dir->path(), QStringLiteral("f%1.bin").arg(seed), FileSize, seed)});
    const auto settled = [&scheduler] {
        const QList<TaskId> ids = scheduler.taskIds();
        if (ids.isEmpty())
            return false;
        const TaskState s = scheduler.task(ids.first())->state();
        return s == TaskState::Success || s == TaskState::Error;
    };
    if (!waitFor(settled, UploadTimeoutMs))
        return TaskState::Uploading;
    const UploadTask *task = scheduler.task(scheduler.taskIds().first());
    *uploadUrl = task->uploadUrl();
    if (error)
        *error = task->errorMessage();
    return task->state();
}

void TestSystemProxy::answersForThisMachineAndOthers()
{
    SystemProxy proxy;
    const auto first = [&proxy](const QString &url) {
        return proxy.queryProxy(QNetworkProxyQuery(QUrl(url))).value(0);
    };
    const QNetworkProxy remote = first(QStringLiteral("https://uploads.example.org/files/"));
    QCOMPARE(remote.type(), QNetworkProxy::HttpProxy);
    QCOMPARE(remote.hostName(), QStringLiteral("127.0.0.1"));
    QCOMPARE(remote.port(), m_proxy->port());
    // This machine by any of its names goes direct; "*.localhost" too (RFC 6761), which Qt's own
    // check does not cover.
    for (const char *url : {"http://127.0.0.1:1080/", "http://127.8.9.10/", "http://[::1]:1080/",
                            "http://LOCALHOST/", "http://hoist.localhost:1080/"})
        QCOMPARE(first(QLatin1String(url)).type(), QNetworkProxy::NoProxy);
}

void TestSystemProxy::loopbackIsNeverProxied_data()
{
    QTest::addColumn<QString>("host");
    QTest::newRow("127.0.0.1") << QStringLiteral("127.0.0.1");
    QTest::newRow("localhost") << QStringLiteral("localhost");
}

void TestSystemProxy::loopbackIsNeverProxied()
{
    QFETCH(QString, host);
    QVERIFY(SystemProxy::isLoopback(host));
    QUrl uploaded;
    QCOMPARE(upload(endpointAt(host, m_server.port()), 1, &uploaded), TaskState::Success);
    QCOMPARE(m_server.storedBytes(uploaded), testContent(FileSize, 1));
    QCOMPARE(m_proxy->requests, QList<QByteArray>());
}

void TestSystemProxy::uploadGoesThroughTheProxy()
{
    QVERIFY(!SystemProxy::isLoopback(QLatin1String(UnresolvableHost)));
    QUrl uploaded;
    QString error;
    QCOMPARE(
        upload(endpointAt(QLatin1String(UnresolvableHost), m_server.port()), 2, &uploaded, &error),
        TaskState::Success);
    QCOMPARE(m_server.storedBytes(uploaded), testContent(FileSize, 2));
    // The creation and every chunk went through it, addressed to the name it was given.
    QVERIFY2(m_proxy->requests.size() >= 1 + FileSize / ChunkSize,
             qPrintable(QString::number(m_proxy->requests.size())));
    QVERIFY(std::any_of(m_proxy->requests.cbegin(), m_proxy->requests.cend(),
                        [](const QByteArray &line) {
                            return line.startsWith("POST http://hoist-proxy-test.invalid:");
                        }));
    for (const QByteArray &line : std::as_const(m_proxy->requests))
        QVERIFY2(line.contains(UnresolvableHost), line.constData());
}

void TestSystemProxy::noProxyIsObeyed()
{
    qputenv("no_proxy", UnresolvableHost);
    SystemProxy::install();
    QUrl uploaded;
    QString error;
    // Direct, so the name has to resolve, and it cannot.
    QCOMPARE(
        upload(endpointAt(QLatin1String(UnresolvableHost), m_server.port()), 3, &uploaded, &error),
        TaskState::Error);
    QVERIFY2(error.contains(QLatin1String(UnresolvableHost)), qPrintable(error));
    QCOMPARE(m_proxy->requests, QList<QByteArray>());
}

void TestSystemProxy::headlessHoistUsesTheProxy()
{
    const QString path = makeTestFile(m_dir->path(), QStringLiteral("cli.bin"), FileSize, 4);
    QProcess hoist;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("http_proxy"), QString::fromLatin1(m_proxy->address()));
    hoist.setProcessEnvironment(env);
    QSignalSpy finished(&hoist, &QProcess::finished);
    hoist.start(QString::fromLocal8Bit(qgetenv("HOIST_BINARY")),
                {QStringLiteral("--headless"), QStringLiteral("--chunk-size"),
                 QString::number(ChunkSize), QStringLiteral("-e"),
                 endpointAt(QLatin1String(UnresolvableHost), m_server.port()).toString(), path});
    QVERIFY(finished.wait(UploadTimeoutMs));
    const QByteArray out = hoist.readAllStandardOutput();
    QVERIFY2(hoist.exitCode() == 0, (out + hoist.readAllStandardError()).constData());
    // "success<TAB>path<TAB>upload URL"
    const QUrl uploaded(QString::fromUtf8(out.trimmed().split('\t').last()));
    QCOMPARE(m_server.storedBytes(uploaded), testContent(FileSize, 4));
    QVERIFY(m_proxy->requests.size() >= 1 + FileSize / ChunkSize);
}

QTEST_GUILESS_MAIN(TestSystemProxy)
#include "tst_systemproxy.moc"
