#include "delaylink.h"

#include <QElapsedTimer>
#include <QFile>
#include <QHostAddress>
#include <QHostInfo>
#include <QSocketNotifier>
#include <QTcpServer>
#include <QTimer>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstring>
#include <deque>
#include <functional>
#include <limits>

#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>
#include <unistd.h>

namespace {
constexpr qint64 KiB = 1024;
constexpr qint64 MinWindow = 64 * KiB;
// Without a rate, the window only bounds memory: large enough not to limit a delayed stream.
constexpr qint64 UnlimitedWindow = 16 * 1024 * KiB;
constexpr qint64 ReadSize = 256 * KiB;
// A segment carries about this much of the link's time, so that bytes arrive spread out as over a
// real link, not in bursts of whatever one read returned; at least one MSS, at most one loopback
// packet.
constexpr qint64 SegmentNs = 1'000'000;
constexpr qint64 MinSegment = 1448;
constexpr qint64 MaxSegment = 64 * KiB;
// Bytes are released on a timer with this granularity: the window holds that much more, so that
// the link does not idle between two ticks.
constexpr qint64 TimerSlackNs = 2'000'000;
constexpr int TraceIntervalMs = 100;
constexpr qint64 NsPerSecond = 1'000'000'000;
constexpr qint64 Never = std::numeric_limits<qint64>::max();

// The two ends of a connection; a flow is named by the end it reads from.
enum Side { Client = 0, Server = 1 };
Side other(Side side)
{
    return side == Client ? Server : Client;
}

enum class End { None, Fin, Reset };

// Bytes on their way, or the end of the stream (no bytes), due at the far end at dueNs.
struct Segment {
    QByteArray bytes;
    qint64 dueNs = 0;
    End end = End::None;
};

struct Socket {
    int fd = -1;
    QSocketNotifier *reader = nullptr;
    QSocketNotifier *writer = nullptr; // also tells when a connect has finished
    bool connected = false;
    bool dead = false; // reset, or its connect failed: nothing more to or from it
};

// One direction of a connection: what was read from one end and waits to be written to the other.
struct Flow {
    std::deque<Segment> queue;
    qint64 written = 0;    // of the front segment
    qint64 held = 0;       // bytes in the queue
    bool opened = false;   // may be read from (the emulated handshake has ended)
    bool ended = false;    // its source has ended: nothing more is read
    bool finished = false; // its end was passed on, or it has nowhere to go
};

class Connection final : public QObject {
public:
    using QObject::QObject;
    Socket sockets[2];
    Flow flows[2];
    qint64 connectAt = Never; // when to connect to the target
    qint64 openAt = Never;    // when to start reading from the client
    bool done = false;
};

// Hands accepted sockets over bare instead of as QTcpSockets: QTcpSocket takes a FIN or a reset
// for a full close and cannot half-close, and the link must pass each on as it came.
class Listener final : public QTcpServer {
public:
    using QTcpServer::QTcpServer;
    std::function<void(int)> accepted;

protected:
    void incomingConnection(qintptr descriptor) override { accepted(int(descriptor)); }
};

// Non-blocking, and small writes go out at once, as they would without the link in between.
void prepare(int fd)
{
    ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) | O_NONBLOCK);
    const int on = 1;
    ::setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &on, sizeof on);
}

bool wouldBlock()
{
    return errno == EAGAIN || errno == EWOULDBLOCK;
}
} // namespace

class DelayLinkEngine final : public QObject {
public:
    DelayLinkEngine()
        : m_scratch(ReadSize, Qt::Uninitialized)
        , m_timer(new QTimer(this))
        , m_traceTimer(new QTimer(this))
    {
        m_timer->setSingleShot(true);
        m_timer->setTimerType(Qt::PreciseTimer);
        connect(m_timer, &QTimer::timeout, this, &DelayLinkEngine::deliverDue);
        m_traceTimer->setTimerType(Qt::PreciseTimer);
        m_traceTimer->setInterval(TraceIntervalMs);
        connect(m_traceTimer, &QTimer::timeout, this, &DelayLinkEngine::writeTrace);
    }

    // Settings and counters: any thread.
    struct Settings {
        std::atomic<qint64> delayNs{0};
        std::atomic<qint64> rate{0};
        std::atomic<qint64> window{0};      // 0: from the rate and the delay
        std::atomic<qint64> loadDelayNs{0}; // per connection busy on the link

        qint64 windowNow() const
        {
            if (const qint64 fixed = window; fixed > 0)
                return fixed;
            const qint64 r = rate;
            if (r <= 0)
                return UnlimitedWindow;
            const double bdp = double(r) / 8 * double(delayNs + TimerSlackNs) / NsPerSecond;
            return std::max(MinWindow, qint64(2 * bdp));
        }
    } settings;
    std::atomic<qint64> accepted{0};
    std::atomic<qint64> open{0};
    std::atomic<qint64> upstreamFailed{0};
    std::atomic<qint64> resets{0};
    std::atomic<qint64> delivered[2] = {0, 0}; // [Client]: client→server

    DelayLink::Counters counters() const
    {
        return {accepted, open, upstreamFailed, resets, delivered[Client], delivered[Server]};
    }

    // The rest: the engine's thread. Returns the port, or 0 with *error.
    quint16 listen(const QHostAddress &target, quint16 targetPort, quint16 port, QString *error)
    {
        if (m_listener) {
            *error = QStringLiteral("already started");
            return 0;
        }
        setTarget(target, targetPort);
        m_listener = new Listener(this);
        m_listener->accepted = [this](int fd) { accept(fd); };
        if (!m_listener->listen(QHostAddress::LocalHost, port)) {
            *error = m_listener->errorString();
            delete m_listener; // so that start() may be tried again
            m_listener = nullptr;
            return 0;
        }
        m_clock.start();
        if (m_trace)
            startTrace();
        return m_listener->serverPort();
    }

    bool setTrace(const QString &path)
    {
        m_traceTimer->stop();
        delete m_trace;
        m_trace = nullptr;
        if (path.isEmpty())
            return true;
        m_trace = new QFile(path, this);
        if (!m_trace->open(QIODevice::WriteOnly | QIODevice::Append)) {
            delete m_trace;
            m_trace = nullptr;
            return false;
        }
        if (m_clock.isValid())
            startTrace();
        return true;
    }

    void shutdown()
    {
        m_timer->stop();
        const auto connections = m_connections;
        for (Connection *c : connections)
            finish(c);
        delete m_listener;
        m_listener = nullptr;
        if (m_clock.isValid())
            writeTrace();
        setTrace({});
    }

private:
    qint64 now() const { return m_clock.nsecsElapsed(); }

    void setTarget(const QHostAddress &address, quint16 port)
    {
        m_target = {};
        if (address.protocol() == QAbstractSocket::IPv6Protocol) {
            auto *in6 = reinterpret_cast<sockaddr_in6 *>(&m_target);
            in6->sin6_family = AF_INET6;
            in6->sin6_port = htons(port);
            const Q_IPV6ADDR bytes = address.toIPv6Address();
            std::memcpy(&in6->sin6_addr, &bytes, sizeof bytes);
            m_targetLength = sizeof(sockaddr_in6);
        } else {
            auto *in = reinterpret_cast<sockaddr_in *>(&m_target);
            in->sin_family = AF_INET;
            in->sin_port = htons(port);
            in->sin_addr.s_addr = htonl(address.toIPv4Address());
            m_targetLength = sizeof(sockaddr_in);
        }
    }

    void accept(int fd)
    {
        auto *c = new Connection(this);
        Socket &client = c->sockets[Client];
        client.fd = fd;
        client.connected = true;
        prepare(fd);
        watch(c, Client);
        m_connections.append(c);
        ++accepted;
        ++open;
        // The target hears of the connection one delay later, and the client would only send
        // once the answer to its SYN had come back.
        const qint64 t = now();
        c->connectAt = t + settings.delayNs;
        c->openAt = t + 2 * settings.delayNs;
        startDue(c, t);
    }

    // Connects and opens what is due, and arms the timer for what is not yet.
    void startDue(Connection *c, qint64 t)
    {
        if (c->connectAt <= t) {
            c->connectAt = Never;
            connectUpstream(c);
        }
        if (c->openAt <= t && !c->done) {
            c->openAt = Never;
            c->flows[Client].opened = true;
            resume(c, Client);
        }
        arm(std::min(c->connectAt, c->openAt));
    }

    // Notifiers for one end, both off: reading starts once the flow has opened.
    void watch(Connection *c, Side side)
    {
        Socket &s = c->sockets[side];
        s.reader = new QSocketNotifier(s.fd, QSocketNotifier::Read, c);
        s.writer = new QSocketNotifier(s.fd, QSocketNotifier::Write, c);
        s.reader->setEnabled(false);
        s.writer->setEnabled(false);
        connect(s.reader, &QSocketNotifier::activated, c, [this, c, side] {
            if (!c->done)
                readFrom(c, side);
        });
        connect(s.writer, &QSocketNotifier::activated, c, [this, c, side] {
            if (c->done)
                return;
            if (c->sockets[side].connected)
                deliver(c, other(side));
            else
                connectDone(c);
        });
    }

    void connectUpstream(Connection *c)
    {
        Socket &server = c->sockets[Server];
        server.fd = ::socket(m_target.ss_family, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
        if (server.fd < 0) {
            upstreamLost(c);
            return;
        }
        prepare(server.fd);
        watch(c, Server);
        if (::connect(server.fd, reinterpret_cast<const sockaddr *>(&m_target), m_targetLength)
            == 0)
            connectDone(c);
        else if (errno == EINPROGRESS)
            server.writer->setEnabled(true);
        else
            upstreamLost(c);
    }

    void connectDone(Connection *c)
    {
        Socket &server = c->sockets[Server];
        int error = 0;
        socklen_t length = sizeof error;
        if (::getsockopt(server.fd, SOL_SOCKET, SO_ERROR, &error, &length) != 0 || error != 0) {
            upstreamLost(c);
            return;
        }
        server.connected = true;
        server.writer->setEnabled(false);
        c->flows[Server].opened = true;
        resume(c, Server);
        deliver(c, Client); // what the client sent meanwhile
    }

    void upstreamLost(Connection *c)
    {
        ++upstreamFailed;
        sideFailed(c, Server);
    }

    void readFrom(Connection *c, Side side)
    {
        Flow &f = c->flows[side];
        Socket &from = c->sockets[side];
        const qint64 limit = settings.windowNow();
        while (!f.ended) {
            const qint64 room = limit - f.held;
            if (room <= 0) {
                from.reader->setEnabled(false); // until deliveries make room
                break;
            }
            const qint64 want = std::min(room, ReadSize);
            const ssize_t n = ::recv(from.fd, m_scratch.data(), size_t(want), 0);
            if (n > 0) {
                enqueue(c, side, n);
                if (n < want)
                    break; // drained; the notifier tells when there is more
            } else if (n == 0) {
                endFlow(c, side, End::Fin);
            } else if (errno != EINTR) {
                if (!wouldBlock()) {
                    sideFailed(c, side);
                    return;
                }
                break;
            }
        }
        deliver(c, side); // without a delay, what was read is due now
    }

    // Connections with bytes on the link in either direction, counting c: the load a server that
    // slows down under load would feel now.
    qint64 busyConnections(const Connection *c) const
    {
        qint64 busy = 1;
        for (const Connection *other : m_connections) {
            if (other != c && (other->flows[Client].held > 0 || other->flows[Server].held > 0))
                ++busy;
        }
        return busy;
    }

    // Puts n bytes from the scratch buffer on the link, one segment after the other.
    void enqueue(Connection *c, Side side, qint64 n)
    {
        Flow &f = c->flows[side];
        const qint64 r = settings.rate;
        const qint64 perBusy = settings.loadDelayNs;
        const qint64 delay = settings.delayNs + (perBusy > 0 ? perBusy * busyConnections(c) : 0);
        const qint64 arrival = now();
        const qint64 segment =
            r > 0 ? std::clamp(r * SegmentNs / 8 / NsPerSecond, MinSegment, MaxSegment) : n;
        for (qint64 offset = 0; offset < n; offset += segment) {
            const qint64 size = std::min(segment, n - offset);
            qint64 leaves = std::max(arrival, m_linkFree[side]);
            if (r > 0)
                leaves += size * 8 * NsPerSecond / r;
            m_linkFree[side] = leaves;
            f.queue.push_back({QByteArray(m_scratch.constData() + offset, size), leaves + delay});
            f.held += size;
        }
    }

    // The source of a flow has ended: the end travels behind the bytes before it.
    void endFlow(Connection *c, Side side, End end)
    {
        Flow &f = c->flows[side];
        f.ended = true;
        f.finished = false; // a reset still has to pass after a FIN went through
        if (c->sockets[side].reader)
            c->sockets[side].reader->setEnabled(false);
        const qint64 leaves = std::max(now(), m_linkFree[side]);
        f.queue.push_back({QByteArray(), leaves + settings.delayNs, end});
        deliver(c, side);
    }

    // One end was reset (or its connect failed): nothing more reaches it, and the other end is
    // reset in turn, once what it was sent before has arrived.
    void sideFailed(Connection *c, Side side)
    {
        Socket &dead = c->sockets[side];
        if (dead.dead)
            return;
        dead.dead = true;
        for (QSocketNotifier *n : {dead.reader, dead.writer}) {
            if (n)
                n->setEnabled(false);
        }
        const Side peer = other(side);
        Flow &toDead = c->flows[peer];
        toDead.queue.clear();
        toDead.held = 0;
        toDead.written = 0;
        toDead.ended = true;
        toDead.finished = true;
        if (c->sockets[peer].reader)
            c->sockets[peer].reader->setEnabled(false);
        if (!c->sockets[peer].connected || c->sockets[peer].dead) {
            finish(c); // nobody left to tell
            return;
        }
        endFlow(c, side, End::Reset);
    }

    // Writes what is due of one flow, as far as the far end takes it.
    void deliver(Connection *c, Side side)
    {
        Flow &f = c->flows[side];
        Socket &to = c->sockets[other(side)];
        if (c->done || f.finished || !to.connected || to.dead)
            return;
        const qint64 t = now();
        while (!f.queue.empty()) {
            const Segment &s = f.queue.front();
            if (s.dueNs > t) {
                arm(s.dueNs);
                break;
            }
            if (s.end == End::Reset) {
                ++resets;
                resetOnClose(to.fd);
                finish(c);
                return;
            }
            if (s.end == End::Fin) {
                ::shutdown(to.fd, SHUT_WR);
                f.queue.pop_front();
                continue;
            }
            const ssize_t n = ::send(to.fd, s.bytes.constData() + f.written,
                                     size_t(s.bytes.size() - f.written), MSG_NOSIGNAL);
            if (n < 0 && errno == EINTR)
                continue;
            if (n < 0 && !wouldBlock()) {
                sideFailed(c, other(side));
                return;
            }
            if (n > 0) {
                f.written += n;
                f.held -= n;
                delivered[side] += n;
            }
            if (f.written < s.bytes.size()) {
                to.writer->setEnabled(true); // the far end's buffer is full
                return;
            }
            f.written = 0;
            f.queue.pop_front();
        }
        to.writer->setEnabled(false);
        if (f.ended && f.queue.empty()) {
            f.finished = true;
            if (c->flows[other(side)].finished)
                finish(c); // both ways closed
        } else {
            resume(c, side);
        }
    }

    // Reads from a flow's source again, if it may and there is room.
    void resume(Connection *c, Side side)
    {
        const Flow &f = c->flows[side];
        if (f.opened && !f.ended && f.held < settings.windowNow())
            c->sockets[side].reader->setEnabled(true);
    }

    void arm(qint64 dueNs)
    {
        if (dueNs >= m_timerDue)
            return;
        m_timerDue = dueNs;
        const qint64 wait = std::max<qint64>(0, dueNs - now());
        m_timer->start(int((wait + 999'999) / 1'000'000)); // rounded up: never early
    }

    void deliverDue()
    {
        m_timerDue = Never;
        const qint64 t = now();
        const auto connections = m_connections;
        for (Connection *c : connections) {
            startDue(c, t);
            deliver(c, Client);
            deliver(c, Server);
        }
    }

    void finish(Connection *c)
    {
        if (c->done)
            return;
        c->done = true;
        m_connections.removeOne(c);
        --open;
        for (Socket &s : c->sockets) {
            // Off before the descriptor closes: the number may be reused at once.
            for (QSocketNotifier *n : {s.reader, s.writer}) {
                if (n)
                    n->setEnabled(false);
            }
            if (s.fd >= 0)
                ::close(s.fd);
            s.fd = -1;
        }
        c->deleteLater(); // its notifiers may be what called us
    }

    void startTrace()
    {
        writeTrace();
        m_traceTimer->start();
    }

    void writeTrace()
    {
        if (!m_trace)
            return;
        m_trace->write(QByteArray::number(m_clock.elapsed()) + ' '
                       + QByteArray::number(delivered[Client].load()) + ' '
                       + QByteArray::number(delivered[Server].load()) + '\n');
        m_trace->flush();
    }

    QByteArray m_scratch;
    QTimer *m_timer;
    QTimer *m_traceTimer;
    QFile *m_trace = nullptr;
    Listener *m_listener = nullptr;
    QElapsedTimer m_clock; // monotonic; valid from listen() on
    QList<Connection *> m_connections;
    qint64 m_linkFree[2] = {0, 0}; // when each direction's link has sent what it holds
    qint64 m_timerDue = Never;
    sockaddr_storage m_target{};
    socklen_t m_targetLength = 0;
};

DelayLink::DelayLink(QObject *parent)
    : QObject(parent)
    , m_engine(QStringLiteral("DelayLink"))
{
}

DelayLink::~DelayLink() = default;

bool DelayLink::start(const QString &targetHost, quint16 targetPort, quint16 listenPort)
{
    QHostAddress address(targetHost);
    if (address.isNull()) {
        const QHostInfo info = QHostInfo::fromName(targetHost);
        if (info.addresses().isEmpty()) {
            m_error = info.errorString();
            return false;
        }
        address = info.addresses().constFirst();
    }
    QString error;
    quint16 port = 0;
    m_engine.run([&] { port = m_engine->listen(address, targetPort, listenPort, &error); });
    m_error = error;
    if (port != 0)
        m_port = port;
    return port != 0;
}

QUrl DelayLink::url(const QString &path) const
{
    return loopbackUrl(m_port, path);
}

void DelayLink::setDelay(std::chrono::microseconds oneWay)
{
    m_engine->settings.delayNs = std::chrono::nanoseconds(oneWay).count();
}

void DelayLink::setRate(qint64 bitsPerSecond)
{
    m_engine->settings.rate = std::max<qint64>(0, bitsPerSecond);
}

void DelayLink::setLoadDelay(std::chrono::microseconds perBusyConnection)
{
    m_engine->settings.loadDelayNs = std::chrono::nanoseconds(perBusyConnection).count();
}

void DelayLink::setWindow(qint64 bytes)
{
    m_engine->settings.window = std::max<qint64>(0, bytes);
}

std::chrono::microseconds DelayLink::delay() const
{
    return std::chrono::duration_cast<std::chrono::microseconds>(
        std::chrono::nanoseconds(m_engine->settings.delayNs.load()));
}

qint64 DelayLink::rate() const
{
    return m_engine->settings.rate;
}

qint64 DelayLink::window() const
{
    return m_engine->settings.windowNow();
}

bool DelayLink::setTraceFile(const QString &path)
{
    bool ok = false;
    m_engine.run([&] { ok = m_engine->setTrace(path); });
    return ok;
}

DelayLink::Counters DelayLink::counters() const
{
    return m_engine->counters();
}
