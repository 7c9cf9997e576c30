// How UploadTableModel announces changes while a real UploadScheduler uploads to a real tus server
// (@tus/server or hoistd, as HOIST_TEST_PEER says): only the changed row and columns, with their
// roles, and at most once per flush interval however often the scheduler says so.
#include "tst_uploadtablemodelbase.h"

#include <QElapsedTimer>
#include <QEventLoop>
#include <QTimer>

using namespace UploadTableModelTest;

class TestUploadTableModelUpdates final : public UploadTableModelTestBase {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { startServer(); }
    void init() { startCase(); }
    void cleanup() { endCase(); }

    void changesOnlyTheChangedRowAndColumns();
    void coalescesFloodToTenPerSecond();
    void coalescesDuringRealUpload();
};

void TestUploadTableModelUpdates::changesOnlyTheChangedRowAndColumns()
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

void TestUploadTableModelUpdates::coalescesFloodToTenPerSecond()
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

void TestUploadTableModelUpdates::coalescesDuringRealUpload()
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

QTEST_MAIN(TestUploadTableModelUpdates)
#include "tst_uploadtablemodelupdates.moc"
