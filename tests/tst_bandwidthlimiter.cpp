#include "bandwidthlimiter.h"
#include "filereadpool.h"
#include "readaheaddevice.h"
#include "testfiles.h"
#include "waitfor.h"

#include <QElapsedTimer>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QPointer>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

#include <deque>
#include <limits>
#include <memory>
#include <vector>

namespace {
constexpr qint64 Second = 1'000'000;       // µs
constexpr qint64 Piece = 16 * 1024;        // what Qt's upload pipeline asks for
constexpr qint64 FirstAskAfterWake = 1024; // ...and what it asks for first after a wake

// A reader as Qt's upload pipeline is one: it asks for a piece, asks again a round trip after
// each grant, and when it gets nothing waits to be woken, then asks for 1 KiB first
// (QNetworkReplyHttpImplPrivate::uploadByteDeviceReadyReadSlot).
struct SimReader {
    std::shared_ptr<Throttle> throttle;
    std::unique_ptr<QObject> receiver = std::make_unique<QObject>();
    qint64 roundTripUs = 100;
    qint64 nextAskAt = 0; // -1 while waiting for a wake
    quint64 seq = 0;      // orders asks due at the same time
    qint64 ask = Piece;
    qint64 taken = 0;
    qint64 lastGrantAt = 0;
    qint64 longestGapUs = 0;
};

// Drives a limiter and its readers over a fake clock, event by event: the readers' asks and the
// limiter's timer (at nextWakeAt(), as the real one would fire), so no real time passes.
class Simulation {
public:
    explicit Simulation(BandwidthLimiter &limiter)
        : m_limiter(limiter)
    {
        limiter.setClock([this] { return m_now; });
    }

    qint64 now() const { return m_now; }
    SimReader &addReader(TaskId task, qint64 roundTripUs = 100)
    {
        m_readers.emplace_back();
        SimReader &reader = m_readers.back();
        reader.throttle = m_limiter.throttle(task);
        reader.roundTripUs = roundTripUs;
        schedule(reader, m_now);
        reader.lastGrantAt = m_now;
        return reader;
    }
    std::deque<SimReader> &readers() { return m_readers; }
    qint64 total() const
    {
        qint64 sum = 0;
        for (const SimReader &reader : m_readers)
            sum += reader.taken;
        return sum;
    }
    void resetCounts()
    {
        for (SimReader &reader : m_readers) {
            reader.taken = 0;
            reader.longestGapUs = 0;
            reader.lastGrantAt = m_now;
        }
    }
    // False if everybody waited and no timer was due: a reader would wait forever.
    bool runFor(qint64 durationUs)
    {
        const qint64 until = m_now + durationUs;
        for (;;) {
            // The next event: the earliest ask, ties in the order they were scheduled (as queued
            // events are delivered), or the limiter's timer.
            SimReader *next = nullptr;
            for (SimReader &reader : m_readers) {
                if (reader.nextAskAt >= 0
                    && (!next || reader.nextAskAt < next->nextAskAt
                        || (reader.nextAskAt == next->nextAskAt && reader.seq < next->seq)))
                    next = &reader;
            }
            const qint64 wakeAt = m_limiter.nextWakeAt();
            if (!next && wakeAt < 0)
                return false;
            const bool timer = wakeAt >= 0 && (!next || wakeAt <= next->nextAskAt);
            const qint64 at = timer ? wakeAt : next->nextAskAt;
            if (at > until) {
                m_now = until;
                return true;
            }
            m_now = qMax(m_now, at);
            if (timer)
                m_limiter.wakeDue();
            else
                ask(*next);
        }
    }

private:
    void ask(SimReader &reader)
    {
        const qint64 granted = reader.throttle->take(reader.ask);
        if (granted > 0) {
            reader.taken += granted;
            reader.longestGapUs = qMax(reader.longestGapUs, m_now - reader.lastGrantAt);
            reader.lastGrantAt = m_now;
            reader.ask = Piece;
            schedule(reader, m_now + reader.roundTripUs);
            return;
        }
        reader.nextAskAt = -1;
        reader.throttle->waitForTokens(reader.receiver.get(), [this, &reader] {
            reader.ask = FirstAskAfterWake;
            schedule(reader, m_now + 50);
        });
    }

    void schedule(SimReader &reader, qint64 at)
    {
        reader.nextAskAt = at;
        reader.seq = ++m_seq;
    }

    BandwidthLimiter &m_limiter;
    std::deque<SimReader> m_readers;
    quint64 m_seq = 0;
    qint64 m_now = 1000 * Second;
};

bool near(double value, double expected, double tolerance)
{
    return qAbs(value - expected) <= expected * tolerance;
}

// Receives one request over loopback: its headers, then Content-Length bytes of body; answers
// 200 and closes. What it holds is exactly what came over the socket.
class UploadSink final : public QObject {
    Q_OBJECT
public:
    UploadSink()
    {
        connect(&m_server, &QTcpServer::newConnection, this, &UploadSink::accept);
        m_server.listen(QHostAddress::LocalHost, 0);
    }
    quint16 port() const { return m_server.serverPort(); }
    QByteArray body;
    bool complete = false;

private:
    void accept()
    {
        QTcpSocket *socket = m_server.nextPendingConnection();
        if (m_socket) { // one request only
            socket->abort();
            return;
        }
        m_socket = socket;
        connect(socket, &QTcpSocket::readyRead, this, &UploadSink::read);
        read();
    }
    void read()
    {
        m_buffer += m_socket->readAll();
        if (m_contentLength < 0) {
            const qsizetype end = m_buffer.indexOf("\r\n\r\n");
            if (end < 0)
                return;
            const QList<QByteArray> lines = m_buffer.left(end).split('\n');
            for (const QByteArray &line : lines) {
                if (line.toLower().startsWith("content-length:"))
                    m_contentLength = line.mid(15).trimmed().toLongLong();
            }
            m_buffer.remove(0, end + 4);
            m_contentLength = qMax<qint64>(0, m_contentLength);
        }
        body += m_buffer;
        m_buffer.clear();
        if (!complete && body.size() >= m_contentLength) {
            complete = true;
            m_socket->write("HTTP/1.1 200 OK\r\nContent-Length: 0\r\nConnection: close\r\n\r\n");
            m_socket->disconnectFromHost();
        }
    }

    QTcpServer m_server;
    QPointer<QTcpSocket> m_socket;
    QByteArray m_buffer;
    qint64 m_contentLength = -1;
};
} // namespace

class TestBandwidthLimiter final : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void unlimitedGrantsEverything();
    void oneThrottlePerTask();
    void keepsTheRate_data();
    void keepsTheRate();
    void slowerTakerIsNotStarved();
    void taskBelowGlobal();
    void tinyRateStarvesNobody();
    void rateChangeActsWithinASecond_data();
    void rateChangeActsWithinASecond();
    void liftingTheLimitWakesEveryone();
    void wakesInOrder();
    void neverWakesDestroyedReceiver();
    void timerRunsOnlyWhileSomeoneWaits();
    void destroyedLimiterReleasesWaiters();
    void throttledUpload_data();
    void throttledUpload();
    void parallelUploadsShareTheGlobalRate();
};

void TestBandwidthLimiter::unlimitedGrantsEverything()
{
    BandwidthLimiter limiter;
    qint64 clockReads = 0;
    limiter.setClock([&clockReads] { return ++clockReads; });
    const std::shared_ptr<Throttle> throttle = limiter.throttle(1);
    for (qint64 wanted : {qint64(1), Piece, qint64(1) << 40})
        QCOMPARE(throttle->take(wanted), wanted);
    QCOMPARE(throttle->take(0), qint64(0));
    // Limited, then lifted again: unlimited once more.
    limiter.setGlobalRate(1000);
    limiter.setTaskRate(1, 1000);
    QCOMPARE(throttle->take(Piece), qint64(0));
    limiter.setGlobalRate(0);
    limiter.setTaskRate(1, 0);
    QCOMPARE(limiter.globalRate(), qint64(0));
    QCOMPARE(limiter.taskRate(1), qint64(0));
    const qint64 readsBefore = clockReads;
    for (int i = 0; i < 1000; ++i)
        QCOMPARE(throttle->take(Piece), Piece);
    QCOMPARE(clockReads, readsBefore); // nothing is computed while nothing is limited
    QCOMPARE(limiter.waitingCount(), 0);
    QCOMPARE(limiter.nextWakeAt(), qint64(-1));
}

void TestBandwidthLimiter::oneThrottlePerTask()
{
    BandwidthLimiter limiter;
    const std::shared_ptr<Throttle> one = limiter.throttle(1);
    QCOMPARE(limiter.throttle(1), one);
    QVERIFY(limiter.throttle(2) != one);
    QCOMPARE(one->task(), TaskId(1));
    limiter.setTaskRate(1, 5000);
    QCOMPARE(limiter.taskRate(1), qint64(5000));
    QCOMPARE(limiter.taskRate(3), qint64(0));
    limiter.forget(1);
    QCOMPARE(limiter.taskRate(1), qint64(0));
    QVERIFY(limiter.throttle(1) != one);
    // The forgotten throttle keeps to the global limit only.
    QCOMPARE(one->take(Piece), Piece);
    limiter.setGlobalRate(5000);
    QCOMPARE(one->take(Piece), qint64(0));
}

void TestBandwidthLimiter::keepsTheRate_data()
{
    QTest::addColumn<bool>("global");
    QTest::addColumn<qint64>("rate");
    QTest::addColumn<int>("takers");
    for (bool global : {true, false}) {
        for (qint64 rate : {qint64(1'000'000), qint64(10'000'000), qint64(50'000'000)}) {
            for (int takers : {1, 3, 6}) {
                QTest::addRow("%s %lld MB/s, %d taker(s)", global ? "global" : "task",
                              rate / 1'000'000, takers)
                    << global << rate << takers;
            }
        }
    }
}

void TestBandwidthLimiter::keepsTheRate()
{
    // Global: each taker is a task of its own. Task: they are parallel requests of one task,
    // sharing its bucket, and another task without a limit runs beside them.
    QFETCH(bool, global);
    QFETCH(qint64, rate);
    QFETCH(int, takers);
    BandwidthLimiter limiter;
    Simulation sim(limiter);
    if (global)
        limiter.setGlobalRate(rate);
    else
        limiter.setTaskRate(7, rate);
    for (int i = 0; i < takers; ++i)
        sim.addReader(global ? TaskId(i + 1) : 7);
    SimReader *other = global ? nullptr : &sim.addReader(8);
    QVERIFY(sim.runFor(10 * Second));
    const double measured = (sim.total() - (other ? other->taken : 0)) / 10.0;
    qInfo("measured %.0f B/s against %lld (%+.3f%%)", measured, rate,
          (measured - rate) * 100.0 / rate);
    QVERIFY2(near(measured, rate, 0.01), qPrintable(QString::number(measured)));
    for (int i = 0; i < takers; ++i) { // each of N equal takers gets 1/N
        QVERIFY2(near(sim.readers()[i].taken, rate * 10.0 / takers, 0.05),
                 qPrintable(QString::number(sim.readers()[i].taken)));
    }
    // 16 KiB every 100 µs: what the simulated pipeline moves when nothing holds it back.
    if (other)
        QVERIFY(near(other->taken / 10.0, Piece * 10'000.0, 0.01));
}

void TestBandwidthLimiter::slowerTakerIsNotStarved()
{
    // Turns go in the order readers come back for more, so one with a ten times longer round
    // trip gets fewer of them (as with TCP), but not much less than its share.
    BandwidthLimiter limiter;
    Simulation sim(limiter);
    limiter.setGlobalRate(10'000'000);
    sim.addReader(1);
    sim.addReader(2);
    SimReader &slow = sim.addReader(3, 1000);
    QVERIFY(sim.runFor(10 * Second));
    QVERIFY(near(sim.total() / 10.0, 10'000'000, 0.01));
    QVERIFY2(slow.taken / 10.0 > 10'000'000 / 3.0 * 0.6, qPrintable(QString::number(slow.taken)));
    QVERIFY(slow.longestGapUs < 20'000);
}

void TestBandwidthLimiter::taskBelowGlobal()
{
    BandwidthLimiter limiter;
    Simulation sim(limiter);
    limiter.setGlobalRate(10'000'000);
    limiter.setTaskRate(1, 2'000'000);
    SimReader &limited = sim.addReader(1);
    SimReader &b = sim.addReader(2);
    SimReader &c = sim.addReader(3);
    QVERIFY(sim.runFor(10 * Second));
    QVERIFY2(near(limited.taken / 10.0, 2'000'000, 0.01),
             qPrintable(QString::number(limited.taken)));
    QVERIFY2(near(b.taken / 10.0, 4'000'000, 0.05), qPrintable(QString::number(b.taken)));
    QVERIFY2(near(c.taken / 10.0, 4'000'000, 0.05), qPrintable(QString::number(c.taken)));
    QVERIFY(near(sim.total() / 10.0, 10'000'000, 0.01));
}

void TestBandwidthLimiter::tinyRateStarvesNobody()
{
    // 20 KB/s for eight transfers that each ask for 16 KiB: nobody may wait for seconds (the
    // client's stall detector gives up after 30 s), and each gets its eighth.
    BandwidthLimiter limiter;
    Simulation sim(limiter);
    limiter.setGlobalRate(20'000);
    for (int i = 0; i < 8; ++i)
        sim.addReader(TaskId(i + 1), 5000);
    QVERIFY(sim.runFor(2 * Second));
    sim.resetCounts();
    QVERIFY(sim.runFor(30 * Second));
    QVERIFY(near(sim.total() / 30.0, 20'000, 0.01));
    for (const SimReader &reader : sim.readers()) {
        QVERIFY2(reader.longestGapUs < Second / 2,
                 qPrintable(QStringLiteral("waited %1 µs").arg(reader.longestGapUs)));
        QVERIFY(near(reader.taken / 30.0, 20'000 / 8.0, 0.1));
    }
}

void TestBandwidthLimiter::rateChangeActsWithinASecond_data()
{
    QTest::addColumn<bool>("global");
    QTest::newRow("global") << true;
    QTest::newRow("task") << false;
}

void TestBandwidthLimiter::rateChangeActsWithinASecond()
{
    QFETCH(bool, global);
    BandwidthLimiter limiter;
    Simulation sim(limiter);
    const auto setRate = [&](qint64 rate) {
        if (global)
            limiter.setGlobalRate(rate);
        else
            limiter.setTaskRate(1, rate);
    };
    sim.addReader(1);
    sim.addReader(1);
    setRate(10'000'000);
    QVERIFY(sim.runFor(3 * Second));
    QVERIFY(near(sim.total() / 3.0, 10'000'000, 0.01));
    // Each change is measured over the second right after it.
    for (qint64 rate : {qint64(2'000'000), qint64(20'000'000), qint64(300'000)}) {
        setRate(rate);
        sim.resetCounts();
        QVERIFY(sim.runFor(Second));
        QVERIFY2(near(sim.total(), rate, 0.05),
                 qPrintable(
                     QStringLiteral("%1 B in the second after %2 B/s").arg(sim.total()).arg(rate)));
    }
    // Unlimited: everyone waiting is woken at once, and takes what it asks for.
    setRate(0);
    QCOMPARE(limiter.nextWakeAt(), sim.now());
    sim.resetCounts();
    QVERIFY(sim.runFor(Second));
    QCOMPARE(limiter.waitingCount(), 0);
    QVERIFY(sim.total() > 2 * Piece * 9000); // 16 KiB per 100 µs each, less the wake
    // And limited again.
    setRate(1'000'000);
    sim.resetCounts();
    QVERIFY(sim.runFor(Second));
    QVERIFY2(near(sim.total(), 1'000'000, 0.05), qPrintable(QString::number(sim.total())));
}

void TestBandwidthLimiter::liftingTheLimitWakesEveryone()
{
    // The real timer, but a clock that stands still: no tokens ever come back, so only lifting
    // the limit can wake anyone.
    BandwidthLimiter limiter;
    limiter.setClock([] { return qint64(5 * Second); });
    limiter.setGlobalRate(1000);
    const std::shared_ptr<Throttle> throttle = limiter.throttle(1);
    QObject receivers[3];
    int woken = 0;
    for (QObject &receiver : receivers) {
        QCOMPARE(throttle->take(Piece), qint64(0));
        throttle->waitForTokens(&receiver, [&woken] { ++woken; });
    }
    QCOMPARE(limiter.waitingCount(), 3);
    QTest::qWait(300); // the timer runs meanwhile, and must find nothing to give
    QCOMPARE(woken, 0);
    limiter.setGlobalRate(0);
    QCOMPARE(woken, 0); // never inside the caller
    QVERIFY(waitFor([&] { return woken == 3; }, 5000));
    QCOMPARE(limiter.waitingCount(), 0);
    QCOMPARE(throttle->take(Piece), Piece);
}

void TestBandwidthLimiter::wakesInOrder()
{
    BandwidthLimiter limiter;
    qint64 now = 0;
    limiter.setClock([&now] { return now; });
    limiter.setGlobalRate(100'000); // wakes for 1000 bytes: 10 ms
    const std::shared_ptr<Throttle> throttles[] = {limiter.throttle(1), limiter.throttle(2),
                                                   limiter.throttle(3)};
    QObject receivers[3];
    QString order;
    const auto wait = [&](int i) {
        QCOMPARE(throttles[i]->take(Piece), qint64(0));
        throttles[i]->waitForTokens(&receivers[i], [&order, i] { order += QChar('a' + i); });
    };
    wait(0);
    wait(1);
    wait(2);
    QCOMPARE(limiter.nextWakeAt(), now + 10'000);
    // One quantum at a time: one waiter each, first come first served, and each gets it.
    for (const QString &expected :
         {QStringLiteral("a"), QStringLiteral("ab"), QStringLiteral("abc")}) {
        now += 10'000;
        limiter.wakeDue();
        QCOMPARE(order, expected);
        QCOMPARE(throttles[expected.size() - 1]->take(Piece), qint64(1000));
    }
    QCOMPARE(limiter.waitingCount(), 0);
    QCOMPARE(limiter.nextWakeAt(), qint64(-1));
    // Enough for all at once: one pass wakes them in the order they came.
    order.clear();
    wait(2);
    wait(0);
    wait(1);
    now += 30'000;
    limiter.wakeDue();
    QCOMPARE(order, QStringLiteral("cab"));
}

void TestBandwidthLimiter::neverWakesDestroyedReceiver()
{
    BandwidthLimiter limiter;
    limiter.setGlobalRate(200'000);
    const std::shared_ptr<Throttle> throttle = limiter.throttle(1);
    QCOMPARE(throttle->take(Piece), qint64(0));
    QString woken;
    QObject first;
    auto doomed = std::make_unique<QObject>();
    QObject last;
    throttle->waitForTokens(&first, [&woken] { woken += QLatin1Char('1'); });
    throttle->waitForTokens(doomed.get(), [&woken] { woken += QLatin1Char('2'); });
    throttle->waitForTokens(&last, [&woken] { woken += QLatin1Char('3'); });
    doomed.reset();
    // Over the real clock and timer: the others are woken, in order, and the destroyed one never.
    // Once nobody waits and the timer has stopped, nothing can be woken any more.
    QVERIFY(waitFor([&] { return limiter.waitingCount() == 0 && limiter.nextWakeAt() < 0; }, 5000));
    QCOMPARE(woken, QStringLiteral("13"));
}

void TestBandwidthLimiter::timerRunsOnlyWhileSomeoneWaits()
{
    BandwidthLimiter limiter;
    const QTimer *timer = limiter.findChild<QTimer *>();
    QVERIFY(timer);
    limiter.setGlobalRate(100'000);
    const std::shared_ptr<Throttle> throttle = limiter.throttle(1);
    QVERIFY(!timer->isActive());
    QCOMPARE(throttle->take(Piece), qint64(0)); // starts empty: no burst at the start
    QVERIFY(!timer->isActive());                // taking alone starts nothing
    QObject receiver;
    bool woken = false;
    throttle->waitForTokens(&receiver, [&woken] { woken = true; });
    QVERIFY(timer->isActive());
    QVERIFY(waitFor([&] { return woken; }, 5000));
    QVERIFY(!timer->isActive());
    QCOMPARE(limiter.nextWakeAt(), qint64(-1));
    QVERIFY(throttle->take(Piece) > 0);
}

void TestBandwidthLimiter::destroyedLimiterReleasesWaiters()
{
    auto limiter = std::make_unique<BandwidthLimiter>();
    limiter->setGlobalRate(1000);
    const std::shared_ptr<Throttle> throttle = limiter->throttle(1);
    QCOMPARE(throttle->take(Piece), qint64(0));
    QObject receiver;
    bool woken = false;
    throttle->waitForTokens(&receiver, [&woken] { woken = true; });
    limiter.reset();
    QVERIFY(!woken);
    QVERIFY(waitFor([&] { return woken; }, 5000));
    QCOMPARE(throttle->take(Piece), Piece); // nothing limits any more
}

void TestBandwidthLimiter::throttledUpload_data()
{
    QTest::addColumn<bool>("global");
    QTest::addColumn<qint64>("rate");
    QTest::newRow("global 1 MB/s") << true << qint64(1'000'000);
    QTest::newRow("task 300 KB/s") << false << qint64(300'000);
}

void TestBandwidthLimiter::throttledUpload()
{
    // A real upload through Qt's network stack to a local sink, paced by the device returning 0
    // and emitting readyRead() later.
    QFETCH(bool, global);
    QFETCH(qint64, rate);
    constexpr qint64 Size = 600'000;
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = makeTestFile(dir.path(), QStringLiteral("body.bin"), Size, 11);
    QVERIFY(!path.isEmpty());

    BandwidthLimiter limiter;
    if (global)
        limiter.setGlobalRate(rate);
    else
        limiter.setTaskRate(5, rate);
    ReadAheadDevice device(openSharedRegularFile(path, nullptr), 0, Size);
    QVERIFY(device.open(QIODevice::ReadOnly));
    device.setThrottle(limiter.throttle(5));

    UploadSink sink;
    QVERIFY(sink.port() != 0);
    QNetworkAccessManager manager;
    QNetworkRequest request(QUrl(QStringLiteral("http://127.0.0.1:%1/sink").arg(sink.port())));
    request.setHeader(QNetworkRequest::ContentTypeHeader, "application/octet-stream");
    QElapsedTimer clock;
    clock.start();
    QNetworkReply *reply = manager.post(request, &device);
    QVERIFY(waitFor([&] { return reply->isFinished(); }, 60000));
    const qint64 elapsedMs = clock.elapsed();
    qInfo("%lld bytes in %lld ms: %.0f B/s against %lld", Size, elapsedMs,
          Size * 1000.0 / qMax<qint64>(1, elapsedMs), rate);
    QCOMPARE(reply->error(), QNetworkReply::NoError);
    QCOMPARE(reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt(), 200);
    QVERIFY(sink.complete);
    QCOMPARE(sink.body.size(), Size);
    QVERIFY(sink.body == testContent(Size, 11));
    // Lower bound only: a loaded machine may be slower, never faster than the limit.
    QVERIFY2(elapsedMs >= Size * 1000 / rate * 9 / 10, qPrintable(QString::number(elapsedMs)));
    delete reply;
}

void TestBandwidthLimiter::parallelUploadsShareTheGlobalRate()
{
    // Two tasks' uploads under one global 1 MB/s: if they share it, each runs at about half and
    // neither can be done in much less than the time for both. Lower bounds only, again.
    constexpr qint64 Size = 300'000;
    constexpr qint64 Rate = 1'000'000;
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    BandwidthLimiter limiter;
    limiter.setGlobalRate(Rate);
    QNetworkAccessManager manager;
    std::vector<std::unique_ptr<ReadAheadDevice>> devices;
    std::vector<std::unique_ptr<UploadSink>> sinks;
    std::vector<QNetworkReply *> replies;
    std::vector<qint64> doneMs(2, -1);
    QElapsedTimer clock;
    clock.start();
    for (int i = 0; i < 2; ++i) {
        const QString path =
            makeTestFile(dir.path(), QStringLiteral("part%1.bin").arg(i), Size, quint32(20 + i));
        QVERIFY(!path.isEmpty());
        devices.push_back(
            std::make_unique<ReadAheadDevice>(openSharedRegularFile(path, nullptr), 0, Size));
        QVERIFY(devices.back()->open(QIODevice::ReadOnly));
        devices.back()->setThrottle(limiter.throttle(TaskId(i + 1)));
        sinks.push_back(std::make_unique<UploadSink>());
        QNetworkRequest request(
            QUrl(QStringLiteral("http://127.0.0.1:%1/sink").arg(sinks.back()->port())));
        request.setHeader(QNetworkRequest::ContentTypeHeader, "application/octet-stream");
        QNetworkReply *reply = manager.post(request, devices.back().get());
        connect(reply, &QNetworkReply::finished, this,
                [&doneMs, &clock, i] { doneMs[size_t(i)] = clock.elapsed(); });
        replies.push_back(reply);
    }
    QVERIFY(waitFor([&] { return doneMs[0] >= 0 && doneMs[1] >= 0; }, 60000));
    qInfo("done after %lld and %lld ms", doneMs[0], doneMs[1]);
    for (int i = 0; i < 2; ++i) {
        QCOMPARE(replies[size_t(i)]->error(), QNetworkReply::NoError);
        QVERIFY(sinks[size_t(i)]->body == testContent(Size, quint32(20 + i)));
        // Both at once take 2 * Size / Rate = 600 ms; alone, or if one starved the other,
        // the first would be done after 300 ms.
        QVERIFY2(doneMs[size_t(i)] >= 2 * Size * 1000 / Rate * 8 / 10,
                 qPrintable(QString::number(doneMs[size_t(i)])));
        delete replies[size_t(i)];
    }
}

QTEST_GUILESS_MAIN(TestBandwidthLimiter)
#include "tst_bandwidthlimiter.moc"
