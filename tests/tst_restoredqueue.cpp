// The queue a person sees after restarting Hoist is the one they left: same rows, same order,
// same states, progress and reasons, and it goes on from there.
// Against a real tus server: @tus/server or hoistd, as HOIST_TEST_PEER says.
#include "schedulerfixture.h"
#include "testfiles.h"
#include "waitfor.h"

#include "storethread.h"
#include "uploadscheduler.h"
#include "uploadtablemodel.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

namespace {
constexpr qint64 KiB = 1024;
constexpr qint64 MiB = 1024 * KiB;

// What a row says in the columns a person reads; speed and time left aside (they are live), and
// progress apart (compared as a number: a paused bar may show part of the chunk that was in
// flight, which the server may or may not have kept).
QStringList rowTexts(const QAbstractItemModel &model)
{
    QStringList rows;
    for (int r = 0; r < model.rowCount(); ++r) {
        QStringList cells;
        for (int c : {UploadTableModel::Name, UploadTableModel::Size, UploadTableModel::State})
            cells << model.index(r, c).data().toString();
        cells << model.index(r, UploadTableModel::Name).data(Qt::ToolTipRole).toString();
        rows << cells.join(QLatin1Char('|'));
    }
    return rows;
}

// One run of the application's object graph on a state dir, uploading to `endpoint`.
struct Session {
    Session(const QString &stateDir, const QUrl &endpoint)
        : store(stateDir)
    {
        opened = store.open();
        engine.start(endpoint, store.store());
        scheduler = engine.scheduler();
        scheduler->setChunkSize(64 * KiB);
        model = std::make_unique<UploadTableModel>(scheduler);
        tester = std::make_unique<QAbstractItemModelTester>(
            model.get(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    }
    ~Session()
    {
        tester.reset();
        model.reset();
    }

    StoreThread store; // outlives the engine's scheduler
    TaskStore::OpenResult opened;
    SchedulerFixture engine;
    UploadScheduler *scheduler = nullptr;
    std::unique_ptr<UploadTableModel> model;
    std::unique_ptr<QAbstractItemModelTester> tester;
};
} // namespace

class tst_RestoredQueue : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void queueComesBackAsItWas();
};

void tst_RestoredQueue::queueComesBackAsItWas()
{
    const auto peer = TestPeer::create();
    TestPeer &server = *peer;
    QVERIFY2(server.start(), qPrintable(server.errorString()));
    QTemporaryDir files;
    QTemporaryDir state;
    const QString done = makeTestFile(files.path(), QStringLiteral("done.txt"), 3000, 1);
    const QString paused = makeTestFile(files.path(), QStringLiteral("paused.bin"), 64 * MiB, 2);
    const QString missing = files.filePath(QStringLiteral("missing.pdf"));

    QStringList before;
    QList<double> progressBefore;
    QUrl pausedUrl;
    {
        Session first(state.path(), server.endpoint());
        QVERIFY2(first.opened.ok, qPrintable(first.opened.error));
        QSignalSpy added(first.scheduler, &UploadScheduler::tasksAdded);
        first.scheduler->addPaths({done, paused, missing});
        QVERIFY(added.wait());
        const QList<TaskId> ids = added.first().first().value<QList<TaskId>>();
        QCOMPARE(ids.size(), 3);
        const TaskId pausedId = ids.at(1);
        QVERIFY(
            waitFor([&] { return first.scheduler->task(pausedId)->confirmedBytes() >= 8 * MiB; }));
        first.scheduler->pause(pausedId);
        QVERIFY(waitFor([&] { return first.scheduler->isIdle(); }));
        pausedUrl = first.scheduler->task(pausedId)->uploadUrl();
        QVERIFY(!pausedUrl.isEmpty());
        // Let the model catch up with the last batch before reading what a person sees.
        QVERIFY(waitFor(
            [&] { return rowTexts(*first.model).value(1).contains(QLatin1String("Paused")); }));
        QTest::qWait(250);
        before = rowTexts(*first.model);
        for (int r = 0; r < first.model->rowCount(); ++r)
            progressBefore << first.model->index(r, UploadTableModel::Progress)
                                  .data(UploadTableModel::ProgressRole)
                                  .toDouble();
    }
    QCOMPARE(before.size(), 3);
    QVERIFY2(before.at(0).contains(QLatin1String("Done")), qPrintable(before.at(0)));
    QVERIFY2(before.at(2).contains(QLatin1String("Failed")), qPrintable(before.at(2)));

    Session second(state.path(), server.endpoint());
    QVERIFY2(second.opened.ok, qPrintable(second.opened.error));
    QCOMPARE(second.opened.tasks.size(), 3);
    second.scheduler->restore(second.opened.tasks);
    QCOMPARE(rowTexts(*second.model), before);
    for (int r = 0; r < second.model->rowCount(); ++r) {
        const double now = second.model->index(r, UploadTableModel::Progress)
                               .data(UploadTableModel::ProgressRole)
                               .toDouble();
        QVERIFY2(
            qAbs(now - progressBefore.at(r)) <= double(64 * KiB) / double(64 * MiB),
            qPrintable(
                QStringLiteral("row %1: %2 then %3").arg(r).arg(progressBefore.at(r)).arg(now)));
    }
    QVERIFY(progressBefore.at(1) > 0.1);
    QCOMPARE(second.scheduler->totals().count(TaskState::Paused), 1);
    // The path that failed before its size was known: its bar stays empty, as before.
    const UploadTask *failed = second.scheduler->task(second.scheduler->taskIds().at(2));
    QCOMPARE(failed->state(), TaskState::Error);
    QCOMPARE(failed->chunks().countIn(ChunkState::Done), 0);

    // And it goes on from where the server has it, in the same upload.
    const TaskId pausedId = second.scheduler->taskIds().at(1);
    server.resetStats();
    second.scheduler->resume(pausedId);
    QVERIFY(waitFor([&] { return second.scheduler->isIdle(); }, 60000));
    const UploadTask *task = second.scheduler->task(pausedId);
    QCOMPARE(task->state(), TaskState::Success);
    QCOMPARE(task->uploadUrl(), pausedUrl);
    QVERIFY(fileMatches(server.storedPath(pausedUrl), 64 * MiB, 2));
    QVERIFY(server.stats().bodyBytes < 64 * MiB - 8 * MiB + 64 * KiB);
    QCOMPARE(server.uploadCount(), 2);

    QString integrity;
    TaskStore *store = second.store.store();
    QMetaObject::invokeMethod(
        store, [&integrity, store] { integrity = store->integrityCheck(); },
        Qt::BlockingQueuedConnection);
    QCOMPARE(integrity, QStringLiteral("ok"));
}

QTEST_MAIN(tst_RestoredQueue)
#include "tst_restoredqueue.moc"
