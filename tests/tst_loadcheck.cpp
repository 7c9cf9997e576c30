// Parallel: Auto's streams for one large file: parallel parts through a far link, where they fill
// it, and one stream to a server that slows down with our requests at once, where parts only make
// every request later (LoadCheck, LoadResponse, ConcurrencyLimits::streamsOn). Real hoistd (it
// offers concatenation) behind a DelayLink; what is asserted: the parts the upload went in, and
// the bytes hoistd stored.
#include "delaylink.h"
#include "hoistdprocess.h"
#include "loadresponse.h"
#include "schedulerfixture.h"
#include "testfiles.h"
#include "uploadscheduler.h"
#include "uploadtask.h"

#include <QTest>

using namespace std::chrono_literals;

namespace {
constexpr qint64 FileSize = 16 * 1024 * 1024; // 64 chunks of the fixture's 256 KiB

// Uploads one file of FileSize through `link` (in front of `server`) with Auto and parallel
// parts on; returns the parts it went in (empty: one stream). Fails the test when the upload
// does not end in Success with hoistd holding its bytes.
UploadParts uploadOne(const HoistdProcess &server, const DelayLink &link, bool *ok)
{
    *ok = false;
    SchedulerFixture fixture;
    if (!fixture.start(link.url(QStringLiteral("/files/"))))
        return {};
    UploadScheduler *scheduler = fixture.scheduler();
    scheduler->setParallelParts(true);
    if (!scheduler->autoConcurrency()) // the default
        return {};
    const QString path = makeTestFile(fixture.files().path(), QStringLiteral("big.bin"), FileSize);
    const QList<TaskId> ids = fixture.add({path});
    if (ids.size() != 1 || !fixture.waitIdle(120000))
        return {};
    const UploadTask *task = fixture.task(ids.first());
    if (!task || task->state() != TaskState::Success
        || server.storedBytes(task->uploadUrl()) != testContent(FileSize))
        return {};
    *ok = true;
    return task->parts();
}
} // namespace

Q_DECLARE_METATYPE(LoadResponse)

class TestLoadCheck : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { QVERIFY(!HoistdProcess::binary().isEmpty()); }

    void judge_data()
    {
        QTest::addColumn<qint64>("alone");
        QTest::addColumn<qint64>("quickest");
        QTest::addColumn<LoadResponse>("expected");
        // A far link: the quickest of those together (on the warm connection) takes a round
        // trip.
        QTest::newRow("far") << qint64(40000) << qint64(41000) << LoadResponse::Flat;
        QTest::newRow("far, noisy") << qint64(40000) << qint64(60000) << LoadResponse::Flat;
        // 5 ms more per busy connection each way: 10.5 ms alone, 25 ms and more for four.
        QTest::newRow("slowing") << qint64(10500) << qint64(25000) << LoadResponse::Grows;
        QTest::newRow("nothing alone") << qint64(0) << qint64(1000) << LoadResponse::Unknown;
        QTest::newRow("nothing together") << qint64(1000) << qint64(0) << LoadResponse::Unknown;
    }
    void judge()
    {
        QFETCH(qint64, alone);
        QFETCH(qint64, quickest);
        QFETCH(LoadResponse, expected);
        QCOMPARE(LoadResponses::judge(alone, quickest), expected);
    }

    // hoistd behind a link that holds every request and answer back 8 ms more for each
    // connection busy at that moment (no distance): its least small request takes more than a
    // near server's (it looks far), yet parts would only slow it. Auto sends the file as one
    // stream.
    void slowingServerGetsOneStream()
    {
        HoistdProcess server;
        QVERIFY2(server.start(), qPrintable(server.errorString()));
        DelayLink link;
        QVERIFY2(link.start(QStringLiteral("127.0.0.1"), server.port()),
                 qPrintable(link.errorString()));
        link.setLoadDelay(8ms);
        bool ok = false;
        const UploadParts parts = uploadOne(server, link, &ok);
        QVERIFY(ok);
        QVERIFY2(parts.isEmpty(), qPrintable(QString::number(parts.size())));
    }

    // The same server 20 ms away each way (no load delay): parts, several at once, fill the link.
    void farServerGetsParts()
    {
        HoistdProcess server;
        QVERIFY2(server.start(), qPrintable(server.errorString()));
        DelayLink link;
        QVERIFY2(link.start(QStringLiteral("127.0.0.1"), server.port()),
                 qPrintable(link.errorString()));
        link.setDelay(20ms);
        bool ok = false;
        const UploadParts parts = uploadOne(server, link, &ok);
        QVERIFY(ok);
        QVERIFY2(parts.size() >= 2, qPrintable(QString::number(parts.size())));
    }
};

QTEST_GUILESS_MAIN(TestLoadCheck)
#include "tst_loadcheck.moc"
