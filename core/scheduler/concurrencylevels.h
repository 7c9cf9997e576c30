#pragma once

#include "concurrencycontroller.h"
#include "requestsample.h"

#include <QObject>
#include <QTimer>
#include <QVector>

#include <functional>

// The Auto levels of every server uploads go to: one ConcurrencyController per server (by the
// index EndpointLanes gives it), fed with the requests that ended there (RequestSample, from the
// protocol) and with what the scheduler could run there. Tells listeners when a level moved, at
// most a few times a second.
class ConcurrencyLevels final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ConcurrencyLevels)
public:
    // `serverIndexOf` finds the index of a sample's server (NetworkPool::serverOf), -1 if none.
    explicit ConcurrencyLevels(std::function<int(const QString &)> serverIndexOf,
                               QObject *parent = nullptr);

    // The level of server `server`, made at the start level on first use.
    int levelOf(int server);
    // 0 for a server not used yet.
    int knownLevelOf(int server) const;
    int peakLevelOf(int server) const { return m_peaks.value(server); }
    // The least time a small request to `server` took (a round trip and the server's least
    // work), microseconds; 0 when none is known.
    qint64 leastSmallRequestUs(int server) const
    {
        return server >= 0 && server < m_controllers.size()
                   ? m_controllers.at(server).leastSmallRequestUs()
                   : 0;
    }
    // Requests allowed in flight now, across the servers that have work (or had, last).
    int total() const { return m_total; }
    // Feeds each server's demand after a scheduling pass: `inFlight` and `wanted` per server.
    void noteDemand(const QVector<int> &inFlight, const QVector<int> &wanted);
    // Returns true when the level of the sample's server moved.
    bool sampled(const RequestSample &sample);
    // Microseconds on the clock the samples use.
    static qint64 nowUs();

Q_SIGNALS:
    void levelChanged();

private:
    void changed();

    std::function<int(const QString &)> m_serverIndexOf;
    QVector<ConcurrencyController> m_controllers;
    QVector<bool> m_busy; // has work, as of the last noteDemand
    QVector<int> m_peaks; // the highest level reached
    int m_total = 0;
    QTimer m_notify;
};
