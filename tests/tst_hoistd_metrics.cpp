// hoistd's GET /metrics: the Prometheus text format (0.0.4) parsed strictly, every counter moved
// by exactly what the test did, and who may read it.
#include "hoistdprocess.h"
#include "instantwire.h"
#include "rawhttp.h"
#include "testfiles.h"
#include "tuswire.h"
#include "waitfor.h"

#include <QBuffer>
#include <QCryptographicHash>
#include <QFile>
#include <QNetworkInterface>
#include <QRegularExpression>
#include <QSet>
#include <QTest>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>

namespace {
const QByteArray AliceToken = "alice-metrics-token-0123456789";
const QByteArray BobToken = "bob-metrics-token-0123456789ab";
const QByteArray OpsToken = "ops-metrics-token-0123456789ab"; // "metrics": true
constexpr qint64 Quota = 1024 * 1024;

using Samples = QMap<QByteArray, double>; // "name{labels}" -> value

RawHeaders as(const QByteArray &token)
{
    return {{"Tus-Resumable", "1.0.0"}, {"Authorization", "Bearer " + token}};
}

// Parses an exposition strictly; a sentence in `error` for the first line that is not right.
Samples parseExposition(const QByteArray &text, QString *error)
{
    static const QRegularExpression sampleLine(QStringLiteral(
        R"(^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{[a-zA-Z_][a-zA-Z0-9_]*="[^"\\\n]*"(,[a-zA-Z_][a-zA-Z0-9_]*="[^"\\\n]*")*\})? (\S+)$)"));
    static const QRegularExpression typeLine(
        QStringLiteral(R"(^# TYPE ([a-zA-Z_:][a-zA-Z0-9_:]*) (counter|gauge|histogram)$)"));
    static const QRegularExpression helpLine(
        QStringLiteral(R"(^# HELP ([a-zA-Z_:][a-zA-Z0-9_:]*) \S.*$)"));
    Samples samples;
    QHash<QString, QString> types;
    if (!text.endsWith('\n')) {
        *error = QStringLiteral("does not end with a line feed");
        return {};
    }
    for (const QByteArray &raw : text.chopped(1).split('\n')) {
        const QString line = QString::fromUtf8(raw);
        const auto fail = [&](const char *why) {
            *error = QStringLiteral("%1: %2").arg(QLatin1String(why), line);
            return Samples();
        };
        if (line.startsWith(QLatin1String("# HELP "))) {
            if (!helpLine.match(line).hasMatch())
                return fail("bad HELP");
            continue;
        }
        if (line.startsWith(QLatin1String("# TYPE "))) {
            const auto m = typeLine.match(line);
            if (!m.hasMatch() || types.contains(m.captured(1)))
                return fail("bad or repeated TYPE");
            types.insert(m.captured(1), m.captured(2));
            continue;
        }
        const auto m = sampleLine.match(line);
        if (!m.hasMatch())
            return fail("not a sample");
        QString family = m.captured(1);
        for (const char *suffix : {"_bucket", "_sum", "_count"}) {
            const QString base = family.chopped(int(qstrlen(suffix)));
            if (family.endsWith(QLatin1String(suffix))
                && types.value(base) == QLatin1String("histogram"))
                family = base;
        }
        if (!types.contains(family))
            return fail("sample before its TYPE");
        bool ok = false;
        const QString value = m.captured(4);
        const double v = value == QLatin1String("+Inf") ? INFINITY : value.toDouble(&ok);
        if (!ok && !std::isinf(v))
            return fail("value is not a number");
        const QByteArray key = raw.left(raw.lastIndexOf(' '));
        if (samples.contains(key))
            return fail("repeated sample");
        samples.insert(key, v);
    }
    return samples;
}
} // namespace

class TestHoistdMetrics : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();

    void countersMoveByWhatWasDone();
    void instantCompletionsCounted();
    void openConnectionsGauge();
    void onlyLoopbackOrMarkedTokens();

private:
    bool startServer(HoistdProcess &server, const QString &listen = {});
    quint16 port() const { return m_server->port(); }
    // GET /metrics from loopback, parsed (the test fails on a malformed one).
    Samples scrape();
    RawResponse create(const QByteArray &token, qint64 length, const QByteArray &metadata = {});
    RawResponse patch(const QByteArray &token, const QByteArray &path, qint64 offset,
                      const QByteArray &body, const RawHeaders &extra = {});

    std::unique_ptr<HoistdProcess> m_server;
    bool m_scrapeOk = false;
};

bool TestHoistdMetrics::startServer(HoistdProcess &server, const QString &listen)
{
    const QString config = server.rootDir() + QStringLiteral("/users.json");
    QFile file(config);
    if (!file.open(QIODevice::WriteOnly))
        return false;
    const QByteArray quota = QByteArray::number(Quota);
    file.write("{\"users\": [{\"name\": \"alice\", \"token\": \"" + AliceToken
               + "\", \"quota\": " + quota + "}, {\"name\": \"bob\", \"token\": \"" + BobToken
               + "\", \"quota\": " + quota + "}, {\"name\": \"ops\", \"token\": \"" + OpsToken
               + "\", \"quota\": 0, \"metrics\": true}]}\n");
    file.close();
    file.setPermissions(QFile::ReadOwner | QFile::WriteOwner);
    QStringList args{QStringLiteral("--config"), config};
    if (!listen.isEmpty())
        args << QStringLiteral("--listen") << listen; // the last --listen counts
    if (!server.start(args)) {
        qWarning("%s", qPrintable(server.errorString()));
        return false;
    }
    return true;
}

void TestHoistdMetrics::init()
{
    m_server = std::make_unique<HoistdProcess>();
    QVERIFY(startServer(*m_server));
}

void TestHoistdMetrics::cleanup()
{
    if (QTest::currentTestFailed() && m_server)
        qWarning("hoistd said:\n%s", qPrintable(m_server->serverLog()));
    m_server.reset();
}

Samples TestHoistdMetrics::scrape()
{
    m_scrapeOk = false;
    const RawResponse r = rawRequest(port(), "GET", "/metrics", {});
    if (r.status != 200) {
        qWarning("GET /metrics: %d %s", r.status, r.body.constData());
        return {};
    }
    if (r.header("Content-Type") != "text/plain; version=0.0.4; charset=utf-8") {
        qWarning("GET /metrics: Content-Type %s", r.header("Content-Type").constData());
        return {};
    }
    QString error;
    const Samples samples = parseExposition(r.body, &error);
    if (!error.isEmpty()) {
        qWarning("GET /metrics: %s\n%s", qPrintable(error), r.body.constData());
        return {};
    }
    m_scrapeOk = true;
    return samples;
}

RawResponse TestHoistdMetrics::create(const QByteArray &token, qint64 length,
                                      const QByteArray &metadata)
{
    RawHeaders headers = as(token) + RawHeaders{{"Upload-Length", QByteArray::number(length)}};
    if (!metadata.isEmpty())
        headers.append({"Upload-Metadata", metadata});
    return rawRequest(port(), "POST", "/files/", headers);
}

RawResponse TestHoistdMetrics::patch(const QByteArray &token, const QByteArray &path, qint64 offset,
                                     const QByteArray &body, const RawHeaders &extra)
{
    return rawRequest(port(), "PATCH", path,
                      as(token) + extra
                          + RawHeaders{{"Upload-Offset", QByteArray::number(offset)},
                                       {"Content-Type", TusWire::OffsetContentType}},
                      body);
}

void TestHoistdMetrics::countersMoveByWhatWasDone()
{
    const Samples before = scrape();
    QVERIFY(m_scrapeOk);
    for (const char *reason : {"auth", "quota", "connections_per_address", "header_timeout",
                               "headers_too_large", "framing", "method"})
        QVERIFY2(before.contains("hoistd_refusals_total{reason=\"" + QByteArray(reason) + "\"}"),
                 reason);

    const RawResponse created = create(AliceToken, 10);
    QCOMPARE(created.status, 201);
    const QByteArray upload = created.header("Location");
    QCOMPARE(patch(AliceToken, upload, 0, "0123").status, 204);
    QCOMPARE(rawRequest(port(), "HEAD", upload, as("not-a-token-of-anybody-here")).status, 401);
    QCOMPARE(rawRequest(port(), "HEAD", "/files/0123456789abcdef0123456789abcdef", as(AliceToken))
                 .status,
             404);
    QCOMPARE(create(AliceToken, Quota + 1).status, 413);
    QCOMPARE(rawRequest(port(), "patch", upload, as(AliceToken)).status, 501);

    const Samples after = scrape();
    QVERIFY(m_scrapeOk);
    const auto moved = [&](const QByteArray &key) { return after.value(key) - before.value(key); };
    QCOMPARE(moved("hoistd_requests_total{method=\"GET\",status=\"200\"}"),
             1.0); // the first scrape
    QCOMPARE(moved("hoistd_requests_total{method=\"POST\",status=\"201\"}"), 1.0);
    QCOMPARE(moved("hoistd_requests_total{method=\"PATCH\",status=\"204\"}"), 1.0);
    QCOMPARE(moved("hoistd_requests_total{method=\"HEAD\",status=\"401\"}"), 1.0);
    QCOMPARE(moved("hoistd_requests_total{method=\"HEAD\",status=\"404\"}"), 1.0);
    QCOMPARE(moved("hoistd_requests_total{method=\"POST\",status=\"413\"}"), 1.0);
    QCOMPARE(moved("hoistd_requests_total{method=\"other\",status=\"501\"}"), 1.0);
    double requests = 0;
    for (auto it = after.cbegin(); it != after.cend(); ++it) {
        if (it.key().startsWith("hoistd_requests_total{"))
            requests += it.value() - before.value(it.key());
    }
    QCOMPARE(requests, 7.0);
    QCOMPARE(moved("hoistd_request_duration_seconds_count"), 7.0);
    QCOMPARE(moved("hoistd_request_duration_seconds_bucket{le=\"+Inf\"}"), 7.0);
    QVERIFY(moved("hoistd_request_duration_seconds_sum") > 0);
    QCOMPARE(moved("hoistd_received_bytes_total"), 4.0);
    QCOMPARE(moved("hoistd_refusals_total{reason=\"auth\"}"), 1.0);
    QCOMPARE(moved("hoistd_refusals_total{reason=\"quota\"}"), 1.0);
    QCOMPARE(moved("hoistd_refusals_total{reason=\"method\"}"), 1.0);
    QCOMPARE(moved("hoistd_refusals_total{reason=\"framing\"}"), 0.0);
    QCOMPARE(moved("hoistd_uploads{state=\"unfinished\"}"), 1.0);
    QCOMPARE(moved("hoistd_uploads{state=\"finished\"}"), 0.0);
    // Buckets add up: each at least the one before, the last the count.
    double previous = 0;
    for (auto it = after.cbegin(); it != after.cend(); ++it) {
        if (!it.key().startsWith("hoistd_request_duration_seconds_bucket"))
            continue;
        QVERIFY(it.value() >= 0);
        previous = std::max(previous, it.value());
    }
    QCOMPARE(previous, after.value("hoistd_request_duration_seconds_count"));

    // The upload finishes: it changes state, and then it goes.
    QCOMPARE(patch(AliceToken, upload, 4, "456789").status, 204);
    Samples now = scrape();
    QCOMPARE(now.value("hoistd_uploads{state=\"unfinished\"}"),
             before.value("hoistd_uploads{state=\"unfinished\"}"));
    QCOMPARE(now.value("hoistd_uploads{state=\"finished\"}")
                 - before.value("hoistd_uploads{state=\"finished\"}"),
             1.0);
    QCOMPARE(now.value("hoistd_received_bytes_total") - before.value("hoistd_received_bytes_total"),
             10.0);
    QCOMPARE(rawRequest(port(), "DELETE", upload, as(AliceToken)).status, 204);
    now = scrape();
    QCOMPARE(now.value("hoistd_uploads{state=\"finished\"}"),
             before.value("hoistd_uploads{state=\"finished\"}"));
}

void TestHoistdMetrics::instantCompletionsCounted()
{
    const QByteArray content = testContent(1000, 3);
    const QByteArray metadata = TusWire::encodeMetadata(
        {{"sha256", QCryptographicHash::hash(content, QCryptographicHash::Sha256).toHex()}});
    const RawResponse alices = create(AliceToken, content.size(), metadata);
    QCOMPARE(patch(AliceToken, alices.header("Location"), 0, content).status, 204);
    const Samples before = scrape();
    QVERIFY(m_scrapeOk);

    const RawResponse bobs = create(BobToken, content.size(), metadata);
    QCOMPARE(bobs.status, 201);
    const auto challenge =
        InstantWire::parseChallenge(bobs.header(InstantWire::ChallengeHeader), content.size());
    QVERIFY(challenge);
    QBuffer buffer;
    buffer.setData(content);
    QVERIFY(buffer.open(QIODevice::ReadOnly));
    const QByteArray proof = InstantWire::computeProof(buffer, *challenge).value_or(QByteArray());
    const RawResponse proved = patch(BobToken, bobs.header("Location"), 0, {},
                                     {{InstantWire::ProofHeader, proof.toHex()}});
    QCOMPARE(proved.status, 204);
    QCOMPARE(proved.header("Upload-Offset"), QByteArray::number(content.size()));

    const Samples after = scrape();
    QCOMPARE(after.value("hoistd_instant_completions_total")
                 - before.value("hoistd_instant_completions_total"),
             1.0);
    QCOMPARE(after.value("hoistd_uploads{state=\"finished\"}")
                 - before.value("hoistd_uploads{state=\"finished\"}"),
             1.0);
    QCOMPARE(after.value("hoistd_received_bytes_total")
                 - before.value("hoistd_received_bytes_total"),
             0.0);
}

void TestHoistdMetrics::openConnectionsGauge()
{
    // The scrape's own connection is one of them; the one before may take a moment to go.
    // (Latched: waitFor() asks once more after it is satisfied.)
    const auto openBecomes = [&](double wanted) {
        bool seen = false;
        return waitFor(
            [&] {
                seen = seen || scrape().value("hoistd_open_connections", -1) == wanted;
                return seen;
            },
            5000);
    };
    QVERIFY(openBecomes(1));
    std::vector<int> idle;
    for (int i = 0; i < 3; ++i) {
        const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
        sockaddr_in server{};
        server.sin_family = AF_INET;
        server.sin_port = htons(port());
        server.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        QCOMPARE(::connect(fd, reinterpret_cast<sockaddr *>(&server), sizeof server), 0);
        idle.push_back(fd);
    }
    QVERIFY(openBecomes(4));
    for (int fd : idle)
        ::close(fd);
    QVERIFY(openBecomes(1));
}

void TestHoistdMetrics::onlyLoopbackOrMarkedTokens()
{
    // Only GET.
    QCOMPARE(rawRequest(port(), "POST", "/metrics", {}).status, 405);
    // Any loopback peer may read them, with or without a token.
    QCOMPARE(rawRequest(port(), "GET", "/metrics", {}).status, 200);
    QCOMPARE(rawRequest(RawRoute{QHostAddress(QHostAddress::LocalHost),
                                 QHostAddress(QStringLiteral("127.0.0.2"))},
                        port(), "GET", "/metrics", as(AliceToken))
                 .status,
             200);

    // A peer elsewhere: this machine's own address on another interface.
    QHostAddress elsewhere;
    for (const QHostAddress &a : QNetworkInterface::allAddresses()) {
        if (a.protocol() == QAbstractSocket::IPv4Protocol && !a.isLoopback()) {
            elsewhere = a;
            break;
        }
    }
    if (elsewhere.isNull())
        QSKIP("this machine has no address but loopback");
    HoistdProcess outside;
    QVERIFY(startServer(outside, elsewhere.toString() + QStringLiteral(":0")));
    const RawRoute route{elsewhere, {}};
    const RawResponse none = rawRequest(route, outside.port(), "GET", "/metrics", {});
    QCOMPARE(none.status, 401);
    QVERIFY(none.has("WWW-Authenticate"));
    QVERIFY(!none.body.contains("hoistd_"));
    const RawResponse alice = rawRequest(route, outside.port(), "GET", "/metrics", as(AliceToken));
    QCOMPARE(alice.status, 403);
    QVERIFY(!alice.body.contains("hoistd_"));
    const RawResponse ops = rawRequest(route, outside.port(), "GET", "/metrics", as(OpsToken));
    QCOMPARE(ops.status, 200);
    QVERIFY(ops.body.contains("hoistd_refusals_total{reason=\"auth\"} 1\n"));
}

QTEST_GUILESS_MAIN(TestHoistdMetrics)
#include "tst_hoistd_metrics.moc"
