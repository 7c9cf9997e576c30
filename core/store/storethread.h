#pragma once

#include "taskstore.h"

#include <QThread>

// Runs a TaskStore on a thread of its own, so that no write (a slow disk, an fsync) can stall
// the thread driving the uploads or the window. Calls to store() must be queued
// (QMetaObject::invokeMethod, or signal connections), which UploadScheduler does.
class StoreThread final {
    Q_DISABLE_COPY_MOVE(StoreThread)
public:
    explicit StoreThread(const QString &directory);
    // Lets every write already queued finish, closes the database and joins the thread.
    ~StoreThread();

    // Opens the store on its thread and waits for the answer (the queue it held, or why not).
    TaskStore::OpenResult open();
    TaskStore *store() const { return m_store; }
    // Lets every write already queued finish and closes the store, waiting for it; what could not
    // be written (TaskStore::lost()). The destructor closes it too, saying nothing.
    QueueLoss close();

private:
    QThread m_thread;
    TaskStore *m_store;
};
