#pragma once

#include <QByteArray>
#include <QNetworkReply>
#include <QObject>
#include <QPointer>
#include <QTimer>

class RequestGroup;

// The reply of one sent request (S3Request, WebDavRequest), read and watched: its answer read as
// it comes and cut off past a bound (memory never grows with it), a timer that any bytes moving
// either way restart, Nagle turned off on its connections. For each reply watched it emits
// finished() or stalled() once (the reply then aborted and deleted later); nothing after drop().
//
// Once a body has all been handed over, its answer may take the stall timeout plus the body's
// size at DrainBytesPerSecond: "handed over" means into the system's socket buffers, which on a
// slow link hold seconds of it (4 MiB a connection on Linux; more behind a proxy), and nothing
// moves on the reply while they drain. Through 60 ms each way at 20 Mbit/s, a 128 MiB file in
// 16 parts had a part's answer come after the 30 s stall timeout.
class WatchedReply final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(WatchedReply)
public:
    WatchedReply(int stallTimeoutMs, qint64 maxAnswerBytes, QObject *parent = nullptr);
    ~WatchedReply() override;

    static constexpr qint64 DrainBytesPerSecond = 128 * 1024;

    void setStallTimeout(int ms) { m_stallTimeoutMs = qMax(1, ms); }
    int stallTimeout() const { return m_stallTimeoutMs; }
    // How long nothing moved before stalled() (the stall timeout, longer awaiting an answer).
    int stalledAfterMs() const { return m_stallTimer.interval(); }
    void setMaxAnswerBytes(qint64 bytes) { m_maxAnswerBytes = bytes; }
    qint64 maxAnswerBytes() const { return m_maxAnswerBytes; }

    // Starts watching `reply` (just sent) in place of any before.
    void watch(QNetworkReply *reply);
    // The reply aborted and let go (endReply(): freed rather than aborted when `group` failed);
    // nothing is emitted for it.
    void drop(const RequestGroup *group = nullptr);
    bool isRunning() const { return m_reply != nullptr; }

Q_SIGNALS:
    void uploadProgress(qint64 sent, qint64 total);
    // `body` is what was read of the answer, `tooLarge` whether it passed the bound.
    void finished(QNetworkReply *reply, const QByteArray &body, bool tooLarge);
    void stalled();

private:
    void onStalled();

    QPointer<QNetworkReply> m_reply;
    QTimer m_stallTimer;
    int m_stallTimeoutMs;
    qint64 m_maxAnswerBytes;
};
