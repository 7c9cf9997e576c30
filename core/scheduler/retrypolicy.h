#pragma once

#include "transfererror.h"

#include <chrono>
#include <random>

// Exponential back-off with full jitter: the n-th retry waits a uniformly random time in
// [0, min(maxDelay, baseDelay * 2^n)], and never less than the server's Retry-After.
// A transient failure never ends an upload by its count: it is tried again for as long as
// something moves, and given up only after giveUpAfter without progress (confirmed bytes not
// growing). maxRetries is a cap for whoever wants one (tests that take the first failure as the
// answer set 0); by default there is none.
struct RetryPolicy {
    static constexpr int Unlimited = -1;
    static constexpr std::chrono::milliseconds DefaultGiveUpAfter{24LL * 3600 * 1000};

    int maxRetries = Unlimited;
    std::chrono::milliseconds baseDelay{1000};
    std::chrono::milliseconds maxDelay{5 * 60 * 1000};
    // 0: never give up.
    std::chrono::milliseconds giveUpAfter = DefaultGiveUpAfter;

    bool shouldRetry(const TransferError &error, int retriesSoFar) const;
    // Whether an upload (or a server) that has made no progress for `msWithoutProgress` is given
    // up.
    bool givesUp(qint64 msWithoutProgress) const
    {
        return giveUpAfter.count() > 0 && msWithoutProgress >= giveUpAfter.count();
    }
    std::chrono::milliseconds delayFor(int retriesSoFar, const TransferError &error,
                                       std::mt19937 &random) const;
};
