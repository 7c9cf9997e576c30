#include "tusfailures.h"

#include "hoistdmetrics.h"
#include "tuslog.h"
#include "tusservice.h"

namespace {
// One line of each kind a minute; the first after a quiet minute says how many were held back.
constexpr std::chrono::seconds LogWindow{60};
constexpr int InsufficientStorage = 507; // RFC 4918 §11.5

using Kind = StoreFailure::Kind;
using Fault = HoistdMetrics::StoreFault;
static_assert(int(Kind::Storage) == int(Fault::Storage) && int(Kind::Full) == int(Fault::Full)
                  && int(Kind::Unavailable) == int(Fault::Unavailable)
                  && int(Kind::Fenced) == int(Fault::Fenced),
              "the metrics count StoreFailure's kinds by number");
} // namespace

TusFailures::TusFailures(const TusLog &log, HoistdMetrics *metrics)
    : m_log(log)
    , m_metrics(metrics)
{
    for (auto &throttle : m_throttles)
        throttle = std::make_unique<LogThrottle>(1, LogWindow);
}

TusFailures::~TusFailures() = default;

void TusFailures::log(StoreFailure::Kind kind, const QString &line) const
{
    for (const QString &out : m_throttles[size_t(kind)]->pass(line))
        m_log.line(out);
}

HttpResponse TusFailures::answer(const StoreFailure &failure, const QString &what) const
{
    log(failure.kind,
        QStringLiteral("cannot %1 (%2): %3")
            .arg(what, QLatin1String(StoreFailure::name(failure.kind)), failure.text));
    if (m_metrics)
        m_metrics->storeFailed(Fault(int(failure.kind)));
    const auto retryAfter = [&](int ours) {
        return QByteArray::number(
            failure.retryAfter.count() > 0 ? qint64(failure.retryAfter.count()) : qint64(ours));
    };
    HttpResponse r;
    switch (failure.kind) {
    case Kind::Full:
        r = tusError(InsufficientStorage, QStringLiteral("The server has no room for the data "
                                                         "now; what it acknowledged is kept. "
                                                         "Try again later."));
        r.set("Retry-After", retryAfter(FullRetryAfterSeconds));
        return r;
    case Kind::Unavailable:
        r = tusError(503, QStringLiteral("The server's storage cannot be reached now; what it "
                                         "acknowledged is kept. Try again later."));
        r.set("Retry-After", retryAfter(UnavailableRetryAfterSeconds));
        return r;
    case Kind::Fenced:
        return tusError(409, QStringLiteral("Another server instance took this upload over; ask "
                                            "for its offset (HEAD) and go on from there."));
    case Kind::Storage:
        break;
    }
    return tusError(500, QStringLiteral("The server could not store the data."));
}

HttpResponse TusFailures::lookupFailed(const QString &id) const
{
    return answer(StoreFailure::unavailable(QStringLiteral("the index did not answer")),
                  QStringLiteral("look up %1").arg(id));
}

void TusFailures::stored() const
{
    if (m_metrics)
        m_metrics->storeWrote();
}
