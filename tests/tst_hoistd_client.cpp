// Hoist's own client (UploadScheduler over TusProtocol) against hoistd over loopback.
#include "hoistdprocess.h"
#include "testfiles.h"
#include "waitfor.h"

#include "tusprotocol.h"
#include "uploadscheduler.h"

#include <QNetworkAccessManager>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

namespace {
constexpr qint64 KiB = 1024;
constexpr qint64 MiB = 1024 * KiB;
constexpr qint64 Chunk = 256 * KiB;
constexpr int UploadTimeoutMs = 60000;

int countMatches(const QString &text, const QString &pattern)
{
    QRegularExpression re(pattern, QRegularExpression::MultilineOption);
    int n = 0;
    for (auto it = re.globalMatch(text); it.hasNext(); it.next())
        ++n;
    return n;
}
} // namespace

class TestHoistdClient : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();

    void uploadsByteIdentical_data();
    void uploadsByteIdentical();
    void manyFilesAtOnce();
    void checksumSentWithEveryBody();
    void cancelTerminatesOnServer();

private:
    QList<TaskId> add(const QStringList &paths);
    bool waitIdle()
    {
        return waitFor([this] { return m_scheduler->isIdle(); }, UploadTimeoutMs);
    }

    std::unique_ptr<HoistdProcess> m_server;
    std::unique_ptr<QTemporaryDir> m_files;
    std::unique_ptr<QNetworkAccessManager> m_network;
    std::unique_ptr<TusProtocol> m_protocol;
    std::unique_ptr<UploadScheduler> m_scheduler;
};

void TestHoistdClient::init()
{
    m_server = std::make_unique<HoistdProcess>();
    QVERIFY2(m_server->start({QStringLiteral("--verbose")}), qPrintable(m_server->errorString()));
    m_files = std::make_unique<QTemporaryDir>();
    m_network = std::make_unique<QNetworkAccessManager>();
    m_protocol = std::make_unique<TusProtocol>(m_network.get());
    m_scheduler = std::make_unique<UploadScheduler>(m_protocol.get());
    m_scheduler->setEndpoint(m_server->endpoint());
    m_scheduler->setChunkSize(Chunk);
    // One upload per file: these cases follow its URL (tst_parallelupload sends parts).
    m_scheduler->setParallelParts(false);
    RetryPolicy fast;
    fast.baseDelay = std::chrono::milliseconds(20);
    fast.maxDelay = std::chrono::milliseconds(200);
    m_scheduler->setRetryPolicy(fast);
}

void TestHoistdClient::cleanup()
{
    if (QTest::currentTestFailed() && m_server)
        qWarning("hoistd said:\n%s", qPrintable(m_server->serverLog()));
    m_scheduler.reset();
    m_protocol.reset();
    m_network.reset();
    m_server.reset();
    m_files.reset();
}

QList<TaskId> TestHoistdClient::add(const QStringList &paths)
{
    QSignalSpy added(m_scheduler.get(), &UploadScheduler::tasksAdded);
    m_scheduler->addPaths(paths, Priority::Normal);
    if (!added.wait(10000))
        return {};
    return added.first().first().value<QList<TaskId>>();
}

void TestHoistdClient::uploadsByteIdentical_data()
{
    QTest::addColumn<qint64>("size");
    QTest::newRow("0") << qint64(0);
    QTest::newRow("1") << qint64(1);
    QTest::newRow("chunk-1") << Chunk - 1;
    QTest::newRow("chunk") << Chunk;
    QTest::newRow("chunk+1") << Chunk + 1;
    QTest::newRow("several chunks") << 5 * Chunk + 77;
    QTest::newRow("8 MiB") << 8 * MiB;
}

void TestHoistdClient::uploadsByteIdentical()
{
    QFETCH(qint64, size);
    const QString path = makeTestFile(m_files->path(), QStringLiteral("file.bin"), size, 5);
    const QList<TaskId> ids = add({path});
    QCOMPARE(ids.size(), 1);
    QVERIFY(waitIdle());
    const UploadTask *task = m_scheduler->task(ids.first());
    QCOMPARE(task->state(), TaskState::Success);
    QCOMPARE(task->confirmedBytes(), size);
    QVERIFY(task->uploadUrl().path().startsWith(QLatin1String("/files/")));
    QVERIFY2(fileMatches(m_server->storedPath(task->uploadUrl()), size, 5),
             qPrintable(m_server->storedPath(task->uploadUrl())));
    QVERIFY(waitFor(
        [&] {
            return m_server->serverLog().contains(
                QStringLiteral("finished %1 %2 bytes \"file.bin\"")
                    .arg(task->uploadUrl().path().section(QLatin1Char('/'), -1))
                    .arg(size));
        },
        5000));
}

void TestHoistdClient::manyFilesAtOnce()
{
    QStringList paths;
    for (int i = 0; i < 12; ++i)
        paths << makeTestFile(m_files->path(), QStringLiteral("m%1.bin").arg(i), 300 * KiB + i, i);
    const QList<TaskId> ids = add(paths);
    QCOMPARE(ids.size(), paths.size());
    QVERIFY(waitIdle());
    for (int i = 0; i < ids.size(); ++i) {
        const UploadTask *task = m_scheduler->task(ids[i]);
        QCOMPARE(task->state(), TaskState::Success);
        QVERIFY(fileMatches(m_server->storedPath(task->uploadUrl()), 300 * KiB + i, i));
    }
    QCOMPARE(m_server->storedFiles().size(), paths.size());
}

void TestHoistdClient::checksumSentWithEveryBody()
{
    const qint64 size = 4 * Chunk + 3;
    const QString path = makeTestFile(m_files->path(), QStringLiteral("sum.bin"), size, 8);
    const QList<TaskId> ids = add({path});
    QVERIFY(waitIdle());
    QCOMPARE(m_scheduler->task(ids.first())->state(), TaskState::Success);
    QVERIFY(
        fileMatches(m_server->storedPath(m_scheduler->task(ids.first())->uploadUrl()), size, 8));
    QString log;
    QVERIFY(waitFor(
        [&] {
            log = m_server->serverLog();
            return log.contains(QLatin1String("finished"));
        },
        5000));
    // hoistd --verbose logs one line per request body; every one carried a verified crc32c
    // (hoistd offers it first, and it is what Hoist takes for a request).
    const int bodies = countMatches(log, QStringLiteral("^hoistd: (POST|PATCH) [0-9a-f]{32} \\+"));
    const int checked = countMatches(
        log,
        QStringLiteral("^hoistd: (POST|PATCH) [0-9a-f]{32} \\+\\d+ bytes, offset \\d+, stored, "
                       "checksum crc32c$"));
    QCOMPARE(bodies, 5); // five chunks: creation-with-upload and four PATCHes
    QCOMPARE(checked, bodies);
}

void TestHoistdClient::cancelTerminatesOnServer()
{
    m_scheduler->setChunkSize(64 * KiB);
    const QString path = makeTestFile(m_files->path(), QStringLiteral("c.bin"), 64 * MiB, 2);
    const QList<TaskId> ids = add({path});
    QVERIFY(waitFor([&] { return m_scheduler->task(ids.first())->confirmedBytes() > 0; }, 20000));
    QCOMPARE(m_server->storedFiles().size(), 1);
    m_scheduler->cancel(ids.first());
    QVERIFY(waitFor([&] { return m_server->storedFiles().isEmpty(); }, 20000));
}

QTEST_GUILESS_MAIN(TestHoistdClient)
#include "tst_hoistd_client.moc"
