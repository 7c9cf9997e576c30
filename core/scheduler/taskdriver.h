#pragma once

#include "transfer.h"

#include <QObject>
#include <QPointer>

#include <memory>

class UploadTask;

// One transfer of one running task: starts it and turns what it reports (chunks on their way,
// bytes sent, offsets the server confirmed, parts) into the task's own byte accounting, which
// makes its progress bar, chunk bar and speed. What the scheduler has to act on it passes up:
// progress (for totals and the store), a new upload URL (to be saved before more is sent), parts,
// streams, and the end. The scheduler makes one per attempt and stops it before the task goes.
class TaskDriver final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TaskDriver)
public:
    TaskDriver(UploadTask *task, std::unique_ptr<Transfer> transfer, QObject *parent = nullptr);
    // Aborts the transfer if stop() did not.
    ~TaskDriver() override;

    void start();
    // Aborts the transfer and lets go of the task: nothing more is reported or touched.
    void stop();
    void continueAfterCreated();
    void setStreamLimit(int streams);

Q_SIGNALS:
    // The task's shown bytes moved by `shownDelta`; it had `confirmedBefore` confirmed before.
    void progressed(qint64 shownDelta, qint64 confirmedBefore);
    // The task's upload URL or parts were just set: save them, then continueAfterCreated().
    void uploadCreated(const QUrl &url);
    void partsCreated(const UploadParts &parts);
    // An upload to delete once done with it (Transfer::temporaryUploadCreated): save it as such,
    // then continueAfterCreated().
    void temporaryUploadCreated(const QUrl &url);
    // Requests in flight or wanted changed (the task's counts are set already).
    void streamsChanged();
    void completed();
    void failed(const TransferError &error);

private:
    // Runs `change` on the task's accounting and reports what moved.
    template <typename Change>
    void account(Change change);
    void connectSingle();
    void connectParts();

    UploadTask *m_task;
    QPointer<Transfer> m_transfer; // owned; deleted later, as it may be inside its own signal
};
