// When a batch of uploads is over (the queue went from busy to idle), Hoist tells once, with the
// right counts, and not to someone looking at the window; or quits, when asked to and nothing
// failed. Real uploads to a real tus server (hoistd).
#include "appsettings.h"
#include "batchwatcher.h"
#include "desktopshell.h"
#include "schedulerfixture.h"
#include "testfiles.h"
#include "testsettings.h"
#include "waitfor.h"

#include "uploadscheduler.h"

#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QWidget>

#include <memory>

namespace {
struct Notice {
    QString title;
    QString text;
    bool problem = false;
};
} // namespace

class tst_BatchWatcher : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();
    void describesCounts();
    void countsOncePerBatch();
    void pausingEverythingIsNoBatch();
    void notifiesUnlessWatched();
    void quitsOnlyWhenAllSucceeded();

private:
    QString file(const QString &name, qint64 size = 3000);

    QTemporaryDir m_settingsDir;
    std::unique_ptr<SchedulerFixture> m_fixture;
    UploadScheduler *m_scheduler = nullptr;
};

void tst_BatchWatcher::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    useTestSettings(QStringLiteral("tst_batchwatcher"), m_settingsDir.path());
}

void tst_BatchWatcher::init()
{
    QSettings().clear();
    m_fixture = std::make_unique<SchedulerFixture>();
    QVERIFY2(m_fixture->start(), qPrintable(m_fixture->errorString()));
    m_scheduler = m_fixture->scheduler();
}

void tst_BatchWatcher::cleanup()
{
    m_fixture.reset();
}

QString tst_BatchWatcher::file(const QString &name, qint64 size)
{
    return makeTestFile(m_fixture->files().path(), name, size, 7);
}

void tst_BatchWatcher::describesCounts()
{
    QCOMPARE(BatchWatcher::describe(42, 0), QStringLiteral("42 uploads finished"));
    QCOMPARE(BatchWatcher::describe(1, 0), QStringLiteral("1 upload finished"));
    QCOMPARE(BatchWatcher::describe(40, 2), QStringLiteral("40 finished, 2 failed"));
    QCOMPARE(BatchWatcher::describe(0, 3), QStringLiteral("3 uploads failed"));
}

void tst_BatchWatcher::countsOncePerBatch()
{
    BatchWatcher watcher(m_scheduler);
    QSignalSpy batches(&watcher, &BatchWatcher::batchFinished);
    const QString missing = m_fixture->files().filePath(QStringLiteral("later.bin"));
    const QList<TaskId> ids = m_fixture->add(
        {file(QStringLiteral("a")), file(QStringLiteral("b")), file(QStringLiteral("c")), missing});
    QCOMPARE(ids.size(), 4);
    QVERIFY(m_fixture->waitIdle());
    QVERIFY(waitFor([&] { return batches.count() >= 1; }));
    QCOMPARE(batches.count(), 1);
    QCOMPARE(batches.at(0).at(0).toInt(), 3);
    QCOMPARE(batches.at(0).at(1).toInt(), 1);
    QCOMPARE(m_fixture->peer()->uploadCount(), 3);

    // The next batch counts only its own: the failed one retried (its file there now, whether or
    // not that makes it succeed) and two new ones. The retried upload counts once, as it ended.
    QVERIFY(
        !makeTestFile(m_fixture->files().path(), QStringLiteral("later.bin"), 5000, 3).isEmpty());
    m_scheduler->retry(ids.at(3));
    QVERIFY(m_fixture->add({file(QStringLiteral("d")), file(QStringLiteral("e"))}).size() == 2);
    QVERIFY(m_fixture->waitIdle());
    QVERIFY(waitFor([&] { return batches.count() >= 2; }));
    QTest::qWait(50); // nothing more comes
    QCOMPARE(batches.count(), 2);
    const bool retriedOk = m_fixture->task(ids.at(3))->state() == TaskState::Success;
    QCOMPARE(batches.at(1).at(0).toInt(), 2 + (retriedOk ? 1 : 0));
    QCOMPARE(batches.at(1).at(1).toInt(), retriedOk ? 0 : 1);
}

void tst_BatchWatcher::pausingEverythingIsNoBatch()
{
    BatchWatcher watcher(m_scheduler);
    QSignalSpy batches(&watcher, &BatchWatcher::batchFinished);
    QSignalSpy idle(m_scheduler, &UploadScheduler::idle);
    m_scheduler->setRateLimit(256 * 1024); // slow enough to be paused on the way
    const QList<TaskId> ids = m_fixture->add({file(QStringLiteral("big"), 8 * 1024 * 1024)});
    QCOMPARE(ids.size(), 1);
    QVERIFY(waitFor([&] { return m_fixture->task(ids.first())->state() == TaskState::Uploading; }));
    m_scheduler->pauseAll();
    QVERIFY(waitFor([&] { return idle.count() >= 1; }));
    QCOMPARE(batches.count(), 0);
}

void tst_BatchWatcher::notifiesUnlessWatched()
{
    AppSettings settings(m_scheduler);
    QWidget window;
    DesktopShell shell(m_scheduler, &window, &settings, false);
    QList<Notice> notices;
    shell.setNotify([&notices](const QString &title, const QString &text, bool problem) {
        notices.append({title, text, problem});
    });
    QCOMPARE(settings.batchAction(), AppSettings::BatchAction::Notify); // the default

    // The window is not shown: a notification, one for the batch.
    m_fixture->add({file(QStringLiteral("a")), file(QStringLiteral("b"))});
    QVERIFY(m_fixture->waitIdle());
    QVERIFY(waitFor([&] { return !notices.isEmpty(); }));
    QCOMPARE(notices.size(), 1);
    QCOMPARE(notices.at(0).text, QStringLiteral("2 uploads finished"));
    QVERIFY(!notices.at(0).problem);

    // With a failure it says so.
    m_fixture->add(
        {file(QStringLiteral("c")), m_fixture->files().filePath(QStringLiteral("gone"))});
    QVERIFY(m_fixture->waitIdle());
    QVERIFY(waitFor([&] { return notices.size() >= 2; }));
    QCOMPARE(notices.at(1).title, QStringLiteral("Uploads failed"));
    QCOMPARE(notices.at(1).text, QStringLiteral("1 finished, 1 failed"));
    QVERIFY(notices.at(1).problem);

    // Nobody is told what they are looking at.
    window.show();
    window.activateWindow();
    if (!QTest::qWaitForWindowActive(&window))
        QSKIP("this platform does not activate windows");
    QSignalSpy idle(m_scheduler, &UploadScheduler::idle);
    m_fixture->add({file(QStringLiteral("d"))});
    QVERIFY(waitFor([&] { return idle.count() >= 1; }));
    QCOMPARE(notices.size(), 2);

    // Nor told anything when asked for nothing.
    window.hide();
    settings.setBatchAction(AppSettings::BatchAction::Nothing);
    m_fixture->add({file(QStringLiteral("e"))});
    QVERIFY(waitFor([&] { return idle.count() >= 2; }));
    QCOMPARE(notices.size(), 2);
}

void tst_BatchWatcher::quitsOnlyWhenAllSucceeded()
{
    AppSettings settings(m_scheduler);
    settings.setBatchAction(AppSettings::BatchAction::Quit);
    QWidget window;
    DesktopShell shell(m_scheduler, &window, &settings, false);
    QList<Notice> notices;
    shell.setNotify([&notices](const QString &title, const QString &text, bool problem) {
        notices.append({title, text, problem});
    });
    QSignalSpy quit(&shell, &DesktopShell::quitRequested);
    QSignalSpy idle(m_scheduler, &UploadScheduler::idle);

    // A failure: Hoist stays, so that it can be seen, and says so.
    m_fixture->add(
        {file(QStringLiteral("a")), m_fixture->files().filePath(QStringLiteral("gone"))});
    QVERIFY(waitFor([&] { return idle.count() >= 1; }));
    QCOMPARE(quit.count(), 0);
    QCOMPARE(notices.size(), 1);
    QCOMPARE(notices.at(0).text, QStringLiteral("1 finished, 1 failed"));

    m_fixture->add({file(QStringLiteral("b"))});
    QVERIFY(waitFor([&] { return idle.count() >= 2; }));
    QCOMPARE(quit.count(), 1);
    QCOMPARE(notices.size(), 1);
}

QTEST_MAIN(tst_BatchWatcher)
#include "tst_batchwatcher.moc"
