#include "hoistdmetrics.h"

#include <algorithm>

namespace {
constexpr std::array<const char *, HoistdMetrics::MethodCount> MethodNames{
    "GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "CONNECT", "TRACE", "other"};
constexpr std::array<const char *, HoistdMetrics::RefusalCount> RefusalNames{
    "auth",    "quota",  "connections_per_address", "header_timeout", "headers_too_large",
    "framing", "method", "unfinished_uploads"};
constexpr std::array<const char *, HoistdMetrics::StoreFaultCount> StoreFaultNames{
    "storage", "full", "unavailable", "fenced"};

QByteArray number(double value)
{
    return QByteArray::number(value, 'g', 15);
}

void family(QByteArray &out, const char *name, const char *type, const char *help)
{
    out += QByteArray("# HELP ") + name + ' ' + help + "\n# TYPE " + name + ' ' + type + '\n';
}
} // namespace

HoistdMetrics::Method HoistdMetrics::methodOf(const QByteArray &name)
{
    for (int i = 0; i < int(Method::Other); ++i) {
        if (name == MethodNames[size_t(i)])
            return Method(i);
    }
    return Method::Other;
}

void HoistdMetrics::requestAnswered(Method method, int status, std::chrono::nanoseconds took)
{
    if (status >= MinStatus && status < MinStatus + StatusCount)
        add(m_requests[size_t(method)][size_t(status - MinStatus)], 1);
    const double seconds = std::chrono::duration<double>(took).count();
    const auto bucket = std::lower_bound(BucketBounds.begin(), BucketBounds.end(), seconds);
    add(m_durations[size_t(bucket - BucketBounds.begin())], 1);
    add(m_durationNanos, quint64(std::max<qint64>(0, took.count())));
}

QByteArray HoistdMetrics::render(const Uploads &uploads) const
{
    QByteArray out;
    out.reserve(4096);
    family(out, "hoistd_uploads", "gauge", "Uploads held, by state.");
    out += "hoistd_uploads{state=\"unfinished\"} " + QByteArray::number(uploads.unfinished) + '\n';
    out += "hoistd_uploads{state=\"finished\"} " + QByteArray::number(uploads.finished) + '\n';

    family(out, "hoistd_received_bytes_total", "counter", "Request body bytes received.");
    out += "hoistd_received_bytes_total " + QByteArray::number(read(m_received)) + '\n';

    family(out, "hoistd_requests_total", "counter",
           "Requests answered, by method and status (series appear once non-zero).");
    for (int m = 0; m < MethodCount; ++m) {
        for (int s = 0; s < StatusCount; ++s) {
            if (const quint64 n = read(m_requests[size_t(m)][size_t(s)]))
                out += QByteArray("hoistd_requests_total{method=\"") + MethodNames[size_t(m)]
                       + "\",status=\"" + QByteArray::number(MinStatus + s) + "\"} "
                       + QByteArray::number(n) + '\n';
        }
    }

    family(out, "hoistd_request_duration_seconds", "histogram",
           "From a request's head to its answer, body included.");
    quint64 cumulative = 0;
    for (size_t b = 0; b < m_durations.size(); ++b) {
        cumulative += read(m_durations[b]);
        const QByteArray le = b < BucketBounds.size() ? number(BucketBounds[b]) : "+Inf";
        out += "hoistd_request_duration_seconds_bucket{le=\"" + le + "\"} "
               + QByteArray::number(cumulative) + '\n';
    }
    out +=
        "hoistd_request_duration_seconds_sum " + number(double(read(m_durationNanos)) / 1e9) + '\n';
    out += "hoistd_request_duration_seconds_count " + QByteArray::number(cumulative) + '\n';

    family(out, "hoistd_open_connections", "gauge", "Client connections open now.");
    out += "hoistd_open_connections "
           + QByteArray::number(m_openConnections.load(std::memory_order_relaxed)) + '\n';

    family(out, "hoistd_refusals_total", "counter",
           "Requests and connections turned away, by reason.");
    for (int r = 0; r < RefusalCount; ++r)
        out += QByteArray("hoistd_refusals_total{reason=\"") + RefusalNames[size_t(r)] + "\"} "
               + QByteArray::number(read(m_refusals[size_t(r)])) + '\n';

    family(out, "hoistd_instant_completions_total", "counter",
           "Uploads completed by instant upload (a proof accepted, no bytes sent).");
    out += "hoistd_instant_completions_total " + QByteArray::number(read(m_instant)) + '\n';

    family(out, "hoistd_store_failures_total", "counter",
           "Requests the storage failed, by kind (full: 507, unavailable: 503, fenced: 409, "
           "storage: 500).");
    for (int f = 0; f < StoreFaultCount; ++f)
        out += QByteArray("hoistd_store_failures_total{kind=\"") + StoreFaultNames[size_t(f)]
               + "\"} " + QByteArray::number(read(m_storeFaults[size_t(f)])) + '\n';
    family(out, "hoistd_storage_full", "gauge",
           "1 from a write that found no room until a request's bytes are stored again.");
    out += "hoistd_storage_full "
           + QByteArray::number(m_storageFull.load(std::memory_order_relaxed)) + '\n';
    return out;
}
