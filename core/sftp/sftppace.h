#pragma once

#include "sftpcredit.h"

#include <QObject>

#include <memory>

class ReadGate;

// What an SFTP upload's workers may send, from the task's throttle (TransferJob::throttle: the
// bandwidth limiter's task and global buckets, --limit-rate and the schedules' limits): asked on
// this (the GUI) thread whenever a worker's SftpCredit runs short, never blocking it; when the
// throttle grants nothing now, it waits for its tokens. Ending it closes the credit, so workers
// waiting for bytes stop.
class SftpPace final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SftpPace)
public:
    SftpPace(std::shared_ptr<ReadGate> gate, QObject *parent = nullptr);
    ~SftpPace() override;

    // What the workers pay from.
    const std::shared_ptr<SftpCredit> &credit() const { return m_credit; }

private:
    void refill();

    std::shared_ptr<ReadGate> m_gate;
    std::shared_ptr<SftpCredit> m_credit = std::make_shared<SftpCredit>();
};
