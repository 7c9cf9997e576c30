#pragma once

#include "uploadtypes.h"

#include <QList>
#include <QObject>
#include <QSet>
#include <QTimer>

#include <functional>

// The scheduler's one flush timer: a flood of task changes (progress from a hundred replies, a
// folder of ten thousand files) becomes at most one report per interval, so that a row repaints
// at most ten times a second. Each report names the tasks changed since the last (sorted, those
// removed meanwhile left out) and comes also when only the totals moved (tasks added, removed).
class TaskChangeBatch final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TaskChangeBatch)
public:
    // `exists`: whether a task is still there when the report is made.
    explicit TaskChangeBatch(std::function<bool(TaskId)> exists, QObject *parent = nullptr);

    // `id` changed: it is in the next report.
    void changed(TaskId id);
    // Something changed that is no task's row (the totals): a report comes all the same.
    void touched();
    void forget(TaskId id) { m_changed.remove(id); }
    // Reports now what is pending (listeners hear the last changes before `idle`).
    void flush();

Q_SIGNALS:
    // `ids` may be empty: then only the totals are news.
    void flushed(const QList<TaskId> &ids);

private:
    std::function<bool(TaskId)> m_exists;
    QSet<TaskId> m_changed;
    QTimer m_timer;
};
