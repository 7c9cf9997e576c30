#pragma once

#include <QByteArray>

#include <array>
#include <atomic>
#include <chrono>

// What the cluster store's back ends cost, for GET /metrics (issue 20): S3 requests by method and
// status class, PostgreSQL statements by outcome, each a histogram of seconds; and the leases
// another instance handed over. Lock-free like HoistdMetrics (the observers run on HTTP workers'
// threads). Nothing is shown until enable(): the single-machine store has neither back end.
class BackendMetrics final {
    Q_DISABLE_COPY_MOVE(BackendMetrics)
public:
    enum class S3Method { Get, Head, Put, Post, Delete, Other };
    static constexpr int S3MethodCount = int(S3Method::Other) + 1;
    // The answer's status class: none (no answer: a connection or a timeout failed), 2xx..5xx.
    static constexpr int StatusClassCount = 5;

    BackendMetrics() = default;

    void enable() { m_enabled.store(true, std::memory_order_relaxed); }
    // One request sent to S3 (a retry is another): its method, the status (0: no answer).
    void s3Request(const QByteArray &method, int status, std::chrono::nanoseconds took);
    // One statement sent to PostgreSQL.
    void pgStatement(bool ok, std::chrono::nanoseconds took);
    // An upload this instance took over from another that let go of it when asked.
    void leaseHandedOver() { m_handOvers.fetch_add(1, std::memory_order_relaxed); }

    // The families, or nothing before enable().
    QByteArray render() const;

private:
    // Upper bounds in seconds: from a statement on a local socket to a part of many MiB.
    static constexpr std::array<double, 13> BucketBounds{
        0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5, 30};
    using Counter = std::atomic<quint64>;
    struct Histogram {
        std::array<Counter, BucketBounds.size() + 1> buckets{}; // the last is +Inf
        Counter nanos{0};

        void observe(std::chrono::nanoseconds took);
        quint64 count() const;
        // The _bucket, _sum and _count lines of `name` with `labels` ("a=\"b\",c=\"d\"").
        void render(QByteArray &out, const char *name, const QByteArray &labels) const;
    };

    std::atomic<bool> m_enabled{false};
    std::array<std::array<Histogram, StatusClassCount>, S3MethodCount> m_s3{};
    std::array<Histogram, 2> m_pg{}; // failed, ok
    Counter m_handOvers{0};
};
