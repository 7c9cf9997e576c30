#include "clusterlocks.h"

#include "pgleases.h"

#include <QThread>

namespace {
// How often take() asks PostgreSQL again while another instance lets go.
constexpr std::chrono::milliseconds TakePoll{100};
} // namespace

ClusterLocks::ClusterLocks(PgLeases &leases, QString instanceId, std::chrono::milliseconds lease,
                           std::function<void()> handedOver)
    : m_leases(leases)
    , m_instanceId(std::move(instanceId))
    , m_lease(lease)
    , m_handedOver(std::move(handedOver))
{
}

bool ClusterLocks::tryLock(const QString &id, bool *completing, std::chrono::milliseconds wait)
{
    {
        QMutexLocker lock(&m_mutex);
        if (m_held.contains(id))
            return false;
        m_held.insert(id, {}); // claimed here while PostgreSQL is asked
    }
    const auto taken = takeWaiting(id, wait);
    QMutexLocker lock(&m_mutex);
    if (!taken.taken) {
        m_held.remove(id);
        return false;
    }
    m_held[id].generation = taken.generation;
    if (completing)
        *completing = taken.completing;
    return true;
}

void ClusterLocks::unlock(const QString &id)
{
    Held held;
    {
        QMutexLocker lock(&m_mutex);
        held = m_held.take(id);
    }
    if (held.generation != 0)
        release(id, held.generation);
}

qint64 ClusterLocks::generation(const QString &id) const
{
    QMutexLocker lock(&m_mutex);
    return m_held.value(id).generation;
}

void ClusterLocks::markGranted(const QString &id)
{
    QMutexLocker lock(&m_mutex);
    if (m_held.contains(id))
        m_held[id].granted = true;
}

bool ClusterLocks::isGranted(const QString &id) const
{
    QMutexLocker lock(&m_mutex);
    return m_held.value(id).granted;
}

qint64 ClusterLocks::take(const QString &id, std::chrono::milliseconds wait, Ask ask)
{
    const auto taken = takeWaiting(id, wait, ask);
    return taken.taken ? taken.generation : 0;
}

PgLeases::Taken ClusterLocks::takeWaiting(const QString &id, std::chrono::milliseconds wait,
                                          Ask ask)
{
    const auto deadline = std::chrono::steady_clock::now() + wait;
    std::chrono::steady_clock::time_point decided; // IfStalled: when the holder has decided
    bool asked = false;
    while (true) {
        PgError error;
        qint64 unreleased = 0;
        {
            QMutexLocker lock(&m_mutex);
            unreleased = m_unreleased.value(id);
        }
        const auto taken = m_leases.take(id, m_instanceId, m_lease, &error, unreleased);
        if (!error && unreleased != 0) {
            QMutexLocker lock(&m_mutex);
            if (m_unreleased.value(id) == unreleased)
                m_unreleased.remove(id); // taken back, or no longer this instance's
        }
        if (taken.taken && asked && m_handedOver)
            m_handedOver(); // another instance let go because it was asked
        const auto now = std::chrono::steady_clock::now();
        if (taken.taken || error || taken.holder.isEmpty() || now >= deadline)
            return taken;
        // A holder that found its writer moving keeps it and says nothing: given up on once it
        // had time to decide (one that decided to let go marked the row wanted).
        if (asked && ask == Ask::IfStalled && now >= decided && !taken.wanted)
            return taken;
        if (!asked && taken.holder != m_instanceId) {
            if (ask == Ask::IfStalled) {
                asked = m_leases.askToReleaseIfStalled(taken.holder, id, &error);
                decided = now + DecideStalled;
            } else {
                asked = m_leases.askToRelease(taken.holder, id, &error);
            }
        }
        QThread::msleep(TakePoll.count());
    }
}

void ClusterLocks::handOver(const QString &id, qint64 generation)
{
    {
        QMutexLocker lock(&m_mutex);
        auto it = m_held.find(id);
        if (it == m_held.end()) {
            // No request holds it: it may be one let go of during an outage (PostgreSQL still
            // names this instance); PostgreSQL can be told now.
            generation = m_unreleased.take(id);
        } else if (generation == 0 || it->generation != generation) {
            return;
        } else {
            it->generation = 0;
        }
    }
    if (generation != 0)
        release(id, generation);
}

void ClusterLocks::release(const QString &id, qint64 generation)
{
    PgError error;
    if (m_leases.release(id, m_instanceId, generation, &error) || !error)
        return;
    QMutexLocker lock(&m_mutex);
    m_unreleased.insert(id, generation);
}

void ClusterLocks::releaseAll()
{
    QHash<QString, Held> held;
    {
        QMutexLocker lock(&m_mutex);
        held.swap(m_held);
    }
    for (auto it = held.cbegin(); it != held.cend(); ++it) {
        if (it->generation != 0)
            release(it.key(), it->generation);
    }
}
