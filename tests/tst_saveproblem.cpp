// The window's word that its queue cannot be saved: a real full disk (a small tmpfs, root only)
// under a real TaskStore, and the status bar of a real MainWindow.
#include "fittinglabel.h"
#include "mainwindow.h"
#include "queuesavestatus.h"
#include "saveproblemlabel.h"
#include "smalltmpfs.h"
#include "taskstore.h"
#include "testsettings.h"
#include "tusprotocol.h"
#include "uploadscheduler.h"

#include <QApplication>
#include <QDir>
#include <QNetworkAccessManager>
#include <QSignalSpy>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

class TestSaveProblem : public QObject {
    Q_OBJECT

    QTemporaryDir m_settingsDir;

private Q_SLOTS:
    void initTestCase()
    {
        useTestSettings(QStringLiteral("tst_saveproblem"), m_settingsDir.path());
    }
    void statusBarSaysSoWhileTheDiskIsFull();
    void noticeNeverHidesTheCounts_data();
    void noticeNeverHidesTheCounts();
};

namespace {
// 2000 records: more than a 96 KiB disk holds.
QList<TaskRecord> manyRecords()
{
    QList<TaskRecord> records;
    for (TaskId id = 1; id <= 2000; ++id) {
        TaskRecord r;
        r.id = id;
        r.sequence = id;
        r.path = QStringLiteral("/data/a/folder/with/a/long/name/file-%1.bin").arg(id);
        r.displayName = QStringLiteral("file-%1.bin").arg(id);
        r.size = 10;
        r.fingerprint = QByteArray(32, 'x');
        records.append(r);
    }
    return records;
}

// A window whose queue is kept on a 96 KiB tmpfs (root only).
struct SmallDiskWindow {
    SmallTmpfs disk;
    std::unique_ptr<TaskStore> store;
    std::unique_ptr<QueueSaveStatus> status;
    QNetworkAccessManager network;
    TusProtocol protocol{&network};
    UploadScheduler scheduler{&protocol};
    std::unique_ptr<MainWindow> window;

    // Mounts the disk (false, with why not: a skip) and opens the queue on it (`opened`).
    bool mount(QString *whyNot)
    {
        if (!disk.mount(96 * 1024, whyNot))
            return false;
        store = std::make_unique<TaskStore>(QDir(disk.path()).filePath(QStringLiteral("state")));
        opened = store->open();
        status = std::make_unique<QueueSaveStatus>(store.get());
        window = std::make_unique<MainWindow>(&scheduler);
        window->setQueueSaveStatus(status.get());
        return true;
    }
    TaskStore::OpenResult opened;
    ~SmallDiskWindow() { window.reset(); }
};

// How the label's painted text overflows its room, if it does.
QString cutOff(const FittingLabel &label)
{
    const int room = label.contentsRect().width() - 2 * label.margin();
    if (room >= label.fontMetrics().horizontalAdvance(label.shownText()))
        return {};
    return QStringLiteral("%1 px for \"%2\"").arg(room).arg(label.shownText());
}
} // namespace

void TestSaveProblem::statusBarSaysSoWhileTheDiskIsFull()
{
    SmallDiskWindow fixture;
    QString whyNot;
    if (!fixture.mount(&whyNot))
        QSKIP(qPrintable(whyNot));
    QVERIFY2(fixture.opened.ok, qPrintable(fixture.opened.error));
    MainWindow &window = *fixture.window;
    TaskStore &store = *fixture.store;
    QueueSaveStatus &status = *fixture.status;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    SaveProblemLabel *label = window.saveProblem();
    QVERIFY(label);
    QVERIFY(!label->isVisible());
    QCOMPARE(label->parentWidget(), static_cast<QWidget *>(window.statusBar()));

    QSignalSpy failed(&status, &QueueSaveStatus::failed);
    store.saveAll(manyRecords());
    QTRY_VERIFY(label->isVisible());
    QCOMPARE(failed.count(), 1);
    QCOMPARE(label->text(),
             QStringLiteral("Hoist cannot save its queue: disk full — uploads continue but will "
                            "not survive a restart"));
    QVERIFY(label->width() > 0 && label->geometry().right() <= window.statusBar()->width());

    QVERIFY2(fixture.disk.grow(8 << 20, &whyNot), qPrintable(whyNot));
    QTRY_VERIFY_WITH_TIMEOUT(!label->isVisible(), 15000);
    QVERIFY(!status.isFailing());
    QCOMPARE(store.pendingWrites(), qsizetype(0));
}

void TestSaveProblem::noticeNeverHidesTheCounts_data()
{
    QTest::addColumn<int>("width");
    QTest::newRow("default width") << 1180;
    QTest::newRow("narrow") << 900; // savefull's screenshot: "· 383 done" gave way to the notice
    QTest::newRow("800") << 800;
}

void TestSaveProblem::noticeNeverHidesTheCounts()
{
    // The counts are what a person watches: the notice beside them takes only the room they
    // leave, in one of its forms, and neither is painted past its edge.
    QFETCH(int, width);
    SmallDiskWindow fixture;
    QString whyNot;
    if (!fixture.mount(&whyNot))
        QSKIP(qPrintable(whyNot));
    QVERIFY2(fixture.opened.ok, qPrintable(fixture.opened.error));
    MainWindow &window = *fixture.window;
    TaskStore &store = *fixture.store;
    window.resize(width, 640);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    SchedulerTotals totals;
    totals.counts[int(TaskState::Uploading)] = 8;
    totals.counts[int(TaskState::Waiting)] = 2609;
    totals.counts[int(TaskState::Success)] = 383;
    totals.bytesTotal = 30000;
    totals.bytesDone = 3890;
    Q_EMIT fixture.scheduler.totalsChanged(totals);
    store.saveAll(manyRecords());
    SaveProblemLabel *notice = window.saveProblem();
    QTRY_VERIFY(notice->isVisible());
    QApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);

    auto *counts = qobject_cast<FittingLabel *>(window.countsLabel());
    QVERIFY(counts);
    QCOMPARE(counts->text(), QStringLiteral("8 uploading \u00b7 2609 waiting \u00b7 383 done"));
    QCOMPARE(counts->shownText(), counts->text());
    QVERIFY2(cutOff(*counts).isEmpty(), qPrintable(cutOff(*counts)));
    QVERIFY2(cutOff(*notice).isEmpty(), qPrintable(cutOff(*notice)));
    QVERIFY(notice->geometry().left() >= counts->geometry().right());
    QVERIFY(notice->geometry().right() <= window.statusBar()->width());
    // It says what it can: its whole sentence when there is room, else a shorter form.
    const QString shown = notice->shownText();
    QVERIFY2(shown.startsWith(QStringLiteral("Hoist cannot save its queue: disk full"))
                 || shown.startsWith(QStringLiteral("Queue not")),
             qPrintable(shown));
    if (width >= 1180)
        QCOMPARE(shown, notice->text());
    QCOMPARE(notice->toolTip(), notice->text());
}

QTEST_MAIN(TestSaveProblem)
#include "tst_saveproblem.moc"
