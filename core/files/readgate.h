#pragma once

#include <QtGlobal>

#include <functional>

class QObject;

// What a body device asks before it reads, so that something above core/files (the bandwidth
// limiter in core/transfer) can pace it without this layer depending on it. Used from one thread:
// the one the device lives on.
class ReadGate {
public:
    virtual ~ReadGate() = default;

    // How many of `wanted` bytes may be read now (0..wanted); what it returns counts as spent.
    virtual qint64 take(qint64 wanted) = 0;
    // Calls `wake` once, through `receiver` (so on its thread), when take() may grant again; never
    // after `receiver` was destroyed. A receiver has at most one wait pending at a time.
    virtual void waitForTokens(QObject *receiver, std::function<void()> wake) = 0;

protected:
    ReadGate() = default;
    ReadGate(const ReadGate &) = default;
    ReadGate &operator=(const ReadGate &) = default;
};
