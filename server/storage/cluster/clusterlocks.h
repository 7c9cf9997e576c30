#pragma once

#include "pgleases.h"

#include <QHash>
#include <QMutex>
#include <QString>

#include <chrono>
#include <functional>

// The uploads this instance holds the lease of, and the generation it holds each in. tryLock()
// claims an upload here first (so that two requests of this instance exclude each other without
// a round trip), then takes the lease in PostgreSQL; take() is the way of a caller that must
// have it (a removal, a sweep): it asks another holder to let go (NOTIFY) and waits, bounded.
class ClusterLocks final {
    Q_DISABLE_COPY_MOVE(ClusterLocks)
public:
    // `handedOver` (may be empty) is called when a lease was taken after asking its holder to
    // let go (/metrics' hand-overs).
    ClusterLocks(PgLeases &leases, QString instanceId, std::chrono::milliseconds lease,
                 std::function<void()> handedOver = {});

    // How long a caller that must have an upload (a removal, a deferred length set from another
    // instance) waits for its holder to let go.
    static constexpr std::chrono::milliseconds HandOverWait{5000};

    // `completing` (optional): set when the upload was found completing (its holder before
    // decided how its object is made; ClusterCompletion finishes that).
    // Held by another instance: it is asked to let go (NOTIFY) and the lease waited for, at
    // most `wait` (0: not asked).
    bool tryLock(const QString &id, bool *completing = nullptr,
                 std::chrono::milliseconds wait = std::chrono::milliseconds(0));
    // Gives the lease of `id` up in PostgreSQL (handed over to an asking instance) while the
    // claim here stays until unlock(), so that this instance's own requests stay excluded and
    // the late unlock() frees nothing another holder took.
    void handOver(const QString &id, qint64 generation);
    // Forgets `id` here and gives its lease back.
    void unlock(const QString &id);
    // The generation this instance holds `id` in; 0 when it holds none.
    qint64 generation(const QString &id) const;
    void markGranted(const QString &id);
    bool isGranted(const QString &id) const;
    // How take() asks another holder: to let go (LetGo), or to let go only if no bytes are
    // arriving for the upload there (IfStalled: a HEAD, which must not cut a writer that is
    // moving; declined, take() gives up once the holder had DecideStalled to decide).
    enum class Ask { LetGo, IfStalled };
    static constexpr std::chrono::milliseconds DecideStalled{2500};
    // Takes the lease of `id` without claiming it here, asking another holder to let go and
    // waiting for it at most `wait`; the generation, 0 when it could not.
    qint64 take(const QString &id, std::chrono::milliseconds wait, Ask ask = Ask::LetGo);
    // Frees a lease take() gave (remembered for take() when PostgreSQL cannot be told).
    void release(const QString &id, qint64 generation);
    // Gives back every lease held (closing).
    void releaseAll();

    const QString &instanceId() const { return m_instanceId; }
    std::chrono::milliseconds lease() const { return m_lease; }

private:
    PgLeases::Taken takeWaiting(const QString &id, std::chrono::milliseconds wait,
                                Ask ask = Ask::LetGo);

    PgLeases &m_leases;
    const QString m_instanceId;
    const std::chrono::milliseconds m_lease;
    const std::function<void()> m_handedOver;
    struct Held {
        qint64 generation = 0; // 0: being taken
        bool granted = false;  // reserveGrowth() moved what the upload counts
    };
    mutable QMutex m_mutex;
    QHash<QString, Held> m_held;
    // Leases let go of here whose release PostgreSQL was not told (an outage): no request of
    // this instance holds them, so the next take() takes them back at once instead of waiting
    // for them to run out (423 meanwhile).
    QHash<QString, qint64> m_unreleased;
};
