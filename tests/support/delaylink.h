#pragma once

#include "proxysupport.h"

#include <QObject>
#include <QString>
#include <QUrl>

#include <chrono>

class DelayLinkEngine;

// A TCP proxy on 127.0.0.1 that makes loopback look like a far-away link (this kernel has no
// netem): every byte is held back by a one-way delay, and each direction is paced to a rate that
// all connections share, as they would share one access link. Bytes read at `arrival` leave the
// link at max(arrival, when it is free) + bits / rate and reach the other side `delay` after that,
// in segments of about a millisecond of the link's time.
//
// As over a real link, a new connection reaches the target `delay` after it was accepted, and its
// client's first bytes are taken 2 × delay after it (when its handshake would have ended). Each
// connection holds at most window() bytes per direction, like a bottleneck's buffer; beyond that
// it stops reading, and TCP flow control holds the sender back.
//
// Bytes pass unchanged and in order. A close or half-close (FIN) passes on after the bytes before
// it; so does a reset, which then resets the other side.
//
// The forwarding runs in a thread of its own. Setters may be called at any time; they apply to
// bytes read from then on.
class DelayLink final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(DelayLink)
public:
    explicit DelayLink(QObject *parent = nullptr);
    ~DelayLink() override;

    // Listens on 127.0.0.1 (port 0: any free one) and forwards each connection to the target, an
    // address or a name (looked up here, once). False (with errorString()) when it cannot.
    bool start(const QString &targetHost, quint16 targetPort, quint16 listenPort = 0);
    quint16 port() const { return m_port; }
    // http://127.0.0.1:PORT + path
    QUrl url(const QString &path = QStringLiteral("/")) const;
    QString errorString() const { return m_error; }

    void setDelay(std::chrono::microseconds oneWay);
    // Per direction; 0: unlimited.
    void setRate(qint64 bitsPerSecond);
    // A server that slows down under load: bytes read from then on are held back this much more
    // for every connection that has bytes on the link at that moment (its own included), in
    // either direction, so a request or an answer takes longer the more run at once. 0 (the
    // default): none.
    void setLoadDelay(std::chrono::microseconds perBusyConnection);
    // Bytes held per connection and direction. 0 (the default): max(64 KiB, 2 × rate × (delay +
    // 2 ms)), the 2 ms for the timer's granularity; 16 MiB when the rate is unlimited.
    void setWindow(qint64 bytes);
    std::chrono::microseconds delay() const;
    qint64 rate() const;
    qint64 window() const; // in effect now

    // From start() on, appends a line every 100 ms to the file (and one when tracing starts and
    // one when the link stops): "<ms since start> <client→server bytes delivered>
    // <server→client bytes delivered>", totals. An empty path stops it. False when the file
    // cannot be opened.
    bool setTraceFile(const QString &path);

    struct Counters {
        qint64 accepted = 0;       // connections accepted
        qint64 open = 0;           // connections open now
        qint64 upstreamFailed = 0; // connections the target refused
        qint64 reset = 0;          // connections ended by a reset passed on
        qint64 bytesToServer = 0;  // client→server bytes delivered
        qint64 bytesToClient = 0;  // server→client bytes delivered
    };
    Counters counters() const;

private:
    EngineThread<DelayLinkEngine> m_engine; // the forwarding, in a thread of its own
    quint16 m_port = 0;
    QString m_error;
};
