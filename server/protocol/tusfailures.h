#pragma once

#include "httpmessage.h"
#include "logthrottle.h"
#include "storefailure.h"

#include <array>
#include <memory>

class HoistdMetrics;
class TusLog;

// TusService's answers when the store could not do what a request asked, by the failure's kind:
//  - Full: 507 Insufficient Storage with Retry-After. Room comes back when someone makes it; the
//    upload keeps the offset that is durably stored, so the client resumes from there.
//  - Unavailable: 503 with Retry-After (the storage's own, else ours): PostgreSQL or the bucket
//    will be back, and nothing acknowledged was lost.
//  - Fenced: 409, as for an Upload-Offset that does not match. Another instance took the upload
//    over and this request's bytes were not recorded; what the client must do is what tus asks
//    after a 409: HEAD for the offset the upload now has, and go on from there. (423, the answer
//    for a lock held by another request, would have it send the same bytes from the same offset
//    again, which the new holder may have moved past.)
//  - Storage: 500.
// Each kind is logged at most once a minute (a full disk fails every request until it has room,
// and the log is often on the same disk), counted in /metrics, never echoed to the client.
// Thread-safe.
class TusFailures final {
    Q_DISABLE_COPY_MOVE(TusFailures)
public:
    static constexpr int FullRetryAfterSeconds = 60;
    static constexpr int UnavailableRetryAfterSeconds = 10;

    TusFailures(const TusLog &log, HoistdMetrics *metrics);
    ~TusFailures();

    // The answer to a request that could not `what` (for the log: "store PATCH <id>").
    HttpResponse answer(const StoreFailure &failure, const QString &what) const;
    // The answer to a request whose upload the store could not look up now (Lookup::Unavailable).
    HttpResponse lookupFailed(const QString &id) const;
    // A request's bytes were stored: there is room again (for the metrics' gauge).
    void stored() const;

private:
    void log(StoreFailure::Kind kind, const QString &line) const;

    const TusLog &m_log;
    HoistdMetrics *m_metrics;
    std::array<std::unique_ptr<LogThrottle>, 4> m_throttles; // one per kind
};
