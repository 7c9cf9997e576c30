#include "backendmetrics.h"

#include <algorithm>

namespace {
constexpr std::array<const char *, BackendMetrics::S3MethodCount> S3MethodNames{
    "GET", "HEAD", "PUT", "POST", "DELETE", "other"};
constexpr std::array<const char *, BackendMetrics::StatusClassCount> StatusClassNames{
    "none", "2xx", "3xx", "4xx", "5xx"};
constexpr std::array<const char *, 2> OutcomeNames{"error", "ok"};

void family(QByteArray &out, const char *name, const char *type, const char *help)
{
    out += QByteArray("# HELP ") + name + ' ' + help + "\n# TYPE " + name + ' ' + type + '\n';
}

int statusClass(int status)
{
    return status >= 200 && status < 600 ? status / 100 - 1 : 0;
}
} // namespace

void BackendMetrics::Histogram::observe(std::chrono::nanoseconds took)
{
    const double seconds = std::chrono::duration<double>(took).count();
    const auto bucket = std::lower_bound(BucketBounds.begin(), BucketBounds.end(), seconds);
    buckets[size_t(bucket - BucketBounds.begin())].fetch_add(1, std::memory_order_relaxed);
    nanos.fetch_add(quint64(std::max<qint64>(0, took.count())), std::memory_order_relaxed);
}

quint64 BackendMetrics::Histogram::count() const
{
    quint64 total = 0;
    for (const Counter &bucket : buckets)
        total += bucket.load(std::memory_order_relaxed);
    return total;
}

void BackendMetrics::Histogram::render(QByteArray &out, const char *name,
                                       const QByteArray &labels) const
{
    quint64 cumulative = 0;
    for (size_t b = 0; b < buckets.size(); ++b) {
        cumulative += buckets[b].load(std::memory_order_relaxed);
        const QByteArray le =
            b < BucketBounds.size() ? QByteArray::number(BucketBounds[b], 'g', 15) : "+Inf";
        out += QByteArray(name) + "_bucket{" + labels + ",le=\"" + le + "\"} "
               + QByteArray::number(cumulative) + '\n';
    }
    const double seconds = double(nanos.load(std::memory_order_relaxed)) / 1e9;
    out += QByteArray(name) + "_sum{" + labels + "} " + QByteArray::number(seconds, 'g', 15) + '\n';
    out += QByteArray(name) + "_count{" + labels + "} " + QByteArray::number(cumulative) + '\n';
}

void BackendMetrics::s3Request(const QByteArray &method, int status, std::chrono::nanoseconds took)
{
    size_t m = size_t(S3Method::Other);
    for (size_t i = 0; i < m; ++i) {
        if (method == S3MethodNames[i])
            m = i;
    }
    m_s3[m][size_t(statusClass(status))].observe(took);
}

void BackendMetrics::pgStatement(bool ok, std::chrono::nanoseconds took)
{
    m_pg[ok ? 1 : 0].observe(took);
}

QByteArray BackendMetrics::render() const
{
    if (!m_enabled.load(std::memory_order_relaxed))
        return {};
    QByteArray out;
    family(out, "hoistd_s3_request_duration_seconds", "histogram",
           "Requests sent to S3 (each retry too), by method and status class (none: no answer; "
           "series appear once used).");
    for (size_t m = 0; m < m_s3.size(); ++m) {
        for (size_t c = 0; c < m_s3[m].size(); ++c) {
            if (m_s3[m][c].count())
                m_s3[m][c].render(out, "hoistd_s3_request_duration_seconds",
                                  QByteArray("method=\"") + S3MethodNames[m] + "\",status=\""
                                      + StatusClassNames[c] + '"');
        }
    }
    family(out, "hoistd_pg_statement_duration_seconds", "histogram",
           "Statements sent to PostgreSQL, by outcome.");
    for (size_t o = 0; o < m_pg.size(); ++o)
        m_pg[o].render(out, "hoistd_pg_statement_duration_seconds",
                       QByteArray("outcome=\"") + OutcomeNames[o] + '"');
    family(out, "hoistd_lease_handovers_total", "counter",
           "Uploads another instance let go of when this one asked for them.");
    out += "hoistd_lease_handovers_total "
           + QByteArray::number(m_handOvers.load(std::memory_order_relaxed)) + '\n';
    return out;
}
