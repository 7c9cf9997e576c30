// What the window does when a batch ends (BatchActionRunner): the person's command gets exactly
// the finished and failed files, a failing command is told; suspend and shut down go through a
// countdown that Cancel stops before anything is sent, and otherwise send exactly one request to
// logind, interactive. logind is a fake on a private D-Bus daemon (real D-Bus, nothing of the
// machine's); the uploads go to a real hoistd.
#include "fakelogin1.h"
#include "schedulerfixture.h"
#include "testfiles.h"
#include "testsettings.h"
#include "waitfor.h"

#include "appsettings.h"
#include "batchactionrunner.h"
#include "batchcommand.h"
#include "batchwatcher.h"
#include "countdowndialog.h"
#include "desktopshell.h"
#include "login1power.h"
#include "powercountdown.h"
#include "settingsdialog.h"
#include "uploadscheduler.h"
#include "uploadtask.h"
#include "watchservice.h"

#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QPointer>
#include <QPushButton>
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

QString readAll(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return QStringLiteral("<missing %1>").arg(path);
    return QString::fromUtf8(file.readAll());
}
} // namespace

class tst_BatchActions : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();
    void commandGetsFinishedAndFailedFiles();
    void failingCommandIsTold();
    void cancelledCountdownSendsNothing();
    void countdownEndsInOnePowerOff();
    void suspendAfterItsCountdown();
    void refusalIsTold();
    void settingsOfferEveryChoice();
    void watchedOnlyBatchNeverPowersOff_data();
    void watchedOnlyBatchNeverPowersOff();
    void mixedBatchStillPowersOff();

private:
    // A folder watched on the fixture's scheduler, its uploads told apart by the shell's batch
    // watcher as main() sets it up; `name` is written in it first.
    std::unique_ptr<WatchService> watchFolder(const QString &dir, const QString &name);
    // A shell on the fixture's scheduler with `action`, notices collected, logind the fake.
    void makeShell(AppSettings::BatchAction action);
    QString file(const QString &name, qint64 size = 3000);

    QTemporaryDir m_settingsDir;
    PrivateBus m_bus;
    std::unique_ptr<FakeLogin1> m_login1;
    std::unique_ptr<SchedulerFixture> m_fixture;
    std::unique_ptr<AppSettings> m_settings;
    std::unique_ptr<QWidget> m_window;
    std::unique_ptr<Login1Power> m_power;
    std::unique_ptr<DesktopShell> m_shell;
    QList<Notice> m_notices;
};

void tst_BatchActions::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    useTestSettings(QStringLiteral("tst_batchactions"), m_settingsDir.path());
    QVERIFY2(m_bus.start(), qPrintable(m_bus.errorString()));
}

void tst_BatchActions::init()
{
    QSettings().clear();
    // A fresh logind per case: its calls are this case's only.
    m_login1 = std::make_unique<FakeLogin1>();
    QString error;
    QVERIFY2(m_login1->start(m_bus.address(), &error), qPrintable(error));
    m_fixture = std::make_unique<SchedulerFixture>();
    QVERIFY2(m_fixture->start(), qPrintable(m_fixture->errorString()));
    m_notices.clear();
}

void tst_BatchActions::cleanup()
{
    m_shell.reset();
    m_power.reset();
    m_window.reset();
    m_settings.reset();
    m_fixture.reset();
    m_login1.reset();
}

void tst_BatchActions::makeShell(AppSettings::BatchAction action)
{
    m_settings = std::make_unique<AppSettings>(m_fixture->scheduler());
    m_settings->setBatchAction(action);
    m_window = std::make_unique<QWidget>();
    m_shell = std::make_unique<DesktopShell>(m_fixture->scheduler(), m_window.get(),
                                             m_settings.get(), false);
    m_shell->setNotify([this](const QString &title, const QString &text, bool problem) {
        m_notices.append({title, text, problem});
    });
    m_power = std::make_unique<Login1Power>(m_bus.address());
    m_shell->batchActions()->setPowerControl(m_power.get());
}

QString tst_BatchActions::file(const QString &name, qint64 size)
{
    return makeTestFile(m_fixture->files().path(), name, size, 11);
}

void tst_BatchActions::commandGetsFinishedAndFailedFiles()
{
    makeShell(AppSettings::BatchAction::Command);
    const QString out = m_fixture->files().filePath(QStringLiteral("out"));
    QVERIFY(QDir().mkpath(out));
    // What the command was given, copied where the test can read it after the lists are gone.
    m_settings->setBatchCommand(
        QStringLiteral("cd '%1' && cp \"$HOIST_FINISHED_LIST\" finished && "
                       "cp \"$HOIST_FAILED_LIST\" failed && "
                       "echo \"$HOIST_FINISHED_COUNT $HOIST_FAILED_COUNT\" > counts")
            .arg(out));
    QSignalSpy done(m_shell->batchActions(), &BatchActionRunner::commandFinished);
    // A tab in a name: escaped in the list, so that each file stays one line.
    const QString a = file(QStringLiteral("a.bin"));
    const QString b = file(QStringLiteral("b\tc.bin"));
    const QString missing = m_fixture->files().filePath(QStringLiteral("missing.bin"));
    QCOMPARE(m_fixture->add({a, b, missing}).size(), 3);
    QVERIFY(done.wait(30000));
    QCOMPARE(done.at(0).at(0).toBool(), true);
    QCOMPARE(m_fixture->peer()->uploadCount(), 2);

    QStringList finished = readAll(out + QStringLiteral("/finished")).split(QLatin1Char('\n'));
    QCOMPARE(finished.takeLast(), QString()); // every line ends with a line break
    finished.sort();
    QStringList expected{a, QString(b).replace(QLatin1Char('\t'), QStringLiteral("\\t"))};
    expected.sort();
    QCOMPARE(finished, expected);
    QCOMPARE(readAll(out + QStringLiteral("/failed")), missing + QLatin1Char('\n'));
    QCOMPARE(readAll(out + QStringLiteral("/counts")), QStringLiteral("2 1\n"));
    QVERIFY(m_notices.isEmpty()); // it went well: nothing to tell
    // The lists are removed once the command ended.
    QVERIFY(waitFor([&] {
        return QDir(QDir::tempPath())
            .entryList({QStringLiteral("hoist-batch-*")}, QDir::Dirs)
            .isEmpty();
    }));
}

void tst_BatchActions::failingCommandIsTold()
{
    makeShell(AppSettings::BatchAction::Command);
    m_settings->setBatchCommand(QStringLiteral("echo 'disk full' >&2; exit 3"));
    QSignalSpy done(m_shell->batchActions(), &BatchActionRunner::commandFinished);
    QCOMPARE(m_fixture->add({file(QStringLiteral("a.bin"))}).size(), 1);
    QVERIFY(done.wait(30000));
    QCOMPARE(done.at(0).at(0).toBool(), false);
    QCOMPARE(m_notices.size(), 1);
    QVERIFY(m_notices.at(0).problem);
    QVERIFY2(m_notices.at(0).text.contains(QLatin1String("exit status 3"))
                 && m_notices.at(0).text.contains(QLatin1String("disk full")),
             qPrintable(m_notices.at(0).text));

    // One that cannot even start says so too.
    m_settings->setBatchCommand(QStringLiteral("/nonexistent/hoist-command"));
    QCOMPARE(m_fixture->add({file(QStringLiteral("b.bin"))}).size(), 1);
    QVERIFY(done.wait(30000));
    QCOMPARE(done.at(1).at(0).toBool(), false);
    QCOMPARE(m_notices.size(), 2);
    QVERIFY2(m_notices.at(1).text.contains(QLatin1String("127")),
             qPrintable(m_notices.at(1).text)); // the shell's "not found"
}

void tst_BatchActions::cancelledCountdownSendsNothing()
{
    makeShell(AppSettings::BatchAction::Shutdown);
    QCOMPARE(m_fixture->add({file(QStringLiteral("a.bin"))}).size(), 1);
    QVERIFY(waitFor([&] { return m_shell->batchActions()->countdownDialog() != nullptr; }));
    CountdownDialog *dialog = m_shell->batchActions()->countdownDialog();
    QVERIFY(dialog->isVisible());
    QVERIFY(!dialog->isModal());
    QVERIFY(dialog->cancelButton()->isDefault());
    QVERIFY2(dialog->label()->text().contains(QLatin1String("shut down this computer in 60")),
             qPrintable(dialog->label()->text()));
    QVERIFY(waitFor([&] { return m_shell->batchActions()->countdown()->secondsLeft() <= 58; }));
    QVERIFY(dialog->label()->text().contains(QLatin1String("in 58 seconds"))
            || dialog->label()->text().contains(QLatin1String("in 57 seconds")));

    QSignalSpy cancelled(m_shell->batchActions()->countdown(), &PowerCountdown::cancelled);
    QTest::mouseClick(dialog->cancelButton(), Qt::LeftButton);
    QCOMPARE(cancelled.count(), 1);
    QVERIFY(!dialog->isVisible());
    QVERIFY(!m_shell->batchActions()->countdown()->isRunning());
    QTest::qWait(1500); // past the next tick: nothing goes out late
    QCOMPARE(m_login1->calls().size(), 0);
    QVERIFY(m_notices.isEmpty());
}

void tst_BatchActions::countdownEndsInOnePowerOff()
{
    makeShell(AppSettings::BatchAction::Shutdown);
    m_shell->batchActions()->setCountdownSeconds(2);
    QSignalSpy called(m_login1.get(), &FakeLogin1::called);
    QCOMPARE(m_fixture->add({file(QStringLiteral("a.bin")), file(QStringLiteral("b.bin"))}).size(),
             2);
    QVERIFY(waitFor([&] { return m_shell->batchActions()->countdownDialog() != nullptr; }));
    QPointer<CountdownDialog> dialog = m_shell->batchActions()->countdownDialog();
    QVERIFY(dialog->label()->text().contains(QLatin1String("2 uploads finished")));
    QVERIFY(called.wait(10000));
    QTest::qWait(1500); // and nothing more
    QCOMPARE(m_login1->calls().size(), 1);
    QCOMPARE(m_login1->calls().at(0).method, QStringLiteral("PowerOff"));
    QCOMPARE(m_login1->calls().at(0).interactive, true);
    QVERIFY(!dialog || !dialog->isVisible());
    QVERIFY(m_notices.isEmpty()); // logind took it
}

void tst_BatchActions::suspendAfterItsCountdown()
{
    makeShell(AppSettings::BatchAction::Suspend);
    m_shell->batchActions()->setCountdownSeconds(60);
    QSignalSpy called(m_login1.get(), &FakeLogin1::called);
    QCOMPARE(m_fixture->add({file(QStringLiteral("a.bin"))}).size(), 1);
    QVERIFY(waitFor([&] { return m_shell->batchActions()->countdownDialog() != nullptr; }));
    CountdownDialog *dialog = m_shell->batchActions()->countdownDialog();
    QCOMPARE(dialog->nowButton()->text(), QStringLiteral("Suspend now"));
    QTest::mouseClick(dialog->nowButton(), Qt::LeftButton); // no need to wait the minute
    QVERIFY(called.wait(10000));
    QCOMPARE(m_login1->calls().size(), 1);
    QCOMPARE(m_login1->calls().at(0).method, QStringLiteral("Suspend"));
    QCOMPARE(m_login1->calls().at(0).interactive, true);
}

void tst_BatchActions::refusalIsTold()
{
    makeShell(AppSettings::BatchAction::Shutdown);
    m_shell->batchActions()->setCountdownSeconds(1);
    m_login1->setRefusal(QStringLiteral("Interactive authentication required."));
    QCOMPARE(m_fixture->add({file(QStringLiteral("a.bin"))}).size(), 1);
    QVERIFY(waitFor([&] { return !m_notices.isEmpty(); }, 15000));
    QCOMPARE(m_login1->calls().size(), 1);
    QCOMPARE(m_notices.at(0).title, QStringLiteral("The computer could not be shut down"));
    QCOMPARE(m_notices.at(0).text, QStringLiteral("Interactive authentication required."));
    QVERIFY(m_notices.at(0).problem);
}

void tst_BatchActions::settingsOfferEveryChoice()
{
    AppSettings settings(m_fixture->scheduler());
    using Batch = AppSettings::BatchAction;
    {
        SettingsDialog dialog(&settings, false);
        QComboBox *combo = dialog.batchActionCombo();
        QList<Batch> offered;
        for (int i = 0; i < combo->count(); ++i)
            offered << combo->itemData(i).value<Batch>();
        QCOMPARE(offered, (QList<Batch>{Batch::Nothing, Batch::Notify, Batch::Command,
                                        Batch::Suspend, Batch::Shutdown, Batch::Quit}));
        QVERIFY(!dialog.batchCommandEdit()->isEnabled()); // the default is Notify
        combo->setCurrentIndex(combo->findData(QVariant::fromValue(Batch::Command)));
        QVERIFY(dialog.batchCommandEdit()->isEnabled());
        dialog.batchCommandEdit()->setText(QStringLiteral("  mail -s done me  "));
        dialog.accept();
    }
    QCOMPARE(settings.batchAction(), Batch::Command);
    QCOMPARE(settings.batchCommand(), QStringLiteral("mail -s done me"));
    QCOMPARE(QSettings().value(QStringLiteral("batchFinished")).toString(),
             QStringLiteral("command"));
    SettingsDialog fresh(&settings, false);
    QCOMPARE(fresh.batchCommandEdit()->text(), QStringLiteral("mail -s done me"));
    QVERIFY(fresh.batchCommandEdit()->isEnabled());
    settings.setBatchAction(Batch::Shutdown);
    SettingsDialog third(&settings, false);
    QCOMPARE(third.batchActionCombo()->currentData().value<Batch>(), Batch::Shutdown);
    QVERIFY(!third.batchCommandEdit()->isEnabled());
}

std::unique_ptr<WatchService> tst_BatchActions::watchFolder(const QString &dir, const QString &name)
{
    auto service = std::make_unique<WatchService>(m_fixture->scheduler(), nullptr);
    service->setTuning({200, 60000, -1});
    m_shell->batchWatcher()->setWatchedTest(
        [watch = service.get()](const UploadTask &task) { return watch->owns(task); });
    makeTestFile(dir, name, 3000, 21);
    WatchedFolder folder;
    folder.folder = dir;
    folder.target = m_fixture->scheduler()->endpoint();
    folder.prefix = QStringLiteral("watched");
    service->setFolders({folder});
    return service;
}

void tst_BatchActions::watchedOnlyBatchNeverPowersOff_data()
{
    QTest::addColumn<int>("action");
    QTest::addColumn<int>("notices");
    using Batch = AppSettings::BatchAction;
    QTest::newRow("shutdown") << int(Batch::Shutdown) << 0;
    QTest::newRow("suspend") << int(Batch::Suspend) << 0;
    QTest::newRow("quit") << int(Batch::Quit) << 0;
    QTest::newRow("notify still") << int(Batch::Notify) << 1;
}

// A folder watched runs on and on: a batch of its uploads alone ends in no countdown, no
// request to logind and no quitting; a notification still comes when asked for.
void tst_BatchActions::watchedOnlyBatchNeverPowersOff()
{
    QFETCH(int, action);
    QFETCH(int, notices);
    makeShell(AppSettings::BatchAction(action));
    m_shell->batchActions()->setCountdownSeconds(1);
    QSignalSpy quit(m_shell->batchActions(), &BatchActionRunner::quitRequested);
    BatchOutcome outcome;
    int batches = 0;
    // After the shell's own connection: the action has been decided when this runs.
    connect(m_shell->batchWatcher(), &BatchWatcher::batchEnded, this, [&](const BatchOutcome &o) {
        outcome = o;
        ++batches;
    });
    QTemporaryDir dir;
    const auto service = watchFolder(dir.path(), QStringLiteral("w.bin"));
    QVERIFY(waitFor([&] { return batches == 1; }, 30000));
    QCOMPARE(outcome.finished.size(), 1);
    QCOMPARE(outcome.watched, 1);
    QVERIFY(outcome.onlyWatched());
    QVERIFY(!m_shell->batchActions()->countdown());
    QVERIFY(!m_shell->batchActions()->countdownDialog());
    QCOMPARE(quit.count(), 0);
    QCOMPARE(m_login1->calls().size(), 0);
    QCOMPARE(m_notices.size(), notices);
}

// Files dropped beside a watched folder's: the batch is the person's, and the action fires.
void tst_BatchActions::mixedBatchStillPowersOff()
{
    makeShell(AppSettings::BatchAction::Shutdown);
    m_shell->batchActions()->setCountdownSeconds(1);
    QSignalSpy called(m_login1.get(), &FakeLogin1::called);
    BatchOutcome outcome;
    connect(m_shell->batchWatcher(), &BatchWatcher::batchEnded, this,
            [&](const BatchOutcome &o) { outcome = o; });
    // The dropped file takes a second and a half: the watched one joins its batch.
    m_fixture->scheduler()->setRateLimit(64 * 1024);
    QCOMPARE(m_fixture->add({file(QStringLiteral("dropped.bin"), 96 * 1024)}).size(), 1);
    QTemporaryDir dir;
    const auto service = watchFolder(dir.path(), QStringLiteral("w.bin"));
    QVERIFY(waitFor([&] { return m_shell->batchActions()->countdownDialog() != nullptr; }, 30000));
    QCOMPARE(outcome.finished.size(), 2);
    QCOMPARE(outcome.watched, 1);
    QVERIFY(!outcome.onlyWatched());
    QVERIFY(called.wait(10000));
    QCOMPARE(m_login1->calls().size(), 1);
    QCOMPARE(m_login1->calls().at(0).method, QStringLiteral("PowerOff"));
}

QTEST_MAIN(tst_BatchActions)
#include "tst_batchactions.moc"
