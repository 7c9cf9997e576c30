#include "delaylink.h"
#include "rawsocket.h"
#include "tcppeers.h"
#include "testfiles.h"
#include "waitfor.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <cerrno>
#include <memory>
#include <vector>

using namespace std::chrono_literals;

namespace {
constexpr qint64 KiB = 1024;
constexpr qint64 MiB = 1024 * KiB;
constexpr qint64 Mbit = 1'000'000;

double msBetween(PeerClock::time_point from, PeerClock::time_point to)
{
    return std::chrono::duration<double, std::milli>(to - from).count();
}

// How long the link takes to send `bytes` at `bitsPerSecond` (0: no time).
double linkMs(qint64 bytes, qint64 bitsPerSecond)
{
    return bitsPerSecond > 0 ? bytes * 8e3 / double(bitsPerSecond) : 0;
}

QByteArray sourceContent(qint64 size)
{
    QByteArray bytes;
    while (bytes.size() < size)
        bytes += TcpPeer::sourceBlock();
    bytes.truncate(size);
    return bytes;
}

// Sets the link up and starts it in front of 127.0.0.1:port.
bool startLink(DelayLink &link, quint16 port, int delayMs, qint64 rate = 0)
{
    link.setDelay(std::chrono::milliseconds(delayMs));
    link.setRate(rate);
    const bool ok = link.start(QStringLiteral("127.0.0.1"), port);
    if (!ok)
        qWarning("DelayLink: %s", qPrintable(link.errorString()));
    return ok;
}

// Rows for a test run once for each end of the connection acting.
void addEnds()
{
    QTest::addColumn<bool>("byClient");
    QTest::newRow("client") << true;
    QTest::newRow("server") << false;
}

// The link counts bytes once send() has returned, which may be after the peer has read them.
bool delivered(const DelayLink &link, qint64 toServer, qint64 toClient)
{
    return waitFor([&] {
        const DelayLink::Counters c = link.counters();
        return c.bytesToServer == toServer && c.bytesToClient == toClient;
    });
}

QString describe(double ms, double atLeastMs)
{
    return QStringLiteral("%1 ms, expected at least %2 ms").arg(ms, 0, 'f', 1).arg(atLeastMs);
}

// A listening raw socket behind a link, for the tests that half-close and reset.
struct RawServerBehindLink {
    explicit RawServerBehindLink(int delayMs, qint64 rate = 0)
        : server(RawSocket::listening(&serverPort))
    {
        started = server.valid() && startLink(link, serverPort, delayMs, rate);
    }
    quint16 serverPort = 0;
    RawSocket server;
    DelayLink link;
    bool started = false;
};

// Lines of a trace file: ms, client→server bytes, server→client bytes.
struct TraceLine {
    qint64 ms = 0;
    qint64 up = 0;
    qint64 down = 0;
};

QList<TraceLine> readTrace(const QString &path, bool *wellFormed)
{
    QFile file(path);
    QList<TraceLine> lines;
    *wellFormed = file.open(QIODevice::ReadOnly);
    for (const QByteArray &line : file.readAll().split('\n')) {
        if (line.isEmpty())
            continue;
        const QList<QByteArray> fields = line.split(' ');
        bool ok[3] = {false, false, false};
        if (fields.size() == 3)
            lines.append({fields[0].toLongLong(&ok[0]), fields[1].toLongLong(&ok[1]),
                          fields[2].toLongLong(&ok[2])});
        *wellFormed = *wellFormed && ok[0] && ok[1] && ok[2];
    }
    return lines;
}
} // namespace

class TestDelayLink : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void passesBytesUnchanged_data();
    void passesBytesUnchanged();
    void neverEarly_data();
    void neverEarly();
    void settingsApplyToOpenConnections();
    void pacesToRate_data();
    void pacesToRate();
    void connectionsShareTheRate();
    void directionsAreIndependent();
    void holdsAtMostAWindow();
    void closePassesAfterQueuedBytes_data();
    void closePassesAfterQueuedBytes();
    void halfClosePassesThrough();
    void resetPassesThrough_data();
    void resetPassesThrough();
    void unreachableTargetResetsClient();
    void countsConnections();
    void loadDelayGrowsWithBusyConnections();
    void traceRecordsDeliveredBytes();
    void keepsUpWithFastLinks_data();
    void keepsUpWithFastLinks();
};

void TestDelayLink::passesBytesUnchanged_data()
{
    QTest::addColumn<qint64>("size");
    QTest::addColumn<int>("delayMs");
    QTest::addColumn<qint64>("rate");
    QTest::newRow("1 byte, plain") << qint64(1) << 0 << qint64(0);
    QTest::newRow("1 MiB + 7, plain") << MiB + 7 << 0 << qint64(0);
    QTest::newRow("32 MiB, plain") << 32 * MiB << 0 << qint64(0);
    QTest::newRow("1 byte, 5 ms") << qint64(1) << 5 << qint64(0);
    QTest::newRow("64 KiB + 1, 5 ms, 100 Mbit/s") << 64 * KiB + 1 << 5 << 100 * Mbit;
    QTest::newRow("4 MiB + 7, 2 ms, 400 Mbit/s") << 4 * MiB + 7 << 2 << 400 * Mbit;
}

void TestDelayLink::passesBytesUnchanged()
{
    QFETCH(qint64, size);
    QFETCH(int, delayMs);
    QFETCH(qint64, rate);
    TcpPeer echo(TcpPeer::Mode::Echo);
    DelayLink link;
    QVERIFY(startLink(link, echo.port(), delayMs, rate));
    QVERIFY(link.port() != 0 && link.port() != echo.port());

    const QByteArray bytes = testContent(size, 3);
    const PeerClock::time_point start = PeerClock::now();
    TcpClient client(link.port(), bytes);
    QVERIFY(waitFor([&] { return client.receivedBytes >= size || client.ended(); }, 60000));
    QCOMPARE(client.receivedBytes, size);
    QVERIFY(client.received == bytes); // QCOMPARE would print megabytes on failure
    QCOMPARE(echo.totalReceived(), size);
    // Out: the handshake's round trip and one delay; back: one more.
    const double atLeast = 4 * delayMs + 0.95 * linkMs(size, rate);
    const double took = msBetween(start, client.lastByteAt);
    QVERIFY2(took >= atLeast, qPrintable(describe(took, atLeast)));
    if (size >= 32 * MiB)
        qInfo("echo through the link: %lld MiB each way in %.0f ms", size / MiB, took);

    QVERIFY(delivered(link, size, size));
    const DelayLink::Counters c = link.counters();
    QCOMPARE(c.accepted, 1);
    QCOMPARE(c.open, 1);
    QCOMPARE(c.reset, 0);
    QCOMPARE(c.upstreamFailed, 0);

    client.socket.disconnectFromHost();
    QVERIFY(waitFor([&] { return echo.connections.value(0).closed; }));
    QVERIFY(waitFor([&] { return link.counters().open == 0; }));
}

void TestDelayLink::neverEarly_data()
{
    QTest::addColumn<int>("delayMs");
    QTest::addColumn<qint64>("rate");
    QTest::newRow("1 ms") << 1 << qint64(0);
    QTest::newRow("20 ms") << 20 << qint64(0);
    QTest::newRow("20 ms, 100 Mbit/s") << 20 << 100 * Mbit;
    QTest::newRow("50 ms") << 50 << qint64(0);
}

// A new connection's first byte reaches the server after three delays (the SYN, its answer, the
// byte), and every later byte one delay after it was sent.
void TestDelayLink::neverEarly()
{
    QFETCH(int, delayMs);
    QFETCH(qint64, rate);
    TcpPeer echo(TcpPeer::Mode::Echo);
    DelayLink link;
    QVERIFY(startLink(link, echo.port(), delayMs, rate));

    const PeerClock::time_point start = PeerClock::now();
    TcpClient client(link.port(), "first");
    QVERIFY(waitFor([&] { return client.receivedBytes == 5; }));
    double took = msBetween(start, echo.connections.value(0).firstByteAt);
    QVERIFY2(took >= 3 * delayMs, qPrintable(describe(took, 3 * delayMs)));
    took = msBetween(start, client.firstByteAt);
    QVERIFY2(took >= 4 * delayMs, qPrintable(describe(took, 4 * delayMs)));

    for (int i = 0; i < 5; ++i) {
        const qint64 before = client.receivedBytes;
        const PeerClock::time_point sent = PeerClock::now();
        client.send("ping");
        QVERIFY(waitFor([&] { return client.receivedBytes == before + 4; }));
        took = msBetween(sent, echo.connections.value(0).lastByteAt);
        QVERIFY2(took >= delayMs, qPrintable(describe(took, delayMs)));
        took = msBetween(sent, client.lastByteAt);
        QVERIFY2(took >= 2 * delayMs, qPrintable(describe(took, 2 * delayMs)));
    }
    QCOMPARE(client.received, QByteArray("first") + QByteArray("ping").repeated(5));
}

void TestDelayLink::settingsApplyToOpenConnections()
{
    TcpPeer echo(TcpPeer::Mode::Echo);
    DelayLink link;
    QVERIFY(link.start(QStringLiteral("127.0.0.1"), echo.port()));
    TcpClient client(link.port(), "a");
    QVERIFY(waitFor([&] { return client.received == "a"; }));

    link.setDelay(30ms);
    QCOMPARE(link.delay(), std::chrono::microseconds(30ms));
    PeerClock::time_point sent = PeerClock::now();
    client.send("b");
    QVERIFY(waitFor([&] { return client.received == "ab"; }));
    double took = msBetween(sent, client.lastByteAt);
    QVERIFY2(took >= 60, qPrintable(describe(took, 60)));

    link.setDelay(0us);
    link.setRate(8 * Mbit);
    QCOMPARE(link.rate(), 8 * Mbit);
    const QByteArray block = testContent(256 * KiB, 4);
    sent = PeerClock::now();
    client.send(block);
    QVERIFY(waitFor([&] { return client.receivedBytes == 2 + block.size(); }));
    // Each way on its own link: the echo overlaps, so one link's time is the bound.
    const double atLeast = 0.95 * linkMs(block.size(), 8 * Mbit);
    took = msBetween(sent, client.lastByteAt);
    QVERIFY2(took >= atLeast, qPrintable(describe(took, atLeast)));
    QVERIFY(client.received == "ab" + block);
}

void TestDelayLink::pacesToRate_data()
{
    QTest::addColumn<bool>("upload");
    QTest::addColumn<qint64>("rate");
    QTest::addColumn<int>("delayMs");
    QTest::addColumn<qint64>("size");
    QTest::newRow("upload, 8 Mbit/s") << true << 8 * Mbit << 0 << 512 * KiB;
    QTest::newRow("upload, 80 Mbit/s, 10 ms") << true << 80 * Mbit << 10 << 5 * MiB;
    QTest::newRow("download, 8 Mbit/s") << false << 8 * Mbit << 0 << 512 * KiB;
    QTest::newRow("download, 80 Mbit/s, 10 ms") << false << 80 * Mbit << 10 << 5 * MiB;
}

void TestDelayLink::pacesToRate()
{
    QFETCH(bool, upload);
    QFETCH(qint64, rate);
    QFETCH(int, delayMs);
    QFETCH(qint64, size);
    TcpPeer peer(upload ? TcpPeer::Mode::Sink : TcpPeer::Mode::Source, size);
    DelayLink link;
    QVERIFY(startLink(link, peer.port(), delayMs, rate));

    const QByteArray bytes = upload ? testContent(size, 5) : QByteArray();
    const PeerClock::time_point start = PeerClock::now();
    TcpClient client(link.port(), bytes);
    QVERIFY(waitFor([&] {
        return client.ended() || (upload ? peer.totalReceived() : client.receivedBytes) >= size;
    }));
    const PeerClock::time_point end =
        upload ? peer.connections.value(0).lastByteAt : client.lastByteAt;
    QCOMPARE(upload ? peer.totalReceived() : client.receivedBytes, size);
    if (!upload)
        QVERIFY(client.received == sourceContent(size));
    // Upload: after the handshake's round trip; download: the server starts one delay in.
    const double atLeast = (upload ? 3 : 2) * delayMs + 0.95 * linkMs(size, rate);
    const double took = msBetween(start, end);
    QVERIFY2(took >= atLeast, qPrintable(describe(took, atLeast)));
    qInfo("%lld KiB at %lld Mbit/s: %.0f ms, floor %.0f ms", size / KiB, rate / Mbit, took,
          (upload ? 3 : 2) * delayMs + linkMs(size, rate));
    QVERIFY(delivered(link, upload ? size : 0, upload ? 0 : size));
}

// One link per direction, whatever the number of connections: together they get its rate.
void TestDelayLink::connectionsShareTheRate()
{
    constexpr qint64 rate = 16 * Mbit;
    constexpr qint64 size = 512 * KiB;
    constexpr int connections = 3;
    TcpPeer sink(TcpPeer::Mode::Sink);
    DelayLink link;
    QVERIFY(startLink(link, sink.port(), 0, rate));

    const QByteArray bytes = testContent(size, 12);
    const PeerClock::time_point start = PeerClock::now();
    std::vector<std::unique_ptr<TcpClient>> clients;
    for (int i = 0; i < connections; ++i)
        clients.push_back(std::make_unique<TcpClient>(link.port(), bytes));
    QVERIFY(waitFor([&] { return sink.totalReceived() == connections * size; }));
    QCOMPARE(sink.connections.size(), connections);
    PeerClock::time_point end = start;
    for (const TcpPeer::Connection &c : sink.connections) {
        QCOMPARE(c.received, size);
        end = std::max(end, c.lastByteAt);
    }
    const double atLeast = 0.95 * linkMs(connections * size, rate);
    const double took = msBetween(start, end);
    QVERIFY2(took >= atLeast, qPrintable(describe(took, atLeast)));
    QCOMPARE(link.counters().accepted, connections);
    QVERIFY(delivered(link, connections * size, 0));
}

// The two directions are two links: a download does not slow an upload down.
void TestDelayLink::directionsAreIndependent()
{
    constexpr qint64 rate = 16 * Mbit;
    constexpr qint64 size = 2 * MiB;
    TcpPeer echo(TcpPeer::Mode::Echo);
    DelayLink link;
    QVERIFY(startLink(link, echo.port(), 0, rate));

    // An echo moves `size` each way at once.
    const QByteArray bytes = testContent(size, 6);
    const PeerClock::time_point start = PeerClock::now();
    TcpClient client(link.port(), bytes, false);
    QVERIFY(waitFor([&] { return client.receivedBytes == size || client.ended(); }));
    QCOMPARE(client.receivedBytes, size);
    const double took = msBetween(start, client.lastByteAt);
    const double oneWay = linkMs(size, rate);
    QVERIFY2(took >= 0.95 * oneWay, qPrintable(describe(took, 0.95 * oneWay)));
    // Sharing one link, the two directions would need twice the time.
    QVERIFY2(took < 1.7 * oneWay, qPrintable(QStringLiteral("%1 ms, one way alone %2 ms")
                                                 .arg(took, 0, 'f', 1)
                                                 .arg(oneWay, 0, 'f', 1)));
}

void TestDelayLink::holdsAtMostAWindow()
{
    DelayLink link;
    QCOMPARE(link.window(), 16 * MiB); // unlimited: a bound on memory only
    link.setRate(100 * Mbit);
    link.setDelay(20ms);
    QCOMPARE(link.window(), 550'000); // 2 × 12.5 MB/s × (20 ms + 2 ms of timer slack)
    link.setDelay(0us);
    link.setRate(8 * Mbit);
    QCOMPARE(link.window(), 64 * KiB);
    link.setWindow(256 * KiB);
    QCOMPARE(link.window(), 256 * KiB);
    link.setWindow(0);

    // At 1 MB/s the link holds 64 KiB; the rest waits in the client, held by flow control, not
    // swallowed by the link.
    constexpr qint64 size = 64 * MiB;
    TcpPeer sink(TcpPeer::Mode::Sink);
    QVERIFY(link.start(QStringLiteral("127.0.0.1"), sink.port()));
    TcpClient client(link.port(), QByteArray(size, 'w'), false);
    QVERIFY(waitFor([&] { return sink.totalReceived() >= 256 * KiB; }));
    // What the client got rid of is in the link (its window) or in kernel buffers on the way.
    constexpr qint64 kernelBuffers = 16 * MiB;
    const qint64 pending = client.pending();
    const qint64 arrived = sink.totalReceived();
    QVERIFY2(size - pending - arrived <= link.window() + kernelBuffers,
             qPrintable(QStringLiteral("%1 bytes left the client, %2 arrived")
                            .arg(size - pending)
                            .arg(arrived)));
}

void TestDelayLink::closePassesAfterQueuedBytes_data()
{
    addEnds();
}

void TestDelayLink::closePassesAfterQueuedBytes()
{
    QFETCH(bool, byClient);
    constexpr int delayMs = 20;
    constexpr qint64 rate = 16 * Mbit;
    constexpr qint64 size = 256 * KiB;
    TcpPeer peer(byClient ? TcpPeer::Mode::Sink : TcpPeer::Mode::Source, size);
    peer.closeWhenSent = true;
    DelayLink link;
    QVERIFY(startLink(link, peer.port(), delayMs, rate));

    const QByteArray bytes = testContent(size, 8);
    const PeerClock::time_point start = PeerClock::now();
    TcpClient client(link.port(), byClient ? bytes : QByteArray());
    if (byClient) {
        QVERIFY(waitFor([&] { return client.pending() == 0; }));
        client.socket.disconnectFromHost();
        QVERIFY(waitFor([&] { return peer.connections.value(0).closed; }));
        const TcpPeer::Connection &c = peer.connections[0];
        QCOMPARE(c.received, size); // all of it, before the close
        const double atLeast = 3 * delayMs + 0.95 * linkMs(size, rate);
        QVERIFY2(msBetween(start, c.closedAt) >= atLeast,
                 qPrintable(describe(msBetween(start, c.closedAt), atLeast)));
    } else {
        QVERIFY(waitFor([&] { return client.closed; }));
        QVERIFY(client.received == sourceContent(size));
        QCOMPARE(client.error, QAbstractSocket::RemoteHostClosedError);
        const double atLeast = 2 * delayMs + 0.95 * linkMs(size, rate);
        QVERIFY2(msBetween(start, client.closedAt) >= atLeast,
                 qPrintable(describe(msBetween(start, client.closedAt), atLeast)));
    }
    QVERIFY(waitFor([&] { return link.counters().open == 0; }));
    QCOMPARE(link.counters().reset, 0);
}

// A client that half-closes still gets its answer, and each FIN arrives after the bytes before it.
void TestDelayLink::halfClosePassesThrough()
{
    constexpr int delayMs = 10;
    RawServerBehindLink fixture(delayMs, 100 * Mbit);
    QVERIFY(fixture.started);
    DelayLink &link = fixture.link;

    const QByteArray request = testContent(100 * KiB, 9);
    const QByteArray answer = testContent(300 * KiB, 10);
    const RawSocket client = RawSocket::connected(link.port());
    QVERIFY(client.valid());
    QVERIFY(client.sendAll(request));
    const PeerClock::time_point closed = PeerClock::now();
    client.shutdownWrite();

    const RawSocket accepted = fixture.server.accept();
    QVERIFY(accepted.valid());
    int error = -1;
    QVERIFY(accepted.readToEnd(&error) == request);
    QCOMPARE(error, 0);
    const double took = msBetween(closed, PeerClock::now());
    QVERIFY2(took >= delayMs, qPrintable(describe(took, delayMs)));

    QVERIFY(accepted.sendAll(answer));
    accepted.shutdownWrite();
    QVERIFY(client.readToEnd(&error) == answer);
    QCOMPARE(error, 0);
    QVERIFY(waitFor([&] { return link.counters().open == 0; }));
    QCOMPARE(link.counters().reset, 0);
    QCOMPARE(link.counters().bytesToServer, request.size());
    QCOMPARE(link.counters().bytesToClient, answer.size());
}

void TestDelayLink::resetPassesThrough_data()
{
    addEnds();
}

void TestDelayLink::resetPassesThrough()
{
    QFETCH(bool, byClient);
    constexpr int delayMs = 10;
    RawServerBehindLink fixture(delayMs);
    QVERIFY(fixture.started);
    DelayLink &link = fixture.link;

    RawSocket client = RawSocket::connected(link.port());
    QVERIFY(client.sendAll("hello"));
    RawSocket accepted = fixture.server.accept();
    QCOMPARE(accepted.read(5), QByteArray("hello"));
    QVERIFY(accepted.sendAll("hi"));
    QCOMPARE(client.read(2), QByteArray("hi"));

    const PeerClock::time_point reset = PeerClock::now();
    (byClient ? client : accepted).reset();
    int error = 0;
    QVERIFY((byClient ? accepted : client).readToEnd(&error).isEmpty());
    QCOMPARE(error, ECONNRESET);
    const double took = msBetween(reset, PeerClock::now());
    QVERIFY2(took >= delayMs, qPrintable(describe(took, delayMs)));
    QVERIFY(waitFor([&] { return link.counters().open == 0; }));
    QCOMPARE(link.counters().reset, 1);
}

void TestDelayLink::unreachableTargetResetsClient()
{
    constexpr int delayMs = 5;
    // Bound, not listening: connections to it are refused, and no one else can listen there.
    QTcpSocket dead;
    QVERIFY(dead.bind(QHostAddress::LocalHost, 0));
    DelayLink link;
    QVERIFY(startLink(link, dead.localPort(), delayMs));
    const PeerClock::time_point start = PeerClock::now();
    TcpClient client(link.port(), "hello");
    QVERIFY(waitFor([&] { return client.ended(); }));
    QVERIFY(client.received.isEmpty());
    QVERIFY(client.error != QAbstractSocket::UnknownSocketError);
    // The SYN and the refusal each take one delay.
    const double took = msBetween(start, PeerClock::now());
    QVERIFY2(took >= 2 * delayMs, qPrintable(describe(took, 2 * delayMs)));
    QVERIFY(waitFor([&] { return link.counters().open == 0; }));
    const DelayLink::Counters c = link.counters();
    QVERIFY(c.accepted >= 1);
    QCOMPARE(c.upstreamFailed, c.accepted);
    QCOMPARE(c.bytesToServer, 0);
}

void TestDelayLink::countsConnections()
{
    TcpPeer echo(TcpPeer::Mode::Echo);
    DelayLink link;
    QVERIFY(startLink(link, echo.port(), 2));
    const quint16 port = link.port();
    QVERIFY(!link.start(QStringLiteral("127.0.0.1"), echo.port()));
    QVERIFY(!link.errorString().isEmpty());
    QCOMPARE(link.port(), port);
    std::vector<std::unique_ptr<TcpClient>> clients;
    for (int i = 0; i < 3; ++i) {
        clients.push_back(std::make_unique<TcpClient>(link.port(), QByteArray(i + 1, 'x')));
        QVERIFY(waitFor([&] { return clients.back()->receivedBytes == i + 1; }));
    }
    QVERIFY(delivered(link, 6, 6));
    DelayLink::Counters c = link.counters();
    QCOMPARE(c.accepted, 3);
    QCOMPARE(c.open, 3);

    clients[1]->socket.disconnectFromHost();
    QVERIFY(waitFor([&] { return link.counters().open == 2; }));
    clients.clear();
    QVERIFY(waitFor([&] { return link.counters().open == 0; }));
    c = link.counters();
    QCOMPARE(c.accepted, 3);
    QCOMPARE(c.reset, 0);
}

// A server that slows down under load: each request and answer is held back the load delay more
// for every connection with bytes on the link at that moment, its own included; idle connections
// do not count.
void TestDelayLink::loadDelayGrowsWithBusyConnections()
{
    constexpr int perBusyMs = 30;
    TcpPeer echo(TcpPeer::Mode::Echo);
    DelayLink link;
    link.setLoadDelay(std::chrono::milliseconds(perBusyMs));
    QVERIFY(startLink(link, echo.port(), 0));
    std::vector<std::unique_ptr<TcpClient>> clients;
    for (int i = 0; i < 3; ++i) {
        clients.push_back(std::make_unique<TcpClient>(link.port(), "a"));
        QVERIFY(waitFor([&] { return clients.back()->receivedBytes == 1; }));
    }

    // Alone (the two others open but idle): one load delay each way.
    PeerClock::time_point sent = PeerClock::now();
    clients[0]->send("b");
    QVERIFY(waitFor([&] { return clients[0]->receivedBytes == 2; }));
    double took = msBetween(sent, clients[0]->lastByteAt);
    QVERIFY2(took >= 2 * perBusyMs, qPrintable(describe(took, 2 * perBusyMs)));
    // Idle connections counted would make it 3 each way.
    QVERIFY2(took < 5.5 * perBusyMs, qPrintable(QStringLiteral("%1 ms alone").arg(took)));

    // All three at once: the request read last waits for 3, and every answer is read while the
    // others still hold bytes.
    sent = PeerClock::now();
    for (const auto &client : clients)
        client->send("c");
    QVERIFY(waitFor([&] {
        return std::all_of(clients.begin(), clients.end(),
                           [](const auto &client) { return client->receivedBytes >= 2; })
               && clients[1]->receivedBytes == 2 && clients[2]->receivedBytes == 2
               && clients[0]->receivedBytes == 3;
    }));
    double slowest = 0;
    for (const auto &client : clients)
        slowest = std::max(slowest, msBetween(sent, client->lastByteAt));
    QVERIFY2(slowest >= 4 * perBusyMs, qPrintable(describe(slowest, 4 * perBusyMs)));
    QCOMPARE(clients[0]->received, QByteArray("abc"));
    QCOMPARE(clients[2]->received, QByteArray("ac"));
}

void TestDelayLink::traceRecordsDeliveredBytes()
{
    constexpr qint64 rate = 16 * Mbit;
    constexpr qint64 size = 512 * KiB;
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("trace.txt"));
    bool wellFormed = false;
    qsizetype linesWhileOpen = 0;
    {
        TcpPeer echo(TcpPeer::Mode::Echo);
        DelayLink link;
        QVERIFY(!link.setTraceFile(dir.filePath(QStringLiteral("missing/trace.txt"))));
        QVERIFY(link.setTraceFile(path));
        QVERIFY(startLink(link, echo.port(), 0, rate));
        TcpClient client(link.port(), testContent(size, 11), false);
        QVERIFY(waitFor([&] { return client.receivedBytes == size; }));
        QVERIFY(waitFor([&] {
            const QList<TraceLine> lines = readTrace(path, &wellFormed);
            return !lines.isEmpty() && lines.last().down == size;
        }));
        QVERIFY(delivered(link, size, size));
        linesWhileOpen = readTrace(path, &wellFormed).size();
    }
    const QList<TraceLine> lines = readTrace(path, &wellFormed);
    QVERIFY(wellFormed);
    QVERIFY(lines.size() > linesWhileOpen); // a last line when the link stops
    QVERIFY(lines.size() >= 3);
    qint64 reachedAt[2] = {-1, -1};
    for (qsizetype i = 0; i < lines.size(); ++i) {
        if (i > 0) {
            QVERIFY(lines[i].ms >= lines[i - 1].ms);
            QVERIFY(lines[i].up >= lines[i - 1].up);
            QVERIFY(lines[i].down >= lines[i - 1].down);
        }
        if (reachedAt[0] < 0 && lines[i].up == size)
            reachedAt[0] = lines[i].ms;
        if (reachedAt[1] < 0 && lines[i].down == size)
            reachedAt[1] = lines[i].ms;
    }
    QCOMPARE(lines.last().up, size);
    QCOMPARE(lines.last().down, size);
    // Neither column grew faster than the link's rate.
    const double atLeast = 0.95 * linkMs(size, rate);
    for (const qint64 ms : reachedAt)
        QVERIFY2(ms >= atLeast, qPrintable(describe(double(ms), atLeast)));
    // A line every 100 ms (the last one comes when the link stops, at any time).
    const double interval =
        double(lines[lines.size() - 2].ms - lines.first().ms) / double(lines.size() - 2);
    QVERIFY2(interval >= 90, qPrintable(QString::number(interval)));
}

void TestDelayLink::keepsUpWithFastLinks_data()
{
    QTest::addColumn<qint64>("rate");
    QTest::newRow("1 Gbit/s") << 1000 * Mbit;
    QTest::newRow("unlimited") << qint64(0);
}

// Not a speed limit (the machine may be busy): figures for the report, and the floor checked.
void TestDelayLink::keepsUpWithFastLinks()
{
    QFETCH(qint64, rate);
    constexpr qint64 size = 128 * MiB;
    TcpPeer sink(TcpPeer::Mode::Sink);
    DelayLink link;
    QVERIFY(startLink(link, sink.port(), 0, rate));
    const QByteArray bytes(size, 'f');
    const PeerClock::time_point start = PeerClock::now();
    TcpClient client(link.port(), bytes, false);
    QVERIFY(waitFor([&] { return sink.totalReceived() == size || client.ended(); }, 60000));
    QCOMPARE(sink.totalReceived(), size);
    const double took = msBetween(start, sink.connections.value(0).lastByteAt);
    const double atLeast = 0.95 * linkMs(size, rate);
    QVERIFY2(took >= atLeast, qPrintable(describe(took, atLeast)));
    qInfo("%lld MiB at %s: %.0f ms, %.0f Mbit/s", size / MiB,
          rate > 0 ? qPrintable(QStringLiteral("%1 Mbit/s").arg(rate / Mbit)) : "no limit", took,
          size * 8e3 / took / Mbit);
}

QTEST_GUILESS_MAIN(TestDelayLink)
#include "tst_delaylink.moc"
