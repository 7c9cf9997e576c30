#include "clusterhandover.h"

#include "clusteruploadsink.h"
#include "pgleases.h"
#include "pglistener.h"

#include <QDebug>
#include <QTimer>

ClusterHandOver::ClusterHandOver(std::function<void(const QString &)> letGo)
    : m_letGo(std::move(letGo))
{
}

ClusterHandOver::~ClusterHandOver()
{
    stop();
}

bool ClusterHandOver::start(const PgAddress &address, PgLeases &leases, const QString &instanceId,
                            QString *error)
{
    m_leases = &leases;
    m_instanceId = instanceId;
    m_listener = std::make_unique<PgListener>(address, PgLeases::channel(instanceId));
    QObject::connect(m_listener.get(), &PgListener::notified, m_listener.get(),
                     [this](const QString &payload) {
                         if (payload.startsWith(PgLeases::stalledPrefix()))
                             requestedIfStalled(payload.mid(PgLeases::stalledPrefix().size()));
                         else
                             requested(payload);
                     });
    QObject::connect(m_listener.get(), &PgListener::reconnected, m_listener.get(),
                     [this, &leases, instanceId] {
                         m_workers.start([this, &leases, instanceId] {
                             requestedMeanwhile(leases, instanceId);
                         });
                     });
    if (m_listener->start())
        return true;
    *error = m_listener->lastError().message;
    return false;
}

void ClusterHandOver::stop()
{
    m_listener.reset();
    m_workers.waitForDone();
}

bool ClusterHandOver::isListening() const
{
    return m_listener && m_listener->isListening();
}

void ClusterHandOver::attach(const QString &id, ClusterUploadSink *sink)
{
    QMutexLocker lock(&m_mutex);
    m_sinks.insert(id, sink);
}

void ClusterHandOver::detach(const QString &id, ClusterUploadSink *sink)
{
    QMutexLocker lock(&m_mutex);
    if (m_sinks.value(id) == sink)
        m_sinks.remove(id);
}

bool ClusterHandOver::isRequested(const QString &id) const
{
    QMutexLocker lock(&m_mutex);
    return m_requested.contains(id);
}

void ClusterHandOver::clear(const QString &id)
{
    QMutexLocker lock(&m_mutex);
    m_requested.remove(id);
}

void ClusterHandOver::requested(const QString &id)
{
    {
        QMutexLocker lock(&m_mutex);
        m_requested.insert(id);
    }
    m_workers.start([this, id] { answer(id); });
}

ClusterHandOver::Progress ClusterHandOver::progress(const QString &id) const
{
    QMutexLocker lock(&m_mutex);
    const ClusterUploadSink *sink = m_sinks.value(id);
    return {sink, sink ? sink->writes() : 0};
}

void ClusterHandOver::requestedIfStalled(const QString &id)
{
    // Timers on the listener (stop() ends them with it): nothing sleeps meanwhile.
    QTimer::singleShot(StallSettle, m_listener.get(), [this, id] {
        QTimer::singleShot(StallQuiet, m_listener.get(),
                           [this, id, before = progress(id)] { checkStalled(id, before); });
    });
}

void ClusterHandOver::checkStalled(const QString &id, Progress before)
{
    // Only a writer seen twice, the same one with no write between: with none (requests ended,
    // or went to other instances) there is nothing to hand over, and a request remembered now
    // would cut the next writer here at its first write.
    if (!before.sink)
        return;
    // On a worker, as answer(): a hand-over commits (S3 and PostgreSQL round trips), which must
    // not hold up the listener's event loop.
    m_workers.start([this, id, before] {
        {
            QMutexLocker lock(&m_mutex);
            ClusterUploadSink *sink = m_sinks.value(id);
            if (sink != before.sink || sink->writes() != before.writes)
                return;
            m_requested.insert(id);
            sink->handOverIfIdle(); // or at its next write
        }
        // Recorded as any instance's request would be, for the asker to see (no NOTIFY).
        PgError error;
        m_leases->markWanted(m_instanceId, id, &error);
    });
}

void ClusterHandOver::answer(const QString &id)
{
    // Held while the sink commits, so that it cannot go away meanwhile.
    QMutexLocker lock(&m_mutex);
    if (!m_requested.contains(id))
        return; // the lock it was about ended meanwhile
    if (ClusterUploadSink *sink = m_sinks.value(id))
        sink->handOverIfIdle();
    else
        m_letGo(id);
}

void ClusterHandOver::requestedMeanwhile(PgLeases &leases, const QString &instanceId)
{
    PgError error;
    const QStringList ids = leases.wanted(instanceId, &error);
    if (error)
        qWarning().noquote() << "cannot read the hand-over requests sent while not listening:"
                             << error.message;
    for (const QString &id : ids)
        requested(id);
}
