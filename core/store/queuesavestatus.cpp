#include "queuesavestatus.h"

#include "taskstore.h"

QueueSaveStatus::QueueSaveStatus(TaskStore *store, QObject *parent)
    : QObject(parent)
{
    connect(store, &TaskStore::savingFailed, this, &QueueSaveStatus::onFailed);
    connect(store, &TaskStore::savingResumed, this, &QueueSaveStatus::onResumed);
}

QString QueueSaveStatus::message() const
{
    if (!m_failing)
        return {};
    return tr("Hoist cannot save its queue: %1 — uploads continue but will not survive a restart")
        .arg(m_cause);
}

QString QueueSaveStatus::resumedMessage()
{
    return tr("Hoist saves its queue again: every change made meanwhile is written");
}

void QueueSaveStatus::onFailed(const QString &cause)
{
    if (m_failing && cause == m_cause)
        return;
    m_failing = true;
    m_cause = cause;
    Q_EMIT failed(message());
}

void QueueSaveStatus::onResumed()
{
    if (!m_failing)
        return;
    m_failing = false;
    m_cause.clear();
    Q_EMIT resumed();
}
