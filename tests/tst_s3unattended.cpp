// Unattended uploads to a real S3 server (issue 17, items 1 and 4), the run's Ceph RGW:
// - a watched folder whose target is a bucket: a file written slowly goes up once settled, a
//   change goes up again, a touch does not, excluded files never; each version is written to
//   the bucket exactly once (counted in RGW's access log), byte-identical, with its
//   x-amz-meta-mtime as the reference client (aws s3api head-object) reads it;
// - an outage of RGW played by the fault-injecting proxy in front of it (refusing connections,
//   then accepting and closing them, then forwarding again on the same port) during multipart
//   and single-PUT uploads: all finish by themselves, byte-identical, and while it lasts one
//   probe (HEAD of the bucket) per back-off step, counted by ServerHealth under a ManualClock
//   and, while the proxy accepts, as connections at the proxy (at most Qt's own resends).
#include "faultproxy.h"
#include "rgwtestpeer.h"
#include "testfiles.h"
#include "waitfor.h"

#include "clock.h"
#include "s3protocol.h"
#include "serverhealth.h"
#include "storethread.h"
#include "uploadledger.h"
#include "uploadscheduler.h"
#include "uploadtask.h"
#include "watchservice.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QProcess>
#include <QSignalSpy>
#include <QTcpServer>
#include <QTemporaryDir>
#include <QTest>

#include <ctime>
#include <memory>
#include <utime.h>

using namespace std::chrono_literals;

namespace {
constexpr qint64 KiB = 1024;
constexpr qint64 MiB = 1024 * KiB;
constexpr qint64 Part = 8 * MiB; // S3MultipartTransfer::partSizeFor() for these sizes
constexpr int SettleMs = 400;
constexpr int RescanMs = 300;

bool writeBytes(const QString &path, const QByteArray &bytes)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(bytes) == bytes.size();
}

bool appendTo(const QString &path, const QByteArray &bytes)
{
    QFile file(path);
    return file.open(QIODevice::Append) && file.write(bytes) == bytes.size();
}

// The file's time set `secondsAgo` in the past: a touch that keeps the bytes.
bool age(const QString &path, int secondsAgo)
{
    const time_t t = time(nullptr) - secondsAgo;
    const utimbuf times{t, t};
    return ::utime(QFile::encodeName(path).constData(), &times) == 0;
}

// A port nobody listens on (taken and given back).
quint16 closedPort()
{
    QTcpServer probe;
    probe.listen(QHostAddress::LocalHost, 0);
    return probe.serverPort();
}
} // namespace

class tst_S3Unattended : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();
    void watchedFolderToABucket();
    void outageBehindTheProxy();

private:
    void startScheduler(const QUrl &target);
    // Writes of `key` that made an object (PutObject or CompleteMultipartUpload answered 200),
    // as RGW's access log has them.
    int objectWrites(const QString &key) const;
    // aws s3api head-object: the object's JSON description, as the reference client reads it.
    const UploadTask *task(TaskId id) const { return m_scheduler->task(id); }

    std::unique_ptr<RgwTestPeer> m_rgw;
    QTemporaryDir m_files;
    std::unique_ptr<QNetworkAccessManager> m_network;
    std::unique_ptr<S3Protocol> m_protocol;
    std::unique_ptr<UploadScheduler> m_scheduler;
};

void tst_S3Unattended::init()
{
    QString why;
    if (!RgwTestPeer::available(&why))
        QFAIL(qPrintable(why));
    m_rgw = std::make_unique<RgwTestPeer>();
    QVERIFY2(m_rgw->start(), qPrintable(m_rgw->errorString()));
}

void tst_S3Unattended::cleanup()
{
    m_scheduler.reset();
    m_protocol.reset();
    m_network.reset();
    m_rgw.reset();
}

void tst_S3Unattended::startScheduler(const QUrl &target)
{
    m_network = std::make_unique<QNetworkAccessManager>();
    m_protocol = std::make_unique<S3Protocol>(m_network.get());
    m_protocol->setCredentials(target, m_rgw->credentials());
    m_scheduler = std::make_unique<UploadScheduler>(m_protocol.get());
    m_scheduler->setEndpoint(target);
}

int tst_S3Unattended::objectWrites(const QString &key) const
{
    const QString path = QLatin1Char('/') + m_rgw->bucket() + QLatin1Char('/') + key;
    int n = 0;
    for (const QJsonValue &v : m_rgw->stats().log) {
        const QJsonObject o = v.toObject();
        const QString url = o.value(QLatin1String("url")).toString();
        const QString method = o.value(QLatin1String("method")).toString();
        if (o.value(QLatin1String("status")).toInt() != 200)
            continue;
        if ((method == QLatin1String("PUT") && url == path)
            || (method == QLatin1String("POST") && url.startsWith(path + QLatin1Char('?'))
                && url.contains(QLatin1String("uploadId="))))
            ++n;
    }
    return n;
}

void tst_S3Unattended::watchedFolderToABucket()
{
    QTemporaryDir watchedDir;
    QTemporaryDir state;
    const auto watched = [&](const QString &name) { return watchedDir.filePath(name); };
    startScheduler(m_rgw->target());
    LedgerThread ledger(state.path());
    QCOMPARE(ledger.open(), QString());
    WatchService service(m_scheduler.get(), ledger.ledger());
    service.setTuning({SettleMs, RescanMs, -1});
    service.setGlobalExclude(PathPatterns(PathPatterns::defaultExcludes()));
    WatchedFolder folder;
    folder.folder = watchedDir.path();
    folder.target = m_rgw->target();
    folder.prefix = QStringLiteral("w");
    service.setFolders({folder});
    QTRY_COMPARE(service.stateOf(folder), FolderWatcher::State::Watching);
    QSignalSpy recorded(&service, &WatchService::versionRecorded);
    const auto succeeded = [this] { return m_scheduler->totals().count(TaskState::Success); };

    // Written a piece every 150 ms for over a second (settling takes 400 ms), beside files the
    // default patterns leave out: nothing reaches the bucket while it grows.
    const QByteArray slow = testContent(10 * 40000 + 17, 7);
    const QString slowPath = watched(QStringLiteral("slow.bin"));
    QVERIFY(writeBytes(slowPath, slow.left(40000)));
    for (const char *name : {"scratch.tmp", ".DS_Store", "~$draft.docx", "sub/Thumbs.db"})
        QVERIFY(writeBytes(watched(QLatin1String(name)), "left out"));
    for (int piece = 1; piece <= 10; ++piece) {
        QTest::qWait(150); // the writer's pace, not a wait for the code under test
        QVERIFY(appendTo(slowPath, slow.mid(piece * 40000, piece == 10 ? -1 : 40000)));
        QCOMPARE(m_scheduler->taskCount(), 0);
    }
    // A file of two parts beside it (a multipart upload) and a document.
    const QString big = makeTestFile(watchedDir.path(), QStringLiteral("sub/big.bin"), Part + 5, 3);
    const QByteArray v1 = testContent(5000, 1);
    QVERIFY(writeBytes(watched(QStringLiteral("doc.txt")), v1));
    QVERIFY(waitFor([&] { return succeeded() == 3 && recorded.size() == 3; }, 120000));
    QCOMPARE(m_rgw->object(QStringLiteral("w/slow.bin")), slow);
    QCOMPARE(m_rgw->object(QStringLiteral("w/doc.txt")), v1);
    QVERIFY(m_rgw->object(QStringLiteral("w/sub/big.bin")) == testContent(Part + 5, 3));

    // Touched: another time, the same bytes. The hash says so; nothing goes up.
    QVERIFY(age(watched(QStringLiteral("doc.txt")), 100));
    QVERIFY(recorded.wait(10000)); // noted unchanged
    QCOMPARE(m_scheduler->taskCount(), 3);

    // Changed: the new version goes up, once, to the same key.
    const QByteArray v2 = testContent(7000, 2);
    QVERIFY(writeBytes(watched(QStringLiteral("doc.txt")), v2));
    QVERIFY(waitFor([&] { return succeeded() == 4; }, 60000));
    QCOMPARE(m_rgw->object(QStringLiteral("w/doc.txt")), v2);
    QTest::qWait(SettleMs * 3); // nothing more comes of it
    QCOMPARE(m_scheduler->taskCount(), 4);

    // The bucket: these keys only, each version written once (the access log may lag a little).
    QStringList keys = m_rgw->keys();
    keys.sort();
    QCOMPARE(keys, (QStringList{QStringLiteral("w/doc.txt"), QStringLiteral("w/slow.bin"),
                                QStringLiteral("w/sub/big.bin")}));
    QVERIFY(waitFor([&] { return objectWrites(QStringLiteral("w/doc.txt")) >= 2; }, 10000));
    QCOMPARE(objectWrites(QStringLiteral("w/doc.txt")), 2);
    QCOMPARE(objectWrites(QStringLiteral("w/slow.bin")), 1);
    QCOMPARE(objectWrites(QStringLiteral("w/sub/big.bin")), 1);
    QVERIFY(m_rgw->multipartUploads().isEmpty());

    // Each object carries its file's time (rclone's format: seconds with a fraction).
    const QList<QPair<QString, QString>> objects{
        {QStringLiteral("w/slow.bin"), slowPath},
        {QStringLiteral("w/doc.txt"), watched(QStringLiteral("doc.txt"))},
        {QStringLiteral("w/sub/big.bin"), big}};
    for (const auto &[key, path] : objects) {
        const QString mtime = m_rgw->headObjectByAws(key)
                                  .value(QLatin1String("Metadata"))
                                  .toObject()
                                  .value(QLatin1String("mtime"))
                                  .toString();
        bool ok = false;
        const double seconds = mtime.toDouble(&ok);
        QVERIFY2(ok, qPrintable(key + QStringLiteral(": mtime \"") + mtime + QLatin1Char('"')));
        const double expected = double(QFileInfo(path).lastModified().toMSecsSinceEpoch()) / 1000.0;
        QVERIFY2(
            qAbs(seconds - expected) < 0.002,
            qPrintable(
                QStringLiteral("%1: %2, the file's %3").arg(key, mtime).arg(expected, 0, 'f', 3)));
    }
}

void tst_S3Unattended::outageBehindTheProxy()
{
    FaultProxy proxy;
    QVERIFY2(proxy.start(QStringLiteral("127.0.0.1"), m_rgw->port()),
             qPrintable(proxy.errorString()));
    const QUrl target = m_rgw->targetVia(proxy.url().adjusted(QUrl::RemovePath));
    startScheduler(target);
    ManualClock clock(QDateTime::currentMSecsSinceEpoch());
    ServerHealth *health = m_scheduler->serverHealth();
    health->setClock(&clock);
    // Steps no test waits for: only the clock moved by the test makes a probe due.
    RetryPolicy policy;
    policy.baseDelay = 1min;
    policy.maxDelay = 5min;
    m_scheduler->setRetryPolicy(policy);
    m_scheduler->setConcurrency(11);     // all at once: the outage cuts every kind
    m_scheduler->setRateLimit(16 * MiB); // slow enough to be cut in the middle
    QStringList paths;
    QList<QPair<QString, qint64>> files;
    for (int i = 0; i < 3; ++i)
        files.append({QStringLiteral("multi%1.bin").arg(i), 2 * Part + 1000 * i + 1});
    for (int i = 0; i < 8; ++i)
        files.append({QStringLiteral("single%1.bin").arg(i), 5 * MiB + i}); // one PUT each
    for (int i = 0; i < files.size(); ++i)
        paths << makeTestFile(m_files.path(), files[i].first, files[i].second, 40 + i);
    QSignalSpy down(health, &ServerHealth::serverDown);
    QSignalSpy up(health, &ServerHealth::serverUp);
    m_scheduler->addPaths(paths);
    QVERIFY(waitFor([&] { return m_scheduler->taskCount() == files.size(); }, 20000));
    const QList<TaskId> ids = m_scheduler->taskIds();
    // A fifth of the bytes through: every upload is under way, none finished.
    QVERIFY(waitFor(
        [&] {
            const SchedulerTotals totals = m_scheduler->totals();
            return totals.bytesTotal > 0 && totals.bytesDone * 5 >= totals.bytesTotal;
        },
        120000));

    // RGW "goes away": the port refuses, the connections open are cut.
    QVERIFY(proxy.setRefusing(true));
    proxy.resetAllNow();
    QVERIFY(waitFor([&] { return down.size() >= 1; }, 20000));
    QCOMPARE(down.size(), 1);
    const std::shared_ptr<const ServerOutage> outage = health->outageOf(target);
    QVERIFY(outage);
    QVERIFY(waitFor([&] { return m_scheduler->runningCount() == 0 && outage->nextTryWallMs > 0; },
                    20000));
    int notDone = 0;
    int singlesNotDone = 0;
    for (TaskId id : ids) {
        const bool done = task(id)->state() == TaskState::Success;
        notDone += done ? 0 : 1;
        singlesNotDone += !done && task(id)->size() < Part ? 1 : 0;
    }
    // Cut in the middle: the multipart uploads and single PUTs alike.
    QVERIFY2(
        notDone - singlesNotDone == 3 && singlesNotDone >= 1,
        qPrintable(
            QStringLiteral("%1 not done, %2 of them single").arg(notDone).arg(singlesNotDone)));
    const int probesBefore = health->probesSent();
    constexpr int Steps = 4;
    for (int step = 0; step < Steps; ++step) {
        clock.advance(5 * 60 * 1000); // past any step: the next probe is due
        QCOMPARE(health->probesSent(), probesBefore + step + 1);
        QVERIFY(waitFor([&] { return outage->nextTryWallMs > 0; }, 10000)); // refused again
    }
    // Now it accepts and closes at once (an upstream that is not there): every connection
    // tried reaches the proxy, so it counts what the probes cost on the wire.
    proxy.setTarget(QStringLiteral("127.0.0.1"), closedPort());
    QVERIFY(proxy.setRefusing(false));
    proxy.resetCounters();
    QStringList perStep;
    for (int step = 0; step < Steps; ++step) {
        const qint64 before = proxy.counters().accepted;
        clock.advance(5 * 60 * 1000);
        QCOMPARE(health->probesSent(), probesBefore + Steps + step + 1);
        QVERIFY(waitFor([&] { return outage->nextTryWallMs > 0; }, 10000));
        QVERIFY(waitFor([&] { return proxy.counters().open == 0; }, 10000));
        // One probe's connections: Qt's HTTP client sends a request again, up to 3 times, when
        // the server closes the connection before answering (qhttpnetworkconnectionchannel.cpp,
        // reconnectAttemptsDefault); never one per waiting upload (11 of them).
        const qint64 connections = proxy.counters().accepted - before;
        perStep << QString::number(connections);
        QVERIFY2(connections >= 1 && connections <= 4, qPrintable(QString::number(connections)));
    }
    int tries = 0;
    for (TaskId id : ids)
        tries += int(task(id)->attempts().attempts().size());
    qInfo("%d uploads not done (%d single PUTs); %d probes for %d steps; connections per step "
          "while closing: %s; %d tries in all",
          notDone, singlesNotDone, health->probesSent() - probesBefore, 2 * Steps,
          qPrintable(perStep.join(QLatin1Char(' '))), tries);
    QCOMPARE(health->probesSent() - probesBefore, 2 * Steps);
    // The uploads cut by the outage tried once each; none tried while it lasted.
    QVERIFY2(tries <= ids.size() * 2, qPrintable(QString::number(tries)));
    QVERIFY(down.size() == 1 && up.isEmpty());
    for (TaskId id : ids)
        QVERIFY(task(id)->state() == TaskState::Success || task(id)->state() == TaskState::Waiting);

    // Back on the same port: the next step's probe finds it, and everything goes on by itself.
    proxy.setTarget(QStringLiteral("127.0.0.1"), m_rgw->port());
    clock.advance(5 * 60 * 1000);
    QVERIFY(waitFor([&] { return up.size() == 1; }, 20000));
    QVERIFY(waitFor([&] { return m_scheduler->isIdle(); }, 180000));
    for (int i = 0; i < ids.size(); ++i) {
        const UploadTask *t = task(ids[i]);
        QVERIFY2(t->state() == TaskState::Success,
                 qPrintable(t->displayName() + QStringLiteral(": ") + t->errorMessage()));
    }
    for (int i = 0; i < files.size(); ++i)
        QVERIFY2(m_rgw->object(files[i].first) == testContent(files[i].second, 40 + i),
                 qPrintable(files[i].first));
    QVERIFY(m_rgw->multipartUploads().isEmpty());
    QCOMPARE(up.size(), 1);
}

QTEST_GUILESS_MAIN(tst_S3Unattended)
#include "tst_s3unattended.moc"
