// The check of an endpoint when it is set: one OPTIONS, judged. Against the real hoistd and
// @tus/server (a tus server, with what each offers), a port nobody listens on, and a scripted
// server for what real ones do not do (404, bytes that are not HTTP, no answer at all).
#include "hoistdprocess.h"
#include "scriptedserver.h"
#include "tusserverprocess.h"

#include "endpointcheck.h"

#include <QElapsedTimer>
#include <QNetworkAccessManager>
#include <QSignalSpy>
#include <QTcpServer>
#include <QTest>

#include <numeric>

namespace {
constexpr int WaitMs = 10000;

// A loopback port nobody listens on.
quint16 closedPort()
{
    QTcpServer server;
    if (!server.listen(QHostAddress::LocalHost))
        return 0;
    return server.serverPort(); // closed again when `server` goes
}
} // namespace

class TestEndpointCheck : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void hoistdIsATusServer();
    void tusNodeIsATusServer();
    void refusedPortIsNamed();
    void notFoundIsNotTus();
    void okWithoutTusHeadersIsNotTus();
    void garbageIsNamed();
    void unauthorisedSaysSo();
    void silenceEndsAtTheDeadline();
    void newerCheckCancelsOlder();
    void otherSchemesAreNotAsked();

private:
    EndpointCheck::Result run(const QUrl &endpoint, const HttpHeaders &headers = {});

    QNetworkAccessManager m_network;
};

void TestEndpointCheck::initTestCase()
{
    qRegisterMetaType<EndpointCheck::Result>();
}

EndpointCheck::Result TestEndpointCheck::run(const QUrl &endpoint, const HttpHeaders &headers)
{
    EndpointCheck check(&m_network);
    QSignalSpy finished(&check, &EndpointCheck::finished);
    if (!check.check(endpoint, headers))
        return {};
    if (!finished.wait(WaitMs))
        return {};
    [&] { QCOMPARE(finished.count(), 1); }();
    return finished.first().first().value<EndpointCheck::Result>();
}

void TestEndpointCheck::hoistdIsATusServer()
{
    HoistdProcess hoistd;
    QVERIFY2(hoistd.start(), qPrintable(hoistd.errorString()));
    const auto result = run(hoistd.endpoint());
    QVERIFY2(result.ok, qPrintable(result.summary));
    QCOMPARE(result.httpStatus, 204);
    QCOMPARE(result.endpoint, hoistd.endpoint());
    QVERIFY2(result.summary.startsWith(QStringLiteral("tus 1.0.0 \u00b7 ")),
             qPrintable(result.summary));
    // What hoistd offers, in its own words (server/protocol).
    QVERIFY(result.capabilities.has(QStringLiteral("concatenation")));
    QVERIFY2(result.summary.contains(QStringLiteral("concatenation")), qPrintable(result.summary));
    QVERIFY2(result.summary.contains(QStringLiteral("checksum")), qPrintable(result.summary));
}

void TestEndpointCheck::tusNodeIsATusServer()
{
    TusServerProcess server;
    QVERIFY2(server.start(0, 1024 * 1024 * 1024), qPrintable(server.errorString()));
    const auto result = run(server.endpoint());
    QVERIFY2(result.ok, qPrintable(result.summary));
    QVERIFY(result.summary.contains(QStringLiteral("creation")));
    QVERIFY2(result.summary.contains(QStringLiteral("up to 1.00 GiB")), qPrintable(result.summary));
    // One OPTIONS, nothing else.
    const auto seen = server.stats().byMethod;
    QCOMPARE(seen.value(QStringLiteral("OPTIONS")), 1);
    QCOMPARE(std::accumulate(seen.cbegin(), seen.cend(), 0), 1);
}

void TestEndpointCheck::refusedPortIsNamed()
{
    const quint16 port = closedPort();
    QVERIFY(port);
    QElapsedTimer timer;
    timer.start();
    const auto result = run(QUrl(QStringLiteral("http://127.0.0.1:%1/files/").arg(port)));
    QVERIFY(!result.ok);
    QCOMPARE(result.summary, QStringLiteral("Connection refused by 127.0.0.1:%1").arg(port));
    QCOMPARE(result.httpStatus, 0);
    QVERIFY(timer.elapsed() < EndpointCheck::DefaultDeadlineMs);
}

void TestEndpointCheck::notFoundIsNotTus()
{
    ScriptedServer server([](const ScriptedServer::Request &) {
        return ScriptedServer::Reply(404, {}, "no such page");
    });
    QVERIFY(server.listen());
    const auto result =
        run(server.url(QStringLiteral("/files/")), {{"Authorization", "Bearer t0ken"}});
    QVERIFY(!result.ok);
    QCOMPARE(result.summary, QStringLiteral("Not a tus server (HTTP 404)"));
    QCOMPARE(result.httpStatus, 404);
    // One OPTIONS to the endpoint, speaking tus and carrying the endpoint's headers.
    QCOMPARE(server.requests().size(), 1);
    const auto &request = server.requests().first();
    QCOMPARE(request.method, QByteArray("OPTIONS"));
    QCOMPARE(request.path, QByteArray("/files/"));
    QCOMPARE(request.header("Tus-Resumable"), QByteArray("1.0.0"));
    QCOMPARE(request.header("Authorization"), QByteArray("Bearer t0ken"));
}

void TestEndpointCheck::okWithoutTusHeadersIsNotTus()
{
    // A web server that answers anything with 200: not tus, though nothing failed.
    ScriptedServer server([](const ScriptedServer::Request &) {
        return ScriptedServer::Reply(200, {{"Content-Type", "text/html"}}, "<html></html>");
    });
    QVERIFY(server.listen());
    const auto result = run(server.url(QStringLiteral("/files/")));
    QVERIFY(!result.ok);
    QVERIFY2(result.summary.startsWith(QStringLiteral("Not a tus server (HTTP 200")),
             qPrintable(result.summary));
}

void TestEndpointCheck::garbageIsNamed()
{
    ScriptedServer server(
        [](const ScriptedServer::Request &) { return ScriptedServer::Reply::garbage(); });
    QVERIFY(server.listen());
    const auto result = run(server.url(QStringLiteral("/files/")));
    QVERIFY(!result.ok);
    QVERIFY(!result.summary.isEmpty());
    QVERIFY2(result.summary.contains(QStringLiteral("127.0.0.1:%1").arg(server.port())),
             qPrintable(result.summary));
}

void TestEndpointCheck::unauthorisedSaysSo()
{
    ScriptedServer server([](const ScriptedServer::Request &) {
        return ScriptedServer::Reply(401, {{"Tus-Resumable", "1.0.0"}});
    });
    QVERIFY(server.listen());
    const auto result = run(server.url(QStringLiteral("/files/")));
    QVERIFY(!result.ok);
    QVERIFY2(result.summary.contains(QStringLiteral("HTTP 401")), qPrintable(result.summary));
    QVERIFY2(result.summary.contains(QStringLiteral("token")), qPrintable(result.summary));
}

void TestEndpointCheck::silenceEndsAtTheDeadline()
{
    ScriptedServer server(
        [](const ScriptedServer::Request &) { return ScriptedServer::Reply::stall(); });
    QVERIFY(server.listen());
    EndpointCheck check(&m_network);
    check.setDeadline(300);
    QSignalSpy finished(&check, &EndpointCheck::finished);
    QElapsedTimer timer;
    timer.start();
    QVERIFY(check.check(server.url(QStringLiteral("/files/"))));
    QVERIFY(check.isRunning());
    QVERIFY(finished.wait(WaitMs));
    QVERIFY2(timer.elapsed() < 3000, qPrintable(QString::number(timer.elapsed())));
    const auto result = finished.first().first().value<EndpointCheck::Result>();
    QVERIFY(!result.ok);
    QCOMPARE(result.summary,
             QStringLiteral("No answer from 127.0.0.1:%1 within 1 s").arg(server.port()));
    QVERIFY(!check.isRunning());
}

void TestEndpointCheck::newerCheckCancelsOlder()
{
    ScriptedServer silent(
        [](const ScriptedServer::Request &) { return ScriptedServer::Reply::stall(); });
    QVERIFY(silent.listen());
    HoistdProcess hoistd;
    QVERIFY2(hoistd.start(), qPrintable(hoistd.errorString()));
    EndpointCheck check(&m_network);
    QSignalSpy finished(&check, &EndpointCheck::finished);
    QVERIFY(check.check(silent.url(QStringLiteral("/files/"))));
    QTRY_COMPARE(silent.requests().size(), 1); // the first is on its way
    QVERIFY(check.check(hoistd.endpoint()));
    QVERIFY(finished.wait(WaitMs));
    // Past the first one's deadline: still only the newer check's answer.
    QTest::qWait(EndpointCheck::DefaultDeadlineMs + 500);
    QCOMPARE(finished.count(), 1);
    const auto result = finished.first().first().value<EndpointCheck::Result>();
    QCOMPARE(result.endpoint, hoistd.endpoint());
    QVERIFY(result.ok);
}

void TestEndpointCheck::otherSchemesAreNotAsked()
{
    EndpointCheck check(&m_network);
    QSignalSpy finished(&check, &EndpointCheck::finished);
    QVERIFY(!check.check(QUrl(QStringLiteral("s3://bucket/prefix/"))));
    QVERIFY(!check.check(QUrl()));
    QVERIFY(!check.isRunning());
    QTest::qWait(50);
    QCOMPARE(finished.count(), 0);
    QVERIFY(EndpointCheck::isCheckable(QUrl(QStringLiteral("https://example.com/files/"))));
    QVERIFY(!EndpointCheck::isCheckable(QUrl(QStringLiteral("s3://bucket/"))));
}

QTEST_GUILESS_MAIN(TestEndpointCheck)
#include "tst_endpointcheck.moc"
