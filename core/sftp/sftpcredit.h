#pragma once

#include <QMutex>
#include <QWaitCondition>

#include <atomic>
#include <functional>

// Bytes an SFTP worker thread may send, granted from the GUI thread (SftpPace): the bandwidth
// limiter and its throttles live there and are not thread-safe, so the worker never asks them
// itself. A worker pays for what it sends and waits while the credit is short; a shortfall asks
// for more through `asker` (set by SftpPace), which must not block. Thread-safe.
class SftpCredit final {
    Q_DISABLE_COPY_MOVE(SftpCredit)
public:
    SftpCredit() = default;

    // Worker thread: waits until `bytes` are granted, then spends them. False (nothing spent)
    // once `stop` is set or the credit was closed.
    bool pay(qint64 bytes, const std::atomic<bool> *stop);

    // GUI thread: what to call (under this credit's lock, from a worker thread) for more.
    void setAsker(std::function<void()> asker);
    // GUI thread: adds `bytes` and wakes the payers. Returns what is still wanted beyond the
    // credit (0: nothing; then the next shortfall asks again).
    qint64 grant(qint64 bytes);
    // Bytes the payers wait for beyond the credit.
    qint64 shortfall() const;
    // GUI thread: no more grants; payers stop waiting (their uploads end).
    void close();

private:
    mutable QMutex m_mutex;
    QWaitCondition m_granted;
    std::function<void()> m_asker;
    qint64 m_credit = 0;
    qint64 m_wanted = 0; // by payers waiting now
    bool m_asked = false;
    bool m_closed = false;
};
