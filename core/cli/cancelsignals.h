#pragma once

#include <QObject>

class QSocketNotifier;

// While it lives, SIGINT and SIGTERM do not end the process: each is reported through
// received() on the event loop instead (a self-pipe: the handler only writes one byte). The
// handlers in place before come back when it is destroyed. One at a time in a process.
class CancelSignals final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(CancelSignals)
public:
    explicit CancelSignals(QObject *parent = nullptr);
    ~CancelSignals() override;

    bool isActive() const { return m_notifier != nullptr; }

Q_SIGNALS:
    void received(int signalNumber);

private:
    void onReadable();

    QSocketNotifier *m_notifier = nullptr;
};
