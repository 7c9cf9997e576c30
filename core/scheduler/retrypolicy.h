#pragma once

#include "transfererror.h"

#include <chrono>
#include <random>

// Exponential back-off with full jitter: the n-th retry waits a uniformly random time in
// [0, min(maxDelay, baseDelay * 2^n)], and never less than the server's Retry-After.
struct RetryPolicy {
    int maxRetries = 5;
    std::chrono::milliseconds baseDelay{1000};
    std::chrono::milliseconds maxDelay{60000};

    bool shouldRetry(const TransferError &error, int retriesSoFar) const;
    std::chrono::milliseconds delayFor(int retriesSoFar, const TransferError &error,
                                       std::mt19937 &random) const;
};
