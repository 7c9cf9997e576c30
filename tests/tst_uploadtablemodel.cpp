// UploadTableModel's rows over a real UploadScheduler uploading to a real tus server (@tus/server
// or hoistd, as HOIST_TEST_PEER says): rows following tasks, their texts and raw values, sorting.
// How changes are announced: tst_uploadtablemodelupdates.
#include "tst_uploadtablemodelbase.h"

#include "formatting.h"
#include "taskrecord.h"
#include "waitfor.h"

#include <QDir>
#include <QElapsedTimer>
#include <QLocale>
#include <QRegularExpression>
#include <QSortFilterProxyModel>

#include <limits>

using namespace UploadTableModelTest;

class TestUploadTableModel final : public UploadTableModelTestBase {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { startServer(); }
    void init() { startCase(); }
    void cleanup() { endCase(); }

    void rowsFollowTasks();
    void folderIsInsertedInBatches();
    void clearFinishedRemovesInBatches_data();
    void clearFinishedRemovesInBatches();
    void startsWithExistingTasks();
    void uploadShowsProgressAndChunks();
    void hashingShownInStateColumn();
    void retryCountdownShown();
    void failureNamesCauseAndServer();
    void proxySortsByRawValues();
    void addedAndFinishedTimes();
};

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
