#include "faultproxy.h"
#include "tcppeers.h"
#include "testpeer.h"
#include "waitfor.h"

#include <QElapsedTimer>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QRandomGenerator>
#include <QTcpSocket>
#include <QTest>

#include <memory>

namespace {
constexpr qint64 KiB = 1024;
constexpr qint64 MiB = 1024 * KiB;

QByteArray payload(qint64 size, quint32 seed = 42)
{
    QByteArray bytes(size, Qt::Uninitialized);
    QRandomGenerator random(seed);
    random.fillRange(reinterpret_cast<quint32 *>(bytes.data()), size / 4);
    for (qint64 i = size / 4 * 4; i < size; ++i)
        bytes[i] = char(random.generate());
    return bytes;
}

// Waits until nothing has changed for `quietMs` — to show that something does *not* happen.
bool staysSame(const std::function<qint64()> &value, int quietMs = 300)
{
    const qint64 before = value();
    waitFor([&] { return value() != before; }, quietMs);
    return value() == before;
}

// Waits until `value` has not changed for `quietMs`: what was already on its way has arrived.
bool settles(const std::function<qint64()> &value, int quietMs = 300, int timeoutMs = 10000)
{
    qint64 last = value();
    QElapsedTimer still;
    still.start();
    return waitFor(
        [&] {
            const qint64 now = value();
            if (now != last) {
                last = now;
                still.restart();
            }
            return still.elapsed() >= quietMs;
        },
        timeoutMs);
}

double mbPerSecond(qint64 bytes, qint64 ms)
{
    return ms > 0 ? bytes / 1e6 / (ms / 1e3) : 0;
}
} // namespace

class TestFaultProxy : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void passesBytesUnchanged_data();
    void passesBytesUnchanged();
    void throughput_data();
    void throughput();
    void resetsWithinWindow();
    void neverResetsAtZero();
    void sameSeedSameFaults();
    void resetAllNow();
    void stallHoldsThenDelivers();
    void drawnStallFreezesOneConnection();
    void refusesThenRecoversOnSamePort();
    void unreachableTargetClosesClient();
    void retargets();
    void tusServerThroughProxy();
};

void TestFaultProxy::passesBytesUnchanged_data()
{
    QTest::addColumn<qint64>("size");
    QTest::newRow("1 byte") << qint64(1);
    QTest::newRow("1000 bytes") << qint64(1000);
    QTest::newRow("1 MiB + 7") << MiB + 7;
    QTest::newRow("32 MiB") << 32 * MiB;
}

void TestFaultProxy::passesBytesUnchanged()
{
    QFETCH(qint64, size);
    TcpPeer echo(TcpPeer::Mode::Echo);
    FaultProxy proxy;
    QVERIFY2(proxy.start(QStringLiteral("127.0.0.1"), echo.port()),
             qPrintable(proxy.errorString()));
    QVERIFY(proxy.port() != 0);
    QVERIFY(proxy.port() != echo.port());

    const QByteArray bytes = payload(size);
    QElapsedTimer timer;
    timer.start();
    TcpClient client(proxy.port(), bytes);
    QVERIFY(waitFor([&] { return client.receivedBytes >= size || client.ended(); }, 60000));
    const qint64 ms = timer.elapsed();
    QCOMPARE(client.receivedBytes, size);
    QVERIFY(client.received == bytes); // QCOMPARE would print 32 MiB on failure
    QCOMPARE(echo.totalReceived(), size);
    if (size >= 32 * MiB)
        qInfo("echo through proxy: %lld MiB each way in %lld ms", size / MiB, ms);

    const FaultProxy::Counters c = proxy.counters();
    QCOMPARE(c.accepted, 1);
    QCOMPARE(c.open, 1);
    QCOMPARE(c.reset, 0);
    QCOMPARE(c.bytesToServer, size);
    QCOMPARE(c.bytesToClient, size);

    // A close passes through, and the proxy lets go of the connection.
    client.socket.disconnectFromHost();
    QVERIFY(waitFor([&] { return echo.connections.value(0).closed; }));
    QVERIFY(waitFor([&] { return proxy.counters().open == 0; }));
}

void TestFaultProxy::throughput_data()
{
    QTest::addColumn<bool>("upload");
    QTest::newRow("client to server") << true;
    QTest::newRow("server to client") << false;
}

// Not a speed limit (the machine may be busy); figures for the report, and the bytes checked.
void TestFaultProxy::throughput()
{
    QFETCH(bool, upload);
    constexpr qint64 size = 128 * MiB;
    const QByteArray bytes = upload ? payload(size) : QByteArray();
    TcpPeer peer(upload ? TcpPeer::Mode::Sink : TcpPeer::Mode::Source, size);
    FaultProxy proxy;
    QVERIFY(proxy.start(QStringLiteral("127.0.0.1"), peer.port()));

    const auto run = [&](quint16 port) -> qint64 {
        const qint64 before = upload ? peer.totalReceived() : 0;
        QElapsedTimer timer;
        timer.start();
        TcpClient client(port, bytes, false);
        const bool done = waitFor(
            [&] {
                return client.ended()
                       || (upload ? peer.totalReceived() - before >= size
                                  : client.receivedBytes >= size);
            },
            120000);
        const qint64 ms = timer.elapsed();
        if (!done || (upload ? peer.totalReceived() - before : client.receivedBytes) != size)
            return -1;
        return ms;
    };
    const qint64 direct = run(peer.port());
    const qint64 proxied = run(proxy.port());
    QVERIFY(direct >= 0);
    QVERIFY(proxied >= 0);
    qInfo("%s, %lld MiB: direct %lld ms (%.0f MB/s), through the proxy %lld ms (%.0f MB/s)",
          upload ? "upload" : "download", size / MiB, direct, mbPerSecond(size, direct), proxied,
          mbPerSecond(size, proxied));
    const FaultProxy::Counters c = proxy.counters();
    QCOMPARE(upload ? c.bytesToServer : c.bytesToClient, size);
    QCOMPARE(upload ? c.bytesToClient : c.bytesToServer, 0);
}

void TestFaultProxy::resetsWithinWindow()
{
    constexpr qint64 window = 64 * KiB;
    constexpr int connections = 10;
    TcpPeer sink(TcpPeer::Mode::Sink);
    FaultProxy proxy;
    QVERIFY(proxy.start(QStringLiteral("127.0.0.1"), sink.port()));
    proxy.setSeed(1);
    proxy.setResetProbability(1.0);
    proxy.setResetWindow(window);

    QSet<qint64> amounts;
    for (int i = 0; i < connections; ++i) {
        TcpClient client(proxy.port(), payload(MiB));
        QVERIFY(waitFor([&] { return client.ended(); }));
        QVERIFY2(client.error == QAbstractSocket::RemoteHostClosedError
                     || client.error == QAbstractSocket::NetworkError,
                 qPrintable(client.socket.errorString()));
        QVERIFY(waitFor([&] { return sink.connections.size() == i + 1; }));
        QVERIFY(waitFor([&] { return sink.connections[i].closed; }));
        const qint64 arrived = sink.connections[i].received;
        QVERIFY2(arrived <= window, qPrintable(QString::number(arrived)));
        amounts.insert(arrived);
    }
    QVERIFY2(amounts.size() > 1, "the reset points are not drawn at random");
    const FaultProxy::Counters c = proxy.counters();
    QCOMPARE(c.accepted, connections);
    QCOMPARE(c.reset, connections);
    QVERIFY(c.bytesToServer <= connections * window);
    QVERIFY(waitFor([&] { return proxy.counters().open == 0; }));
}

void TestFaultProxy::neverResetsAtZero()
{
    constexpr int connections = 30;
    TcpPeer sink(TcpPeer::Mode::Sink);
    FaultProxy proxy;
    QVERIFY(proxy.start(QStringLiteral("127.0.0.1"), sink.port()));
    proxy.setResetProbability(0.0);
    proxy.setResetWindow(1); // any reset at all would cut the first byte
    const QByteArray bytes = payload(MiB);
    for (int i = 0; i < connections; ++i) {
        TcpClient client(proxy.port(), bytes);
        QVERIFY(waitFor([&] { return sink.totalReceived() == (i + 1) * MiB || client.ended(); }));
        QVERIFY(!client.ended());
    }
    QCOMPARE(proxy.counters().reset, 0);
    QCOMPARE(proxy.counters().accepted, connections);
    QCOMPARE(proxy.counters().bytesToServer, connections * MiB);
}

void TestFaultProxy::sameSeedSameFaults()
{
    constexpr qint64 size = 16 * KiB;
    TcpPeer sink(TcpPeer::Mode::Sink);
    const auto pattern = [&](quint32 seed) {
        FaultProxy proxy;
        proxy.start(QStringLiteral("127.0.0.1"), sink.port());
        proxy.setSeed(seed);
        proxy.setResetProbability(0.5);
        proxy.setResetWindow(4 * KiB);
        QString resets;
        for (int i = 0; i < 24; ++i) {
            proxy.resetCounters();
            TcpClient client(proxy.port(), payload(size));
            const bool settled = waitFor(
                [&] {
                    const FaultProxy::Counters c = proxy.counters();
                    return c.reset > 0 || c.bytesToServer >= size;
                },
                5000);
            if (!settled)
                return resets + QStringLiteral(" stuck");
            resets += proxy.counters().reset > 0 ? QLatin1Char('R') : QLatin1Char('.');
        }
        return resets;
    };
    const QString first = pattern(7);
    QVERIFY2(first.contains(QLatin1Char('R')) && first.contains(QLatin1Char('.')),
             qPrintable(first));
    QCOMPARE(pattern(7), first);
    QVERIFY(pattern(8) != first);
}

void TestFaultProxy::resetAllNow()
{
    TcpPeer echo(TcpPeer::Mode::Echo);
    FaultProxy proxy;
    QVERIFY(proxy.start(QStringLiteral("127.0.0.1"), echo.port()));
    std::vector<std::unique_ptr<TcpClient>> clients;
    for (int i = 0; i < 3; ++i) {
        clients.push_back(std::make_unique<TcpClient>(proxy.port(), "ping"));
        QVERIFY(waitFor([&] { return clients.back()->received == "ping"; }));
    }
    QCOMPARE(proxy.counters().open, 3);
    proxy.resetAllNow();
    QCOMPARE(proxy.counters().open, 0);
    QCOMPARE(proxy.counters().reset, 3);
    for (const auto &client : clients) {
        QVERIFY(waitFor([&] { return client->ended(); }));
        QVERIFY(client->error != QAbstractSocket::UnknownSocketError);
    }
    QVERIFY(waitFor([&] {
        return echo.connections.size() == 3 && echo.connections[0].closed
               && echo.connections[1].closed && echo.connections[2].closed;
    }));
    // New connections are not affected.
    TcpClient after(proxy.port(), "pong");
    QVERIFY(waitFor([&] { return after.received == "pong"; }));
    QCOMPARE(proxy.counters().reset, 3);
}

void TestFaultProxy::stallHoldsThenDelivers()
{
    TcpPeer echo(TcpPeer::Mode::Echo);
    FaultProxy proxy;
    QVERIFY(proxy.start(QStringLiteral("127.0.0.1"), echo.port()));
    const QByteArray first = payload(4 * KiB, 1);
    TcpClient client(proxy.port(), first);
    QVERIFY(waitFor([&] { return client.receivedBytes == first.size(); }));

    // Nothing was on its way when it stalled, so nothing at all moves.
    proxy.setStalled(true);
    const QByteArray held = payload(32 * MiB, 2); // more than every buffer on the way holds
    client.send(held);
    QVERIFY(staysSame([&] { return echo.totalReceived(); }));
    QCOMPARE(echo.totalReceived(), first.size());
    QCOMPARE(client.receivedBytes, first.size());
    QVERIFY(client.connected());
    QVERIFY(!echo.connections[0].closed);

    // Stalled mid-stream, both ways: once what was already sent has arrived, nothing moves.
    proxy.setStalled(false);
    QVERIFY(waitFor([&] { return client.receivedBytes > first.size() + 2 * MiB; }));
    proxy.setStalled(true);
    QVERIFY(settles([&] { return echo.totalReceived() + client.receivedBytes; }));
    QVERIFY(staysSame([&] { return echo.totalReceived() + client.receivedBytes; }));
    QVERIFY(echo.totalReceived() < first.size() + held.size());
    QVERIFY(client.receivedBytes < echo.totalReceived());
    QVERIFY(client.connected());

    proxy.setStalled(false);
    QVERIFY(waitFor([&] { return client.receivedBytes >= first.size() + held.size(); }, 30000));
    QVERIFY(client.received == first + held);
    QCOMPARE(proxy.counters().reset, 0);
    QCOMPARE(proxy.counters().bytesToServer, first.size() + held.size());
}

void TestFaultProxy::drawnStallFreezesOneConnection()
{
    constexpr qint64 window = 64 * KiB;
    TcpPeer sink(TcpPeer::Mode::Sink);
    FaultProxy proxy;
    QVERIFY(proxy.start(QStringLiteral("127.0.0.1"), sink.port()));
    proxy.setStallProbability(1.0);
    proxy.setStallWindow(window);

    TcpClient stuck(proxy.port(), payload(MiB));
    QVERIFY(waitFor([&] { return proxy.counters().stalled == 1; }));
    QVERIFY(settles([&] { return sink.totalReceived(); }));
    QVERIFY(staysSame([&] { return sink.totalReceived(); }));
    QVERIFY(sink.totalReceived() > 0);
    QVERIFY(sink.totalReceived() <= window);
    QVERIFY(stuck.connected());
    QVERIFY(!sink.connections[0].closed);

    // Another connection, with the fault off, moves.
    proxy.setStallProbability(0.0);
    TcpClient fine(proxy.port(), payload(MiB));
    QVERIFY(waitFor(
        [&] { return sink.connections.size() == 2 && sink.connections[1].received == MiB; }));
    QCOMPARE(proxy.counters().stalled, 1);
    // Turning the global stall off does not revive a dead connection.
    proxy.setStalled(false);
    QVERIFY(staysSame([&] { return sink.connections[0].received; }, 100));

    // The client gives up on it; the proxy lets go of both sides.
    stuck.socket.abort();
    QVERIFY(waitFor([&] { return sink.connections[0].closed; }));
    QCOMPARE(proxy.counters().reset, 0);
}

void TestFaultProxy::refusesThenRecoversOnSamePort()
{
    TcpPeer echo(TcpPeer::Mode::Echo);
    FaultProxy proxy;
    QVERIFY(proxy.start(QStringLiteral("127.0.0.1"), echo.port()));
    const quint16 port = proxy.port();
    TcpClient before(port, "a");
    QVERIFY(waitFor([&] { return before.received == "a"; }));

    QVERIFY(proxy.setRefusing(true));
    TcpClient refused(port);
    QVERIFY(waitFor([&] { return refused.ended(); }));
    QCOMPARE(refused.error, QAbstractSocket::ConnectionRefusedError);
    // Connections made before carry on.
    before.send("b");
    QVERIFY(waitFor([&] { return before.received == "ab"; }));

    QVERIFY(proxy.setRefusing(false));
    QCOMPARE(proxy.port(), port);
    TcpClient after(port, "c");
    QVERIFY(waitFor([&] { return after.received == "c"; }));
    QCOMPARE(proxy.counters().accepted, 2);
}

void TestFaultProxy::unreachableTargetClosesClient()
{
    // Bound, not listening: connections to it are refused, and no one else can listen there.
    QTcpSocket dead;
    QVERIFY(dead.bind(QHostAddress::LocalHost, 0));
    FaultProxy proxy;
    QVERIFY(proxy.start(QStringLiteral("127.0.0.1"), dead.localPort()));
    TcpClient client(proxy.port(), "hello");
    QVERIFY(waitFor([&] { return client.ended(); }));
    QVERIFY(client.received.isEmpty());
    QVERIFY(waitFor([&] { return proxy.counters().open == 0; }));
    // Under load the client may connect twice: when the RST beats Qt's check of the pending
    // connect, that check (a second connect() on the socket) starts a new attempt.
    const FaultProxy::Counters c = proxy.counters();
    QVERIFY(c.accepted >= 1);
    QCOMPARE(c.upstreamFailed, c.accepted);
    QCOMPARE(c.reset, 0);
    QCOMPARE(c.bytesToServer, 0);
}

void TestFaultProxy::retargets()
{
    TcpPeer first(TcpPeer::Mode::Echo);
    TcpPeer second(TcpPeer::Mode::Echo);
    FaultProxy proxy;
    QVERIFY(proxy.start(QStringLiteral("127.0.0.1"), first.port()));
    TcpClient a(proxy.port(), "one");
    QVERIFY(waitFor([&] { return a.received == "one"; }));

    proxy.setTarget(QStringLiteral("127.0.0.1"), second.port());
    TcpClient b(proxy.port(), "two");
    QVERIFY(waitFor([&] { return b.received == "two"; }));
    a.send("three"); // an open connection stays where it was
    QVERIFY(waitFor([&] { return a.received == "onethree"; }));
    QCOMPARE(first.totalReceived(), 8);
    QCOMPARE(second.totalReceived(), 3);
}

void TestFaultProxy::tusServerThroughProxy()
{
    const auto peer = TestPeer::create(TestPeer::Kind::TusNode);
    TestPeer &server = *peer;
    QVERIFY2(server.start(), qPrintable(server.errorString()));
    FaultProxy proxy;
    QVERIFY(proxy.start(QStringLiteral("127.0.0.1"), server.port()));
    QNetworkAccessManager nam;
    const auto finish = [](QNetworkReply *reply) {
        const bool done = waitFor([reply] { return reply->isFinished(); });
        reply->deleteLater();
        return done;
    };

    QNetworkRequest options(proxy.url(QStringLiteral("/files/")));
    QNetworkReply *reply = nam.sendCustomRequest(options, "OPTIONS");
    QVERIFY(finish(reply));
    QCOMPARE(reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt(), 204);
    QVERIFY(reply->rawHeader("Tus-Version").contains("1.0.0"));

    // An upload through it arrives byte for byte.
    const QByteArray bytes = payload(8 * MiB + 3);
    QNetworkRequest create(proxy.url(QStringLiteral("/files/")));
    create.setRawHeader("Tus-Resumable", "1.0.0");
    create.setRawHeader("Upload-Length", QByteArray::number(bytes.size()));
    reply = nam.post(create, QByteArray());
    QVERIFY(finish(reply));
    QCOMPARE(reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt(), 201);
    const QUrl location =
        proxy.url().resolved(QUrl(QString::fromLatin1(reply->rawHeader("Location"))));

    QNetworkRequest patch(location);
    patch.setRawHeader("Tus-Resumable", "1.0.0");
    patch.setRawHeader("Upload-Offset", "0");
    patch.setHeader(QNetworkRequest::ContentTypeHeader, "application/offset+octet-stream");
    reply = nam.sendCustomRequest(patch, "PATCH", bytes);
    QVERIFY(finish(reply));
    QCOMPARE(reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt(), 204);
    QCOMPARE(reply->rawHeader("Upload-Offset"), QByteArray::number(bytes.size()));
    QVERIFY(server.storedBytes(location) == bytes);

    QCOMPARE(server.stats().count(QStringLiteral("OPTIONS")), 1);
    QCOMPARE(server.stats().count(QStringLiteral("PATCH")), 1);
    const FaultProxy::Counters c = proxy.counters();
    QVERIFY(c.accepted >= 1);
    QVERIFY(c.bytesToServer > bytes.size());
    QVERIFY(c.bytesToClient > 0);
    QCOMPARE(c.reset, 0);
}

QTEST_GUILESS_MAIN(TestFaultProxy)
#include "tst_faultproxy.moc"
