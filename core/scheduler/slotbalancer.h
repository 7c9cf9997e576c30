#pragma once

#include "loadresponse.h"
#include "transfer.h"
#include "uploadtypes.h"

#include <QHash>
#include <QObject>
#include <QUrl>
#include <QVector>

#include <functional>

class ConcurrencyLimits;
class EndpointLanes;
class LoadCheck;
class UploadQueue;
class UploadTask;

// Shares the request slots the limits allow (ConcurrencyLimits) among the servers and the
// running uploads, after each of the scheduler's passes; the scheduler only chooses which waiting
// task starts next. What it does:
// - counts the slots in use, in all and per server (a running task holds its streams);
// - gives each upload that sends parts at once its streams (StreamAllocator): free slots go to
//   the oldest upload first, and are given back while a ready task waits for one;
// - tells Parallel: Auto's controllers what each server could use now (its running uploads'
//   wanted streams, one more while a ready task waits there), so that a level only climbs on
//   demand;
// - measures once whether a far server's answers slow with our requests at once (LoadCheck)
//   when that would change how many streams its uploads get, and puts the verdict in the limits.
//   While a server is checked, nothing new should start there (checking()).
// It reads the scheduler's lanes, queue and running tasks, and changes only the limits and the
// running tasks' stream limits.
class SlotBalancer final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SlotBalancer)
public:
    // What it balances, all the scheduler's (not owned, outliving this).
    struct Sources {
        const EndpointLanes *lanes = nullptr;
        ConcurrencyLimits *limits = nullptr;
        UploadQueue *queue = nullptr;
        const QHash<TaskId, UploadTask *> *running = nullptr; // the tasks in Uploading
    };
    using HeadersFor = std::function<HttpHeaders(const QUrl &endpoint)>;
    // Whether the server of a lane is down (an outage): its ready tasks wait for no slot.
    using LaneDown = std::function<bool(int lane)>;
    // The engine's time, in ms since the epoch (what the queue's back-off counts in).
    using Now = std::function<qint64()>;

    SlotBalancer(TransferProtocol *protocol, const Sources &sources, HeadersFor headersFor,
                 LaneDown laneDown, Now now, QObject *parent = nullptr);

    // Requests in flight the limits count, per server (by index), and in all in `total`.
    QVector<int> slotsPerServer(int *total) const;
    // Whether the server of `endpoint` is being load-checked now.
    bool checking(const QUrl &endpoint) const;
    // After a scheduling pass: shares streams among the running uploads, then tells Auto's
    // controllers each server's demand.
    void balance();

Q_SIGNALS:
    // A load check ended and its verdict is in the limits: uploads held for it may go.
    void loadJudged();

private:
    void balanceStreams();
    void noteDemand();
    // Whether LoadCheck's verdict on the server of `endpoint` would matter and nothing is sent
    // there now.
    bool loadCheckWanted(const QUrl &endpoint) const;
    void judged(const QUrl &endpoint, LoadResponse response);
    int serverOf(const QUrl &endpoint) const;

    Sources m_sources;
    LaneDown m_laneDown;
    Now m_now;
    LoadCheck *m_loadCheck;
};
