#pragma once

#include <QByteArray>

#include <array>
#include <atomic>
#include <chrono>

// hoistd's counters, for GET /metrics in the Prometheus text exposition format (version 0.0.4).
// Every count is a relaxed atomic, so HTTP workers and the protocol count without a lock; a
// scrape reads each once (one scrape is not a snapshot of one instant, but each histogram is
// consistent with itself). Label values come from fixed sets, never from what a client sent.
class HoistdMetrics final {
    Q_DISABLE_COPY_MOVE(HoistdMetrics)
public:
    // The methods HTTP defines (RFC 9110 §9, and PATCH); anything else is Other.
    enum class Method { Get, Head, Post, Put, Patch, Delete, Options, Connect, Trace, Other };
    static constexpr int MethodCount = int(Method::Other) + 1;
    // Why a request or a connection was turned away.
    enum class Refusal {
        Auth,                  // 401: no token, or one nobody has
        Quota,                 // 413: over the user's quota
        ConnectionsPerAddress, // a connection over --max-connections-per-address, closed at once
        HeaderTimeout,         // a connection whose request head did not come within the deadline
        HeadersTooLarge,       // 431
        Framing,               // 400/501: a head a proxy could read differently (RFC 9112)
        Method,                // 501: a method HTTP does not define (they are case-sensitive)
        UnfinishedUploads,     // 429: the user's limit on unfinished uploads (--max-unfinished)
    };
    static constexpr int RefusalCount = int(Refusal::UnfinishedUploads) + 1;
    // Why the storage could not do what a request asked (as StoreFailure's kinds).
    enum class StoreFault {
        Storage,     // 500
        Full,        // 507: no room
        Unavailable, // 503: the index or the bucket out of reach
        Fenced,      // 409: another instance took the upload over
    };
    static constexpr int StoreFaultCount = int(StoreFault::Fenced) + 1;

    struct Uploads {
        qint64 unfinished = 0;
        qint64 finished = 0;
    };

    static constexpr char ContentType[] = "text/plain; version=0.0.4; charset=utf-8";

    HoistdMetrics() = default;

    // The method as the request line spelled it; case-sensitive, as HTTP's methods are.
    static Method methodOf(const QByteArray &name);

    void requestAnswered(Method method, int status, std::chrono::nanoseconds took);
    void bodyReceived(qint64 bytes) { add(m_received, quint64(bytes)); }
    void connectionOpened() { m_openConnections.fetch_add(1, std::memory_order_relaxed); }
    void connectionClosed() { m_openConnections.fetch_sub(1, std::memory_order_relaxed); }
    void refused(Refusal reason) { add(m_refusals[size_t(reason)], 1); }
    void instantCompleted() { add(m_instant, 1); }
    // A store failure; Full also raises hoistd_storage_full until storeWrote().
    void storeFailed(StoreFault fault)
    {
        add(m_storeFaults[size_t(fault)], 1);
        if (fault == StoreFault::Full)
            m_storageFull.store(1, std::memory_order_relaxed);
    }
    // A request's bytes were stored: there is room again.
    void storeWrote() { m_storageFull.store(0, std::memory_order_relaxed); }

    // The exposition; `uploads` are counted by the caller (the storage) at scrape time.
    QByteArray render(const Uploads &uploads) const;

private:
    static constexpr int MinStatus = 100;
    static constexpr int StatusCount = 500; // 100-599
    // Upper bounds in seconds: from a HEAD on loopback to a PATCH of many MiB on a slow link.
    static constexpr std::array<double, 14> BucketBounds{0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25,
                                                         0.5,   1,     2.5,  5,     10,   30,  120};
    using Counter = std::atomic<quint64>;

    static void add(Counter &counter, quint64 n)
    {
        counter.fetch_add(n, std::memory_order_relaxed);
    }
    static quint64 read(const Counter &counter) { return counter.load(std::memory_order_relaxed); }

    std::array<std::array<Counter, StatusCount>, MethodCount> m_requests{};
    std::array<Counter, BucketBounds.size() + 1> m_durations{}; // per bucket; the last is +Inf
    Counter m_durationNanos{0};
    Counter m_received{0};
    Counter m_instant{0};
    std::atomic<qint64> m_openConnections{0};
    std::array<Counter, RefusalCount> m_refusals{};
    std::array<Counter, StoreFaultCount> m_storeFaults{};
    std::atomic<int> m_storageFull{0};
};
