// The tray menu's unattended entries (TrayPolicyMenu): the rule in force named, "Full speed for 1
// hour" and "Back to schedule (rule)" driving the real governor and the scheduler's cap; "Pause
// watching" holding back what a watched folder finds (kept in the settings) until "Resume
// watching" queues it; "Watch folders…" asking for the dialog. With HOIST_SHOT=PREFIX, the menu
// is opened as a window and saved as PREFIX-*.png (for a look under Xvfb).
#include "testsettings.h"
#include "waitfor.h"

#include "appsettings.h"
#include "clock.h"
#include "networkstatus.h"
#include "transfergovernor.h"
#include "trayicon.h"
#include "traypolicymenu.h"
#include "tusprotocol.h"
#include "uploadscheduler.h"
#include "watchedfoldersdialog.h"
#include "watchservice.h"
#include "windowwatch.h"

#include <QAction>
#include <QCheckBox>
#include <QFile>
#include <QMenu>
#include <QNetworkAccessManager>
#include <QSettings>
#include <QTemporaryDir>
#include <QTest>

namespace {
constexpr qint64 MiB = 1024 * 1024;

// With HOIST_SHOT=PREFIX, the menu opened as a window is saved as PREFIX-NAME.png.
void shoot(QMenu *menu, const QString &name)
{
    const QString prefix = qEnvironmentVariable("HOIST_SHOT");
    if (prefix.isEmpty())
        return;
    menu->popup(QPoint(40, 40));
    QVERIFY(QTest::qWaitForWindowExposed(menu));
    QTest::qWait(300); // painted
    QVERIFY(menu->grab().save(prefix + QLatin1Char('-') + name + QStringLiteral(".png")));
    menu->hide();
}

bool writeFile(const QString &path, const QByteArray &bytes)
{
    QFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(bytes) == bytes.size();
}
} // namespace

class tst_TrayMenu : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void overrideAndWatchingFromTheTray();

private:
    QTemporaryDir m_settingsDir;
};

void tst_TrayMenu::initTestCase()
{
    useTestSettings(QStringLiteral("tst_traymenu"), m_settingsDir.path());
}

void tst_TrayMenu::overrideAndWatchingFromTheTray()
{
    QSettings().clear();
    QNetworkAccessManager network;
    TusProtocol protocol(&network);
    UploadScheduler scheduler(&protocol);
    scheduler.setEndpoint(QUrl(QStringLiteral("http://127.0.0.1:1/files/")));
    AppSettings settings(&scheduler);
    QTemporaryDir state;
    QTemporaryDir watched;
    WatchedFolder folder;
    folder.folder = watched.path();
    folder.target = scheduler.endpoint();
    folder.prefix = QStringLiteral("w");
    settings.setWatchedFolders({folder});
    WindowWatch watch(&scheduler, &settings, state.path(), {{}, {}, 200, 60000}, {});
    watch.start();

    const QDateTime monday(QDate(2026, 11, 23), QTime(10, 0));
    ManualClock clock(monday.toMSecsSinceEpoch());
    ManualNetworkStatus net;
    TransferGovernor governor(&scheduler, &clock, &net);
    TrayIcon tray(&scheduler);
    int opened = 0;
    TrayPolicyMenu entries(tray.menu(), tray.showAction(), &governor, &watch, [&] { ++opened; });

    // No schedule: no schedule entries; the watch entries are there.
    QVERIFY(!entries.overrideAction()->isVisible());
    QVERIFY(!entries.inForce()->isVisible());
    QVERIFY(entries.pauseWatching()->isVisible());
    QCOMPARE(entries.pauseWatching()->text(), QStringLiteral("Pause watching"));
    // They come before "Show Hoist", after Pause all / Resume all.
    const QList<QAction *> actions = tray.menu()->actions();
    QVERIFY(actions.indexOf(entries.watchFolders()) < actions.indexOf(tray.showAction()));
    QVERIFY(actions.indexOf(tray.resumeAllAction()) < actions.indexOf(entries.inForce()));

    QList<TransferSchedule::ParseError> errors;
    governor.setSchedule(TransferSchedule::parse(QStringLiteral("Mon 09-17 limit 2M\n"), &errors));
    QVERIFY(entries.inForce()->isVisible());
    QVERIFY(!entries.inForce()->isEnabled());
    QVERIFY2(entries.inForce()->text().startsWith(
                 QStringLiteral("Limited to 2 MiB/s by schedule until 17:00")),
             qPrintable(entries.inForce()->text()));
    QCOMPARE(entries.inForce()->toolTip(), QStringLiteral("Rule in force: Mon 09-17 limit 2M"));
    QCOMPARE(entries.overrideAction()->text(), QStringLiteral("Full speed for 1 hour"));
    shoot(tray.menu(), QStringLiteral("schedule"));
    QCOMPARE(scheduler.rateCap(), 2 * MiB);
    entries.overrideAction()->trigger();
    QVERIFY(governor.isOverridden());
    QCOMPARE(governor.state().untilMs, monday.addSecs(3600).toMSecsSinceEpoch());
    QCOMPARE(scheduler.rateCap(), qint64(0));
    QCOMPARE(entries.overrideAction()->text(),
             QStringLiteral("Back to schedule (Mon 09-17 limit 2M)"));
    QVERIFY(entries.inForce()->text().startsWith(QStringLiteral("Full speed until")));

    shoot(tray.menu(), QStringLiteral("overridden"));

    entries.overrideAction()->trigger();
    QVERIFY(!governor.isOverridden());
    QCOMPARE(scheduler.rateCap(), 2 * MiB);

    // Pausing: what settles meanwhile is held back, and kept paused in the settings.
    QTRY_COMPARE(watch.service()->stateOf(folder), FolderWatcher::State::Watching);
    entries.pauseWatching()->trigger();
    QVERIFY(watch.service()->isPaused());
    QVERIFY(settings.watchingPaused());
    QCOMPARE(entries.pauseWatching()->text(), QStringLiteral("Resume watching"));
    QVERIFY(entries.pauseWatching()->toolTip().contains(QStringLiteral("paused")));
    QVERIFY(writeFile(watched.filePath(QStringLiteral("a.txt")), "first"));
    QVERIFY(waitFor([&] { return watch.service()->pendingCount() > 0; }, 10000));  // seen
    QVERIFY(waitFor([&] { return watch.service()->pendingCount() == 0; }, 10000)); // settled
    QTest::qWait(500); // past the queueing delay (100 ms): nothing is queued
    QCOMPARE(scheduler.taskCount(), 0);
    // A restart of the watch keeps the pause.
    watch.start();
    QVERIFY(watch.service()->isPaused());
    entries.pauseWatching()->trigger();
    QVERIFY(!watch.service()->isPaused());
    QVERIFY(!settings.watchingPaused());
    QVERIFY(waitFor([&] { return scheduler.taskCount() == 1; }, 10000));
    QCOMPARE(entries.pauseWatching()->text(), QStringLiteral("Pause watching"));

    entries.watchFolders()->trigger();
    QCOMPARE(opened, 1);

    // The same pause in the "Watched folders" dialog, for a desktop without a tray.
    {
        WatchedFoldersDialog dialog(&settings, watch.service());
        QVERIFY(!dialog.pauseBox()->isChecked());
        dialog.pauseBox()->setChecked(true);
        dialog.accept();
    }
    QVERIFY(settings.watchingPaused());
    QVERIFY(watch.service()->isPaused());
    QCOMPARE(entries.pauseWatching()->text(), QStringLiteral("Resume watching"));
    {
        WatchedFoldersDialog dialog(&settings, watch.service());
        QVERIFY(dialog.pauseBox()->isChecked());
        dialog.pauseBox()->setChecked(false);
        dialog.accept();
    }
    QVERIFY(!watch.service()->isPaused());
}

QTEST_MAIN(tst_TrayMenu)
#include "tst_traymenu.moc"
