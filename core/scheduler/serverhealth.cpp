#include "serverhealth.h"

#include "clock.h"
#include "formatting.h"
#include "networkpool.h"
#include "networkstatus.h"
#include "sleepdetector.h"

#include <QCoreApplication>
#include <QLoggingCategory>

#include <limits>

Q_DECLARE_LOGGING_CATEGORY(lcScheduler)

namespace {
// Free functions and structs have no tr(): this files their strings under ServerHealth.
struct Text {
    Q_DECLARE_TR_FUNCTIONS(ServerHealth)
};

} // namespace

ServerHealth::ServerHealth(TransferProtocol *protocol, HeadersFor headersFor, Clock *clock,
                           QObject *parent)
    : QObject(parent)
    , m_protocol(protocol)
    , m_headersFor(std::move(headersFor))
    , m_random(std::random_device{}())
{
    m_timer.setSingleShot(true);
    connect(&m_timer, &QTimer::timeout, this, &ServerHealth::onTimer);
    connect(m_protocol, &TransferProtocol::serverChecked, this, &ServerHealth::onChecked);
    setClock(clock);
}

ServerHealth::~ServerHealth() = default;

void ServerHealth::setClock(Clock *clock)
{
    if (m_clock)
        disconnect(m_clock, nullptr, this, nullptr);
    Q_ASSERT(clock);
    m_clock = clock;
    connect(m_clock, &Clock::jumped, this, &ServerHealth::onTimer);
    delete m_sleep;
    m_sleep = new SleepDetector(m_clock, this);
    connect(m_sleep, &SleepDetector::resumed, this, [this](qint64 sleptMs) {
        qCInfo(lcScheduler) << "resumed after" << sleptMs / 1000 << "s asleep";
        wake(true);
    });
    arm();
}

void ServerHealth::setNetworkStatus(NetworkStatus *status)
{
    if (m_network)
        disconnect(m_network, nullptr, this, nullptr);
    m_network = status;
    if (!status)
        return;
    connect(status, &NetworkStatus::reachabilityChanged, this,
            [this](NetworkStatus::Reachability reachability) {
                // Offline: the probes would fail anyway; the next change wakes them.
                if (reachability != NetworkStatus::Reachability::Offline)
                    wake(true);
            });
    connect(status, &NetworkStatus::transportChanged, this, [this] { wake(true); });
}

bool ServerHealth::isUnreachable(const TransferError &error)
{
    switch (error.kind) {
    case TransferError::Kind::Network:
    case TransferError::Kind::Timeout:
    case TransferError::Kind::Stalled:
        return true;
    default:
        return false;
    }
}

QString ServerHealth::keyOf(const QUrl &endpoint)
{
    return NetworkPool::serverOf(endpoint);
}

std::shared_ptr<const ServerOutage> ServerHealth::markDown(const QUrl &endpoint,
                                                           const TransferError &error)
{
    Server &server = m_servers[keyOf(endpoint)];
    if (!server.outage)
        server.outage = std::make_shared<ServerOutage>();
    ServerOutage &outage = *server.outage;
    outage.cause = error.message();
    if (outage.down)
        return server.outage; // others of its uploads failing with it: one outage, one probe
    outage.down = true;
    outage.endpoint = endpoint;
    outage.sinceWallMs = m_clock->wallMs();
    outage.probes = 0;
    server.downSinceMonoMs = m_clock->monotonicMs();
    ++m_down;
    qCInfo(lcScheduler) << "server down:" << keyOf(endpoint) << error.message();
    scheduleNext(server);
    Q_EMIT serverDown(endpoint, error.message());
    return server.outage;
}

std::shared_ptr<const ServerOutage> ServerHealth::recordFor(const QUrl &endpoint)
{
    Server &server = m_servers[keyOf(endpoint)];
    if (!server.outage)
        server.outage = std::make_shared<ServerOutage>();
    return server.outage;
}

bool ServerHealth::isDown(const QUrl &endpoint) const
{
    if (m_down == 0)
        return false;
    const auto it = m_servers.constFind(keyOf(endpoint));
    return it != m_servers.constEnd() && it->outage && it->outage->down;
}

std::shared_ptr<const ServerOutage> ServerHealth::outageOf(const QUrl &endpoint) const
{
    return m_servers.value(keyOf(endpoint)).outage;
}

void ServerHealth::progressed(const QUrl &endpoint)
{
    const auto it = m_servers.find(keyOf(endpoint));
    if (it != m_servers.end() && !(it->outage && it->outage->down))
        it->step = 0;
}

void ServerHealth::wake(bool networkChanged)
{
    if (networkChanged) {
        Q_EMIT this->networkChanged();
        m_protocol->dropConnections();
    }
    for (auto it = m_servers.begin(); it != m_servers.end(); ++it) {
        if (it->outage && it->outage->down)
            wakeServer(it->outage->endpoint);
    }
}

void ServerHealth::wakeServer(const QUrl &endpoint)
{
    const QString key = keyOf(endpoint);
    const auto it = m_servers.find(key);
    if (it == m_servers.end() || !it->outage || !it->outage->down)
        return;
    it->step = 0;
    if (it->probing) {
        it->askAgain = true; // its answer may be the old network's
        return;
    }
    probe(key);
}

void ServerHealth::probe(const QString &key)
{
    Server &server = m_servers[key];
    server.probing = true;
    server.askAgain = false;
    server.nextProbeMonoMs = 0;
    ServerOutage &outage = *server.outage;
    outage.nextTryWallMs = 0;
    ++outage.probes;
    ++m_probesSent;
    updateNote(outage);
    Q_EMIT outageChanged(outage.endpoint);
    qCDebug(lcScheduler) << "probing" << key << "step" << server.step;
    m_protocol->checkServer(outage.endpoint, m_headersFor(outage.endpoint));
    arm();
}

void ServerHealth::onChecked(const QUrl &endpoint, const TransferError &error)
{
    const QString key = keyOf(endpoint);
    const auto it = m_servers.find(key);
    if (it == m_servers.end() || !it->probing)
        return;
    Server &server = *it;
    server.probing = false;
    ServerOutage &outage = *server.outage;
    if (error.kind == TransferError::Kind::None) {
        outage.down = false;
        outage.nextTryWallMs = 0;
        --m_down;
        const qint64 downFor = m_clock->wallMs() - outage.sinceWallMs;
        qCInfo(lcScheduler) << "server back:" << key << "after" << downFor / 1000 << "s";
        arm();
        Q_EMIT serverUp(outage.endpoint, downFor);
        return;
    }
    outage.cause = error.message();
    const qint64 downFor = m_clock->monotonicMs() - server.downSinceMonoMs;
    if (m_policy.givesUp(downFor)) {
        outage.down = false;
        outage.nextTryWallMs = 0;
        --m_down;
        server.step = 0;
        arm();
        const TrText message =
            TrText::of(staticMetaObject,
                       QT_TR_NOOP("Gave up after %1 without reaching the server: %2"))
                .arg(formatDuration(m_policy.giveUpAfter.count() / 1000), error.cause);
        Q_EMIT gaveUp(outage.endpoint, message);
        return;
    }
    if (server.askAgain) {
        server.step = 0;
        probe(key);
        return;
    }
    ++server.step;
    scheduleNext(server);
    Q_EMIT outageChanged(outage.endpoint);
}

void ServerHealth::scheduleNext(Server &server)
{
    TransferError none;
    qint64 delay = m_policy.delayFor(server.step, none, m_random).count();
    // Never past the moment it would be given up: that is decided by a probe failing.
    if (m_policy.giveUpAfter.count() > 0) {
        const qint64 giveUpAt = server.downSinceMonoMs + m_policy.giveUpAfter.count();
        delay = qMax<qint64>(0, qMin(delay, giveUpAt - m_clock->monotonicMs()));
    }
    server.nextProbeMonoMs = m_clock->monotonicMs() + qMax<qint64>(1, delay);
    server.outage->nextTryWallMs = m_clock->wallMs() + delay;
    updateNote(*server.outage);
    arm();
}

void ServerHealth::arm()
{
    qint64 earliest = 0;
    for (const Server &server : std::as_const(m_servers)) {
        if (server.nextProbeMonoMs > 0 && (earliest == 0 || server.nextProbeMonoMs < earliest))
            earliest = server.nextProbeMonoMs;
    }
    if (earliest == 0) {
        m_timer.stop();
        return;
    }
    const qint64 wait = qMax<qint64>(0, earliest - m_clock->monotonicMs());
    m_timer.start(int(qMin<qint64>(wait, std::numeric_limits<int>::max())));
}

void ServerHealth::onTimer()
{
    const qint64 now = m_clock->monotonicMs();
    QStringList due;
    for (auto it = m_servers.cbegin(); it != m_servers.cend(); ++it) {
        if (it->nextProbeMonoMs > 0 && it->nextProbeMonoMs <= now)
            due.append(it.key());
    }
    for (const QString &key : std::as_const(due))
        probe(key);
    arm();
}

void ServerHealth::updateNote(ServerOutage &outage) const
{
    const QString since = formatWhen(outage.sinceWallMs, m_clock->localNow());
    outage.note = outage.nextTryWallMs > 0 ? Text::tr("Down since %1 · next try").arg(since)
                                           : Text::tr("Down since %1 · trying now").arg(since);
}
