#pragma once

#include "concurrencylevels.h"
#include "loadresponse.h"
#include "uploadtypes.h"

#include <QHash>
#include <QVector>

#include <functional>

class UploadTask;

// How many requests may be in flight, in all and to each server: a fixed number the person chose
// (with an optional cap per server), or Parallel: Auto, where each server's level is found by its
// ConcurrencyController (ConcurrencyLevels). The scheduler asks this one place for its limits and
// feeds it what happened; it never decides them itself.
class ConcurrencyLimits final {
    Q_DISABLE_COPY_MOVE(ConcurrencyLimits)
public:
    static constexpr int MinConcurrency = 1;
    static constexpr int MaxConcurrency = 64;

    // `serverIndexOf` finds the index of a server (NetworkPool::serverOf), -1 if none.
    explicit ConcurrencyLimits(std::function<int(const QString &)> serverIndexOf);

    // Returns true when it changed.
    bool setAuto(bool on);
    bool isAuto() const { return m_auto; }
    void setFixed(int limit) { m_fixed = qBound(MinConcurrency, limit, MaxConcurrency); }
    int fixed() const { return m_fixed; }
    void setPerServer(int limit) { m_perServer = limit <= 0 ? 0 : qMin(limit, MaxConcurrency); }
    int perServer() const { return m_perServer; }

    // Requests in flight at once across servers: Auto's ceiling, or the fixed number.
    int global() const { return m_auto ? MaxConcurrency : m_fixed; }
    // The limit on server `server` (0: none but the global one).
    int on(int server);
    // Requests allowed in flight now, across servers (the status bar's figure).
    int level() const;
    // The level of server `server` (-1: unknown) as a person reads it; 0 when none yet.
    int levelFor(int server) const;
    int peakFor(int server) const { return m_levels.peakLevelOf(server); }
    // Parallel parts one upload to `server` may send at once: the global limit, or one with
    // Auto to a near server (ConcurrencyController::NearServerUs): one stream carries all the
    // link can (its round trip is too short for a TCP window to hold it back), and parts would
    // cost their joining for nothing. One too to a server whose answers slow down with our
    // requests at once (LoadResponse::Grows): there each part's requests make every other's
    // later, and a far round trip is not what holds one stream back.
    int streamsOn(int server) const;
    // Whether a small request to `server` was timed (streamsOn() then knows near from far).
    bool knowsDistanceTo(int server) const { return m_levels.leastSmallRequestUs(server) > 0; }
    // Whether how `server` answers under our load (LoadCheck) would change streamsOn(): Auto, a
    // server that looks far, and not measured yet.
    bool wantsLoadCheck(int server) const;
    void setLoadResponse(int server, LoadResponse response);
    LoadResponse loadResponse(int server) const
    {
        return m_loadResponse.value(server, LoadResponse::Unknown);
    }

    // A request ended; true when a level that counts moved.
    bool sampled(const RequestSample &sample) { return m_levels.sampled(sample) && m_auto; }
    // After a scheduling pass, with Auto: what each server could use now. `inFlight`: requests
    // per server; `running`: the uploading tasks; `serverOf`: a task's server; `readyWaitsOn`:
    // whether a task ready to start waits for a slot on a server.
    void noteDemand(const QVector<int> &inFlight, const QHash<TaskId, UploadTask *> &running,
                    const std::function<int(const UploadTask &)> &serverOf,
                    const std::function<bool(int server)> &readyWaitsOn);

    // Tells when a level moved.
    const ConcurrencyLevels &levels() const { return m_levels; }

private:
    ConcurrencyLevels m_levels;
    QHash<int, LoadResponse> m_loadResponse; // by server
    bool m_auto = true;
    int m_fixed = 3;
    int m_perServer = 0;
};
