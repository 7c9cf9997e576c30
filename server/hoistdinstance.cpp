#include "hoistdinstance.h"

#include "stopdeadline.h"
#include "uploadstorefactory.h"

namespace {
// How long a stop waits for requests and timed work to end by themselves before the store's
// calls still waiting on a peer (a bucket that does not answer) are aborted.
constexpr std::chrono::seconds StopGrace{5};

// The HTTP limits with as many worker threads as `store`'s requests want.
HttpLimits limitsFor(HttpLimits limits, const UploadStore &store)
{
    if (store.requestThreads() > 0)
        limits.workerThreads = store.requestThreads();
    return limits;
}

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
    , m_http(m_router, m_metrics, limitsFor(options.http, *m_store), tus.verbose)
    , m_timedWork(
          *m_store, [this](const QString &line) { m_service.log(line); }, options.expireAfter,
          options.keepFinished, options.reconcileAfter)
{
}

HoistdInstance::HoistdInstance(const HoistdOptions &options, const TusConfig &tus,
                               std::unique_ptr<UploadStore> store)
    : m_address(options.address)
    , m_requestedPort(options.port)
    , m_store(std::move(store))
    , m_service(*m_store, countingInto(tus, m_metrics))
    , m_router(m_service, *m_store, m_metrics, tus.users)
    , m_http(m_router, m_metrics, limitsFor(options.http, *m_store), tus.verbose)
    , m_timedWork(
          *m_store, [this](const QString &line) { m_service.log(line); }, options.expireAfter,
          options.keepFinished, options.reconcileAfter)
{
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
    m_timedWork.start();
    m_running = true;
    return true;
}

int HoistdInstance::stop()
{
    if (!m_running)
        return 0;
    m_running = false;
    const StopDeadline deadline(StopGrace, [this] {
        m_service.log(QStringLiteral("still stopping after %1 s: the store's calls in flight are "
                                     "abandoned")
                          .arg(StopGrace.count()));
        m_store->abortCalls();
    });
    m_timedWork.stop();
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
