// The schedule in the window: painting the 7×24 grid with the mouse in the chosen mode, rates
// added to the palette, the text form shown, the metered setting; and the status bar item that
// names the rule in force, offers the override and keeps what the dialog set.
#include "appsettings.h"
#include "commandline.h"
#include "mainwindow.h"
#include "scheduledialog.h"
#include "schedulegrid.h"
#include "schedulestatus.h"
#include "testsettings.h"
#include "transfergovernor.h"
#include "tusprotocol.h"
#include "uploadscheduler.h"

#include "clock.h"
#include "networkstatus.h"

#include <QApplication>
#include <QComboBox>
#include <QLineEdit>
#include <QListWidget>
#include <QMenu>
#include <QNetworkAccessManager>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTest>
#include <QTimeZone>
#include <QToolButton>

#include <memory>

namespace {
constexpr qint64 KiB = 1024;
constexpr qint64 MiB = 1024 * KiB;
enum Day { Mon, Tue, Wed, Thu, Fri, Sat, Sun };

void drag(ScheduleGrid *grid, int fromDay, int fromHour, int toDay, int toHour)
{
    QTest::mousePress(grid, Qt::LeftButton, {}, grid->cellCenter(fromDay, fromHour));
    QTest::mouseMove(grid, grid->cellCenter(toDay, toHour));
    QTest::mouseRelease(grid, Qt::LeftButton, {}, grid->cellCenter(toDay, toHour));
}
} // namespace

class tst_ScheduleDialog : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void paintingTheGrid();
    void ratesInThePalette();
    void meteredSetting();
    void statusNamesRuleAndOffersOverride();
    void dialogResultIsKeptAndApplied();
    void overrideOutlivesRestart();

private:
    QTemporaryDir m_settingsDir;
};

void tst_ScheduleDialog::initTestCase()
{
    useTestSettings(QStringLiteral("tst_scheduledialog"), m_settingsDir.path());
    QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedKingdom)); // weeks from Monday
}

void tst_ScheduleDialog::paintingTheGrid()
{
    ScheduleDialog dialog(TransferSchedule(), {}, MeteredPolicy());
    dialog.resize(900, 500);
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    ScheduleGrid *grid = dialog.grid();
    QCOMPARE(grid->rowOf(Mon), 0);
    {
        // Where weeks start on Sunday, so does the grid.
        QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
        const ScheduleGrid us;
        QCOMPARE(us.rowOf(Sun), 0);
        QCOMPARE(us.dayOf(1), int(Mon));
        QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedKingdom));
    }
    // Paused is the brush at first: a rectangle from Monday 09:00 to Friday 16:00-17:00.
    drag(grid, Mon, 9, Fri, 16);
    QCOMPARE(grid->schedule().modeAt(Mon, 9), ScheduleMode::paused());
    QCOMPARE(grid->schedule().modeAt(Fri, 16), ScheduleMode::paused());
    QCOMPARE(grid->schedule().modeAt(Fri, 17), ScheduleMode::full());
    QCOMPARE(grid->schedule().modeAt(Sat, 9), ScheduleMode::full());
    QCOMPARE(dialog.textView()->toPlainText(), QStringLiteral("Mon-Fri 09-17 paused\n"));
    // Full speed paints it back, the other way round.
    dialog.choose(ScheduleMode::full());
    drag(grid, Wed, 16, Wed, 9);
    QCOMPARE(dialog.textView()->toPlainText(), QStringLiteral("Mon,Tue,Thu,Fri 09-17 paused\n"));
    QCOMPARE(dialog.schedule().rules().size(), 1);
}

void tst_ScheduleDialog::ratesInThePalette()
{
    ScheduleDialog dialog(TransferSchedule(), {512 * KiB}, MeteredPolicy());
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    QCOMPARE(dialog.paletteList()->count(), 3); // full, paused, 512 KiB/s
    dialog.rateEdit()->setText(QStringLiteral("2M"));
    QTest::keyClick(dialog.rateEdit(), Qt::Key_Return);
    QCOMPARE(dialog.paletteList()->count(), 4);
    QCOMPARE(dialog.rates(), (QList<qint64>{512 * KiB, 2 * MiB}));
    QCOMPARE(dialog.grid()->brush(), ScheduleMode::limited(2 * MiB)); // the new one is picked
    drag(dialog.grid(), Sat, 0, Sun, 23);
    dialog.choose(ScheduleMode::limited(512 * KiB));
    drag(dialog.grid(), Mon, 22, Mon, 23);
    QCOMPARE(dialog.textView()->toPlainText(),
             QStringLiteral("Mon 22-24 limit 512K\nSat,Sun limit 2M\n"));
    // Each rate its own colour.
    QVERIFY(ScheduleGrid::colorFor(ScheduleMode::limited(2 * MiB), dialog.rates())
            != ScheduleGrid::colorFor(ScheduleMode::limited(512 * KiB), dialog.rates()));
    // Removing a rate gives its hours back to full speed.
    dialog.choose(ScheduleMode::limited(2 * MiB));
    const auto removeButtons = dialog.findChildren<QPushButton *>();
    for (QPushButton *b : removeButtons) {
        if (b->text() == QStringLiteral("Remove rate"))
            b->click();
    }
    QCOMPARE(dialog.rates(), QList<qint64>{512 * KiB});
    QCOMPARE(dialog.textView()->toPlainText(), QStringLiteral("Mon 22-24 limit 512K\n"));
}

void tst_ScheduleDialog::meteredSetting()
{
    ScheduleDialog dialog(TransferSchedule(), {}, MeteredPolicy{MeteredPolicy::Action::Limit, MiB});
    QCOMPARE(dialog.meteredPolicy().action, MeteredPolicy::Action::Limit);
    QCOMPARE(dialog.meteredPolicy().rate, MiB);
    QVERIFY(dialog.meteredRateEdit()->isEnabled());
    dialog.meteredCombo()->setCurrentIndex(
        dialog.meteredCombo()->findData(int(MeteredPolicy::Action::Ignore)));
    QVERIFY(!dialog.meteredRateEdit()->isEnabled());
    QCOMPARE(dialog.meteredPolicy().action, MeteredPolicy::Action::Ignore);
}

void tst_ScheduleDialog::statusNamesRuleAndOffersOverride()
{
    QNetworkAccessManager network;
    TusProtocol protocol(&network);
    UploadScheduler scheduler(&protocol);
    AppSettings settings(&scheduler);
    MainWindow window(&scheduler, &settings);
    // Monday 10:00 local time.
    const QDateTime monday(QDate(2026, 11, 23), QTime(10, 0));
    ManualClock clock(monday.toMSecsSinceEpoch());
    ManualNetworkStatus net;
    TransferGovernor governor(&scheduler, &clock, &net);
    ScheduleStatus status(&governor, &settings, &window);
    QVERIFY(window.statusBar()->findChild<QToolButton *>(QStringLiteral("scheduleStatus")));
    QCOMPARE(status.button()->text(), QStringLiteral("Schedule…"));
    QList<TransferSchedule::ParseError> errors;
    governor.setSchedule(TransferSchedule::parse(QStringLiteral("Mon 09-17 limit 2M\n"), &errors));
    const QString time = QLocale().toString(QTime(17, 0), QLocale::ShortFormat);
    QCOMPARE(status.button()->text(),
             QStringLiteral("Limited to 2 MiB/s by schedule until %1").arg(time));
    QVERIFY(status.button()->toolTip().contains(QStringLiteral("Mon 09-17 limit 2M")));
    QVERIFY(!status.cancelOverride()->isEnabled());
    QVERIFY(status.untilRuleEnds()->isEnabled());
    status.forOneHour()->trigger();
    QVERIFY(governor.isOverridden());
    QCOMPARE(scheduler.rateCap(), qint64(0));
    QVERIFY(status.button()->text().startsWith(QStringLiteral("Full speed until")));
    QVERIFY(status.cancelOverride()->isEnabled());
    status.cancelOverride()->trigger();
    QCOMPARE(scheduler.rateCap(), 2 * MiB);
    status.untilRuleEnds()->trigger();
    QCOMPARE(governor.state().untilMs,
             QDateTime(QDate(2026, 11, 23), QTime(17, 0)).toMSecsSinceEpoch());
    status.cancelOverride()->trigger();
    // The metered notice.
    net.setMetered(true);
    QCOMPARE(status.button()->text(), QStringLiteral("Paused: metered connection"));
    QVERIFY(scheduler.isSuspended());
    net.setMetered(false);
    QVERIFY(!scheduler.isSuspended());
}

void tst_ScheduleDialog::dialogResultIsKeptAndApplied()
{
    QNetworkAccessManager network;
    TusProtocol protocol(&network);
    UploadScheduler scheduler(&protocol);
    AppSettings settings(&scheduler);
    settings.setScheduleText(QString());
    MainWindow window(&scheduler, &settings);
    ManualClock clock(QDateTime(QDate(2026, 11, 28), QTime(12, 0)).toMSecsSinceEpoch()); // Sat
    ManualNetworkStatus net;
    TransferGovernor governor(&scheduler, &clock, &net);
    ScheduleStatus status(&governor, &settings, &window);
    status.setDialogHook([](ScheduleDialog *dialog) {
        QMetaObject::invokeMethod(
            dialog,
            [dialog] {
                dialog->addRate(ScheduleMode::parseRate(QStringLiteral("1M")));
                drag(dialog->grid(), Sat, 0, Sun, 23);
                dialog->meteredCombo()->setCurrentIndex(
                    dialog->meteredCombo()->findData(int(MeteredPolicy::Action::Ignore)));
                dialog->accept();
            },
            Qt::QueuedConnection);
    });
    status.editAction()->trigger();
    QCOMPARE(settings.scheduleText(), QStringLiteral("Sat,Sun limit 1M\n"));
    QCOMPARE(settings.scheduleRates(), QList<qint64>{MiB});
    QCOMPARE(settings.meteredPolicy().action, MeteredPolicy::Action::Ignore);
    QCOMPARE(scheduler.rateCap(), MiB);
    QVERIFY(status.button()->text().startsWith(QStringLiteral("Limited to 1 MiB/s by schedule")));

    // The next start: remembered, unless the command line gives its own for this run.
    ScheduleStatus again(&governor, &settings, &window);
    governor.setSchedule(TransferSchedule());
    again.restore(AppOptions());
    QCOMPARE(scheduler.rateCap(), MiB);
    AppOptions options;
    options.schedulePath = QStringLiteral("given.txt");
    options.schedule = TransferSchedule::parse(QStringLiteral("* paused"), nullptr);
    again.restore(options);
    QVERIFY(scheduler.isSuspended());
    QCOMPARE(settings.scheduleText(), QStringLiteral("Sat,Sun limit 1M\n"));
}

void tst_ScheduleDialog::overrideOutlivesRestart()
{
    QNetworkAccessManager network;
    TusProtocol protocol(&network);
    const auto at = [](QTime time) {
        return QDateTime(QDate(2026, 11, 23), time).toMSecsSinceEpoch(); // a Monday
    };
    ManualClock clock(at(QTime(10, 0)));
    ManualNetworkStatus net;
    // One run of the window: its scheduler, settings, governor and status bar item, restored as
    // main() does.
    struct Run {
        explicit Run(TusProtocol *protocol, Clock *clock, NetworkStatus *net)
            : scheduler(protocol)
            , settings(&scheduler)
            , window(&scheduler, &settings)
            , governor(&scheduler, clock, net)
            , status(&governor, &settings, &window)
        {
            status.restore(AppOptions());
        }
        UploadScheduler scheduler;
        AppSettings settings;
        MainWindow window;
        TransferGovernor governor;
        ScheduleStatus status;
    };
    {
        Run first(&protocol, &clock, &net);
        first.settings.setScheduleText(QStringLiteral("Mon 09-17 limit 2M\n"));
        first.settings.setMeteredPolicy(MeteredPolicy()); // pause: an earlier case chose ignore
        first.status.restore(AppOptions());
        QCOMPARE(first.scheduler.rateCap(), 2 * MiB);
        first.status.forOneHour()->trigger();
        QCOMPARE(first.settings.scheduleOverrideUntil(), at(QTime(11, 0)));
    }
    // Started again half an hour later: still full speed, until the same moment.
    clock.setWallMs(at(QTime(10, 30)));
    {
        Run second(&protocol, &clock, &net);
        QVERIFY(second.governor.isOverridden());
        QCOMPARE(second.governor.state().cause, GovernorState::Cause::Override);
        QCOMPARE(second.governor.state().untilMs, at(QTime(11, 0)));
        QCOMPARE(second.scheduler.rateCap(), qint64(0));
        QVERIFY(second.status.button()->text().startsWith(QStringLiteral("Full speed until")));
        QVERIFY(second.status.cancelOverride()->isEnabled());
    }
    // Started again after it ran out while Hoist was closed: the schedule holds, the override
    // is forgotten.
    clock.setWallMs(at(QTime(11, 30)));
    {
        Run third(&protocol, &clock, &net);
        QVERIFY(!third.governor.isOverridden());
        QCOMPARE(third.scheduler.rateCap(), 2 * MiB);
        QCOMPARE(third.settings.scheduleOverrideUntil(), qint64(0));
        // Chosen and cancelled: nothing is kept.
        third.status.forThreeHours()->trigger();
        QCOMPARE(third.settings.scheduleOverrideUntil(), at(QTime(14, 30)));
        third.status.cancelOverride()->trigger();
        QCOMPARE(third.settings.scheduleOverrideUntil(), qint64(0));
        // "Until the rule ends" is kept with the rule's end.
        third.status.untilRuleEnds()->trigger();
        QCOMPARE(third.settings.scheduleOverrideUntil(), at(QTime(17, 0)));
        third.status.cancelOverride()->trigger();
    }
    // "Until the link changes" (metered, no schedule boundary ahead) is not kept.
    clock.setWallMs(at(QTime(18, 0)));
    net.setMetered(true);
    {
        Run fourth(&protocol, &clock, &net);
        QVERIFY(fourth.scheduler.isSuspended());
        fourth.status.untilRuleEnds()->trigger();
        QVERIFY(fourth.governor.isOverridden());
        QCOMPARE(fourth.settings.scheduleOverrideUntil(), qint64(0));
    }
    net.setMetered(false);
}

QTEST_MAIN(tst_ScheduleDialog)
#include "tst_scheduledialog.moc"
