#pragma once

#include "proxysupport.h"

#include <QObject>
#include <QString>
#include <QUrl>

class FaultProxyEngine;

// A TCP proxy on 127.0.0.1 (port 0) between a client under test and a real server, that can
// break the network on purpose: reset connections mid-body, stall them, refuse them.
//
// The forwarding runs in a thread of its own, so that a test moving hundreds of MB/s does not
// wait on it and so that it keeps forwarding while the test's thread is busy. Every setter may be
// called at any time from the thread that owns the proxy; the ones that act on connections
// (resetAllNow, setStalled, setRefusing, setTarget) have taken effect when they return.
//
// Faults are drawn per connection when it is accepted, from a generator seeded by setSeed(), so
// the same seed and the same order of connections give the same faults.
class FaultProxy final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(FaultProxy)
public:
    static constexpr qint64 DefaultFaultWindow = 1024 * 1024;

    explicit FaultProxy(QObject *parent = nullptr);
    ~FaultProxy() override;

    // Listens on 127.0.0.1, port 0, and forwards each connection to the target. False (with
    // errorString()) when it cannot.
    bool start(const QString &targetHost, quint16 targetPort);
    quint16 port() const { return m_port; }
    // http://127.0.0.1:PORT + path
    QUrl url(const QString &path = QStringLiteral("/")) const;
    QString errorString() const { return m_error; }

    // Where connections accepted from now on go (open ones stay where they are).
    void setTarget(const QString &host, quint16 port);

    void setSeed(quint32 seed);
    // Each new connection, with probability p, is reset (RST to both sides) once a number of
    // client→server bytes drawn from [1, window] has been forwarded.
    void setResetProbability(double p);
    void setResetWindow(qint64 bytes);
    // Each new connection that is not to be reset, with probability p, stops moving in both
    // directions, and stays open, once [1, window] client→server bytes have been forwarded: a
    // dead peer. It stays so until one side closes it; setStalled(false) does not revive it.
    void setStallProbability(double p);
    void setStallWindow(qint64 bytes);

    // Aborts every open connection (RST to both sides).
    void resetAllNow();
    // While on, nothing more is forwarded either way (what was already passed on, at most a few
    // MiB per direction, still arrives); connections stay open and their bytes are held, in
    // bounded buffers and then by TCP flow control. Off: forwarding goes on where it stopped.
    void setStalled(bool stalled);
    // While on, the port is closed: connecting gives "connection refused". Off: the proxy listens
    // on the same port again. Open connections are left alone.
    bool setRefusing(bool refusing);

    struct Counters {
        qint64 accepted = 0;       // connections accepted
        qint64 reset = 0;          // connections reset by a fault (drawn or resetAllNow)
        qint64 stalled = 0;        // connections stalled by a drawn fault
        qint64 upstreamFailed = 0; // connections closed because the target could not be reached
        qint64 open = 0;           // connections open now
        qint64 bytesToServer = 0;  // client→server bytes forwarded
        qint64 bytesToClient = 0;  // server→client bytes forwarded
    };
    Counters counters() const;
    void resetCounters();

private:
    EngineThread<FaultProxyEngine> m_engine; // the forwarding, in a thread of its own
    quint16 m_port = 0;
    QString m_error;
};
