#include "timedwork.h"

#include <QDateTime>

#include <algorithm>

namespace {
constexpr qint64 MinSweepMs = 200;
constexpr qint64 MaxSweepMs = 60 * 1000;
constexpr qint64 MaxReconcileMs = 5 * 60 * 1000;
} // namespace

TimedWork::TimedWork(UploadStore &store, Log log, std::chrono::seconds expireAfter,
                     std::chrono::seconds keepFinished, std::chrono::seconds reconcileGrace)
    : m_store(store)
    , m_log(std::move(log))
    , m_reconcileGrace(reconcileGrace)
    , m_sweep(std::make_unique<QTimer>())
    , m_reconcile(std::make_unique<QTimer>())
{
    m_thread.setObjectName(QStringLiteral("hoistd-timed"));
    qint64 shortest = expireAfter.count();
    if (keepFinished.count() > 0)
        shortest = std::min<qint64>(shortest, keepFinished.count());
    m_sweep->setInterval(int(std::clamp<qint64>(shortest * 1000 / 2, MinSweepMs, MaxSweepMs)));
    m_reconcile->setInterval(
        int(std::clamp<qint64>(reconcileGrace.count() * 1000 / 2, MinSweepMs, MaxReconcileMs)));
    QObject::connect(m_sweep.get(), &QTimer::timeout, m_sweep.get(), [this] { sweep(); });
    QObject::connect(m_reconcile.get(), &QTimer::timeout, m_reconcile.get(),
                     [this] { reconcile(); });
    m_sweep->moveToThread(&m_thread);
    m_reconcile->moveToThread(&m_thread);
}

TimedWork::~TimedWork()
{
    stop();
}

void TimedWork::start()
{
    if (m_thread.isRunning())
        return;
    m_thread.start();
    for (QTimer *timer : {m_sweep.get(), m_reconcile.get()})
        QMetaObject::invokeMethod(timer, qOverload<>(&QTimer::start), Qt::QueuedConnection);
}

void TimedWork::stop()
{
    if (!m_thread.isRunning())
        return;
    // Timers stop on their own thread, after a round that is running ends.
    for (QTimer *timer : {m_sweep.get(), m_reconcile.get()})
        QMetaObject::invokeMethod(timer, &QTimer::stop, Qt::BlockingQueuedConnection);
    m_thread.quit();
    m_thread.wait();
}

void TimedWork::sweep()
{
    const QDateTime now = QDateTime::currentDateTimeUtc();
    if (const int removed = m_store.sweepExpired(now))
        m_log(QStringLiteral("expired %1 unfinished upload(s)").arg(removed));
    if (const int removed = m_store.sweepFinished(now))
        m_log(QStringLiteral("removed %1 finished upload(s) kept %2 s")
                  .arg(removed)
                  .arg(m_store.keepFinished().count()));
}

void TimedWork::reconcile()
{
    if (const int removed = m_store.reconcile(m_reconcileGrace))
        m_log(
            QStringLiteral("reconciled: removed %1 stored piece(s) no upload names").arg(removed));
}
