#include "storethread.h"

StoreThread::StoreThread(const QString &directory)
    : m_store(new TaskStore(directory))
{
    m_thread.setObjectName(QStringLiteral("hoist-store"));
    m_store->moveToThread(&m_thread);
    m_thread.start();
}

StoreThread::~StoreThread()
{
    // Queued after every write the scheduler sent, so those land first.
    QMetaObject::invokeMethod(
        m_store, [store = m_store] { delete store; }, Qt::BlockingQueuedConnection);
    m_thread.quit();
    m_thread.wait();
}

TaskStore::OpenResult StoreThread::open()
{
    TaskStore::OpenResult result;
    QMetaObject::invokeMethod(
        m_store, [&result, store = m_store] { result = store->open(); },
        Qt::BlockingQueuedConnection);
    return result;
}

QueueLoss StoreThread::close()
{
    QueueLoss lost;
    QMetaObject::invokeMethod(
        m_store,
        [&lost, store = m_store] {
            store->close();
            lost = store->lost();
        },
        Qt::BlockingQueuedConnection);
    return lost;
}
