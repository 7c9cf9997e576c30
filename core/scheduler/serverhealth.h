#pragma once

#include "retrypolicy.h"
#include "transfer.h"

#include <QHash>
#include <QObject>
#include <QPointer>
#include <QString>
#include <QTimer>
#include <QUrl>

#include <functional>
#include <memory>
#include <random>

class Clock;
class NetworkStatus;
class SleepDetector;

// One server while it does not answer, as the uploads waiting for it and the window read it.
// Shared (read-only) with those uploads, so that each row shows the note and the next try of the
// current outage without anyone walking the uploads when they change.
struct ServerOutage {
    bool down = false;
    QUrl endpoint;            // the endpoint that is asked whether the server is back
    qint64 sinceWallMs = 0;   // when it stopped answering (ms since the epoch)
    qint64 nextTryWallMs = 0; // when it is asked next; 0 while a probe is on its way
    QString cause;            // why the last attempt failed: "Connection refused by ..."
    QString note;             // "Down since 13:11 · next try" (a row adds " in 2 min")
    int probes = 0;           // probes sent in this outage
};

// Which servers answer. When an upload fails because its server is not reachable (connection
// refused or reset, no such host, a timeout, a stalled connection: isUnreachable()), the server
// is marked down; the scheduler then starts none of its uploads, and this class alone asks it,
// one probe per back-off step (TransferProtocol::checkServer: tus OPTIONS, S3 HEAD bucket), with
// full jitter up to the policy's cap. When it answers, serverUp() lets all its uploads go at once.
// 10,000 uploads waiting for a dead server cost one request per step, and every event here costs
// the same however many uploads wait.
//
// It wakes at once (asks every down server now, back-off from the first step, and drops kept-alive
// connections) when the network comes back or changes (NetworkStatus), after the machine resumed
// from sleep (SleepDetector), and when the person asks (wake(): Retry, Resume all).
// A server down for the policy's giveUpAfter (monotonic time: sleep does not count) is given up:
// gaveUp() tells the scheduler to end the uploads waiting for it.
class ServerHealth final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ServerHealth)
public:
    using HeadersFor = std::function<HttpHeaders(const QUrl &endpoint)>;

    // `clock`: the engine's (not owned, never null).
    ServerHealth(TransferProtocol *protocol, HeadersFor headersFor, Clock *clock,
                 QObject *parent = nullptr);
    ~ServerHealth() override;

    // Time and the network as the engine reads them (not owned; no network source until set).
    void setClock(Clock *clock);
    Clock *clock() const { return m_clock; }
    void setNetworkStatus(NetworkStatus *status);
    void setPolicy(const RetryPolicy &policy) { m_policy = policy; }

    // Whether `error` says the server could not be reached at all (rather than answered no).
    static bool isUnreachable(const TransferError &error);
    // What tells servers apart (NetworkPool::serverOf).
    static QString keyOf(const QUrl &endpoint);

    // An upload to `endpoint` failed with `error` (isUnreachable()): its server is down, if it
    // was not already. The returned outage is the one the upload waits for.
    std::shared_ptr<const ServerOutage> markDown(const QUrl &endpoint, const TransferError &error);
    // The record of `endpoint`'s server, made on first use and the same for its whole life (down
    // or not): uploads hold it to show the outage they wait for.
    std::shared_ptr<const ServerOutage> recordFor(const QUrl &endpoint);
    bool anyDown() const { return m_down > 0; }
    bool isDown(const QUrl &endpoint) const;
    // The server's outage record (also once it is over: then down is false); null if none yet.
    std::shared_ptr<const ServerOutage> outageOf(const QUrl &endpoint) const;
    // Bytes moved on `endpoint`'s server: its next outage's back-off starts from the first step.
    void progressed(const QUrl &endpoint);
    // Asks every down server now and restarts their back-off; drops kept-alive connections first
    // when `networkChanged`.
    void wake(bool networkChanged = false);
    // Asks `endpoint`'s server now, if it is down, and restarts its back-off.
    void wakeServer(const QUrl &endpoint);

    // Probes sent in all, for tests and figures.
    int probesSent() const { return m_probesSent; }

Q_SIGNALS:
    void serverDown(const QUrl &endpoint, const QString &cause);
    void serverUp(const QUrl &endpoint, qint64 downForMs);
    // An outage's note or next try changed (a probe failed, a wake).
    void outageChanged(const QUrl &endpoint);
    // The network changed (or the machine woke): kept-alive connections are about to be closed.
    // Whoever has requests in flight stops them now and sends them again: Qt's managers drop a
    // request in flight with their connections without ever finishing it.
    void networkChanged();
    // Down without progress for the policy's giveUpAfter: the uploads waiting for it are ended
    // with `message`; the server counts as up again for whatever is queued to it later.
    void gaveUp(const QUrl &endpoint, const TrText &message);

private:
    struct Server {
        std::shared_ptr<ServerOutage> outage;
        qint64 downSinceMonoMs = 0;
        qint64 nextProbeMonoMs = 0; // 0 while a probe is on its way (or up)
        int step = 0;               // back-off steps taken since the last progress
        bool probing = false;
        bool askAgain = false; // woken while probing: a failure is asked again at once
    };

    void probe(const QString &key);
    void onChecked(const QUrl &endpoint, const TransferError &error);
    void scheduleNext(Server &server);
    void arm();
    void onTimer();
    void updateNote(ServerOutage &outage) const;

    TransferProtocol *m_protocol;
    HeadersFor m_headersFor;
    Clock *m_clock = nullptr;
    QPointer<NetworkStatus> m_network;
    SleepDetector *m_sleep = nullptr;
    RetryPolicy m_policy;
    std::mt19937 m_random;
    QHash<QString, Server> m_servers;
    int m_down = 0;
    int m_probesSent = 0;
    QTimer m_timer;
};
