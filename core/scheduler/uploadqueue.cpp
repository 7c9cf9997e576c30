#include "uploadqueue.h"

UploadQueue::Lane &UploadQueue::lane(int index)
{
    Q_ASSERT(index >= 0);
    if (index >= int(m_lanes.size()))
        m_lanes.resize(size_t(index) + 1);
    return m_lanes[size_t(index)];
}

void UploadQueue::push(TaskId id, quint64 sequence, Priority priority, int laneIndex,
                       qint64 readyAtMs)
{
    remove(id);
    Item item;
    item.sequence = sequence;
    item.priority = priority;
    item.lane = laneIndex;
    item.readyAtMs = qMax<qint64>(0, readyAtMs);
    m_items.emplace(id, item);
    ++lane(laneIndex).count;
    if (item.readyAtMs > 0)
        m_backingOff.emplace(item.readyAtMs, id);
    else
        enqueueReady(id, item);
}

void UploadQueue::enqueueReady(TaskId id, const Item &item)
{
    lane(item.lane).fifos[size_t(item.priority)].emplace(item.sequence, id);
}

bool UploadQueue::remove(TaskId id)
{
    const auto it = m_items.find(id);
    if (it == m_items.end())
        return false;
    const Item &item = it->second;
    Lane &l = lane(item.lane);
    --l.count;
    if (item.readyAtMs > 0) {
        m_backingOff.erase({item.readyAtMs, id});
    } else {
        Fifo &fifo = l.fifos[size_t(item.priority)];
        fifo.erase({item.sequence, id});
        if (fifo.empty())
            l.passes[size_t(item.priority)] = 0;
    }
    m_items.erase(it);
    return true;
}

void UploadQueue::setPriority(TaskId id, Priority priority)
{
    const auto it = m_items.find(id);
    if (it == m_items.end() || it->second.priority == priority)
        return;
    const Item item = it->second;
    push(id, item.sequence, priority, item.lane, item.readyAtMs);
}

int UploadQueue::countIn(int laneIndex) const
{
    return laneIndex >= 0 && laneIndex < int(m_lanes.size()) ? m_lanes[size_t(laneIndex)].count : 0;
}

QList<TaskId> UploadQueue::readyIn(int laneIndex) const
{
    QList<TaskId> ids;
    if (laneIndex < 0 || laneIndex >= int(m_lanes.size()))
        return ids;
    for (const Fifo &fifo : m_lanes[size_t(laneIndex)].fifos) {
        for (const auto &entry : fifo)
            ids.append(entry.second);
    }
    return ids;
}

void UploadQueue::promoteDue(qint64 nowMs)
{
    while (!m_backingOff.empty() && m_backingOff.begin()->first <= nowMs) {
        const TaskId id = m_backingOff.begin()->second;
        m_backingOff.erase(m_backingOff.begin());
        Item &item = m_items.at(id);
        item.readyAtMs = 0;
        enqueueReady(id, item);
    }
}

std::pair<int, int> UploadQueue::best(const LaneFilter &mayStart) const
{
    int bestLane = -1;
    int bestPriority = -1;
    int bestLevel = -1;
    quint64 bestSequence = 0;
    for (int l = 0; l < int(m_lanes.size()); ++l) {
        const Lane &candidate = m_lanes[size_t(l)];
        if (candidate.count == 0 || !mayStart(l))
            continue;
        for (int p = 0; p < PriorityCount; ++p) {
            const Fifo &fifo = candidate.fifos[size_t(p)];
            if (fifo.empty())
                continue;
            const int level = p + candidate.passes[size_t(p)] / m_agingSkips;
            const quint64 sequence = fifo.begin()->first;
            if (level > bestLevel || (level == bestLevel && sequence < bestSequence)) {
                bestLane = l;
                bestPriority = p;
                bestLevel = level;
                bestSequence = sequence;
            }
        }
    }
    return {bestLane, bestPriority};
}

TaskId UploadQueue::takeNext(qint64 nowMs, const LaneFilter &mayStart)
{
    promoteDue(nowMs);
    // Asked once per lane: the filter may cost more than a lookup.
    std::vector<char> open(m_lanes.size(), 0);
    for (size_t l = 0; l < m_lanes.size(); ++l)
        open[l] = m_lanes[l].count > 0 && mayStart(int(l));
    const auto [laneIndex, priority] = best([&open](int l) { return open[size_t(l)] != 0; });
    if (laneIndex < 0)
        return 0;
    Lane &chosen = m_lanes[size_t(laneIndex)];
    Fifo &fifo = chosen.fifos[size_t(priority)];
    const auto [sequence, id] = *fifo.begin();
    fifo.erase(fifo.begin());
    chosen.passes[size_t(priority)] = 0;
    --chosen.count;
    m_items.erase(id);
    // Every older task that could have started was passed over by this one.
    for (size_t l = 0; l < m_lanes.size(); ++l) {
        if (!open[l])
            continue;
        Lane &other = m_lanes[l];
        for (int p = 0; p < PriorityCount; ++p) {
            const Fifo &f = other.fifos[size_t(p)];
            if (!f.empty() && f.begin()->first < sequence)
                ++other.passes[size_t(p)];
        }
    }
    return id;
}

bool UploadQueue::hasReady(qint64 nowMs, const LaneFilter &mayStart)
{
    promoteDue(nowMs);
    return best(mayStart).first >= 0;
}

bool UploadQueue::hasReadyIn(int laneIndex, qint64 nowMs)
{
    promoteDue(nowMs);
    if (laneIndex < 0 || laneIndex >= int(m_lanes.size()))
        return false;
    const Lane &l = m_lanes[size_t(laneIndex)];
    for (const Fifo &fifo : l.fifos) {
        if (!fifo.empty())
            return true;
    }
    return false;
}

qint64 UploadQueue::nextReadyAtMs() const
{
    return m_backingOff.empty() ? 0 : m_backingOff.begin()->first;
}
