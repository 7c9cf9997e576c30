// hoistd with --config: bearer tokens, ownership, quotas, and its configuration file; raw requests
// over loopback, and Hoist's own client sending its token.
#include "hoistdprocess.h"
#include "rawhttp.h"
#include "testfiles.h"
#include "waitfor.h"

#include "tusprotocol.h"
#include "uploadscheduler.h"

#include <QCryptographicHash>
#include <QFile>
#include <QNetworkAccessManager>
#include <QProcess>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

namespace {
constexpr qint64 AliceQuota = 1000;
constexpr qint64 BobQuota = 1000000;
const QByteArray AliceToken = "alice-secret-token-0123456789";
const QByteArray BobToken = "bob-secret-token-abcdefghijkl";
const QByteArray CarolToken = "carol-hashed-token-zyxwvu"; // given to hoistd as its SHA-256 only
constexpr int StartTimeoutMs = 20000;

QByteArray usersJson()
{
    return QByteArray(R"({"users": [
  {"name": "alice", "token": ")")
           + AliceToken + R"(", "quota": )" + QByteArray::number(AliceQuota) + R"(},
  {"name": "bob", "token": ")"
           + BobToken + R"(", "quota": )" + QByteArray::number(BobQuota) + R"(},
  {"name": "carol", "tokenSha256": ")"
           + QCryptographicHash::hash(CarolToken, QCryptographicHash::Sha256).toHex() +
           R"(", "quota": 100}
]}
)";
}

bool writeConfig(const QString &path, const QByteArray &json,
                 QFile::Permissions permissions = QFile::ReadOwner | QFile::WriteOwner)
{
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate) || file.write(json) != json.size())
        return false;
    file.close();
    return QFile::setPermissions(path, permissions);
}

RawHeaders as(const QByteArray &token, const RawHeaders &extra = {})
{
    RawHeaders headers{{"Tus-Resumable", "1.0.0"}};
    if (!token.isEmpty())
        headers += RawHeaders{{"Authorization", "Bearer " + token}};
    return headers + extra;
}

RawHeaders offsetStream(qint64 offset)
{
    return {{"Content-Type", "application/offset+octet-stream"},
            {"Upload-Offset", QByteArray::number(offset)}};
}
} // namespace

class TestHoistdAuth : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();

    void missingOrWrongTokenIs401_data();
    void missingOrWrongTokenIs401();
    void rightTokenIsServed();
    void hashedTokenInConfig();
    void otherUsersUploadsDoNotExist();
    void quotaBoundaries();
    void unfinishedUploadsCount();
    void deferredLengthCountsBytesSoFar();
    void expiryFreesQuota();
    void tokensNeverLogged();
    void listensBeyondLoopbackOnlyWithConfig();
    void badConfigRefused_data();
    void badConfigRefused();
    void clientSendsItsToken();
    void clientWithWrongTokenSaysSo();

private:
    bool startServer(const QStringList &extra = {});
    quint16 port() const { return m_server->port(); }
    QString configPath() const { return m_server->rootDir() + QStringLiteral("/users.json"); }
    // POST /files/ as the token's owner; the Location path, or the status when not 201.
    RawResponse create(const QByteArray &token, qint64 length, const QByteArray &body = {});
    qint64 offsetOf(const QByteArray &token, const QByteArray &path);
    QString runBriefly(const QStringList &args, int *exitCode, QByteArray *out = nullptr);

    std::unique_ptr<HoistdProcess> m_server;
};

void TestHoistdAuth::init()
{
    m_server = std::make_unique<HoistdProcess>();
}

void TestHoistdAuth::cleanup()
{
    if (QTest::currentTestFailed() && m_server)
        qWarning("hoistd said:\n%s", qPrintable(m_server->serverLog()));
    m_server.reset();
}

bool TestHoistdAuth::startServer(const QStringList &extra)
{
    if (!writeConfig(configPath(), usersJson()))
        return false;
    if (!m_server->start(QStringList{QStringLiteral("--config"), configPath()} + extra)) {
        qWarning("%s", qPrintable(m_server->errorString()));
        return false;
    }
    return true;
}

RawResponse TestHoistdAuth::create(const QByteArray &token, qint64 length, const QByteArray &body)
{
    RawHeaders headers = as(token);
    if (length >= 0)
        headers += RawHeaders{{"Upload-Length", QByteArray::number(length)}};
    else
        headers += RawHeaders{{"Upload-Defer-Length", "1"}};
    if (!body.isEmpty())
        headers += RawHeaders{{"Content-Type", "application/offset+octet-stream"}};
    return rawRequest(port(), "POST", "/files/", headers, body);
}

qint64 TestHoistdAuth::offsetOf(const QByteArray &token, const QByteArray &path)
{
    const RawResponse r = rawRequest(port(), "HEAD", path, as(token));
    return r.status == 200 ? r.header("Upload-Offset").toLongLong() : -1;
}

void TestHoistdAuth::missingOrWrongTokenIs401_data()
{
    QTest::addColumn<QByteArray>("method");
    QTest::addColumn<bool>("onUpload");
    QTest::addColumn<QByteArray>("authorization"); // empty: no header at all
    for (const QByteArray &method :
         {QByteArray("POST"), QByteArray("HEAD"), QByteArray("PATCH"), QByteArray("DELETE")}) {
        const bool onUpload = method != "POST";
        QTest::addRow("%s without a token", method.constData())
            << method << onUpload << QByteArray();
        QTest::addRow("%s with a wrong token", method.constData())
            << method << onUpload << QByteArray("Bearer not-anybodys-token-000000");
        QTest::addRow("%s with the token as Basic", method.constData())
            << method << onUpload << QByteArray("Basic " + AliceToken);
        QTest::addRow("%s with a token's prefix", method.constData())
            << method << onUpload << QByteArray("Bearer " + AliceToken.chopped(1));
        QTest::addRow("%s with two tokens", method.constData())
            << method << onUpload << QByteArray("Bearer " + AliceToken + ", Bearer " + BobToken);
    }
}

void TestHoistdAuth::missingOrWrongTokenIs401()
{
    QFETCH(QByteArray, method);
    QFETCH(bool, onUpload);
    QFETCH(QByteArray, authorization);
    QVERIFY(startServer());
    const QByteArray upload = create(AliceToken, 10, "hello").header("Location");
    QVERIFY(!upload.isEmpty());

    RawHeaders headers{{"Tus-Resumable", "1.0.0"}, {"Upload-Length", "10"}};
    headers += offsetStream(5);
    if (!authorization.isEmpty())
        headers += RawHeaders{{"Authorization", authorization}};
    const RawResponse r =
        rawRequest(port(), method, onUpload ? upload : QByteArray("/files/"), headers,
                   method == "PATCH" ? QByteArray("world") : QByteArray());
    QCOMPARE(r.status, 401);
    QVERIFY2(r.header("WWW-Authenticate").startsWith("Bearer"), r.raw.constData());
    if (method != "HEAD") {
        QVERIFY2(r.body.contains("Bearer") || r.body.contains("token"), r.body.constData());
    }
    // Nothing happened: one upload, still at 5 bytes.
    QCOMPARE(m_server->storedFiles().size(), 1);
    QCOMPARE(m_server->storedBytes(QUrl(QString::fromLatin1(upload))), QByteArray("hello"));
    QCOMPARE(offsetOf(AliceToken, upload), qint64(5));
    // OPTIONS needs no token: clients discover the server before they authenticate.
    QCOMPARE(rawRequest(port(), "OPTIONS", "/files/", {}).status, 204);
}

void TestHoistdAuth::rightTokenIsServed()
{
    QVERIFY(startServer());
    const RawResponse created = create(AliceToken, 10, "hello");
    QCOMPARE(created.status, 201);
    const QByteArray upload = created.header("Location");
    QCOMPARE(offsetOf(AliceToken, upload), qint64(5));
    QCOMPARE(rawRequest(port(), "PATCH", upload, as(AliceToken, offsetStream(5)), "world").status,
             204);
    QCOMPARE(m_server->storedBytes(QUrl(QString::fromLatin1(upload))), QByteArray("helloworld"));
    // The scheme's case does not matter (RFC 7235).
    const RawResponse head =
        rawRequest(port(), "HEAD", upload,
                   {{"Tus-Resumable", "1.0.0"}, {"Authorization", "bearer " + AliceToken}});
    QCOMPARE(head.status, 200);
    QCOMPARE(head.header("Upload-Offset"), QByteArray("10"));
    QCOMPARE(rawRequest(port(), "DELETE", upload, as(AliceToken)).status, 204);
    QVERIFY(m_server->storedFiles().isEmpty());
    QVERIFY(waitFor([&] { return m_server->serverLog().contains(QLatin1String("owner alice")); },
                    5000));
}

void TestHoistdAuth::hashedTokenInConfig()
{
    QVERIFY(startServer());
    QCOMPARE(create(CarolToken, 100).status, 201);
    QCOMPARE(create(CarolToken, 1).status, 413); // carol's quota is 100
    // The hash itself is not a token.
    const QByteArray hashHex =
        QCryptographicHash::hash(CarolToken, QCryptographicHash::Sha256).toHex();
    QCOMPARE(create(hashHex, 1).status, 401);
}

void TestHoistdAuth::otherUsersUploadsDoNotExist()
{
    QVERIFY(startServer());
    const QByteArray upload = create(AliceToken, 10, "hello").header("Location");
    QVERIFY(!upload.isEmpty());
    const QUrl url(QString::fromLatin1(upload));

    const RawResponse head = rawRequest(port(), "HEAD", upload, as(BobToken));
    QCOMPARE(head.status, 404);
    QVERIFY(!head.has("Upload-Offset"));
    QVERIFY(!head.has("Upload-Length"));
    const RawResponse patch =
        rawRequest(port(), "PATCH", upload, as(BobToken, offsetStream(5)), "EVIL!");
    QCOMPARE(patch.status, 404);
    const RawResponse setLength =
        rawRequest(port(), "PATCH", upload,
                   as(BobToken, offsetStream(5) + RawHeaders{{"Upload-Length", "10"}}));
    QCOMPARE(setLength.status, 404);
    QCOMPARE(rawRequest(port(), "DELETE", upload, as(BobToken)).status, 404);
    // The same answer as for an upload that never existed.
    const RawResponse never =
        rawRequest(port(), "HEAD", "/files/0123456789abcdef0123456789abcdef", as(BobToken));
    QCOMPARE(never.status, head.status);

    QCOMPARE(m_server->storedBytes(url), QByteArray("hello"));
    QCOMPARE(offsetOf(AliceToken, upload), qint64(5));
    QCOMPARE(rawRequest(port(), "PATCH", upload, as(AliceToken, offsetStream(5)), "world").status,
             204);
    QCOMPARE(m_server->storedBytes(url), QByteArray("helloworld"));

    // Once alice deletes it: 410 for her, still 404 (never known) for bob.
    QCOMPARE(rawRequest(port(), "DELETE", upload, as(AliceToken)).status, 204);
    QCOMPARE(rawRequest(port(), "HEAD", upload, as(AliceToken)).status, 410);
    QCOMPARE(rawRequest(port(), "HEAD", upload, as(BobToken)).status, 404);
    QCOMPARE(rawRequest(port(), "DELETE", upload, as(BobToken)).status, 404);
}

void TestHoistdAuth::quotaBoundaries()
{
    QVERIFY(startServer());
    // Exactly at the quota, with its bytes.
    const RawResponse full = create(AliceToken, AliceQuota, QByteArray(AliceQuota, 'a'));
    QCOMPARE(full.status, 201);
    const RawResponse over = create(AliceToken, 1);
    QCOMPARE(over.status, 413);
    QVERIFY2(over.body.contains("Quota of 1000 bytes exceeded: 1000 in use"),
             over.body.constData());
    QCOMPARE(m_server->storedFiles().size(), 1);
    // An empty upload takes nothing; another user's quota is their own.
    QCOMPARE(create(AliceToken, 0).status, 201);
    QCOMPARE(create(BobToken, 5000).status, 201);
    // Deleting frees it.
    QCOMPARE(rawRequest(port(), "DELETE", full.header("Location"), as(AliceToken)).status, 204);
    QCOMPARE(create(AliceToken, AliceQuota + 1).status, 413);
    QCOMPARE(create(AliceToken, AliceQuota).status, 201);
}

void TestHoistdAuth::unfinishedUploadsCount()
{
    QVERIFY(startServer());
    // Declared lengths count from creation on, bytes or not: abandoned uploads cannot fill a disk.
    QCOMPARE(create(AliceToken, 600).status, 201);
    QCOMPARE(create(AliceToken, 300, "abc").status, 201);
    const RawResponse over = create(AliceToken, 101);
    QCOMPARE(over.status, 413);
    QVERIFY2(over.body.contains("900 in use"), over.body.constData());
    QCOMPARE(create(AliceToken, 100).status, 201);
    QCOMPARE(create(AliceToken, 1).status, 413);
    QCOMPARE(m_server->storedFiles().size(), 3);
}

void TestHoistdAuth::deferredLengthCountsBytesSoFar()
{
    QVERIFY(startServer());
    const QByteArray deferred = create(AliceToken, -1).header("Location");
    QVERIFY(!deferred.isEmpty());
    QCOMPARE(
        rawRequest(port(), "PATCH", deferred, as(AliceToken, offsetStream(0)), QByteArray(900, 'd'))
            .status,
        204);
    const QByteArray other = create(AliceToken, 100).header("Location");
    QVERIFY(!other.isEmpty()); // 900 + 100: exactly the quota
    // One byte more for the deferred upload is over.
    const RawResponse over =
        rawRequest(port(), "PATCH", deferred, as(AliceToken, offsetStream(900)), "x");
    QCOMPARE(over.status, 413);
    QVERIFY2(over.body.contains("1000 in use"), over.body.constData());
    QCOMPARE(offsetOf(AliceToken, deferred), qint64(900));
    // So is declaring a length that does not fit.
    const RawResponse tooLong =
        rawRequest(port(), "PATCH", deferred,
                   as(AliceToken, offsetStream(900) + RawHeaders{{"Upload-Length", "901"}}));
    QCOMPARE(tooLong.status, 413);
    QCOMPARE(rawRequest(port(), "DELETE", other, as(AliceToken)).status, 204);
    QCOMPARE(rawRequest(port(), "PATCH", deferred, as(AliceToken, offsetStream(900)),
                        QByteArray(100, 'e'))
                 .status,
             204);
    const RawResponse fits =
        rawRequest(port(), "PATCH", deferred,
                   as(AliceToken, offsetStream(1000) + RawHeaders{{"Upload-Length", "1000"}}));
    QCOMPARE(fits.status, 204);
    QCOMPARE(create(AliceToken, 1).status, 413);
}

void TestHoistdAuth::expiryFreesQuota()
{
    QVERIFY(startServer({QStringLiteral("--expire-after"), QStringLiteral("1")}));
    QCOMPARE(create(AliceToken, AliceQuota, "abandoned").status, 201);
    QCOMPARE(create(AliceToken, AliceQuota).status, 413);
    // Once expired (and swept), the abandoned upload takes nothing.
    QVERIFY(waitFor([&] { return m_server->storedFiles().isEmpty(); }, 10000));
    QCOMPARE(create(AliceToken, AliceQuota).status, 201);
}

void TestHoistdAuth::tokensNeverLogged()
{
    QVERIFY(startServer({QStringLiteral("--verbose")}));
    const QByteArray upload = create(AliceToken, 10, "hello").header("Location");
    QVERIFY(!upload.isEmpty());
    rawRequest(port(), "PATCH", upload, as(AliceToken, offsetStream(5)), "world");
    rawRequest(port(), "HEAD", upload, as(BobToken));
    const QByteArray typo = AliceToken + "x";
    QCOMPARE(create(typo, 1).status, 401);
    QCOMPARE(create(AliceToken, 5000).status, 413);
    int exitCode = -1;
    QVERIFY(m_server->terminate(15000, &exitCode));
    QCOMPARE(exitCode, 0);
    const QString log = m_server->serverLog();
    QVERIFY2(log.contains(QLatin1String("401")), qPrintable(log)); // verbose did log the refusal
    for (const QByteArray &secret : {AliceToken, BobToken, typo, AliceToken.left(12)})
        QVERIFY2(!log.contains(QString::fromLatin1(secret)), qPrintable(log));
}

QString TestHoistdAuth::runBriefly(const QStringList &args, int *exitCode, QByteArray *out)
{
    QProcess process;
    process.start(HoistdProcess::binary(), args);
    if (!process.waitForFinished(StartTimeoutMs))
        process.kill();
    *exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
    if (out)
        *out = process.readAllStandardOutput();
    return QString::fromUtf8(process.readAllStandardError());
}

void TestHoistdAuth::listensBeyondLoopbackOnlyWithConfig()
{
    QVERIFY(writeConfig(configPath(), usersJson()));
    const QStringList base{QStringLiteral("--listen"), QStringLiteral("0.0.0.0:0"),
                           QStringLiteral("--data"), m_server->dataDir()};
    int exitCode = -1;
    const QString refused = runBriefly(base, &exitCode);
    QCOMPARE(exitCode, 2);
    QVERIFY2(refused.contains(QLatin1String("--config")), qPrintable(refused));

    // With users it starts listening; it is stopped at once and nothing is sent to it.
    QProcess process;
    process.start(HoistdProcess::binary(),
                  base + QStringList{QStringLiteral("--config"), configPath()});
    QByteArray out;
    QVERIFY(waitFor(
        [&] {
            out += process.readAllStandardOutput();
            return out.contains('\n') || process.state() == QProcess::NotRunning;
        },
        StartTimeoutMs));
    QVERIFY2(out.startsWith("listening 0.0.0.0:"), out.constData());
    process.terminate();
    QVERIFY(process.waitForFinished(15000));
    QCOMPARE(process.exitCode(), 0);
}

void TestHoistdAuth::badConfigRefused_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<int>("permissions"); // QFile::Permissions
    QTest::addColumn<QString>("said");
    const int owner = int(QFile::ReadOwner | QFile::WriteOwner);
    const QByteArray token = "\"token\": \"" + AliceToken + "\"";
    QTest::newRow("world-readable")
        << usersJson() << int(owner | QFile::ReadOther) << QStringLiteral("chmod o-rwx");
    QTest::newRow("syntax") << QByteArray("{\"users\": [\n  {\"name\": \"a\",,}\n]}") << owner
                            << QStringLiteral("line 2");
    QTest::newRow("not users") << QByteArray("[]") << owner << QStringLiteral("\"users\"");
    QTest::newRow("no users") << QByteArray("{\"users\": []}") << owner << QStringLiteral("empty");
    QTest::newRow("no token") << QByteArray("{\"users\": [{\"name\": \"a\", \"quota\": 1}]}")
                              << owner << QStringLiteral("users[0]: give exactly one of \"token\"");
    QTest::newRow("short token") << QByteArray(
        "{\"users\": [{\"name\": \"a\", \"token\": \"short\", \"quota\": 1}]}")
                                 << owner << QStringLiteral("users[0]: \"token\" must be");
    QTest::newRow("bad quota") << QByteArray("{\"users\": [{\"name\": \"a\", " + token
                                             + ", \"quota\": \"1GB\"}]}")
                               << owner << QStringLiteral("users[0]: \"quota\"");
    QTest::newRow("negative quota")
        << QByteArray("{\"users\": [{\"name\": \"a\", " + token + ", \"quota\": -1}]}") << owner
        << QStringLiteral("users[0]: \"quota\"");
    QTest::newRow("bad name") << QByteArray("{\"users\": [{\"name\": \"../a\", " + token
                                            + ", \"quota\": 1}]}")
                              << owner << QStringLiteral("users[0]: \"name\"");
    QTest::newRow("unknown field")
        << QByteArray("{\"users\": [{\"name\": \"a\", " + token + ", \"quota\": 1, \"qouta\": 2}]}")
        << owner << QStringLiteral("users[0]: unknown field \"qouta\"");
    QTest::newRow("bad maxUnfinished")
        << QByteArray("{\"users\": [{\"name\": \"a\", " + token
                      + ", \"quota\": 1, \"maxUnfinished\": -1}]}")
        << owner << QStringLiteral("users[0]: \"maxUnfinished\" must be a whole number");
    QTest::newRow("bad default maxUnfinished")
        << QByteArray("{\"maxUnfinished\": 1.5, \"users\": [{\"name\": \"a\", " + token
                      + ", \"quota\": 1}]}")
        << owner << QStringLiteral("\"maxUnfinished\" must be a whole number");
    QTest::newRow("bad maxUploads")
        << QByteArray("{\"users\": [{\"name\": \"a\", " + token
                      + ", \"quota\": 1, \"maxUploads\": \"many\"}]}")
        << owner << QStringLiteral("users[0]: \"maxUploads\" must be a whole number");
    QTest::newRow("bad default maxUploads")
        << QByteArray("{\"maxUploads\": -3, \"users\": [{\"name\": \"a\", " + token
                      + ", \"quota\": 1}]}")
        << owner << QStringLiteral("\"maxUploads\" must be a whole number");
    QTest::newRow("unknown top-level field")
        << QByteArray("{\"maxUnfinshed\": 3, \"users\": [{\"name\": \"a\", " + token
                      + ", \"quota\": 1}]}")
        << owner << QStringLiteral("optionally \"maxUnfinished\"");
    QTest::newRow("same name twice")
        << QByteArray("{\"users\": [{\"name\": \"a\", " + token
                      + ", \"quota\": 1}, {\"name\": \"a\", \"token\": \"" + BobToken
                      + "\", \"quota\": 1}]}")
        << owner << QStringLiteral("users[1]: the name \"a\" is used twice");
    QTest::newRow("same token twice") << QByteArray("{\"users\": [{\"name\": \"a\", " + token
                                                    + ", \"quota\": 1}, {\"name\": "
                                                      "\"b\", "
                                                    + token + ", \"quota\": 1}]}")
                                      << owner << QStringLiteral("users[1]: the same token");
}

void TestHoistdAuth::badConfigRefused()
{
    QFETCH(QByteArray, json);
    QFETCH(int, permissions);
    QFETCH(QString, said);
    QVERIFY(writeConfig(configPath(), json, QFile::Permissions::fromInt(permissions)));
    int exitCode = -1;
    QByteArray out;
    const QString error = runBriefly({QStringLiteral("--listen"), QStringLiteral("127.0.0.1:0"),
                                      QStringLiteral("--data"), m_server->dataDir(),
                                      QStringLiteral("--config"), configPath()},
                                     &exitCode, &out);
    QCOMPARE(exitCode, 2);
    QVERIFY(out.isEmpty());
    QVERIFY2(error.contains(configPath()), qPrintable(error));
    QVERIFY2(error.contains(said), qPrintable(error));
    for (const QByteArray &secret : {AliceToken, BobToken})
        QVERIFY2(!error.contains(QString::fromLatin1(secret)), qPrintable(error));

    int missingExit = -1;
    runBriefly({QStringLiteral("--listen"), QStringLiteral("127.0.0.1:0"), QStringLiteral("--data"),
                m_server->dataDir(), QStringLiteral("--config"),
                configPath() + QStringLiteral(".none")},
               &missingExit);
    QCOMPARE(missingExit, 2);
}

void TestHoistdAuth::clientSendsItsToken()
{
    QVERIFY(startServer());
    QTemporaryDir files;
    const qint64 size = 700; // within alice's quota
    const QString path = makeTestFile(files.path(), QStringLiteral("mine.bin"), size, 3);
    QNetworkAccessManager network;
    TusProtocol protocol(&network);
    UploadScheduler scheduler(&protocol);
    scheduler.setEndpoint(m_server->endpoint());
    scheduler.setChunkSize(256);
    scheduler.setHeaders({{"Authorization", "Bearer " + AliceToken}});
    QSignalSpy added(&scheduler, &UploadScheduler::tasksAdded);
    scheduler.addPaths({path}, Priority::Normal);
    QVERIFY(added.wait(10000));
    const TaskId id = added.first().first().value<QList<TaskId>>().first();
    QVERIFY(waitFor([&] { return scheduler.isIdle(); }, 60000));
    const UploadTask *task = scheduler.task(id);
    QVERIFY2(task->state() == TaskState::Success, qPrintable(task->errorMessage()));
    QVERIFY(fileMatches(m_server->storedPath(task->uploadUrl()), size, 3));
    QVERIFY(waitFor([&] { return m_server->serverLog().contains(QLatin1String("owner alice")); },
                    5000));
}

void TestHoistdAuth::clientWithWrongTokenSaysSo()
{
    QVERIFY(startServer());
    QTemporaryDir files;
    const QString path = makeTestFile(files.path(), QStringLiteral("denied.bin"), 100, 4);
    QNetworkAccessManager network;
    TusProtocol protocol(&network);
    UploadScheduler scheduler(&protocol);
    scheduler.setEndpoint(m_server->endpoint());
    scheduler.setHeaders({{"Authorization", "Bearer " + AliceToken + "-wrong"}});
    QSignalSpy added(&scheduler, &UploadScheduler::tasksAdded);
    scheduler.addPaths({path}, Priority::Normal);
    QVERIFY(added.wait(10000));
    const TaskId id = added.first().first().value<QList<TaskId>>().first();
    QVERIFY(waitFor([&] { return scheduler.isIdle(); }, 60000));
    const UploadTask *task = scheduler.task(id);
    QCOMPARE(task->state(), TaskState::Error);
    QCOMPARE(task->errorKind(), TransferError::Kind::Rejected);
    QVERIFY2(task->errorMessage().contains(QLatin1String("refused authorisation (HTTP 401)")),
             qPrintable(task->errorMessage()));
    QVERIFY2(task->errorMessage().contains(QLatin1String("token")),
             qPrintable(task->errorMessage()));
    QVERIFY(m_server->storedFiles().isEmpty());
}

QTEST_GUILESS_MAIN(TestHoistdAuth)
#include "tst_hoistd_auth.moc"
