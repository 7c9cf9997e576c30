#include "clusterhandover.h"

#include "clusteruploadsink.h"
#include "pgleases.h"
#include "pglistener.h"

#include <QDebug>

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
    m_listener = std::make_unique<PgListener>(address, PgLeases::channel(instanceId));
    QObject::connect(m_listener.get(), &PgListener::notified, m_listener.get(),
                     [this](const QString &id) { requested(id); });
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
