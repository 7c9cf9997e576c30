// hoistd's limits on how many uploads a user holds: unfinished uploads at once (per user in the
// config, a default at its top, --max-unfinished for the anonymous user), refused with 429 and
// counted under one lock; finished uploads kept only as long as --keep-finished says. Raw requests.
#include "clusterstoreview.h"
#include "hoistdprocess.h"
#include "rawhttp.h"
#include "waitfor.h"

#include <QFile>
#include <QProcess>
#include <QTest>

#include <atomic>
#include <thread>
#include <vector>

namespace {
const QByteArray AliceToken = "alice-limits-token-0123456789";
const QByteArray BobToken = "bob-limits-token-abcdefghijkl";
const QByteArray CarolToken = "carol-limits-token-zyxwvutsrq";
constexpr int AliceLimit = 3;   // her own
constexpr int DefaultLimit = 5; // the file's, for bob
constexpr int CarolLimit = 8;
const QByteArray OffsetStream = "application/offset+octet-stream";

RawHeaders as(const QByteArray &token, const RawHeaders &extra = {})
{
    RawHeaders headers{{"Tus-Resumable", "1.0.0"}};
    if (!token.isEmpty())
        headers += RawHeaders{{"Authorization", "Bearer " + token}};
    return headers + extra;
}
} // namespace

class TestHoistdLimits : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase(); // the cluster configuration, when HOIST_TEST_HOISTD_STORE asks for it
    void cleanup();

    void unfinishedLimitPerUser();
    void concurrentCreationsKeepTheLimit();
    void anonymousLimitFromCommandLine();
    void finishedKeptAsConfigured();
    void badOptionsRefused_data();
    void badOptionsRefused();

private:
    bool start(const QStringList &extra, bool withUsers);
    quint16 port() const { return m_server->port(); }
    RawResponse create(const QByteArray &token, const RawHeaders &extra,
                       const QByteArray &body = {});
    RawResponse createOfLength(const QByteArray &token, qint64 length);

    std::unique_ptr<ClusterStoreView> m_storeView;
    std::unique_ptr<HoistdProcess> m_server;
};

void TestHoistdLimits::initTestCase()
{
    QString why;
    if (ClusterStoreView::wanted())
        QVERIFY2(m_storeView = ClusterStoreView::install(&why), qPrintable(why));
}

void TestHoistdLimits::cleanup()
{
    if (QTest::currentTestFailed() && m_server)
        qWarning("hoistd said:\n%s", qPrintable(m_server->serverLog()));
    m_server.reset();
}

bool TestHoistdLimits::start(const QStringList &extra, bool withUsers)
{
    m_server = std::make_unique<HoistdProcess>();
    QStringList args{QStringLiteral("--verbose")};
    if (withUsers) {
        const QString path = m_server->rootDir() + QStringLiteral("/users.json");
        const QByteArray json = R"({"maxUnfinished": )" + QByteArray::number(DefaultLimit) +
                                R"(, "users": [
  {"name": "alice", "token": ")" + AliceToken
                                + R"(", "quota": 1000, "maxUnfinished": )"
                                + QByteArray::number(AliceLimit) + R"(},
  {"name": "bob", "token": ")" + BobToken
                                +
                                R"(", "quota": 1000000},
  {"name": "carol", "token": ")" + CarolToken
                                + R"(", "quota": 1000000, "maxUnfinished": )"
                                + QByteArray::number(CarolLimit) + R"(}]})";
        QFile file(path);
        if (!file.open(QIODevice::WriteOnly) || file.write(json) != json.size())
            return false;
        file.close();
        file.setPermissions(QFile::ReadOwner | QFile::WriteOwner);
        args << QStringLiteral("--config") << path;
    }
    if (!m_server->start(args + extra)) {
        qWarning("%s", qPrintable(m_server->errorString()));
        return false;
    }
    return true;
}

RawResponse TestHoistdLimits::create(const QByteArray &token, const RawHeaders &extra,
                                     const QByteArray &body)
{
    RawHeaders headers = as(token, extra);
    if (!body.isEmpty())
        headers += RawHeaders{{"Content-Type", OffsetStream}};
    return rawRequest(port(), "POST", "/files/", headers, body);
}

RawResponse TestHoistdLimits::createOfLength(const QByteArray &token, qint64 length)
{
    return create(token, {{"Upload-Length", QByteArray::number(length)}});
}

void TestHoistdLimits::unfinishedLimitPerUser()
{
    QVERIFY(start({}, true));
    // Alice (quota 1000 bytes, limit 3): three unfinished uploads of different kinds.
    QList<QByteArray> alices;
    alices << createOfLength(AliceToken, 10).header("Location");
    alices << create(AliceToken, {{"Upload-Defer-Length", "1"}}).header("Location");
    alices << create(AliceToken, {{"Upload-Concat", "partial"}, {"Upload-Length", "10"}})
                  .header("Location");
    for (const QByteArray &path : std::as_const(alices))
        QVERIFY(path.startsWith("/files/"));
    // A fourth is refused, of any kind that would be unfinished, with a sentence naming the limit.
    for (const RawHeaders &extra :
         {RawHeaders{{"Upload-Length", "1"}}, RawHeaders{{"Upload-Defer-Length", "1"}},
          RawHeaders{{"Upload-Concat", "partial"}, {"Upload-Length", "1"}}}) {
        const RawResponse refused = create(AliceToken, extra);
        QCOMPARE(refused.status, 429);
        QVERIFY2(refused.body.contains("Limit of 3 unfinished uploads"), refused.body.constData());
        QCOMPARE(refused.header("Retry-After"), QByteArray("60"));
        QVERIFY(!refused.has("Location"));
    }
    // Creation-with-upload that would be left unfinished is refused before its body is taken.
    QCOMPARE(create(AliceToken, {{"Upload-Length", "20"}}, "0123456789").status, 429);
    QCOMPARE(m_server->storedFiles().size(), 3);
    // An empty upload is finished at once: it does not count, and is not refused.
    QCOMPARE(createOfLength(AliceToken, 0).status, 201);
    // Bob has the file's default, and Alice's uploads are not his.
    for (int i = 0; i < DefaultLimit; ++i)
        QCOMPARE(createOfLength(BobToken, 1).status, 201);
    QCOMPARE(createOfLength(BobToken, 1).status, 429);
    QVERIFY(createOfLength(BobToken, 1).body.contains("Limit of 5 unfinished uploads"));

    // Finishing one makes room, and so does deleting one.
    QCOMPARE(rawRequest(port(), "PATCH", alices[0],
                        as(AliceToken, {{"Content-Type", OffsetStream}, {"Upload-Offset", "0"}}),
                        "0123456789")
                 .header("Upload-Offset"),
             QByteArray("10"));
    const RawResponse next = createOfLength(AliceToken, 10);
    QCOMPARE(next.status, 201);
    QCOMPARE(createOfLength(AliceToken, 10).status, 429);
    QCOMPARE(rawRequest(port(), "DELETE", alices[1], as(AliceToken)).status, 204);
    QCOMPARE(createOfLength(AliceToken, 10).status, 201);
    QCOMPARE(createOfLength(AliceToken, 10).status, 429);
    // The count is not lost in a restart: it is made again from the index.
    QVERIFY(m_server->restart());
    QCOMPARE(createOfLength(AliceToken, 10).status, 429);
    QCOMPARE(createOfLength(CarolToken, 10).status, 201); // her own limit
}

void TestHoistdLimits::concurrentCreationsKeepTheLimit()
{
    QVERIFY(start({}, true));
    // Carol may have 8; 40 creations at once from 8 threads get exactly 8 through.
    constexpr int Threads = 8;
    constexpr int PerThread = 5;
    std::atomic<int> created{0};
    std::atomic<int> refused{0};
    std::atomic<int> other{0};
    const quint16 serverPort = port();
    std::vector<std::thread> threads;
    for (int t = 0; t < Threads; ++t) {
        threads.emplace_back([&, serverPort] {
            for (int i = 0; i < PerThread; ++i) {
                const int status = rawRequest(serverPort, "POST", "/files/",
                                              as(CarolToken, {{"Upload-Length", "100"}}))
                                       .status;
                (status == 201 ? created : status == 429 ? refused : other)++;
            }
        });
    }
    for (std::thread &thread : threads)
        thread.join();
    QCOMPARE(other.load(), 0);
    QCOMPARE(created.load(), CarolLimit);
    QCOMPARE(refused.load(), Threads * PerThread - CarolLimit);
    QCOMPARE(m_server->storedFiles().size(), CarolLimit);
}

void TestHoistdLimits::anonymousLimitFromCommandLine()
{
    // Without --config: the anonymous user, whose 1 TiB uploads reserve nothing, is bounded too.
    QVERIFY(start({QStringLiteral("--max-unfinished"), QStringLiteral("4")}, false));
    const QByteArray TiB = QByteArray::number(Q_INT64_C(1) << 40);
    for (int i = 0; i < 4; ++i)
        QCOMPARE(create({}, {{"Upload-Length", TiB}}).status, 201);
    const RawResponse refused = create({}, {{"Upload-Length", TiB}});
    QCOMPARE(refused.status, 429);
    QVERIFY2(refused.body.contains("Limit of 4 unfinished uploads reached (4 now)"),
             refused.body.constData());
    QVERIFY(waitFor(
        [&] {
            return m_server->serverLog().contains(
                QLatin1String("429 POST (anonymous): 4 unfinished uploads"));
        },
        5000));
    QCOMPARE(m_server->storedFiles().size(), 4);
    // Even one whose body would finish it: the limit is checked before any body is taken. An
    // empty one is finished at once, and welcome.
    QCOMPARE(create({}, {{"Upload-Length", "3"}}, "abc").status, 429);
    QCOMPARE(create({}, {{"Upload-Length", "0"}}).status, 201);

    // Without the option the default holds: 1000.
    m_server.reset();
    QVERIFY(start({}, false));
    for (int i = 0; i < 1000; ++i) {
        const int status = create({}, {{"Upload-Defer-Length", "1"}}).status;
        if (status != 201)
            QFAIL(qPrintable(QStringLiteral("creation %1: %2").arg(i).arg(status)));
    }
    QCOMPARE(create({}, {{"Upload-Defer-Length", "1"}}).status, 429);
}

void TestHoistdLimits::finishedKeptAsConfigured()
{
    QVERIFY(start({QStringLiteral("--keep-finished"), QStringLiteral("2s")}, false));
    const RawResponse finished = create({}, {{"Upload-Length", "3"}}, "abc");
    QCOMPARE(finished.status, 201);
    const QByteArray done = finished.header("Location");
    const RawResponse unfinished = create({}, {{"Upload-Length", "6"}}, "abc");
    QCOMPARE(unfinished.status, 201);
    const QByteArray half = unfinished.header("Location");
    QCOMPARE(rawRequest(port(), "HEAD", done, as({})).status, 200);
    // Gone within two seconds and a sweep (every second here), file and all.
    QVERIFY(waitFor([&] { return rawRequest(port(), "HEAD", done, as({})).status == 410; }, 8000));
    QVERIFY(!m_server->storedFiles().contains(QString::fromLatin1(done.mid(7))));
    QVERIFY(waitFor(
        [&] {
            return m_server->serverLog().contains(
                QLatin1String("removed 1 finished upload(s) kept 2 s"));
        },
        5000));
    // The unfinished one is not finished's business: it expires after --expire-after (a day).
    const RawResponse h = rawRequest(port(), "HEAD", half, as({}));
    QCOMPARE(h.status, 200);
    QCOMPARE(h.header("Upload-Offset"), QByteArray("3"));
    // Finishing it starts its time: it stays two seconds more, then goes too.
    QCOMPARE(rawRequest(port(), "PATCH", half,
                        as({}, {{"Content-Type", OffsetStream}, {"Upload-Offset", "3"}}), "def")
                 .header("Upload-Offset"),
             QByteArray("6"));
    QCOMPARE(rawRequest(port(), "HEAD", half, as({})).status, 200);
    QVERIFY(waitFor([&] { return rawRequest(port(), "HEAD", half, as({})).status == 410; }, 8000));
    QVERIFY(m_server->storedFiles().isEmpty());
}

void TestHoistdLimits::badOptionsRefused_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("said");
    // As --name=value, so that a value starting with '-' is taken as one.
    const auto option = [](const char *name, const char *value) {
        return QStringList{QString::fromLatin1(name) + QLatin1Char('=')
                           + QString::fromLatin1(value)};
    };
    QTest::newRow("keep-finished 0") << option("--keep-finished", "0") << "--keep-finished";
    QTest::newRow("keep-finished unit") << option("--keep-finished", "3w") << "--keep-finished";
    QTest::newRow("keep-finished sign") << option("--keep-finished", "-5m") << "--keep-finished";
    QTest::newRow("keep-finished empty") << option("--keep-finished", "h") << "--keep-finished";
    QTest::newRow("max-unfinished negative")
        << option("--max-unfinished", "-1") << "--max-unfinished";
    QTest::newRow("max-unfinished text")
        << option("--max-unfinished", "many") << "--max-unfinished";
    QTest::newRow("instant-attempts negative")
        << option("--instant-attempts", "-3") << "--instant-attempts";
}

void TestHoistdLimits::badOptionsRefused()
{
    QFETCH(QStringList, args);
    QFETCH(QString, said);
    m_server = std::make_unique<HoistdProcess>();
    QProcess process;
    process.start(HoistdProcess::binary(),
                  QStringList{QStringLiteral("--listen"), QStringLiteral("127.0.0.1:0"),
                              QStringLiteral("--data"), m_server->dataDir()}
                      + args);
    QVERIFY(process.waitForFinished(20000));
    QCOMPARE(process.exitCode(), 2);
    const QString error = QString::fromUtf8(process.readAllStandardError());
    QVERIFY2(error.contains(said), qPrintable(error));
}

QTEST_GUILESS_MAIN(TestHoistdLimits)
#include "tst_hoistd_limits.moc"
