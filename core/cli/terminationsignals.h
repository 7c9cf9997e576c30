#pragma once

#include <QObject>

class QSocketNotifier;

// SIGTERM and SIGINT as a Qt signal, so that a long-running headless run (a service) ends
// through its event loop: destructors run, the queue is written, uploads in flight are saved to
// resume next time; or so that a countdown (shutting down when a batch ends) can be cancelled.
// A handler may only write to a pipe; the rest happens on this thread. One at a time per
// process (a second one is inactive); the previous handlers come back when it is destroyed.
class TerminationSignals final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TerminationSignals)
public:
    explicit TerminationSignals(QObject *parent = nullptr);
    ~TerminationSignals() override;

    bool isActive() const { return m_notifier != nullptr; }

Q_SIGNALS:
    void received(int signalNumber);

private:
    void onReadable();

    QSocketNotifier *m_notifier = nullptr;
};
