#include "tasktable.h"

UploadTask *TaskTable::find(TaskId id) const
{
    return m_byId.value(id, nullptr);
}

UploadTask *TaskTable::insert(std::unique_ptr<UploadTask> owned)
{
    UploadTask *task = owned.get();
    const auto [it, inserted] = m_tasks.emplace(task->id(), std::move(owned));
    if (!inserted)
        return it->second.get();
    ++m_totals.counts[int(task->state())];
    m_totals.bytesTotal += task->size();
    m_totals.bytesDone += task->shownBytes();
    if (counts(task->state()))
        m_totals.bytesActiveLeft += left(*task);
    m_byPath.insert(task->path(), task->id());
    m_byId.insert(task->id(), task);
    return task;
}

void TaskTable::erase(TaskId id)
{
    const auto it = m_tasks.find(id);
    if (it == m_tasks.end())
        return;
    const UploadTask &task = *it->second;
    --m_totals.counts[int(task.state())];
    m_totals.bytesTotal -= task.size();
    m_totals.bytesDone -= task.shownBytes();
    if (counts(task.state()))
        m_totals.bytesActiveLeft -= left(task);
    m_byPath.remove(task.path(), id);
    m_byId.remove(id);
    m_tasks.erase(it);
}

QList<TaskId> TaskTable::ids() const
{
    QList<TaskId> ids;
    ids.reserve(int(m_tasks.size()));
    for (const auto &entry : m_tasks)
        ids.append(entry.first);
    return ids;
}

QList<TaskId> TaskTable::idsIn(TaskState state) const
{
    QList<TaskId> ids;
    for (const auto &entry : m_tasks) {
        if (entry.second->state() == state)
            ids.append(entry.first);
    }
    return ids;
}

void TaskTable::setState(UploadTask *task, TaskState state, qint64 nowMs)
{
    --m_totals.counts[int(task->state())];
    ++m_totals.counts[int(state)];
    if (counts(task->state()) != counts(state))
        m_totals.bytesActiveLeft += counts(state) ? left(*task) : -left(*task);
    task->moveTo(state, nowMs);
}
