// The parallel half of UploadScheduler: tasks whose transfer sends parts of the file at once.
// The concurrency limit counts requests in flight: an uploading task holds one slot, and a
// parallel one may hold more while nobody else could use them (balanceStreams).
#include "uploadscheduler.h"

#include "taskstore.h"

#include <QDateTime>

#include <algorithm>

namespace {
qint64 nowMs()
{
    return QDateTime::currentMSecsSinceEpoch();
}
} // namespace

void UploadScheduler::connectParts(UploadTask *task, Transfer *transfer)
{
    const TaskId id = task->m_id;
    connect(transfer, &Transfer::partsCreated, this, [this, id](const UploadParts &parts) {
        if (UploadTask *t = find(id))
            onPartsCreated(t, parts);
    });
    connect(transfer, &Transfer::partsConfirmed, this, [this, id](const UploadParts &parts) {
        if (UploadTask *t = find(id))
            onPartsConfirmed(t, parts);
    });
    connect(transfer, &Transfer::chunkProgressAt, this, [this, id](qint64 begin, qint64 sent) {
        if (UploadTask *t = find(id))
            onChunkProgressAt(t, begin, sent);
    });
    connect(transfer, &Transfer::streamsChanged, this, [this, id](int inUse, int wanted) {
        UploadTask *t = find(id);
        if (!t)
            return;
        t->m_streamsInUse = qMax(1, inUse);
        t->m_streamsWanted = qMax(1, wanted);
        // A part finished or stopped: its slot may go to someone else.
        requestSchedule();
    });
}

void UploadScheduler::onPartsCreated(UploadTask *task, const UploadParts &parts)
{
    task->m_parts = parts;
    markDirty(task);
    if (!m_store)
        return;
    // As with uploadCreated: the new part sends nothing until its URL is on disk. The latest
    // save holds every part, so only its token releases them.
    const TaskId id = task->m_id;
    const quint64 token = task->m_holdToken = ++m_nextHoldToken;
    QMetaObject::invokeMethod(
        m_store, [store = m_store, id, parts, token] { store->saveUploadParts(id, parts, token); },
        Qt::QueuedConnection);
}

void UploadScheduler::onPartsConfirmed(UploadTask *task, const UploadParts &parts)
{
    task->m_parts = parts;
    qint64 confirmed = 0;
    for (const UploadPart &part : parts) {
        confirmed += part.confirmed;
        // Chunks the server now holds are no longer in flight.
        for (auto it = task->m_sentInFlight.begin(); it != task->m_sentInFlight.end();) {
            if (it.key() >= part.begin && it.key() < part.begin + part.confirmed)
                it = task->m_sentInFlight.erase(it);
            else
                ++it;
        }
    }
    if (confirmed > task->m_confirmed)
        task->m_retries = 0; // progress: a later failure starts its back-off afresh
    task->m_confirmed = confirmed;
    task->m_chunks.setConfirmedRanges(heldRanges(parts));
    updateShownFromParts(task);
}

void UploadScheduler::onChunkProgressAt(UploadTask *task, qint64 chunkBegin, qint64 sent)
{
    task->m_sentInFlight.insert(chunkBegin, sent);
    const int index = task->m_chunks.indexOf(chunkBegin);
    // The bar paints the first chunk in flight partly filled: keep its bytes current.
    if (index >= 0 && task->m_chunks.states().indexOf(ChunkState::InFlight) == index)
        task->m_chunks.setInFlightBytes(sent);
    updateShownFromParts(task);
}

void UploadScheduler::updateShownFromParts(UploadTask *task)
{
    qint64 moving = 0;
    for (qint64 sent : std::as_const(task->m_sentInFlight))
        moving += sent;
    // Never backwards: a part stopped at a boundary drops its chunk's bytes, which come back.
    task->m_shown = qMax(task->m_shown, qMin(task->m_size, task->m_confirmed + moving));
    task->m_rate.addSample(nowMs(), task->m_shown);
    markDirty(task);
}

int UploadScheduler::slotsInUse() const
{
    int used = m_running;
    for (const auto &entry : m_tasks) {
        const UploadTask &task = *entry.second;
        if (task.m_state == TaskState::Uploading)
            used += task.streams() - 1;
    }
    return used;
}

bool UploadScheduler::anyStartable() const
{
    const qint64 now = nowMs();
    return std::any_of(m_tasks.cbegin(), m_tasks.cend(), [now](const auto &entry) {
        return entry.second->m_state == TaskState::Waiting && entry.second->m_retryAtMs <= now;
    });
}

void UploadScheduler::setStreamLimit(UploadTask *task, int limit)
{
    if (task->m_streamLimit == limit)
        return;
    task->m_streamLimit = limit;
    task->m_transfer->setStreamLimit(limit);
}

void UploadScheduler::balanceStreams()
{
    // Someone waits (or the limit went down): every extra slot goes back. Parts stop at their
    // next chunk boundary, streamsChanged() follows, and the next pass starts the waiting task.
    const bool giveBack = anyStartable() || slotsInUse() > m_concurrency;
    int free = m_concurrency - slotsInUse();
    for (auto &entry : m_tasks) {
        UploadTask *task = entry.second.get();
        if (task->m_state != TaskState::Uploading || !task->m_transfer)
            continue;
        if (giveBack) {
            setStreamLimit(task, 1);
            continue;
        }
        // No more than it can use (a finished part frees its slot)...
        int limit = qMax(1, qMin(task->m_streamLimit, task->m_streamsWanted));
        // ...and whatever is free, up to what it wants.
        const int before = task->streams();
        const int grant = qMin(task->m_streamsWanted - limit, free + before - qMax(limit, task->m_streamsInUse));
        if (grant > 0)
            limit += grant;
        setStreamLimit(task, limit);
        free -= task->streams() - before;
    }
}

void UploadScheduler::terminateParts(UploadTask *task)
{
    for (const UploadPart &part : std::as_const(task->m_parts)) {
        if (!part.url.isEmpty())
            m_protocol->terminate(part.url, headersFor(task->m_endpoint));
    }
    task->m_parts.clear();
}
