#pragma once

#include "pgconnection.h"

#include <QObject>
#include <QTimer>

#include <memory>

class QSocketNotifier;

// The holder's side of a lease hand-over: a connection of its own that LISTENs on one channel
// (PgLeases::channel(instance id)) and turns what arrives into signals, on the thread it lives
// on (it needs that thread's event loop: a QSocketNotifier on PQsocket, no polling, no thread
// of its own). hoistd's main thread owns it; a request thread learns of a hand-over through
// whatever the store makes of notified() (e.g. an atomic flag per upload it holds).
// The connection going away: lost(), then a reconnection every `retry` until it is back, the
// LISTEN renewed, then reconnected() (also when the first start() failed and a later attempt
// listens). Notifications sent meanwhile are lost: on reconnected() the owner looks for what it
// missed where the senders recorded it (PgLeases::wanted()).
class PgListener final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(PgListener)
public:
    PgListener(const PgAddress &address, const QString &channel, QObject *parent = nullptr,
               std::chrono::milliseconds retry = std::chrono::seconds(1));
    ~PgListener() override;

    // Connects and LISTENs; false (lastError()) when it could not, and it keeps trying.
    bool start();
    bool isListening() const { return m_notifier != nullptr; }
    const PgError &lastError() const { return m_connection.lastError(); }
    QString channel() const { return m_channel; }

signals:
    void notified(const QString &payload);
    void lost();
    void reconnected();

private:
    void readSocket();
    bool listenNow();
    void dropNotifier();

    PgConnection m_connection;
    const QString m_channel;
    std::unique_ptr<QSocketNotifier> m_notifier;
    QTimer m_retry;
    bool m_everListened = false;
};
