#pragma once

#include <QObject>
#include <QPointer>
#include <QTimer>

#include "replydrop.h"
#include "transfererror.h"

#include <memory>

class QNetworkReply;

// The one request a tus transfer has in flight: owns its reply, reports its end, its body's
// progress (never going back when Qt starts a body over on a fresh connection) and a stall when
// nothing moved either way for the stall timeout.
class TusRequestWatch final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TusRequestWatch)
public:
    explicit TusRequestWatch(int stallTimeoutMs, QObject *parent = nullptr);
    ~TusRequestWatch() override;

    // Watches `reply`, whose body carries `bodySize` bytes; drops the one before.
    void watch(QNetworkReply *reply, qint64 bodySize);
    QNetworkReply *reply() const;
    // Body bytes the server has taken so far.
    qint64 sent() const { return m_sent; }
    bool allSent() const { return m_sent >= m_bodySize; }
    // Stops watching and hands the reply over, still running; null when none.
    QNetworkReply *release();
    // Ends the reply, if any (endReply(): aborted, or freed once its group failed).
    void drop();
    // The requests this one stands or falls with (the parts of one upload), or none.
    void setGroup(std::shared_ptr<const RequestGroup> group) { m_group = std::move(group); }

Q_SIGNALS:
    // The reply ended; it is deleted later.
    void finished(QNetworkReply *reply);
    void progressed(qint64 sent);
    // Nothing moved for the stall timeout; the reply is still there (drop() it).
    void stalled(const TransferError &error);

private:
    std::shared_ptr<const RequestGroup> m_group;
    QPointer<QNetworkReply> m_reply;
    qint64 m_bodySize = 0;
    qint64 m_sent = 0;
    QTimer m_stallTimer;
};
