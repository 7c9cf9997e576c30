// The window's word that its queue cannot be saved: a real full disk (a small tmpfs, root only)
// under a real TaskStore, and the status bar of a real MainWindow.
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

class TestSaveProblem : public QObject {
    Q_OBJECT

    QTemporaryDir m_settingsDir;

private Q_SLOTS:
    void initTestCase()
    {
        useTestSettings(QStringLiteral("tst_saveproblem"), m_settingsDir.path());
    }
    void statusBarSaysSoWhileTheDiskIsFull();
};

void TestSaveProblem::statusBarSaysSoWhileTheDiskIsFull()
{
    SmallTmpfs disk;
    QString whyNot;
    if (!disk.mount(96 * 1024, &whyNot))
        QSKIP(qPrintable(whyNot));
    TaskStore store(QDir(disk.path()).filePath(QStringLiteral("state")));
    const TaskStore::OpenResult opened = store.open();
    QVERIFY2(opened.ok, qPrintable(opened.error));
    QueueSaveStatus status(&store);
    QNetworkAccessManager network;
    TusProtocol protocol(&network);
    UploadScheduler scheduler(&protocol);
    MainWindow window(&scheduler);
    window.setQueueSaveStatus(&status);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    SaveProblemLabel *label = window.saveProblem();
    QVERIFY(label);
    QVERIFY(!label->isVisible());
    QCOMPARE(label->parentWidget(), static_cast<QWidget *>(window.statusBar()));

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
    QSignalSpy failed(&status, &QueueSaveStatus::failed);
    store.saveAll(records);
    QTRY_VERIFY(label->isVisible());
    QCOMPARE(failed.count(), 1);
    QCOMPARE(label->text(),
             QStringLiteral("Hoist cannot save its queue: disk full — uploads continue but will "
                            "not survive a restart"));
    QVERIFY(label->width() > 0 && label->geometry().right() <= window.statusBar()->width());

    QVERIFY2(disk.grow(8 << 20, &whyNot), qPrintable(whyNot));
    QTRY_VERIFY_WITH_TIMEOUT(!label->isVisible(), 15000);
    QVERIFY(!status.isFailing());
    QCOMPARE(store.pendingWrites(), qsizetype(0));
}

QTEST_MAIN(TestSaveProblem)
#include "tst_saveproblem.moc"
