#include "slotbalancer.h"

#include "concurrencylimits.h"
#include "endpointlanes.h"
#include "loadcheck.h"
#include "networkpool.h"
#include "streamallocator.h"
#include "taskdriver.h"
#include "uploadqueue.h"
#include "uploadtask.h"

#include <algorithm>

SlotBalancer::SlotBalancer(TransferProtocol *protocol, const Sources &sources,
                           HeadersFor headersFor, LaneDown laneDown, Now now, QObject *parent)
    : QObject(parent)
    , m_sources(sources)
    , m_laneDown(std::move(laneDown))
    , m_now(std::move(now))
    , m_loadCheck(new LoadCheck(
          protocol, std::move(headersFor),
          [this](const QUrl &endpoint) { return loadCheckWanted(endpoint); }, this))
{
    connect(m_loadCheck, &LoadCheck::judged, this, &SlotBalancer::judged);
}

int SlotBalancer::serverOf(const QUrl &endpoint) const
{
    return m_sources.lanes->serverIndex(NetworkPool::serverOf(endpoint));
}

QVector<int> SlotBalancer::slotsPerServer(int *total) const
{
    QVector<int> used(m_sources.lanes->serverCount(), 0);
    *total = 0;
    for (const UploadTask *task : std::as_const(*m_sources.running)) {
        used[m_sources.lanes->serverOf(task->lane())] += task->streams();
        *total += task->streams();
    }
    return used;
}

bool SlotBalancer::checking(const QUrl &endpoint) const
{
    return m_loadCheck->checking(NetworkPool::serverOf(endpoint));
}

void SlotBalancer::balance()
{
    balanceStreams();
    noteDemand();
}

void SlotBalancer::balanceStreams()
{
    const EndpointLanes &lanes = *m_sources.lanes;
    if (m_sources.running->isEmpty())
        return;
    // In queue order, so that the oldest upload is offered free slots first.
    QVector<UploadTask *> tasks(m_sources.running->cbegin(), m_sources.running->cend());
    std::sort(tasks.begin(), tasks.end(), [](const UploadTask *a, const UploadTask *b) {
        return a->sequence() < b->sequence();
    });
    QVector<StreamAllocator::Task> demands;
    demands.reserve(tasks.size());
    for (const UploadTask *task : std::as_const(tasks)) {
        StreamAllocator::Task d;
        d.server = lanes.serverOf(task->lane());
        d.limit = task->streamLimit();
        d.inUse = task->driver() ? task->streamsInUse() : 1;
        d.wanted = task->driver() ? task->streamsWanted() : 1;
        demands.append(d);
    }
    const qint64 now = m_now();
    QVector<int> limits(lanes.serverCount(), 0);
    for (int server = 0; server < limits.size(); ++server)
        limits[server] = m_sources.limits->on(server);
    const auto waiting = [this, &lanes, now, &limits](int server, const QVector<int> &usedOn) {
        return m_sources.queue->hasReady(now, [&](int lane) {
            return lanes.wouldStartWithSlotOn(server, lane, usedOn, limits.at(lanes.serverOf(lane)))
                   && !m_laneDown(lane);
        });
    };
    StreamAllocator::allocate(demands, lanes.serverCount(),
                              {m_sources.limits->global(), m_sources.limits->perServer(), limits},
                              waiting);
    for (int i = 0; i < tasks.size(); ++i) {
        UploadTask *task = tasks.at(i);
        if (!task->driver() || task->streamLimit() == demands.at(i).limit)
            continue;
        task->setStreamLimit(demands.at(i).limit);
        task->driver()->setStreamLimit(task->streamLimit());
    }
}

void SlotBalancer::noteDemand()
{
    const EndpointLanes &lanes = *m_sources.lanes;
    int used = 0;
    const qint64 now = m_now();
    m_sources.limits->noteDemand(
        slotsPerServer(&used), *m_sources.running,
        [&lanes](const UploadTask &task) { return lanes.serverOf(task.lane()); },
        [this, &lanes, now](int server) {
            return m_sources.queue->hasReady(
                now, [&](int lane) { return lanes.serverOf(lane) == server && !m_laneDown(lane); });
        });
}

bool SlotBalancer::loadCheckWanted(const QUrl &endpoint) const
{
    // Nothing sent there now (a task being hashed sends nothing): other requests would blur what
    // it measures.
    const int server = serverOf(endpoint);
    return m_sources.limits->wantsLoadCheck(server)
           && std::none_of(m_sources.running->cbegin(), m_sources.running->cend(),
                           [this, server](const UploadTask *task) {
                               return task->driver()
                                      && m_sources.lanes->serverOf(task->lane()) == server;
                           });
}

void SlotBalancer::judged(const QUrl &endpoint, LoadResponse response)
{
    m_sources.limits->setLoadResponse(serverOf(endpoint), response);
    Q_EMIT loadJudged();
}
