#include "hoistdinstance.h"

#include "uploadstorefactory.h"

#include <QDateTime>

#include <algorithm>

namespace {
constexpr qint64 MinSweepMs = 200;
constexpr qint64 MaxSweepMs = 60 * 1000;
constexpr qint64 MaxReconcileMs = 5 * 60 * 1000;

TusConfig countingInto(TusConfig tus, HoistdMetrics &metrics)
{
    tus.metrics = &metrics;
    return tus;
}
} // namespace

HoistdInstance::HoistdInstance(const HoistdOptions &options, const TusConfig &tus)
    : m_address(options.address)
    , m_requestedPort(options.port)
    , m_store(makeUploadStore(options, m_metrics))
    , m_service(*m_store, countingInto(tus, m_metrics))
    , m_router(m_service, *m_store, m_metrics, tus.users)
    , m_http(m_router, m_metrics, options.http, tus.verbose)
    , m_reconcileGrace(options.reconcileAfter)
{
    startTimedWork(options);
}

HoistdInstance::HoistdInstance(const HoistdOptions &options, const TusConfig &tus,
                               std::unique_ptr<UploadStore> store)
    : m_address(options.address)
    , m_requestedPort(options.port)
    , m_store(std::move(store))
    , m_service(*m_store, countingInto(tus, m_metrics))
    , m_router(m_service, *m_store, m_metrics, tus.users)
    , m_http(m_router, m_metrics, options.http, tus.verbose)
    , m_reconcileGrace(options.reconcileAfter)
{
    startTimedWork(options);
}

void HoistdInstance::startTimedWork(const HoistdOptions &options)
{
    // Sweep often enough that an upload outlives its expiry (or a finished one its time to be
    // kept) by at most half of it.
    qint64 shortest = options.expireAfter.count();
    if (options.keepFinished.count() > 0)
        shortest = std::min<qint64>(shortest, options.keepFinished.count());
    m_sweep.setInterval(int(std::clamp<qint64>(shortest * 1000 / 2, MinSweepMs, MaxSweepMs)));
    QObject::connect(&m_sweep, &QTimer::timeout, [this] {
        const QDateTime now = QDateTime::currentDateTimeUtc();
        if (const int removed = m_store->sweepExpired(now))
            m_service.log(QStringLiteral("expired %1 unfinished upload(s)").arg(removed));
        if (const int removed = m_store->sweepFinished(now))
            m_service.log(QStringLiteral("removed %1 finished upload(s) kept %2 s")
                              .arg(removed)
                              .arg(m_store->keepFinished().count()));
    });
    // Reconcile twice per grace period, at most every few minutes: listing a bucket costs more.
    m_reconcile.setInterval(
        int(std::clamp<qint64>(m_reconcileGrace.count() * 1000 / 2, MinSweepMs, MaxReconcileMs)));
    QObject::connect(&m_reconcile, &QTimer::timeout, [this] {
        if (const int removed = m_store->reconcile(m_reconcileGrace))
            m_service.log(QStringLiteral("reconciled: removed %1 stored piece(s) no upload names")
                              .arg(removed));
    });
}

HoistdInstance::~HoistdInstance()
{
    stop();
}

bool HoistdInstance::start(QString *error)
{
    if (m_running)
        return true;
    if (!m_store->open(error))
        return false;
    for (const QString &repair : m_store->repairs())
        m_service.log(QStringLiteral("repaired: ") + repair);
    if (!m_http.listen(m_address, m_requestedPort, error)) {
        m_store->close();
        return false;
    }
    m_sweep.start();
    m_reconcile.start();
    m_running = true;
    return true;
}

int HoistdInstance::stop()
{
    if (!m_running)
        return 0;
    m_running = false;
    m_sweep.stop();
    m_reconcile.stop();
    const int cut = m_http.stop();
    m_store->close();
    return cut;
}

QString HoistdInstance::hostText() const
{
    return m_address.protocol() == QAbstractSocket::IPv6Protocol
               ? QStringLiteral("[%1]").arg(m_address.toString())
               : m_address.toString();
}

QUrl HoistdInstance::endpoint() const
{
    if (!m_running)
        return {};
    return QUrl(QStringLiteral("http://%1:%2%3")
                    .arg(hostText())
                    .arg(port())
                    .arg(QLatin1String(TusService::CollectionPath)));
}
