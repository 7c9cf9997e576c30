#include "retrypolicy.h"

#include <algorithm>

namespace {
// A server asking for a longer pause than this is misbehaving or misconfigured; waiting hours in a
// desktop app helps nobody.
constexpr std::chrono::milliseconds MaxRetryAfter{10 * 60 * 1000};
} // namespace

bool RetryPolicy::shouldRetry(const TransferError &error, int retriesSoFar) const
{
    return error.isTransient() && (maxRetries < 0 || retriesSoFar < maxRetries);
}

std::chrono::milliseconds RetryPolicy::delayFor(int retriesSoFar, const TransferError &error,
                                                std::mt19937 &random) const
{
    using std::chrono::milliseconds;
    const qint64 base = std::max<qint64>(0, baseDelay.count());
    const qint64 ceiling = std::max<qint64>(0, maxDelay.count());
    const int n = std::max(0, retriesSoFar);

    // base * 2^n without overflow: once it would pass the ceiling, the ceiling is the cap.
    qint64 cap = ceiling;
    if (base == 0)
        cap = 0;
    else if (n < 62 && base <= (ceiling >> n))
        cap = base << n;

    std::uniform_int_distribution<qint64> draw(0, cap);
    qint64 delay = draw(random);

    if (error.retryAfter) {
        const qint64 floor =
            std::clamp<qint64>(error.retryAfter->count(), 0, MaxRetryAfter.count());
        delay = std::max(delay, floor);
    }
    return milliseconds(delay);
}
