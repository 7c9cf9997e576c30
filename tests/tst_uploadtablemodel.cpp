// UploadTableModel over a real UploadScheduler uploading to a real tus server (@tus/server or
// hoistd, as HOIST_TEST_PEER says).
#include "schedulerfixture.h"
#include "testfiles.h"
#include "waitfor.h"

#include "formatting.h"
#include "taskrecord.h"
#include "uploadscheduler.h"
#include "uploadtablemodel.h"

#include <QAbstractItemModelTester>
#include <QDir>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QLocale>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QTcpServer>
#include <QTemporaryDir>
#include <QTest>

#include <limits>
#include <memory>

namespace {
constexpr qint64 KiB = 1024;
constexpr qint64 MiB = 1024 * KiB;
constexpr int UploadTimeoutMs = 60000;

// dataChanged emissions that touch `row`, with the roles of each.
QList<QList<int>> changesOfRow(const QSignalSpy &spy, int row)
{
    QList<QList<int>> out;
    for (const QList<QVariant> &args : spy) {
        const auto topLeft = args.at(0).value<QModelIndex>();
        const auto bottomRight = args.at(1).value<QModelIndex>();
        if (topLeft.row() <= row && row <= bottomRight.row())
            out << args.at(2).value<QList<int>>();
    }
    return out;
}

// A port nothing listens on: uploads there fail with a transient network error and retry.
quint16 deadPort()
{
    QTcpServer probe;
    probe.listen(QHostAddress::LocalHost, 0);
    return probe.serverPort(); // closed when probe goes out of scope
}
} // namespace

class TestUploadTableModel : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();

    void rowsFollowTasks();
    void folderIsInsertedInBatches();
    void clearFinishedRemovesInBatches_data();
    void clearFinishedRemovesInBatches();
    void startsWithExistingTasks();
    void uploadShowsProgressAndChunks();
    void hashingShownInStateColumn();
    void changesOnlyTheChangedRowAndColumns();
    void coalescesFloodToTenPerSecond();
    void coalescesDuringRealUpload();
    void retryCountdownShown();
    void failureNamesCauseAndServer();
    void proxySortsByRawValues();
    void addedAndFinishedTimes();

private:
    QStringList makeFiles(const QList<qint64> &sizes);
    void addAndWait(const QStringList &paths);

    std::unique_ptr<TestPeer> m_server = TestPeer::create(); // one for all the cases
    // A finished row: hoistd's copies are verified (its SHA-256), @tus/server's cannot be.
    QString doneText() const
    {
        return m_server->kind() == TestPeer::Kind::Hoistd ? QStringLiteral("Done · verified")
                                                          : QStringLiteral("Done");
    }
    std::unique_ptr<SchedulerFixture> m_fixture; // one per case
    // The fixture's parts, by the names the cases use.
    const QTemporaryDir *m_dir = nullptr;
    UploadScheduler *m_scheduler = nullptr;
    std::unique_ptr<UploadTableModel> m_model;
    std::unique_ptr<QAbstractItemModelTester> m_tester;
};

void TestUploadTableModel::initTestCase()
{
    QVERIFY2(m_server->start(), qPrintable(m_server->errorString()));
}

void TestUploadTableModel::init()
{
    m_fixture = std::make_unique<SchedulerFixture>();
    QVERIFY2(m_fixture->start(m_server->endpoint()), qPrintable(m_fixture->errorString()));
    m_dir = &m_fixture->files();
    m_scheduler = m_fixture->scheduler();
    m_model = std::make_unique<UploadTableModel>(m_scheduler);
    m_tester = std::make_unique<QAbstractItemModelTester>(
        m_model.get(), QAbstractItemModelTester::FailureReportingMode::QtTest);
}

void TestUploadTableModel::cleanup()
{
    m_tester.reset();
    m_model.reset();
    m_fixture.reset();
}

QStringList TestUploadTableModel::makeFiles(const QList<qint64> &sizes)
{
    // Content never seen before by the server all the cases share: hoistd would otherwise
    // complete a repeated file at once (instant upload), with no upload to watch.
    static quint32 nextSeed = 1;
    QStringList paths;
    for (int i = 0; i < sizes.size(); ++i) {
        const QString path = makeTestFile(m_dir->path(), QStringLiteral("file%1.bin").arg(i),
                                          sizes.at(i), nextSeed++);
        if (path.isEmpty())
            return {};
        paths << path;
    }
    return paths;
}

void TestUploadTableModel::addAndWait(const QStringList &paths)
{
    QVERIFY(!m_fixture->add(paths).isEmpty());
}

#define ADD_AND_WAIT(paths)                                                                        \
    do {                                                                                           \
        addAndWait(paths);                                                                         \
        if (QTest::currentTestFailed())                                                            \
            return;                                                                                \
    } while (false)

void TestUploadTableModel::rowsFollowTasks()
{
    const QStringList files = makeFiles({100 * KiB, 1, 3 * MiB});
    QVERIFY(!files.isEmpty());
    const QString missing = m_dir->filePath(QStringLiteral("no-such-file"));
    QSignalSpy inserted(m_model.get(), &QAbstractItemModel::rowsInserted);
    QSignalSpy finished(m_scheduler, &UploadScheduler::taskFinished);
    ADD_AND_WAIT(files + QStringList{missing});

    // One batch for one addPaths call.
    QCOMPARE(inserted.count(), 1);
    QCOMPARE(inserted.at(0).at(1).toInt(), 0);
    QCOMPARE(inserted.at(0).at(2).toInt(), 3);
    QCOMPARE(m_model->rowCount(), 4);
    const QList<TaskId> ids = m_scheduler->taskIds();
    for (int row = 0; row < 4; ++row) {
        QCOMPARE(m_model->taskId(row), ids.at(row));
        QCOMPARE(m_model->rowOf(ids.at(row)), row);
        QCOMPARE(m_model->index(row, 0).data(UploadTableModel::TaskIdRole).value<TaskId>(),
                 ids.at(row));
    }
    QCOMPARE(m_model->index(0, UploadTableModel::Name).data().toString(),
             QStringLiteral("file0.bin"));
    QCOMPARE(m_model->index(2, UploadTableModel::Size).data().toString(), formatSize(3 * MiB));
    QCOMPARE(
        m_model->index(2, UploadTableModel::Size).data(UploadTableModel::SortRole).toLongLong(),
        3 * MiB);

    // The missing path is a failed row carrying its reason.
    const QModelIndex failed = m_model->index(3, UploadTableModel::State);
    QCOMPARE(failed.data(UploadTableModel::StateRole).value<TaskState>(), TaskState::Error);
    const QString error = failed.data(UploadTableModel::ErrorRole).toString();
    QVERIFY(!error.isEmpty());
    QCOMPARE(failed.data().toString(), error); // the cause itself, first and whole
    const QString tip = m_model->index(3, UploadTableModel::Name).data(Qt::ToolTipRole).toString();
    QVERIFY2(tip.contains(missing) && tip.contains(error), qPrintable(tip));
    QVERIFY(m_model->index(0, UploadTableModel::Name)
                .data(UploadTableModel::ErrorRole)
                .toString()
                .isEmpty());

    // The three files upload; the rows say so.
    QTRY_VERIFY_WITH_TIMEOUT(m_scheduler->totals().count(TaskState::Success) == 3, UploadTimeoutMs);
    for (int row = 0; row < 3; ++row) {
        QTRY_COMPARE(m_model->index(row, UploadTableModel::State).data().toString(), doneText());
        QCOMPARE(m_model->index(row, UploadTableModel::Progress)
                     .data(UploadTableModel::ProgressRole)
                     .toDouble(),
                 1.0);
        QCOMPARE(m_model->index(row, UploadTableModel::Progress).data().toString(),
                 QStringLiteral("100.0%"));
    }

    // Finished rows go, the failed one stays, in the right place.
    QSignalSpy removed(m_model.get(), &QAbstractItemModel::rowsRemoved);
    m_scheduler->clearFinished();
    QCOMPARE(removed.count(), 1); // rows 0 to 2, in one go
    QCOMPARE(removed.first().at(1).toInt(), 0);
    QCOMPARE(removed.first().at(2).toInt(), 2);
    QCOMPARE(m_model->rowCount(), 1);
    QCOMPARE(m_model->taskId(0), ids.at(3));
    QCOMPARE(m_model->rowOf(ids.at(3)), 0);
    QCOMPARE(m_model->rowOf(ids.at(0)), -1);
    m_scheduler->cancel(ids.at(3));
    QCOMPARE(m_model->rowCount(), 0);
    QCOMPARE(m_model->rowOf(ids.at(3)), -1);
}

void TestUploadTableModel::clearFinishedRemovesInBatches_data()
{
    QTest::addColumn<int>("count");
    QTest::addColumn<int>("every"); // every n-th row stays (failed); the rest are done
    QTest::newRow("a few runs: one removal each") << 40 << 10;
    QTest::newRow("many runs: one reset") << 2000 << 2;
}

void TestUploadTableModel::clearFinishedRemovesInBatches()
{
    // A restored queue (no network): done rows with failed ones among them.
    QFETCH(int, count);
    QFETCH(int, every);
    QList<TaskRecord> records;
    QList<TaskId> kept;
    for (int i = 0; i < count; ++i) {
        TaskRecord r;
        r.id = TaskId(1000 + i);
        r.sequence = quint64(i);
        r.path = m_dir->filePath(QStringLiteral("r%1").arg(i));
        r.displayName = QStringLiteral("r%1").arg(i);
        r.size = 10;
        r.chunkSize = SchedulerFixture::ChunkSize;
        r.endpoint = m_server->endpoint();
        r.state = i % every == 0 ? TaskState::Error : TaskState::Success;
        r.confirmedBytes = r.state == TaskState::Success ? 10 : 0;
        if (r.state == TaskState::Error)
            kept << r.id;
        records << r;
    }
    m_scheduler->restore(records);
    QCOMPARE(m_model->rowCount(), count);
    const int runs = int(kept.size()); // a run of done rows after each failed one
    QSignalSpy removed(m_model.get(), &QAbstractItemModel::rowsRemoved);
    QSignalSpy reset(m_model.get(), &QAbstractItemModel::modelReset);
    m_scheduler->clearFinished();
    if (runs <= 32) {
        QCOMPARE(reset.count(), 0);
        QCOMPARE(removed.count(), runs);
    } else {
        QCOMPARE(reset.count(), 1);
        QCOMPARE(removed.count(), 0);
    }
    QCOMPARE(m_model->rowCount(), kept.size());
    for (int row = 0; row < kept.size(); ++row) {
        QCOMPARE(m_model->taskId(row), kept.at(row));
        QCOMPARE(m_model->rowOf(kept.at(row)), row);
    }
    QCOMPARE(m_scheduler->totals().count(TaskState::Success), 0);
    QCOMPARE(m_scheduler->totals().count(TaskState::Error), kept.size());
}

void TestUploadTableModel::folderIsInsertedInBatches()
{
    QDir(m_dir->path()).mkpath(QStringLiteral("folder/sub"));
    for (int i = 0; i < 60; ++i) {
        const QString sub = i % 2 ? QStringLiteral("folder") : QStringLiteral("folder/sub");
        QVERIFY(!makeTestFile(m_dir->filePath(sub), QStringLiteral("f%1").arg(i), 10, i).isEmpty());
    }
    QSignalSpy inserted(m_model.get(), &QAbstractItemModel::rowsInserted);
    ADD_AND_WAIT({m_dir->filePath(QStringLiteral("folder"))});
    // Not a row at a time: the walk hands its files on in batches (32, then 64, ...), each one
    // insert at most, so 60 files are one or two.
    QVERIFY2(inserted.count() >= 1 && inserted.count() <= 2,
             qPrintable(QString::number(inserted.count())));
    QCOMPARE(m_model->rowCount(), 60);
    for (int row = 0; row < 60; ++row)
        QCOMPARE(m_model->rowOf(m_model->taskId(row)), row);
}

void TestUploadTableModel::startsWithExistingTasks()
{
    const QStringList files = makeFiles({10, 20});
    ADD_AND_WAIT(files);
    UploadTableModel late(m_scheduler);
    QAbstractItemModelTester tester(&late, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QCOMPARE(late.rowCount(), 2);
    QCOMPARE(late.taskId(1), m_scheduler->taskIds().at(1));
    QCOMPARE(late.columnCount(), int(UploadTableModel::Count));
}

void TestUploadTableModel::uploadShowsProgressAndChunks()
{
    const QStringList files = makeFiles({40 * MiB});
    m_scheduler->setChunkSize(1 * MiB);
    QSignalSpy changed(m_model.get(), &QAbstractItemModel::dataChanged);
    ADD_AND_WAIT(files);
    const TaskId id = m_scheduler->taskIds().at(0);

    auto chunks = m_model->index(0, UploadTableModel::Chunks)
                      .data(UploadTableModel::ChunkMapRole)
                      .value<ChunkBarData>();
    QCOMPARE(chunks.taskId, id);
    QCOMPARE(chunks.states.size(), 40);
    const quint64 firstRevision = chunks.revision;

    QTRY_COMPARE_WITH_TIMEOUT(m_scheduler->task(id)->state(), TaskState::Success, UploadTimeoutMs);
    QTRY_COMPARE(m_model->index(0, UploadTableModel::State).data().toString(), doneText());
    chunks = m_model->index(0, UploadTableModel::Chunks)
                 .data(UploadTableModel::ChunkMapRole)
                 .value<ChunkBarData>();
    QCOMPARE(chunks.states, QVector<ChunkState>(40, ChunkState::Done));
    QVERIFY(chunks.revision != firstRevision);
    QCOMPARE(m_model->index(0, UploadTableModel::Chunks).data().toString(),
             QStringLiteral("40/40"));

    // The view heard about progress and the chunk map with the roles that carry them.
    bool progressRole = false, chunkRole = false, stateRole = false;
    for (const QList<int> &roles : changesOfRow(changed, 0)) {
        progressRole = progressRole || roles.contains(UploadTableModel::ProgressRole);
        chunkRole = chunkRole || roles.contains(UploadTableModel::ChunkMapRole);
        stateRole = stateRole || roles.contains(UploadTableModel::StateRole);
        QVERIFY(roles.contains(UploadTableModel::SortRole)); // so a sorted proxy re-sorts
    }
    QVERIFY(progressRole);
    QVERIFY(chunkRole);
    QVERIFY(stateRole);
}

void TestUploadTableModel::hashingShownInStateColumn()
{
    const QStringList files = makeFiles({256 * MiB}); // a few hundred ms of hashing
    m_scheduler->setChunkSize(64 * MiB);              // and not a thousand requests after it
    m_scheduler->setHashPolicy(UploadScheduler::HashPolicy::Always);
    // Every State text shown while hashing, with the Progress and Speed beside it.
    QStringList hashing;
    bool barMovedWhileHashing = false, speedWhileHashing = false;
    connect(m_model.get(), &QAbstractItemModel::dataChanged, this, [&] {
        const QString state = m_model->index(0, UploadTableModel::State).data().toString();
        if (!state.startsWith(QLatin1String("Hashing")))
            return;
        hashing << state;
        barMovedWhileHashing |= m_model->index(0, UploadTableModel::Progress)
                                    .data(UploadTableModel::ProgressRole)
                                    .toDouble()
                                != 0.0;
        speedWhileHashing |=
            !m_model->index(0, UploadTableModel::Speed).data().toString().isEmpty();
    });
    ADD_AND_WAIT(files);
    const TaskId id = m_scheduler->taskIds().at(0);
    // waitFor, not QTRY_: its 10 ms sleeps would starve the upload.
    QVERIFY(waitFor([&] { return m_scheduler->task(id)->state() == TaskState::Success; },
                    UploadTimeoutMs));
    QVERIFY(!hashing.isEmpty());
    static const QRegularExpression percent(QStringLiteral("^Hashing \\d{1,3}%$"));
    for (const QString &text : std::as_const(hashing))
        QVERIFY2(percent.match(text).hasMatch(), qPrintable(text));
    QVERIFY(!barMovedWhileHashing); // the bar is bytes on the server, and none were sent yet
    QVERIFY(!speedWhileHashing);
    QTRY_COMPARE(m_model->index(0, UploadTableModel::State).data().toString(), doneText());
}

void TestUploadTableModel::changesOnlyTheChangedRowAndColumns()
{
    m_scheduler->setEndpoint(QUrl(QStringLiteral("http://127.0.0.1:%1/files/").arg(deadPort())));
    m_scheduler->setConcurrency(1);
    ADD_AND_WAIT(makeFiles({10, 20, 30}));
    const QList<TaskId> ids = m_scheduler->taskIds();
    for (TaskId id : ids)
        m_scheduler->pause(id);
    QTRY_COMPARE(m_model->index(2, UploadTableModel::State).data().toString(),
                 QStringLiteral("Paused"));
    QTest::qWait(2 * UploadTableModel::flushIntervalMs); // let every pending flush go out

    QSignalSpy changed(m_model.get(), &QAbstractItemModel::dataChanged);
    m_scheduler->setPriority(ids.at(1), Priority::High);
    QVERIFY(changed.wait(1000));
    QTest::qWait(2 * UploadTableModel::flushIntervalMs);
    QCOMPARE(changed.count(), 1);
    auto topLeft = changed.at(0).at(0).value<QModelIndex>();
    auto bottomRight = changed.at(0).at(1).value<QModelIndex>();
    QCOMPARE(topLeft.row(), 1);
    QCOMPARE(bottomRight.row(), 1);
    QCOMPARE(topLeft.column(), int(UploadTableModel::Name));
    QCOMPARE(bottomRight.column(), int(UploadTableModel::Name));
    QVERIFY(changed.at(0).at(2).value<QList<int>>().contains(UploadTableModel::PriorityRole));
    QCOMPARE(m_model->index(1, 0).data(UploadTableModel::PriorityRole).value<Priority>(),
             Priority::High);

    // Two adjacent rows changing alike: one dataChanged over both.
    changed.clear();
    m_scheduler->setPriority(ids.at(1), Priority::Low);
    m_scheduler->setPriority(ids.at(2), Priority::Low);
    QVERIFY(changed.wait(1000));
    QTest::qWait(2 * UploadTableModel::flushIntervalMs);
    QCOMPARE(changed.count(), 1);
    QCOMPARE(changed.at(0).at(0).value<QModelIndex>().row(), 1);
    QCOMPARE(changed.at(0).at(1).value<QModelIndex>().row(), 2);

    // Rows apart: one dataChanged each, and none for the row between.
    changed.clear();
    m_scheduler->setPriority(ids.at(0), Priority::High);
    m_scheduler->setPriority(ids.at(2), Priority::High);
    QVERIFY(changed.wait(1000));
    QTest::qWait(2 * UploadTableModel::flushIntervalMs);
    QCOMPARE(changed.count(), 2);
    QVERIFY(changesOfRow(changed, 1).isEmpty());

    // A state change reaches the columns that show state, with the state roles.
    changed.clear();
    m_scheduler->retry(ids.at(0)); // not failed: nothing happens
    m_scheduler->resume(ids.at(0));
    QVERIFY(changed.wait(1000));
    const auto topLeft2 = changed.at(0).at(0).value<QModelIndex>();
    const auto bottomRight2 = changed.at(0).at(1).value<QModelIndex>();
    QCOMPARE(topLeft2.row(), 0);
    QVERIFY(topLeft2.column() <= UploadTableModel::State);
    QCOMPARE(bottomRight2.column(), int(UploadTableModel::Actions));
    QVERIFY(changed.at(0).at(2).value<QList<int>>().contains(UploadTableModel::StateRole));
    QVERIFY(changesOfRow(changed, 1).isEmpty());
}

void TestUploadTableModel::coalescesFloodToTenPerSecond()
{
    // A real upload changes its row all the time; on top of the scheduler's own batches the
    // test announces it every millisecond. The model still repaints the row at most once per
    // flush interval, and keeps up (the row is repainted about that often).
    // Sixteen thousand requests: long enough to measure on either server (hoistd took 256 MiB
    // in 64 KiB chunks in about a second, and sometimes ended before the measurement did).
    m_scheduler->setChunkSize(16 * KiB);
    ADD_AND_WAIT(makeFiles({256 * MiB}));
    const TaskId id = m_scheduler->taskIds().at(0);
    QTRY_VERIFY_WITH_TIMEOUT(m_scheduler->task(id)->shownBytes() > 0, UploadTimeoutMs);

    QSignalSpy changed(m_model.get(), &QAbstractItemModel::dataChanged);
    QTimer flood;
    flood.setInterval(1);
    flood.setTimerType(Qt::PreciseTimer);
    int floods = 0;
    connect(&flood, &QTimer::timeout, this, [&] {
        ++floods;
        Q_EMIT m_scheduler->tasksChanged({id});
    });
    // A plain event loop: QTest::qWait sleeps between passes and would thin the flood out.
    QEventLoop loop;
    QTimer::singleShot(1000, Qt::PreciseTimer, &loop, &QEventLoop::quit);
    QElapsedTimer clock;
    clock.start();
    flood.start();
    loop.exec();
    flood.stop();
    const qint64 elapsed = clock.elapsed();
    const int count = int(changesOfRow(changed, 0).size());
    qInfo() << floods << "announcements in" << elapsed << "ms gave" << count << "dataChanged";
    QVERIFY2(m_scheduler->task(id)->state() == TaskState::Uploading,
             qPrintable(QStringLiteral("the upload ended before the measurement did: %1")
                            .arg(m_scheduler->task(id)->errorMessage())));
    QVERIFY2(floods > 300, "the flood did not happen");
    const int ceiling = int(elapsed / UploadTableModel::flushIntervalMs) + 1;
    QVERIFY2(count <= ceiling, qPrintable(QStringLiteral("%1 > %2").arg(count).arg(ceiling)));
    QVERIFY2(count >= ceiling / 2, qPrintable(QStringLiteral("only %1: updates lost").arg(count)));
    m_scheduler->cancel(id);
}

void TestUploadTableModel::coalescesDuringRealUpload()
{
    // Without any help from the test: a whole upload, counted.
    m_scheduler->setChunkSize(256 * KiB);
    ADD_AND_WAIT(makeFiles({24 * MiB}));
    const TaskId id = m_scheduler->taskIds().at(0);
    QSignalSpy changed(m_model.get(), &QAbstractItemModel::dataChanged);
    QElapsedTimer clock;
    clock.start();
    QTRY_COMPARE_WITH_TIMEOUT(m_scheduler->task(id)->state(), TaskState::Success, UploadTimeoutMs);
    const qint64 elapsed = clock.elapsed();
    const int count = int(changesOfRow(changed, 0).size());
    qInfo() << "upload took" << elapsed << "ms," << count << "dataChanged";
    QVERIFY(count >= 1);
    QVERIFY2(count <= elapsed / UploadTableModel::flushIntervalMs + 2,
             qPrintable(QStringLiteral("%1 in %2 ms").arg(count).arg(elapsed)));
}

void TestUploadTableModel::retryCountdownShown()
{
    // Nothing listens: each attempt fails with a transient error and waits before the next.
    RetryPolicy policy;
    policy.maxRetries = 50;
    policy.baseDelay = std::chrono::milliseconds(3000);
    policy.maxDelay = std::chrono::milliseconds(3000);
    m_scheduler->setRetryPolicy(policy);
    const quint16 port = deadPort();
    m_scheduler->setEndpoint(QUrl(QStringLiteral("http://127.0.0.1:%1/files/").arg(port)));
    ADD_AND_WAIT(makeFiles({10}));
    // Why first, then when, naming the server.
    const QString cause = QStringLiteral("Connection refused by 127.0.0.1:%1").arg(port);
    const QRegularExpression countdown(
        QStringLiteral("^%1 · retry \\d+ of 50 in \\d+ s$").arg(QRegularExpression::escape(cause)));
    QTRY_VERIFY_WITH_TIMEOUT(
        countdown.match(m_model->index(0, UploadTableModel::State).data().toString()).hasMatch(),
        20000);
    QCOMPARE(m_model->index(0, 0).data(UploadTableModel::StateRole).value<TaskState>(),
             TaskState::Waiting);
    // While the next attempt is under way the row keeps saying it is reconnecting, never a
    // bare "Uploading" that would flicker back to "Retrying in" a moment later.
    const QRegularExpression steady(
        QStringLiteral("^(%1 · retry \\d+ of 50 in \\d+ s|Reconnecting \\(try \\d+\\))$")
            .arg(QRegularExpression::escape(cause)));
    bool sawReconnecting = false;
    QElapsedTimer watch;
    watch.start();
    while (watch.elapsed() < 4000) {
        const QString text = m_model->index(0, UploadTableModel::State).data().toString();
        QVERIFY2(steady.match(text).hasMatch(), qPrintable(text));
        sawReconnecting |= text.startsWith(QLatin1String("Reconnecting"));
        QTest::qWait(1);
    }
    Q_UNUSED(sawReconnecting); // attempts against a closed port end within a millisecond
}

void TestUploadTableModel::failureNamesCauseAndServer()
{
    RetryPolicy policy;
    policy.maxRetries = 2;
    policy.baseDelay = std::chrono::milliseconds(10);
    policy.maxDelay = std::chrono::milliseconds(10);
    m_scheduler->setRetryPolicy(policy);
    const quint16 port = deadPort();
    m_scheduler->setEndpoint(QUrl(QStringLiteral("http://127.0.0.1:%1/files/").arg(port)));
    ADD_AND_WAIT(makeFiles({10}));
    QTRY_COMPARE_WITH_TIMEOUT(
        m_model->index(0, 0).data(UploadTableModel::StateRole).value<TaskState>(), TaskState::Error,
        20000);
    // The row: the cause, whole, naming the server, and how often it was tried.
    QCOMPARE(m_model->index(0, UploadTableModel::State).data().toString(),
             QStringLiteral("Connection refused by 127.0.0.1:%1 · 3 tries").arg(port));
    // The tooltip adds what was being done, where, and the network library's words.
    const QString tip = m_model->index(0, UploadTableModel::State).data(Qt::ToolTipRole).toString();
    QVERIFY2(tip.contains(QStringLiteral("While "))
                 && tip.contains(QStringLiteral("http://127.0.0.1:%1/files/").arg(port)),
             qPrintable(tip));
}

void TestUploadTableModel::proxySortsByRawValues()
{
    m_scheduler->setEndpoint(QUrl(QStringLiteral("http://127.0.0.1:%1/files/").arg(deadPort())));
    // Sizes whose text sorts differently from their value ("900 B" > "2.00 KiB" > "10.0 MiB").
    ADD_AND_WAIT(makeFiles({2 * KiB, 900, 10 * MiB}));
    m_scheduler->pauseAll();
    QSortFilterProxyModel proxy;
    proxy.setSourceModel(m_model.get());
    proxy.setSortRole(UploadTableModel::SortRole);
    proxy.sort(UploadTableModel::Size, Qt::AscendingOrder);
    QCOMPARE(proxy.index(0, UploadTableModel::Name).data().toString(), QStringLiteral("file1.bin"));
    QCOMPARE(proxy.index(1, UploadTableModel::Name).data().toString(), QStringLiteral("file0.bin"));
    QCOMPARE(proxy.index(2, UploadTableModel::Name).data().toString(), QStringLiteral("file2.bin"));
    proxy.sort(UploadTableModel::Size, Qt::DescendingOrder);
    QCOMPARE(proxy.index(0, UploadTableModel::Name).data().toString(), QStringLiteral("file2.bin"));
}

void TestUploadTableModel::addedAndFinishedTimes()
{
    // Restored tasks, whose times are known: one finished a week and more ago, one an hour ago,
    // one not finished (paused), added in an order unlike their finishing.
    const QDateTime now = QDateTime::currentDateTime();
    const auto record = [&](TaskId id, const char *name, TaskState state, qint64 addedAgoS,
                            qint64 finishedAgoS) {
        TaskRecord r;
        r.id = id;
        r.sequence = id;
        r.path = m_dir->filePath(QLatin1String(name));
        r.displayName = QLatin1String(name);
        r.size = 10;
        r.endpoint = m_server->endpoint();
        r.state = state;
        r.chunkSize = SchedulerFixture::ChunkSize;
        r.createdMs = now.addSecs(-addedAgoS).toMSecsSinceEpoch();
        r.finishedMs = finishedAgoS < 0 ? 0 : now.addSecs(-finishedAgoS).toMSecsSinceEpoch();
        if (state == TaskState::Success)
            r.confirmedBytes = r.size;
        return r;
    };
    const qint64 day = 86400;
    m_scheduler->restore({record(1, "old.bin", TaskState::Success, 9 * day, 8 * day),
                          record(2, "paused.bin", TaskState::Paused, 9 * day + 60, -1),
                          record(3, "recent.bin", TaskState::Success, 30 * day, 3600)});
    QCOMPARE(m_model->rowCount(), 3);
    QCOMPARE(m_model->columnCount(), int(UploadTableModel::Count));
    QCOMPARE(m_model->headerData(UploadTableModel::Added, Qt::Horizontal).toString(),
             QStringLiteral("Added"));
    QCOMPARE(m_model->headerData(UploadTableModel::Finished, Qt::Horizontal).toString(),
             QStringLiteral("Finished"));

    const auto cell = [this](int row, int column, int role = Qt::DisplayRole) {
        return m_model->index(row, column).data(role);
    };
    const qint64 recentMs = m_scheduler->task(3)->finishedMs();
    QCOMPARE(recentMs, now.addSecs(-3600).toMSecsSinceEpoch());
    QCOMPARE(cell(2, UploadTableModel::Finished).toString(), formatWhen(recentMs, now));
    QCOMPARE(cell(0, UploadTableModel::Finished).toString(),
             formatWhen(m_scheduler->task(1)->finishedMs(), now));
    // A week and more ago is a date, not a weekday; unfinished is blank.
    QCOMPARE(cell(0, UploadTableModel::Finished).toString(),
             QLocale().toString(now.addSecs(-8 * day).date(), QLocale::ShortFormat));
    QVERIFY(cell(1, UploadTableModel::Finished).toString().isEmpty());
    QVERIFY(!cell(1, UploadTableModel::Added).toString().isEmpty());
    // The tooltip has it in full.
    QVERIFY(cell(2, UploadTableModel::Finished, Qt::ToolTipRole)
                .toString()
                .contains(formatWhenFull(recentMs)));
    // Raw values to sort by: ms since the epoch; unfinished after every finished one.
    QCOMPARE(cell(0, UploadTableModel::Added, UploadTableModel::SortRole).toLongLong(),
             m_scheduler->task(1)->createdMs());
    QCOMPARE(cell(1, UploadTableModel::Finished, UploadTableModel::SortRole).toLongLong(),
             std::numeric_limits<qint64>::max());

    QSortFilterProxyModel proxy;
    proxy.setSourceModel(m_model.get());
    proxy.setSortRole(UploadTableModel::SortRole);
    const auto order = [&proxy] {
        QStringList names;
        for (int row = 0; row < proxy.rowCount(); ++row)
            names << proxy.index(row, UploadTableModel::Name).data().toString();
        return names.join(QLatin1Char(' '));
    };
    proxy.sort(UploadTableModel::Finished, Qt::AscendingOrder);
    QCOMPARE(order(), QStringLiteral("old.bin recent.bin paused.bin"));
    proxy.sort(UploadTableModel::Added, Qt::AscendingOrder);
    QCOMPARE(order(), QStringLiteral("recent.bin paused.bin old.bin"));
    proxy.sort(UploadTableModel::Added, Qt::DescendingOrder);
    QCOMPARE(order(), QStringLiteral("old.bin paused.bin recent.bin"));

    // A live upload gets its finishing time when it ends, and the column hears of it.
    QSignalSpy changed(m_model.get(), &QAbstractItemModel::dataChanged);
    const QStringList files = makeFiles({100 * KiB});
    const qint64 before = QDateTime::currentMSecsSinceEpoch();
    ADD_AND_WAIT(files);
    const TaskId id = m_scheduler->taskIds().constLast();
    QTRY_COMPARE_WITH_TIMEOUT(m_scheduler->task(id)->state(), TaskState::Success, UploadTimeoutMs);
    const UploadTask *task = m_scheduler->task(id);
    QVERIFY(task->createdMs() >= before);
    QVERIFY(task->finishedMs() >= task->createdMs());
    QVERIFY(task->finishedMs() <= QDateTime::currentMSecsSinceEpoch());
    const int row = m_model->rowOf(id);
    QTRY_COMPARE(cell(row, UploadTableModel::Finished).toString(),
                 formatWhen(task->finishedMs(), QDateTime::currentDateTime()));
    bool finishedColumn = false;
    for (const QList<QVariant> &args : std::as_const(changed)) {
        const auto left = args.at(0).value<QModelIndex>();
        const auto right = args.at(1).value<QModelIndex>();
        finishedColumn = finishedColumn
                         || (left.row() <= row && row <= right.row()
                             && left.column() <= UploadTableModel::Finished
                             && UploadTableModel::Finished <= right.column());
    }
    QVERIFY(finishedColumn);
}

QTEST_MAIN(TestUploadTableModel)
#include "tst_uploadtablemodel.moc"
