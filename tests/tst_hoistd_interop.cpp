// Interop with the reference tus client: tus-js-client (through tests/node/tusjs-upload.mjs)
// uploads to a real hoistd, and what hoistd stored is the file byte for byte: at chunk
// boundaries, split into parallel partial uploads joined by hoistd's concatenation extension, and
// with a bearer token (and refused without one, storing nothing). What hoistd received is counted
// from its own --verbose log, not from what the client says it did.
#include "hoistdprocess.h"
#include "testfiles.h"
#include "waitfor.h"

#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

namespace {
constexpr qint64 KiB = 1024;
constexpr qint64 MiB = 1024 * KiB;
constexpr qint64 Chunk = 256 * KiB;
constexpr int NodeTimeoutMs = 60000;
const QByteArray AliceToken = "alice-interop-token-0123456789";

// One run of tusjs-upload.mjs: what it printed and how it ended.
struct TusJsRun {
    bool finished = false; // within NodeTimeoutMs
    int exitCode = -1;     // -1: crashed, killed or never started
    QByteArray out;
    QByteArray err;

    QUrl url() const { return QUrl(QString::fromUtf8(out.trimmed())); }
    QByteArray describe() const
    {
        return (finished ? "exit " + QByteArray::number(exitCode) : QByteArray("timed out"))
               + ", node stderr:\n" + err;
    }
};

// Node and the script are found as TusServerProcess finds them: node on PATH, run in tests/node,
// whose node_modules holds tus-js-client.
TusJsRun runTusJs(const QUrl &endpoint, const QString &file, const QStringList &options)
{
    QProcess node;
    node.setWorkingDirectory(QStringLiteral(HOIST_TEST_NODE_DIR));
    node.start(QStringLiteral("node"),
               QStringList{QStringLiteral("tusjs-upload.mjs"), endpoint.toString(), file}
                   + options);
    TusJsRun run;
    run.finished = waitFor([&node] { return node.state() == QProcess::NotRunning; }, NodeTimeoutMs);
    if (!run.finished) {
        node.kill();
        node.waitForFinished(5000);
    }
    if (node.exitStatus() == QProcess::NormalExit && node.error() != QProcess::FailedToStart)
        run.exitCode = node.exitCode();
    run.out = node.readAllStandardOutput();
    run.err = node.readAllStandardError();
    if (node.error() == QProcess::FailedToStart)
        run.err += "cannot start node: " + node.errorString().toUtf8();
    return run;
}

QStringList chunked(int parallel, const QStringList &more = {})
{
    return QStringList{QStringLiteral("--chunk-size"), QString::number(Chunk),
                       QStringLiteral("--parallel"), QString::number(parallel)}
           + more;
}

QString idOf(const QUrl &upload)
{
    return upload.path().section(QLatin1Char('/'), -1);
}

// What hoistd --verbose logged (server/protocol/tusservice.cpp, server/protocol/tusconcat.cpp,
// server/http/httpserver.cpp), counted.
struct ServerLog {
    int wholes = 0;        // "POST created ID length N": neither partial nor final
    int partials = 0;      // "POST created ID length N partial"
    int emptyPartials = 0; // of those, with length 0
    int finals = 0;        // "POST final ID from K partial uploads, N bytes"
    QString finalId;       // the last final's ID
    int finalParts = 0;    // and its K
    int patches = 0;       // "request end PATCH ..."
    qint64 bodyBytes = 0;  // "received=N" of PATCH and POST requests: file bytes that arrived
    QStringList refused;   // "METHOD PATH: why" of each "401 METHOD PATH: why"
    QStringList finished;  // "finished ID N bytes "NAME"[ owner USER][ (kind)]", as logged

    static ServerLog parse(const QString &text)
    {
        static const QRegularExpression created(
            QStringLiteral("^hoistd: POST created [0-9a-f]{32} length (-?\\d+)( partial)?$"),
            QRegularExpression::MultilineOption);
        static const QRegularExpression final(
            QStringLiteral("^hoistd: POST final ([0-9a-f]{32}) from (\\d+) partial uploads"),
            QRegularExpression::MultilineOption);
        static const QRegularExpression end(
            QStringLiteral("^hoistd: request end (PATCH|POST) .* received=(\\d+)$"),
            QRegularExpression::MultilineOption);
        static const QRegularExpression refused(QStringLiteral("^hoistd: 401 (.*)$"),
                                                QRegularExpression::MultilineOption);
        static const QRegularExpression finished(QStringLiteral("^hoistd: finished (.*)$"),
                                                 QRegularExpression::MultilineOption);
        ServerLog log;
        for (auto it = created.globalMatch(text); it.hasNext();) {
            const auto m = it.next();
            if (m.captured(2).isEmpty()) {
                ++log.wholes;
                continue;
            }
            ++log.partials;
            if (m.captured(1) == QLatin1String("0"))
                ++log.emptyPartials;
        }
        for (auto it = final.globalMatch(text); it.hasNext();) {
            const auto m = it.next();
            ++log.finals;
            log.finalId = m.captured(1);
            log.finalParts = m.captured(2).toInt();
        }
        for (auto it = end.globalMatch(text); it.hasNext();) {
            const auto m = it.next();
            if (m.captured(1) == QLatin1String("PATCH"))
                ++log.patches;
            log.bodyBytes += m.captured(2).toLongLong();
        }
        for (auto it = refused.globalMatch(text); it.hasNext();)
            log.refused << it.next().captured(1);
        for (auto it = finished.globalMatch(text); it.hasNext();)
            log.finished << it.next().captured(1);
        return log;
    }
};
} // namespace

class TestHoistdInterop : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();

    void uploadsByteIdentical_data();
    void uploadsByteIdentical();
    void parallelPartsJoinByteIdentical_data();
    void parallelPartsJoinByteIdentical();
    void bearerTokenIsSent_data();
    void bearerTokenIsSent();
    void missingOrWrongTokenStoresNothing_data();
    void missingOrWrongTokenStoresNothing();

private:
    bool startHoistd(bool withUsers = false);
    TusJsRun upload(const QString &file, const QStringList &options);

    std::unique_ptr<HoistdProcess> m_hoistd;
    std::unique_ptr<QTemporaryDir> m_files;
    TusJsRun m_lastRun;
};

void TestHoistdInterop::init()
{
    m_files = std::make_unique<QTemporaryDir>();
    m_hoistd = std::make_unique<HoistdProcess>();
    m_lastRun = {};
}

void TestHoistdInterop::cleanup()
{
    if (QTest::currentTestFailed()) {
        qWarning("tus-js-client: %s", m_lastRun.describe().constData());
        if (m_hoistd)
            qWarning("hoistd said:\n%s", qPrintable(m_hoistd->serverLog()));
    }
    m_hoistd.reset();
    m_files.reset();
}

bool TestHoistdInterop::startHoistd(bool withUsers)
{
    QStringList args{QStringLiteral("--verbose")};
    if (withUsers) {
        const QString config = m_hoistd->rootDir() + QStringLiteral("/users.json");
        QFile file(config);
        if (!file.open(QIODevice::WriteOnly))
            return false;
        file.write(R"({"users": [{"name": "alice", "token": ")" + AliceToken
                   + R"(", "quota": 100000000}]})" + '\n');
        file.close();
        // hoistd refuses a configuration holding tokens that others may read.
        file.setPermissions(QFile::ReadOwner | QFile::WriteOwner);
        args << QStringLiteral("--config") << config;
    }
    if (!m_hoistd->start(args)) {
        qWarning("%s", qPrintable(m_hoistd->errorString()));
        return false;
    }
    return true;
}

TusJsRun TestHoistdInterop::upload(const QString &file, const QStringList &options)
{
    m_lastRun = runTusJs(m_hoistd->endpoint(), file, options);
    return m_lastRun;
}

void TestHoistdInterop::uploadsByteIdentical_data()
{
    QTest::addColumn<qint64>("size");
    QTest::newRow("empty") << qint64(0);
    QTest::newRow("1 byte") << qint64(1);
    QTest::newRow("chunk - 1") << Chunk - 1;
    QTest::newRow("chunk") << Chunk;
    QTest::newRow("chunk + 1") << Chunk + 1;
    QTest::newRow("3 chunks + 7") << 3 * Chunk + 7;
}

void TestHoistdInterop::uploadsByteIdentical()
{
    QFETCH(qint64, size);
    QVERIFY(startHoistd());
    const QString path = makeTestFile(m_files->path(), QStringLiteral("one.bin"), size, 7);
    QVERIFY(!path.isEmpty());

    const TusJsRun run = upload(path, chunked(1));
    QVERIFY2(run.finished && run.exitCode == 0, run.describe().constData());
    const QUrl url = run.url();
    QCOMPARE(url.port(), int(m_hoistd->port()));
    QVERIFY2(url.path().startsWith(QLatin1String("/files/")), run.out.constData());
    QVERIFY(fileMatches(m_hoistd->storedPath(url), size, 7));
    QCOMPARE(m_hoistd->storedFiles(), QStringList{idOf(url)});

    const ServerLog log = ServerLog::parse(m_hoistd->serverLog());
    QCOMPARE(log.wholes, 1);
    QCOMPARE(log.partials, 0);
    QCOMPARE(log.finals, 0);
    // --chunk-size was honoured, so the boundary rows are what they say: one PATCH per started
    // chunk (none for an empty file, which is finished when created), and nothing sent twice.
    QCOMPARE(log.patches, int((size + Chunk - 1) / Chunk));
    QCOMPARE(log.bodyBytes, size);
    QVERIFY2(
        log.finished.contains(QStringLiteral("%1 %2 bytes \"one.bin\"").arg(idOf(url)).arg(size)),
        qPrintable(log.finished.join(QLatin1Char('\n'))));
}

void TestHoistdInterop::parallelPartsJoinByteIdentical_data()
{
    QTest::addColumn<qint64>("size");
    QTest::addColumn<int>("parallel");
    QTest::addColumn<int>("emptyParts");
    // Not a multiple of the part count: tus-js-client gives the remainder to the last part.
    QTest::newRow("5 MiB + 3 in 2") << 5 * MiB + 3 << 2 << 0;
    QTest::newRow("5 MiB + 3 in 4") << 5 * MiB + 3 << 4 << 0;
    // tus-js-client 4.3.1 still makes as many parts as asked (splitSizeIntoParts: floor(3 / 4) =
    // 0 bytes each, the last one taking all 3): three empty partial uploads, finished when
    // created, and one of 3 bytes, all joined.
    QTest::newRow("3 bytes in 4") << qint64(3) << 4 << 3;
}

void TestHoistdInterop::parallelPartsJoinByteIdentical()
{
    QFETCH(qint64, size);
    QFETCH(int, parallel);
    QFETCH(int, emptyParts);
    QVERIFY(startHoistd());
    const QString path = makeTestFile(m_files->path(), QStringLiteral("parts.bin"), size, 13);
    QVERIFY(!path.isEmpty());

    const TusJsRun run = upload(path, chunked(parallel));
    QVERIFY2(run.finished && run.exitCode == 0, run.describe().constData());
    const QUrl url = run.url();
    QCOMPARE(url.port(), int(m_hoistd->port()));
    QVERIFY(fileMatches(m_hoistd->storedPath(url), size, 13));
    // The join consumed the parts: hoistd keeps the final upload only.
    QCOMPARE(m_hoistd->storedFiles(), QStringList{idOf(url)});

    const ServerLog log = ServerLog::parse(m_hoistd->serverLog());
    QCOMPARE(log.partials, parallel);
    QCOMPARE(log.emptyPartials, emptyParts);
    QCOMPARE(log.wholes, 0);
    QCOMPARE(log.finals, 1);
    QCOMPARE(log.finalId, idOf(url)); // the URL tus-js-client reported is the final's
    QCOMPARE(log.finalParts, parallel);
    QCOMPARE(log.bodyBytes, size); // every byte once, in the parts
    const QString finalLine =
        QStringLiteral("%1 %2 bytes \"parts.bin\" (final of %3 partial uploads)")
            .arg(idOf(url))
            .arg(size)
            .arg(parallel);
    QVERIFY2(log.finished.contains(finalLine), qPrintable(log.finished.join(QLatin1Char('\n'))));
}

void TestHoistdInterop::bearerTokenIsSent_data()
{
    QTest::addColumn<int>("parallel");
    QTest::newRow("one stream") << 1;
    // The token must reach every partial POST, PATCH and the final POST: hoistd joins only parts
    // of the final's own user.
    QTest::newRow("parallel 2") << 2;
}

void TestHoistdInterop::bearerTokenIsSent()
{
    QFETCH(int, parallel);
    QVERIFY(startHoistd(true));
    constexpr qint64 Size = 3 * Chunk + 7;
    const QString path = makeTestFile(m_files->path(), QStringLiteral("alice.bin"), Size, 17);
    QVERIFY(!path.isEmpty());

    const TusJsRun run = upload(path, chunked(parallel, {QStringLiteral("--header"),
                                                         QStringLiteral("Authorization:Bearer ")
                                                             + QString::fromLatin1(AliceToken)}));
    QVERIFY2(run.finished && run.exitCode == 0, run.describe().constData());
    const QUrl url = run.url();
    QVERIFY(fileMatches(m_hoistd->storedPath(url), Size, 17));
    QCOMPARE(m_hoistd->storedFiles(), QStringList{idOf(url)});

    const ServerLog log = ServerLog::parse(m_hoistd->serverLog());
    QVERIFY2(log.refused.isEmpty(), qPrintable(log.refused.join(QLatin1Char('\n'))));
    QCOMPARE(log.bodyBytes, Size);
    QCOMPARE(log.finals, parallel > 1 ? 1 : 0);
    // Stored as Alice's: the token was taken as hers.
    const QString kind =
        parallel > 1 ? QStringLiteral(" (final of %1 partial uploads)").arg(parallel) : QString();
    const QString finishedLine = QStringLiteral("%1 %2 bytes \"alice.bin\" owner alice%3")
                                     .arg(idOf(url))
                                     .arg(Size)
                                     .arg(kind);
    QVERIFY2(log.finished.contains(finishedLine), qPrintable(log.finished.join(QLatin1Char('\n'))));
}

void TestHoistdInterop::missingOrWrongTokenStoresNothing_data()
{
    QTest::addColumn<QString>("authorization"); // empty: no header at all
    QTest::addColumn<int>("parallel");
    QTest::addColumn<QString>("why"); // as hoistd logs it
    QTest::newRow("no token") << QString() << 1 << QStringLiteral("no token");
    QTest::newRow("no token, parallel 2") << QString() << 2 << QStringLiteral("no token");
    QTest::newRow("wrong token") << QStringLiteral("Bearer not-anybodys-token-000000") << 1
                                 << QStringLiteral("token not accepted");
}

void TestHoistdInterop::missingOrWrongTokenStoresNothing()
{
    QFETCH(QString, authorization);
    QFETCH(int, parallel);
    QFETCH(QString, why);
    QVERIFY(startHoistd(true));
    const QString path = makeTestFile(m_files->path(), QStringLiteral("nobody.bin"), Chunk + 1, 19);
    QVERIFY(!path.isEmpty());

    QStringList more;
    if (!authorization.isEmpty())
        more << QStringLiteral("--header") << QStringLiteral("Authorization:") + authorization;
    const TusJsRun run = upload(path, chunked(parallel, more));
    QVERIFY2(run.finished && run.exitCode == 1, run.describe().constData());
    QVERIFY2(run.out.trimmed().isEmpty(), run.out.constData()); // no upload URL
    // Refused for the token, not for anything else: tus-js-client quotes the status.
    QVERIFY2(run.err.contains("response code: 401"), run.describe().constData());

    QVERIFY2(m_hoistd->storedFiles().isEmpty(),
             qPrintable(m_hoistd->storedFiles().join(QLatin1Char(' '))));
    const ServerLog log = ServerLog::parse(m_hoistd->serverLog());
    // The first POST was refused for the reason the row is about. With parallel parts, the
    // other part's POST may not have reached hoistd before tus-js-client gave up.
    QVERIFY(!log.refused.isEmpty());
    QCOMPARE(log.refused.first(), QStringLiteral("POST /files/: ") + why);
    QCOMPARE(log.wholes + log.partials + log.finals, 0);
    QCOMPARE(log.bodyBytes, 0);
}

QTEST_GUILESS_MAIN(TestHoistdInterop)
#include "tst_hoistd_interop.moc"
