// The nginx front of the cluster tests (issue 20), checked before anything stands behind it:
// Hoist's engine uploads through it to hoistd and to @tus/server and the stored bytes are the
// sources', Location headers name the front, a 100 MiB upload is streamed (not buffered whole:
// the control case shows the same checks catch a front that buffers), round robin spreads the
// requests over two @tus/server instances on one folder, and upstreams marked down, removed and
// added by a reload get (or stop getting) requests without a restart.
#include "hoistdprocess.h"
#include "nginxfront.h"
#include "rawhttp.h"
#include "schedulerfixture.h"
#include "testfiles.h"
#include "tusserverprocess.h"
#include "waitfor.h"

#include "uploadscheduler.h"
#include "uploadtask.h"

#include <QTest>

#include <algorithm>
#include <memory>

namespace {
constexpr qint64 KiB = 1024;
constexpr qint64 MiB = 1024 * KiB;
const QString HoistdPeer = QStringLiteral("hoistd");
const QString TusPeer = QStringLiteral("tus-node");

// One tus server behind the front: hoistd or @tus/server.
struct Upstream {
    std::unique_ptr<HoistdProcess> hoistd;
    std::unique_ptr<TusServerProcess> tus;

    bool start(const QString &kind, QString *error)
    {
        if (kind == HoistdPeer) {
            hoistd = std::make_unique<HoistdProcess>();
            const bool ok = hoistd->start();
            *error = hoistd->errorString();
            return ok;
        }
        tus = std::make_unique<TusServerProcess>();
        const bool ok = tus->start();
        *error = tus->errorString();
        return ok;
    }
    quint16 port() const { return hoistd ? hoistd->port() : tus->port(); }
    QString storedPath(const QUrl &upload) const
    {
        return hoistd ? hoistd->storedPath(upload) : tus->storedPath(upload);
    }
    QString log() const { return hoistd ? hoistd->serverLog() : tus->serverLog(); }
};

struct Source {
    QString path;
    qint64 size = 0;
    quint32 seed = 0;
};

// Requests that carried at least `bytes` (PATCH, or a creation with data).
QList<NginxLogEntry> bodiesOfAtLeast(const QList<NginxLogEntry> &log, qint64 bytes)
{
    QList<NginxLogEntry> out;
    std::copy_if(log.begin(), log.end(), std::back_inserter(out),
                 [bytes](const NginxLogEntry &e) { return e.requestLength >= bytes; });
    return out;
}

int sumOf(const QMap<QString, int> &byMethod)
{
    int n = 0;
    for (int v : byMethod)
        n += v;
    return n;
}
} // namespace

class tst_NginxFront : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void cleanup();

    void uploadsThroughTheFront_data();
    void uploadsThroughTheFront();
    void hundredMiBIsStreamed_data();
    void hundredMiBIsStreamed();
    void aBufferingFrontIsCaught();
    void roundRobinSpreadsRequests();
    void upstreamsChangeWithoutARestart();

private:
    bool startEngine(int concurrency, qint64 rateLimit = 0);
    QList<Source> makeFiles(const QString &prefix, int count, qint64 size, quint32 seed);
    // Uploads `files` through the front; true when every one succeeded.
    bool upload(const QList<Source> &files, QList<QUrl> *urls = nullptr, int timeoutMs = 60000);

    std::unique_ptr<NginxFront> m_front;
    std::vector<std::unique_ptr<Upstream>> m_upstreams;
    std::unique_ptr<SchedulerFixture> m_engine;
};

void tst_NginxFront::cleanup()
{
    if (QTest::currentTestFailed()) {
        if (m_front)
            qWarning("nginx error log:\n%s", qPrintable(m_front->errorLog().right(3000)));
        for (const auto &u : m_upstreams)
            qWarning("upstream %u said:\n%s", u->port(), qPrintable(u->log().right(2000)));
    }
    m_engine.reset();
    m_front.reset();
    m_upstreams.clear();
}

bool tst_NginxFront::startEngine(int concurrency, qint64 rateLimit)
{
    m_engine = std::make_unique<SchedulerFixture>();
    if (!m_engine->start(m_front->endpoint())) {
        qWarning("%s", qPrintable(m_engine->errorString()));
        return false;
    }
    UploadScheduler *scheduler = m_engine->scheduler();
    scheduler->setAutoConcurrency(false);
    scheduler->setConcurrency(concurrency);
    scheduler->setChunkSize(8
                            * MiB); // the product's: a chunk is a piece of progress, not a request
    if (rateLimit > 0)
        scheduler->setRateLimit(rateLimit);
    return true;
}

QList<Source> tst_NginxFront::makeFiles(const QString &prefix, int count, qint64 size, quint32 seed)
{
    QList<Source> files;
    for (int i = 0; i < count; ++i) {
        const qint64 n = size + i * 1021; // no two alike in length either
        files << Source{makeTestFile(m_engine->files().path(),
                                     QStringLiteral("%1-%2.bin").arg(prefix).arg(i), n, seed + i),
                        n, seed + quint32(i)};
    }
    return files;
}

bool tst_NginxFront::upload(const QList<Source> &files, QList<QUrl> *urls, int timeoutMs)
{
    QStringList paths;
    for (const Source &f : files)
        paths << f.path;
    const QList<TaskId> ids = m_engine->add(paths);
    if (ids.size() != files.size() || !m_engine->waitIdle(timeoutMs))
        return false;
    bool allDone = true;
    for (TaskId id : ids) {
        const UploadTask *task = m_engine->task(id);
        allDone = allDone && task->state() == TaskState::Success;
        if (urls)
            *urls << task->uploadUrl();
    }
    return allDone;
}

void tst_NginxFront::uploadsThroughTheFront_data()
{
    QTest::addColumn<QString>("peer");
    QTest::newRow("hoistd") << HoistdPeer;
    QTest::newRow("tus-node") << TusPeer;
}

void tst_NginxFront::uploadsThroughTheFront()
{
    QFETCH(QString, peer);
    QString error;
    m_upstreams.push_back(std::make_unique<Upstream>());
    QVERIFY2(m_upstreams[0]->start(peer, &error), qPrintable(error));
    const quint16 upstream = m_upstreams[0]->port();
    m_front = std::make_unique<NginxFront>();
    QVERIFY2(m_front->start({upstream}), qPrintable(m_front->errorString()));
    QVERIFY(m_front->port() != upstream);
    QVERIFY(startEngine(3));

    QList<Source> files = makeFiles(QStringLiteral("odd"), 3, 1, 10); // 1, 1022, 2043 bytes
    files << makeFiles(QStringLiteral("mid"), 3, 256 * KiB + 3, 20)
          << makeFiles(QStringLiteral("big"), 2, 9 * MiB + 7, 30);
    QList<QUrl> urls;
    QVERIFY(upload(files, &urls));

    for (int i = 0; i < files.size(); ++i) {
        // Where the client goes on with the upload: the front, never the instance behind it.
        QCOMPARE(urls[i].host(), QStringLiteral("127.0.0.1"));
        QCOMPARE(urls[i].port(), int(m_front->port()));
        const QString stored = m_upstreams[0]->storedPath(urls[i]);
        QVERIFY2(fileMatches(stored, files[i].size, files[i].seed),
                 qPrintable(QStringLiteral("%1 differs from its source").arg(stored)));
    }
    const QList<NginxLogEntry> log = m_front->requests();
    QCOMPARE(NginxAccessLog::servedPerUpstream(log, "POST").value(upstream), files.size());
    QCOMPARE(NginxAccessLog::servedPerUpstream(log).value(upstream), log.size());
    for (const NginxLogEntry &e : log)
        QVERIFY2(e.status < 400, e.method + ' ' + e.uri + ' ' + QByteArray::number(e.status));
}

void tst_NginxFront::hundredMiBIsStreamed_data()
{
    uploadsThroughTheFront_data();
}

void tst_NginxFront::hundredMiBIsStreamed()
{
    QFETCH(QString, peer);
    QString error;
    m_upstreams.push_back(std::make_unique<Upstream>());
    QVERIFY2(m_upstreams[0]->start(peer, &error), qPrintable(error));
    m_front = std::make_unique<NginxFront>();
    QVERIFY2(m_front->start({m_upstreams[0]->port()}), qPrintable(m_front->errorString()));
    // Paced, so that a body buffered whole would show as a long wait before nginx connects.
    QVERIFY(startEngine(1, 40 * MiB));
    const QList<Source> files = makeFiles(QStringLiteral("hundred"), 1, 100 * MiB, 7);
    QList<QUrl> urls;
    QVERIFY(upload(files, &urls, 120000));
    QVERIFY(fileMatches(m_upstreams[0]->storedPath(urls[0]), files[0].size, files[0].seed));

    QVERIFY2(!m_front->bufferedABody(), qPrintable(m_front->errorLog()));
    const QList<NginxLogEntry> big = bodiesOfAtLeast(m_front->requests(), 4 * MiB);
    QVERIFY(!big.isEmpty());
    qint64 carried = 0;
    for (const NginxLogEntry &e : big) {
        carried += e.requestLength;
        // Streamed: nginx talked to the upstream for as long as the client sent, not only after.
        QVERIFY2(e.upstreamResponseTime >= 0.8 * e.requestTime - 0.05,
                 qPrintable(QStringLiteral("%1 s with the upstream of %2 s in all")
                                .arg(e.upstreamResponseTime)
                                .arg(e.requestTime)));
    }
    QVERIFY(carried >= files[0].size);
    // 100 MiB at 40 MiB/s, in one request or several: long enough for the ratio to mean something.
    double seconds = 0;
    for (const NginxLogEntry &e : big)
        seconds += e.requestTime;
    QVERIFY2(seconds >= 1.5, QByteArray::number(seconds));
}

void tst_NginxFront::aBufferingFrontIsCaught()
{
    // The control of hundredMiBIsStreamed: nginx's default (a request body read whole first)
    // must fail both of its checks.
    QString error;
    m_upstreams.push_back(std::make_unique<Upstream>());
    QVERIFY2(m_upstreams[0]->start(TusPeer, &error), qPrintable(error));
    m_front = std::make_unique<NginxFront>();
    m_front->setRequestBuffering(true);
    QVERIFY2(m_front->start({m_upstreams[0]->port()}), qPrintable(m_front->errorString()));
    // One request of 8 MiB over about 2 s: a buffered body reaches the upstream in a fraction.
    QVERIFY(startEngine(1, 4 * MiB));
    const QList<Source> files = makeFiles(QStringLiteral("buffered"), 1, 8 * MiB, 8);
    QList<QUrl> urls;
    QVERIFY(upload(files, &urls));
    QVERIFY(fileMatches(m_upstreams[0]->storedPath(urls[0]), files[0].size, files[0].seed));

    QVERIFY(m_front->bufferedABody());
    const QList<NginxLogEntry> big = bodiesOfAtLeast(m_front->requests(), 4 * MiB);
    QVERIFY(!big.isEmpty());
    for (const NginxLogEntry &e : big)
        QVERIFY2(e.upstreamResponseTime < 0.5 * e.requestTime,
                 qPrintable(
                     QStringLiteral("%1 of %2 s").arg(e.upstreamResponseTime).arg(e.requestTime)));
}

void tst_NginxFront::roundRobinSpreadsRequests()
{
    // Two @tus/server instances on one folder (@tus/file-store keeps each upload's record in a
    // file beside it, so either can continue what the other began).
    QTemporaryDir shared;
    QVERIFY(shared.isValid());
    QList<quint16> ports;
    for (int i = 0; i < 2; ++i) {
        auto u = std::make_unique<Upstream>();
        u->tus = std::make_unique<TusServerProcess>();
        u->tus->setStorageDir(shared.path());
        QVERIFY2(u->tus->start(), qPrintable(u->tus->errorString()));
        ports << u->port();
        m_upstreams.push_back(std::move(u));
    }
    m_front = std::make_unique<NginxFront>();
    QVERIFY2(m_front->start(ports), qPrintable(m_front->errorString()));
    QVERIFY(startEngine(4));
    const QList<Source> files = makeFiles(QStringLiteral("rr"), 24, 64 * KiB, 40);
    QList<QUrl> urls;
    QVERIFY(upload(files, &urls));
    for (int i = 0; i < files.size(); ++i)
        QVERIFY(fileMatches(m_upstreams[0]->storedPath(urls[i]), files[i].size, files[i].seed));

    const QList<NginxLogEntry> log = m_front->requests();
    const QMap<quint16, int> served = NginxAccessLog::servedPerUpstream(log);
    QCOMPARE(served.value(ports[0]) + served.value(ports[1]), log.size());
    for (quint16 port : ports) {
        // Round robin gives each about half; anything sticky would give one nearly all.
        QVERIFY2(served.value(port) * 10 >= log.size() * 4,
                 qPrintable(QStringLiteral("%1 of %2 requests on %3")
                                .arg(served.value(port))
                                .arg(log.size())
                                .arg(port)));
    }
    // The log's attribution is what the servers themselves counted.
    for (const auto &u : m_upstreams)
        QCOMPARE(sumOf(u->tus->stats().byMethod), served.value(u->port()));
}

void tst_NginxFront::upstreamsChangeWithoutARestart()
{
    QTemporaryDir shared;
    QVERIFY(shared.isValid());
    QList<quint16> ports;
    for (int i = 0; i < 2; ++i) {
        auto u = std::make_unique<Upstream>();
        u->tus = std::make_unique<TusServerProcess>();
        u->tus->setStorageDir(shared.path());
        QVERIFY2(u->tus->start(), qPrintable(u->tus->errorString()));
        ports << u->port();
        m_upstreams.push_back(std::move(u));
    }
    const quint16 a = ports[0];
    const quint16 b = ports[1];
    m_front = std::make_unique<NginxFront>();
    QVERIFY2(m_front->start(ports), qPrintable(m_front->errorString()));
    const qint64 pid = m_front->pid();
    QVERIFY(startEngine(3));

    // a marked down: b serves everything.
    QVERIFY2(m_front->setDown(a), qPrintable(m_front->errorString()));
    QCOMPARE(m_front->generation(), 2);
    m_front->clearLog();
    QVERIFY(upload(makeFiles(QStringLiteral("down"), 6, 32 * KiB, 60)));
    // nginx writes a request's log line after its answer has gone: the last ones may come
    // a moment after the upload ended.
    QMap<quint16, int> served;
    const auto servedAtLeast = [&](quint16 port, int count) {
        return waitFor([&] {
            served = NginxAccessLog::servedPerUpstream(m_front->requests());
            return served.value(port) >= count;
        });
    };
    QVERIFY(servedAtLeast(b, 6)); // a creation (with the data, for small files) per file
    QCOMPARE(served.value(a), 0);

    // a back, b removed: a serves everything.
    QVERIFY2(m_front->setDown(a, false), qPrintable(m_front->errorString()));
    QVERIFY2(m_front->removeUpstream(b), qPrintable(m_front->errorString()));
    QCOMPARE(m_front->upstreams(), QList<quint16>{a});
    m_front->clearLog();
    QVERIFY(upload(makeFiles(QStringLiteral("one"), 6, 32 * KiB, 70)));
    QVERIFY(servedAtLeast(a, 6));
    QCOMPARE(served.value(b), 0);

    // b added again: both serve.
    QVERIFY2(m_front->addUpstream(b), qPrintable(m_front->errorString()));
    m_front->clearLog();
    QVERIFY(upload(makeFiles(QStringLiteral("two"), 12, 32 * KiB, 80)));
    QVERIFY(servedAtLeast(a, 3));
    QVERIFY(servedAtLeast(b, 3));
    QCOMPARE(m_front->pid(), pid); // reloaded, never restarted
    QCOMPARE(m_front->generation(), 5);

    // None left: nginx answers 502 itself. A reload is graceful: a worker of the old
    // configuration may still take a new connection for a moment after the new one answers.
    QVERIFY(m_front->removeUpstream(a));
    QVERIFY(m_front->removeUpstream(b));
    const auto status = [this] {
        return rawRequest(m_front->port(), "OPTIONS", "/files/", {{"Tus-Resumable", "1.0.0"}})
            .status;
    };
    QTRY_COMPARE_WITH_TIMEOUT(status(), 502, 10000);
}

QTEST_MAIN(tst_NginxFront)
#include "tst_nginxfront.moc"
