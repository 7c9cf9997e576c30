#include "taskchangebatch.h"

#include <algorithm>

namespace {
// At most this often a changed task is reported (so a row repaints at most 10 times a second).
constexpr int FlushIntervalMs = 100;
} // namespace

TaskChangeBatch::TaskChangeBatch(std::function<bool(TaskId)> exists, QObject *parent)
    : QObject(parent)
    , m_exists(std::move(exists))
{
    m_timer.setSingleShot(true);
    m_timer.setInterval(FlushIntervalMs);
    connect(&m_timer, &QTimer::timeout, this, &TaskChangeBatch::flush);
}

void TaskChangeBatch::changed(TaskId id)
{
    m_changed.insert(id);
    touched();
}

void TaskChangeBatch::touched()
{
    if (!m_timer.isActive())
        m_timer.start();
}

void TaskChangeBatch::flush()
{
    QList<TaskId> ids;
    ids.reserve(m_changed.size());
    for (TaskId id : std::as_const(m_changed)) {
        if (m_exists(id))
            ids.append(id);
    }
    m_changed.clear();
    std::sort(ids.begin(), ids.end());
    Q_EMIT flushed(ids);
}
