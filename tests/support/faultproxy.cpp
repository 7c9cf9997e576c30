#include "faultproxy.h"

#include <QHostAddress>
#include <QMutex>
#include <QMutexLocker>
#include <QTcpServer>
#include <QTcpSocket>

#include <algorithm>
#include <atomic>
#include <random>

namespace {
// What Qt may read ahead from one socket: bounds the memory a held (stalled) connection takes;
// beyond it, TCP flow control holds the sender.
constexpr qint64 ReadBufferSize = 1024 * 1024;
// A side is not read while the other still has this much to write (backpressure).
constexpr qint64 WriteHighWater = 2 * 1024 * 1024;
// Bytes moved per read/write pair.
constexpr qint64 ChunkSize = 256 * 1024;

enum class Fault { None, Reset, Stall };

// One client connection and its connection to the target. Owns both sockets.
class Link final : public QObject {
public:
    explicit Link(QObject *parent)
        : QObject(parent)
    {
    }
    QTcpSocket *client = nullptr;
    QTcpSocket *server = nullptr;
    Fault fault = Fault::None;
    qint64 faultAt = -1; // client→server bytes after which the fault trips
    qint64 toServer = 0;
    bool serverConnected = false;
    bool frozen = false; // a drawn stall tripped: nothing moves any more
    bool done = false;
    bool closeSent[2] = {false, false}; // [upward]: the far side was told the near side closed
};
} // namespace

class FaultProxyEngine final : public QObject {
public:
    struct Settings {
        QString host;
        quint16 port = 0;
        double resetProbability = 0;
        qint64 resetWindow = FaultProxy::DefaultFaultWindow;
        double stallProbability = 0;
        qint64 stallWindow = FaultProxy::DefaultFaultWindow;
    };

    FaultProxyEngine() { m_buffer.resize(ChunkSize); }

    // Settings: any thread.
    template <typename F>
    void configure(F &&change)
    {
        QMutexLocker lock(&m_mutex);
        change(m_settings);
    }
    void setSeed(quint32 seed)
    {
        QMutexLocker lock(&m_mutex);
        m_random.seed(seed);
    }

    // The rest: the engine's thread.
    bool listen(quint16 port)
    {
        if (!m_server) {
            m_server = new QTcpServer(this);
            connect(m_server, &QTcpServer::newConnection, this, &FaultProxyEngine::accept);
        }
        if (m_server->isListening())
            return true;
        delete m_placeholder;
        m_placeholder = nullptr;
        if (!m_server->listen(QHostAddress::LocalHost, port)) {
            m_error = m_server->errorString();
            return false;
        }
        return true;
    }
    void stopListening()
    {
        if (!m_server || !m_server->isListening())
            return;
        const quint16 port = m_server->serverPort();
        m_server->close();
        // Bound but not listening: connecting is refused, and nobody else can take the port
        // before we listen on it again.
        m_placeholder = new QTcpSocket(this);
        m_placeholder->bind(QHostAddress::LocalHost, port, QAbstractSocket::ReuseAddressHint);
    }
    quint16 port() const { return m_server ? m_server->serverPort() : 0; }
    QString errorString() const { return m_error; }

    void setStalled(bool stalled)
    {
        m_stalled.store(stalled);
        if (!stalled)
            pumpAll();
    }
    void resetAll()
    {
        const auto links = m_links;
        for (Link *link : links)
            reset(link);
    }
    void shutdown()
    {
        const auto links = m_links;
        for (Link *link : links)
            finish(link);
        delete m_server;
        m_server = nullptr;
    }

    std::atomic<qint64> accepted{0};
    std::atomic<qint64> resets{0};
    std::atomic<qint64> stalls{0};
    std::atomic<qint64> upstreamFailed{0};
    std::atomic<qint64> open{0};
    std::atomic<qint64> bytesToServer{0};
    std::atomic<qint64> bytesToClient{0};

private:
    void accept()
    {
        while (m_server->hasPendingConnections()) {
            QTcpSocket *client = m_server->nextPendingConnection();
            auto *link = new Link(this);
            client->setParent(link);
            link->client = client;
            link->server = new QTcpSocket(link);
            QString host;
            quint16 port = 0;
            {
                QMutexLocker lock(&m_mutex);
                host = m_settings.host;
                port = m_settings.port;
                draw(link);
            }
            for (QTcpSocket *socket : {link->client, link->server}) {
                socket->setReadBufferSize(ReadBufferSize);
                connect(socket, &QTcpSocket::stateChanged, link,
                        [this, link](QAbstractSocket::SocketState state) {
                            if (state == QAbstractSocket::UnconnectedState)
                                sideClosed(link);
                        });
            }
            // Small writes pass at once, as they would without a proxy in between.
            client->setSocketOption(QAbstractSocket::LowDelayOption, 1);
            connect(client, &QTcpSocket::readyRead, link, [this, link] { pump(link, true); });
            connect(client, &QTcpSocket::bytesWritten, link, [this, link] { pump(link, false); });
            connect(link->server, &QTcpSocket::readyRead, link,
                    [this, link] { pump(link, false); });
            connect(link->server, &QTcpSocket::bytesWritten, link,
                    [this, link] { pump(link, true); });
            connect(link->server, &QTcpSocket::connected, link, [this, link] {
                link->server->setSocketOption(QAbstractSocket::LowDelayOption, 1);
                link->serverConnected = true;
                pump(link, true);
                pump(link, false);
            });
            m_links.append(link);
            ++accepted;
            ++open;
            link->server->connectToHost(host, port);
        }
    }

    // Always draws the same amount per connection, so that changing a probability does not
    // shift the faults drawn for later connections.
    void draw(Link *link)
    {
        std::uniform_real_distribution<double> chance(0.0, 1.0);
        const double resetRoll = chance(m_random);
        const double stallRoll = chance(m_random);
        const qint64 resetAt = std::uniform_int_distribution<qint64>(
            1, std::max<qint64>(1, m_settings.resetWindow))(m_random);
        const qint64 stallAt = std::uniform_int_distribution<qint64>(
            1, std::max<qint64>(1, m_settings.stallWindow))(m_random);
        if (resetRoll < m_settings.resetProbability) {
            link->fault = Fault::Reset;
            link->faultAt = resetAt;
        } else if (stallRoll < m_settings.stallProbability) {
            link->fault = Fault::Stall;
            link->faultAt = stallAt;
        }
    }

    // Moves what one side has to the other, as far as the other takes it.
    void pump(Link *link, bool upward)
    {
        if (link->done || link->frozen || m_stalled.load() || !link->serverConnected)
            return;
        QTcpSocket *from = upward ? link->client : link->server;
        QTcpSocket *to = upward ? link->server : link->client;
        if (to->state() != QAbstractSocket::ConnectedState) {
            from->skip(from->bytesAvailable()); // nobody left to hear it
        } else {
            while (from->bytesAvailable() > 0 && to->bytesToWrite() < WriteHighWater) {
                qint64 want = std::min(from->bytesAvailable(), ChunkSize);
                if (upward && link->faultAt >= 0)
                    want = std::min(want, link->faultAt - link->toServer);
                const qint64 got = from->read(m_buffer.data(), want);
                if (got <= 0)
                    break;
                to->write(m_buffer.constData(), got);
                (upward ? bytesToServer : bytesToClient) += got;
                if (upward) {
                    link->toServer += got;
                    if (link->faultAt >= 0 && link->toServer >= link->faultAt) {
                        trip(link);
                        return;
                    }
                }
            }
        }
        passClose(link, upward);
    }

    // A side that closed and has nothing left to pass on closes the other, gracefully.
    void passClose(Link *link, bool upward)
    {
        QTcpSocket *from = upward ? link->client : link->server;
        QTcpSocket *to = upward ? link->server : link->client;
        if (link->done || from->state() != QAbstractSocket::UnconnectedState
            || from->bytesAvailable() > 0 || link->closeSent[upward])
            return;
        link->closeSent[upward] = true;
        if (to->state() == QAbstractSocket::ConnectedState)
            to->disconnectFromHost(); // after what it still has to write
        if (link->client->state() == QAbstractSocket::UnconnectedState
            && link->server->state() == QAbstractSocket::UnconnectedState)
            finish(link);
    }

    void sideClosed(Link *link)
    {
        if (link->done)
            return;
        if (!link->serverConnected) { // the target could not be reached, or the client gave up
            link->done = true;        // the aborts below come back here
            if (link->server->state() == QAbstractSocket::UnconnectedState)
                ++upstreamFailed;
            resetOnClose(link->client->socketDescriptor());
            link->client->abort();
            finish(link);
            return;
        }
        if (link->frozen) { // a dead peer: the other side learns nothing, but we let go
            finish(link);
            return;
        }
        pump(link, true);
        pump(link, false);
    }

    void trip(Link *link)
    {
        if (link->fault == Fault::Reset) {
            link->server->flush(); // let the server see the bytes before the reset
            reset(link);
        } else {
            link->frozen = true;
            ++stalls;
        }
    }

    void reset(Link *link)
    {
        if (link->done)
            return;
        link->done = true;
        ++resets;
        for (QTcpSocket *socket : {link->client, link->server}) {
            resetOnClose(socket->socketDescriptor());
            socket->abort();
        }
        finish(link);
    }

    void finish(Link *link)
    {
        if (!m_links.removeOne(link))
            return;
        link->done = true;
        --open;
        link->client->abort();
        link->server->abort();
        link->deleteLater();
    }

    void pumpAll()
    {
        const auto links = m_links;
        for (Link *link : links) {
            if (m_links.contains(link))
                pump(link, true);
            if (m_links.contains(link))
                pump(link, false);
        }
    }

    QMutex m_mutex;
    Settings m_settings;
    std::mt19937 m_random{1};
    std::atomic<bool> m_stalled{false};

    QTcpServer *m_server = nullptr;
    QTcpSocket *m_placeholder = nullptr; // holds the port while refusing
    QList<Link *> m_links;
    QByteArray m_buffer;
    QString m_error;
};

FaultProxy::FaultProxy(QObject *parent)
    : QObject(parent)
    , m_engine(QStringLiteral("FaultProxy"))
{
}

FaultProxy::~FaultProxy() = default;

bool FaultProxy::start(const QString &targetHost, quint16 targetPort)
{
    setTarget(targetHost, targetPort);
    bool ok = false;
    m_engine.run([&] {
        ok = m_engine->listen(0);
        m_port = m_engine->port();
        m_error = m_engine->errorString();
    });
    return ok;
}

QUrl FaultProxy::url(const QString &path) const
{
    return loopbackUrl(m_port, path);
}

void FaultProxy::setTarget(const QString &host, quint16 port)
{
    m_engine->configure([&](FaultProxyEngine::Settings &s) {
        s.host = host;
        s.port = port;
    });
}

void FaultProxy::setSeed(quint32 seed)
{
    m_engine->setSeed(seed);
}

void FaultProxy::setResetProbability(double p)
{
    m_engine->configure([p](FaultProxyEngine::Settings &s) { s.resetProbability = p; });
}

void FaultProxy::setResetWindow(qint64 bytes)
{
    m_engine->configure([bytes](FaultProxyEngine::Settings &s) { s.resetWindow = bytes; });
}

void FaultProxy::setStallProbability(double p)
{
    m_engine->configure([p](FaultProxyEngine::Settings &s) { s.stallProbability = p; });
}

void FaultProxy::setStallWindow(qint64 bytes)
{
    m_engine->configure([bytes](FaultProxyEngine::Settings &s) { s.stallWindow = bytes; });
}

void FaultProxy::resetAllNow()
{
    m_engine.run([engine = m_engine.get()] { engine->resetAll(); });
}

void FaultProxy::setStalled(bool stalled)
{
    m_engine.run([engine = m_engine.get(), stalled] { engine->setStalled(stalled); });
}

bool FaultProxy::setRefusing(bool refusing)
{
    bool ok = true;
    m_engine.run([&] {
        if (refusing) {
            m_engine->stopListening();
        } else {
            ok = m_engine->listen(m_port);
            m_error = m_engine->errorString();
        }
    });
    return ok;
}

FaultProxy::Counters FaultProxy::counters() const
{
    Counters c;
    c.accepted = m_engine->accepted;
    c.reset = m_engine->resets;
    c.stalled = m_engine->stalls;
    c.upstreamFailed = m_engine->upstreamFailed;
    c.open = m_engine->open;
    c.bytesToServer = m_engine->bytesToServer;
    c.bytesToClient = m_engine->bytesToClient;
    return c;
}

void FaultProxy::resetCounters()
{
    for (auto *counter :
         {&m_engine->accepted, &m_engine->resets, &m_engine->stalls, &m_engine->upstreamFailed,
          &m_engine->bytesToServer, &m_engine->bytesToClient})
        counter->store(0);
}
