// SlotBalancer, apart from any network: the slots counted per server, the streams of uploads
// sending parts (oldest first, given back to a ready task, but not to one whose server is down),
// the demand Auto's controllers are told, and when a far server's load is checked.
#include "concurrencylimits.h"
#include "endpointlanes.h"
#include "networkpool.h"
#include "slotbalancer.h"
#include "taskdriver.h"
#include "uploadqueue.h"
#include "uploadtask.h"

#include <QDateTime>
#include <QSet>
#include <QSignalSpy>
#include <QTest>

#include <memory>
#include <vector>

namespace {
// Records the stream limits it is given.
class FakeTransfer final : public Transfer {
public:
    void start() override {}
    void abort() override {}
    void continueAfterCreated() override {}
    void setStreamLimit(int streams) override { limits.append(streams); }
    QList<int> limits;
};

// Records the checks asked for; the test answers them.
class FakeProtocol final : public TransferProtocol {
public:
    std::unique_ptr<Transfer> createTransfer(const TransferJob &) override { return nullptr; }
    void terminate(const QUrl &, const HttpHeaders &) override {}
    void checkServer(const QUrl &endpoint, const HttpHeaders &) override
    {
        checks.append(endpoint);
    }
    QList<QUrl> checks;
};

const QUrl ServerA1(QStringLiteral("http://a.test:1080/files/"));
const QUrl ServerA2(QStringLiteral("http://a.test:1080/other/")); // same server, another lane
const QUrl ServerB(QStringLiteral("http://b.test:1080/files/"));
const QUrl ServerC(QStringLiteral("http://c.test:1080/files/"));

// The scheduler's state the balancer reads, with tasks made by hand.
struct Fixture {
    EndpointHeaders headers;
    EndpointLanes lanes{&headers};
    ConcurrencyLimits limits{[this](const QString &key) { return lanes.serverIndex(key); }};
    UploadQueue queue;
    QHash<TaskId, UploadTask *> running;
    FakeProtocol protocol;
    QSet<int> downLanes;
    SlotBalancer balancer{&protocol,
                          {&lanes, &limits, &queue, &running},
                          [](const QUrl &) { return HttpHeaders(); },
                          [this](int lane) { return downLanes.contains(lane); },
                          [] { return QDateTime::currentMSecsSinceEpoch(); }};
    std::vector<std::unique_ptr<UploadTask>> tasks;
    std::vector<std::unique_ptr<TaskDriver>> drivers;

    UploadTask *make(TaskId id, quint64 sequence, const QUrl &endpoint)
    {
        auto task = std::make_unique<UploadTask>(id, QStringLiteral("/f%1").arg(id), QString(),
                                                 1 << 30, 0, endpoint, Priority::Normal, 1 << 20);
        task->queued(sequence, 0, QByteArray(), 0);
        task->setLane(lanes.laneFor(endpoint), nullptr);
        tasks.push_back(std::move(task));
        return tasks.back().get();
    }
    // Uploading; with a transfer (`transfer`, when given, is where its limits go) or still
    // being hashed (nothing sent yet).
    UploadTask *run(TaskId id, quint64 sequence, const QUrl &endpoint, bool sending = true,
                    FakeTransfer **transfer = nullptr)
    {
        UploadTask *task = make(id, sequence, endpoint);
        if (sending) {
            auto owned = std::make_unique<FakeTransfer>();
            if (transfer)
                *transfer = owned.get();
            drivers.push_back(std::make_unique<TaskDriver>(task, std::move(owned)));
            task->attach(drivers.back().get());
        }
        running.insert(id, task);
        return task;
    }
    void wait(TaskId id, quint64 sequence, const QUrl &endpoint)
    {
        UploadTask *task = make(id, sequence, endpoint);
        queue.push(id, sequence, Priority::Normal, task->lane());
    }
    int serverOf(const QUrl &endpoint) const
    {
        return lanes.serverIndex(NetworkPool::serverOf(endpoint));
    }
};
} // namespace

class TestSlotBalancer : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void slotsCountStreamsPerServer();
    void freeSlotsGoToTheOldestUpload();
    void readyTaskTakesExtraSlotsBack();
    void autoHearsDemandOfServersUp();
    void farServerIsCheckedWhenNothingIsSentThere();
};

void TestSlotBalancer::slotsCountStreamsPerServer()
{
    Fixture f;
    f.run(1, 1, ServerA1)->setStreamLimit(3);
    f.run(2, 2, ServerA2);
    f.run(3, 3, ServerB, false); // being hashed: it holds its slot all the same
    f.wait(4, 4, ServerC);       // waiting: none
    int total = 0;
    const QVector<int> used = f.balancer.slotsPerServer(&total);
    QCOMPARE(used.size(), 3);
    QCOMPARE(used.at(f.serverOf(ServerA1)), 4);
    QCOMPARE(used.at(f.serverOf(ServerB)), 1);
    QCOMPARE(used.at(f.serverOf(ServerC)), 0);
    QCOMPARE(total, 5);
}

void TestSlotBalancer::freeSlotsGoToTheOldestUpload()
{
    Fixture f;
    f.limits.setAuto(false);
    f.limits.setFixed(8);
    // Five uploads that could each use 8, made newest first: the oldest is the last one.
    QList<FakeTransfer *> transfers;
    for (TaskId id = 1; id <= 5; ++id) {
        FakeTransfer *transfer = nullptr;
        f.run(id, 10 - id, ServerA1, true, &transfer)->setStreams(1, 8);
        transfers.append(transfer);
    }
    f.balancer.balance();
    // 8 slots, 5 held: the 3 free go to the oldest (sequence 5, id 5), the others keep one.
    for (TaskId id = 1; id <= 4; ++id) {
        QCOMPARE(f.running.value(id)->streamLimit(), 1);
        QVERIFY(transfers.at(int(id) - 1)->limits.isEmpty());
    }
    QCOMPARE(f.running.value(5)->streamLimit(), 4);
    QCOMPARE(transfers.at(4)->limits, QList<int>{4});
}

void TestSlotBalancer::readyTaskTakesExtraSlotsBack()
{
    Fixture f;
    f.limits.setAuto(false);
    f.limits.setFixed(4);
    FakeTransfer *transfer = nullptr;
    UploadTask *big = f.run(1, 1, ServerA1, true, &transfer);
    big->setStreams(1, 8);
    f.balancer.balance();
    QCOMPARE(big->streamLimit(), 4);

    // A ready task on a server that is down waits for no slot: the parts keep theirs.
    f.wait(2, 2, ServerB);
    f.downLanes.insert(f.lanes.laneFor(ServerB));
    big->setStreams(4, 8);
    f.balancer.balance();
    QCOMPARE(big->streamLimit(), 4);
    QCOMPARE(transfer->limits, QList<int>{4});

    // Up again: the upload gives its extra slots back (its parts stop at a chunk's end).
    f.downLanes.clear();
    f.balancer.balance();
    QCOMPARE(big->streamLimit(), 1);
    QCOMPARE(transfer->limits, (QList<int>{4, 1}));
}

void TestSlotBalancer::autoHearsDemandOfServersUp()
{
    Fixture f;
    QVERIFY(f.limits.isAuto());
    f.run(1, 1, ServerA1); // work running on A
    f.wait(2, 2, ServerB); // a ready task for B
    f.wait(3, 3, ServerC); // and one for C, which is down
    f.downLanes.insert(f.lanes.laneFor(ServerC));
    f.balancer.balance();
    // A and B have work: their levels count; C's does not.
    QCOMPARE(f.limits.level(), 2 * ConcurrencyController::StartLevel);
}

void TestSlotBalancer::farServerIsCheckedWhenNothingIsSentThere()
{
    Fixture f;
    const int a = f.serverOf(f.make(1, 1, ServerA1)->endpoint());
    // Its small requests take 50 ms: far, so whether it slows under load decides its streams.
    RequestSample sample;
    sample.server = NetworkPool::serverOf(ServerA1);
    sample.finishedUs = ConcurrencyLevels::nowUs();
    sample.startedUs = sample.finishedUs - 50000;
    f.limits.sampled(sample);
    QVERIFY(f.limits.wantsLoadCheck(a));

    // An upload sending there: no check (its requests would blur what is measured).
    f.run(2, 2, ServerA2);
    Q_EMIT f.protocol.probed(ServerA1);
    QCoreApplication::sendPostedEvents(); // the check looks at probes queued
    QVERIFY(f.protocol.checks.isEmpty());
    QVERIFY(!f.balancer.checking(ServerA1));

    // Only one being hashed (nothing sent): checked, and the server held while it runs.
    f.running.clear();
    f.run(3, 3, ServerA2, false);
    QSignalSpy judged(&f.balancer, &SlotBalancer::loadJudged);
    Q_EMIT f.protocol.probed(ServerA1);
    QTRY_COMPARE(f.protocol.checks.size(), 1);
    QVERIFY(f.balancer.checking(ServerA1));
    QVERIFY(f.balancer.checking(ServerA2)); // the same server
    QVERIFY(!f.balancer.checking(ServerB));

    // Requests alone, one after another; then rounds sent together, each once the last answered.
    for (int i = 1; i < LoadResponses::Alone; ++i) {
        Q_EMIT f.protocol.serverChecked(ServerA1, TransferError());
        QCOMPARE(f.protocol.checks.size(), 1 + i);
    }
    Q_EMIT f.protocol.serverChecked(ServerA1, TransferError()); // the last alone
    int sent = LoadResponses::Alone + LoadResponses::Together;
    QCOMPARE(f.protocol.checks.size(), sent);
    // The first answer of those sent together decides (it is their quickest): the uploads wait
    // for no more, and the rest of the answers change nothing.
    QCOMPARE(judged.size(), 0);
    QVERIFY(f.balancer.checking(ServerA1));
    Q_EMIT f.protocol.serverChecked(ServerA1, TransferError());
    QCOMPARE(judged.size(), 1);
    QVERIFY(!f.balancer.checking(ServerA1));
    for (int i = 1; i < LoadResponses::Together; ++i)
        Q_EMIT f.protocol.serverChecked(ServerA1, TransferError());
    QCOMPARE(f.protocol.checks.size(), sent);
    QCOMPARE(judged.size(), 1);
    QVERIFY(f.limits.loadResponse(a) != LoadResponse::Unknown);
    QVERIFY(!f.limits.wantsLoadCheck(a));
    QVERIFY(!f.balancer.checking(ServerA1));
}

QTEST_GUILESS_MAIN(TestSlotBalancer)
#include "tst_slotbalancer.moc"
