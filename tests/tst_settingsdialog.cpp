// The settings dialog and AppSettings: what is set through the dialog's widgets reaches
// QSettings and the scheduler, comes back in a fresh dialog and at the next start, and the
// toolbar and the dialog never disagree. No server: nothing is uploaded.
#include "appsettings.h"
#include "limitcontrols.h"
#include "mainwindow.h"
#include "parallelspin.h"
#include "rateedit.h"
#include "settingsdialog.h"
#include "testsettings.h"
#include "tusprotocol.h"
#include "uploadscheduler.h"

#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QLabel>
#include <QLineEdit>
#include <QNetworkAccessManager>
#include <QPushButton>
#include <QSettings>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>

#include <memory>

namespace {
constexpr qint64 MiB = 1024 * 1024;

template <typename Enum>
void choose(QComboBox *combo, Enum value)
{
    const int index = combo->findData(QVariant::fromValue(value));
    QVERIFY(index >= 0);
    combo->setCurrentIndex(index);
}

QString stored(const char *key)
{
    return QSettings().value(QLatin1String(key)).toString();
}
} // namespace

class tst_SettingsDialog : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();
    void roundTrip();
    void cancelChangesNothing();
    void automaticChunkSize();
    void commandLineWinsForItsRun();
    void rememberedCloseChoiceCanBeUndone();
    void withoutTrayNoTrayChoices();
    void toolbarAndDialogAgree();
    void rateAsTheCommandLineReadsIt_data();
    void rateAsTheCommandLineReadsIt();
    void rateNotUnderstoodIsRefused();
    void autoIsTheDefault();
    void autoOrANumberSurvivesARestart();
    void autoCanBeTyped_data();
    void autoCanBeTyped();
    void storedOldDefaultBecomesAuto_data();
    void storedOldDefaultBecomesAuto();
    void commandLineAutoWinsForItsRun();

private:
    std::unique_ptr<UploadScheduler> makeScheduler();

    QTemporaryDir m_settingsDir;
    std::unique_ptr<QNetworkAccessManager> m_network;
    std::unique_ptr<TusProtocol> m_protocol;
};

void tst_SettingsDialog::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    useTestSettings(QStringLiteral("tst_settingsdialog"), m_settingsDir.path());
    m_network = std::make_unique<QNetworkAccessManager>();
    m_protocol = std::make_unique<TusProtocol>(m_network.get());
}

void tst_SettingsDialog::init()
{
    QSettings().clear();
}

void tst_SettingsDialog::cleanup()
{
    QSettings().clear();
}

std::unique_ptr<UploadScheduler> tst_SettingsDialog::makeScheduler()
{
    // As main() configures it without command-line options.
    auto scheduler = std::make_unique<UploadScheduler>(m_protocol.get());
    scheduler->setChunkSize(AppSettings::DefaultChunkSize);
    scheduler->setMaxRequestSize(AppSettings::MaxRequestSize);
    return scheduler;
}

void tst_SettingsDialog::roundTrip()
{
    {
        auto scheduler = makeScheduler();
        AppSettings settings(scheduler.get());
        settings.restore({});
        SettingsDialog dialog(&settings, true);
        dialog.concurrencySpin()->setValue(7);
        dialog.perServerSpin()->setValue(2);
        dialog.chunkSizeSpin()->setValue(5);
        // A transient failure ends an upload after this long without progress (was: retries).
        dialog.giveUpAfterCombo()->setCurrentIndex(
            dialog.giveUpAfterCombo()->findData(qint64(6 * 3600)));
        dialog.rateLimitEdit()->edit()->setText(QStringLiteral("1.5M"));
        choose(dialog.batchActionCombo(), AppSettings::BatchAction::Quit);
        choose(dialog.closeBehaviourCombo(), AppSettings::CloseBehaviour::Tray);
        dialog.startInTrayBox()->setChecked(true);
        dialog.languageCombo()->setCurrentIndex(
            dialog.languageCombo()->findData(QStringLiteral("zh_CN")));
        dialog.accept();
        QCOMPARE(dialog.result(), int(QDialog::Accepted));

        // The scheduler has them at once.
        QCOMPARE(scheduler->concurrency(), 7);
        QCOMPARE(scheduler->perServerLimit(), 2);
        QCOMPARE(scheduler->chunkSize(), 5 * MiB);
        QCOMPARE(scheduler->maxRequestSize(), qint64(0)); // a fixed size: requests never grow
        QCOMPARE(scheduler->retryPolicy().giveUpAfter.count(), qint64(6 * 3600 * 1000));
        QCOMPARE(scheduler->rateLimit(), qint64(1.5 * MiB));
    }
    // QSettings holds them, under the keys the toolbar uses too.
    QCOMPARE(stored("concurrency"), QStringLiteral("7"));
    QCOMPARE(stored("perServer"), QStringLiteral("2"));
    QCOMPARE(stored("chunkSize"), QString::number(5 * MiB));
    QCOMPARE(stored("giveUpAfter"), QString::number(6 * 3600));
    QCOMPARE(stored("rateLimit"), QString::number(qint64(1.5 * MiB)));
    QCOMPARE(stored("batchFinished"), QStringLiteral("quit"));
    QCOMPARE(stored("closeBehaviour"), QStringLiteral("tray"));
    QCOMPARE(stored("startInTray"), QStringLiteral("true"));
    QCOMPARE(stored("language"), QStringLiteral("zh_CN"));
    // No token, nor anything like one, goes to the settings file.
    for (const QString &key : QSettings().allKeys())
        QVERIFY2(!key.contains(QLatin1String("token"), Qt::CaseInsensitive), qPrintable(key));

    // The next start: a new scheduler gets them, and a fresh dialog shows them.
    auto scheduler = makeScheduler();
    AppSettings settings(scheduler.get());
    settings.restore({});
    QCOMPARE(scheduler->concurrency(), 7);
    QCOMPARE(scheduler->perServerLimit(), 2);
    QCOMPARE(scheduler->chunkSize(), 5 * MiB);
    QCOMPARE(scheduler->maxRequestSize(), qint64(0));
    QCOMPARE(scheduler->retryPolicy().giveUpAfter.count(), qint64(6 * 3600 * 1000));
    QCOMPARE(scheduler->rateLimit(), qint64(1.5 * MiB));
    SettingsDialog fresh(&settings, true);
    QCOMPARE(fresh.concurrencySpin()->value(), 7);
    QCOMPARE(fresh.perServerSpin()->value(), 2);
    QCOMPARE(fresh.chunkSizeSpin()->value(), 5);
    QCOMPARE(fresh.giveUpAfterCombo()->currentData().toLongLong(), qint64(6 * 3600));
    QCOMPARE(fresh.rateLimitEdit()->rate(), qint64(1.5 * MiB));
    QCOMPARE(fresh.rateLimitEdit()->edit()->text(), QStringLiteral("1536K"));
    QCOMPARE(fresh.batchActionCombo()->currentData().value<AppSettings::BatchAction>(),
             AppSettings::BatchAction::Quit);
    QCOMPARE(fresh.closeBehaviourCombo()->currentData().value<AppSettings::CloseBehaviour>(),
             AppSettings::CloseBehaviour::Tray);
    QVERIFY(fresh.startInTrayBox()->isChecked());
    QCOMPARE(fresh.languageCombo()->currentData().toString(), QStringLiteral("zh_CN"));
}

void tst_SettingsDialog::cancelChangesNothing()
{
    auto scheduler = makeScheduler();
    AppSettings settings(scheduler.get());
    SettingsDialog dialog(&settings, true);
    dialog.concurrencySpin()->setValue(11);
    choose(dialog.closeBehaviourCombo(), AppSettings::CloseBehaviour::Quit);
    dialog.reject();
    QCOMPARE(scheduler->concurrency(), 3);
    QVERIFY(QSettings().allKeys().isEmpty());
}

void tst_SettingsDialog::automaticChunkSize()
{
    QSettings().setValue(QStringLiteral("chunkSize"), 2 * MiB);
    auto scheduler = makeScheduler();
    AppSettings settings(scheduler.get());
    settings.restore({});
    QCOMPARE(scheduler->chunkSize(), 2 * MiB);
    SettingsDialog dialog(&settings, true);
    QCOMPARE(dialog.chunkSizeSpin()->value(), 2);
    QCOMPARE(dialog.chunkSizeSpin()->text(), QStringLiteral("2 MiB"));
    dialog.chunkSizeSpin()->setValue(0);
    QCOMPARE(dialog.chunkSizeSpin()->text(), QStringLiteral("Automatic"));
    dialog.accept();
    // Back to the default unit, with requests growing on fast links.
    QCOMPARE(scheduler->chunkSize(), AppSettings::DefaultChunkSize);
    QCOMPARE(scheduler->maxRequestSize(), AppSettings::MaxRequestSize);
    QCOMPARE(stored("chunkSize"), QStringLiteral("0"));
}

void tst_SettingsDialog::commandLineWinsForItsRun()
{
    QSettings().setValue(QStringLiteral("concurrency"), 9);
    QSettings().setValue(QStringLiteral("chunkSize"), 4 * MiB);
    QSettings().setValue(QStringLiteral("giveUpAfter"), 3600);
    QSettings().setValue(QStringLiteral("retries"), 2); // an older Hoist's: no longer read
    auto scheduler = makeScheduler();
    scheduler->setAutoConcurrency(false); // hoist -c 5
    scheduler->setConcurrency(5);
    scheduler->setChunkSize(512 * 1024); // --chunk-size 512K
    scheduler->setMaxRequestSize(0);
    AppSettings settings(scheduler.get());
    AppSettings::Given given;
    given.concurrency = true;
    given.chunkSize = true;
    settings.restore(given);
    QCOMPARE(scheduler->concurrency(), 5);
    QVERIFY(!scheduler->autoConcurrency());
    QCOMPARE(scheduler->chunkSize(), qint64(512 * 1024));
    QCOMPARE(scheduler->retryPolicy().giveUpAfter.count(), qint64(3600 * 1000)); // not given
    QCOMPARE(scheduler->retryPolicy().maxRetries, RetryPolicy::Unlimited);

    // OK without touching them keeps this run's values and does not remember them.
    SettingsDialog dialog(&settings, true);
    QCOMPARE(dialog.concurrencySpin()->value(), 5);
    dialog.accept();
    QCOMPARE(scheduler->chunkSize(), qint64(512 * 1024));
    QCOMPARE(stored("concurrency"), QStringLiteral("9"));
    QCOMPARE(stored("concurrencyMode"), QStringLiteral("fixed")); // a 9 was chosen: kept
    QCOMPARE(stored("chunkSize"), QString::number(4 * MiB));
}

void tst_SettingsDialog::rememberedCloseChoiceCanBeUndone()
{
    // "Don't ask again" stored "quit"; the dialog is where it is taken back.
    QSettings().setValue(QStringLiteral("closeBehaviour"), QStringLiteral("quit"));
    auto scheduler = makeScheduler();
    AppSettings settings(scheduler.get());
    QCOMPARE(settings.closeBehaviour(), AppSettings::CloseBehaviour::Quit);
    SettingsDialog dialog(&settings, true);
    QCOMPARE(dialog.closeBehaviourCombo()->currentText(), QStringLiteral("Quit; resume next time"));
    choose(dialog.closeBehaviourCombo(), AppSettings::CloseBehaviour::Ask);
    dialog.accept();
    QCOMPARE(settings.closeBehaviour(), AppSettings::CloseBehaviour::Ask);
    QCOMPARE(stored("closeBehaviour"), QStringLiteral("ask"));
}

void tst_SettingsDialog::withoutTrayNoTrayChoices()
{
    auto scheduler = makeScheduler();
    AppSettings settings(scheduler.get());
    SettingsDialog dialog(&settings, false);
    QCOMPARE(dialog.closeBehaviourCombo()->findData(
                 QVariant::fromValue(AppSettings::CloseBehaviour::Tray)),
             -1);
    QCOMPARE(dialog.closeBehaviourCombo()->count(), 2);
    QVERIFY(!dialog.startInTrayBox()->isEnabled());
    dialog.accept();
    QVERIFY(!QSettings().contains(QStringLiteral("startInTray")));
}

void tst_SettingsDialog::toolbarAndDialogAgree()
{
    auto scheduler = makeScheduler();
    MainWindow window(scheduler.get());
    QCOMPARE(window.settingsAction()->shortcut(), QKeySequence(Qt::CTRL | Qt::Key_Comma));
    // The toolbar's value is the dialog's, and remembered under the same key.
    window.concurrencySpin()->setValue(12);
    QCOMPARE(stored("concurrency"), QStringLiteral("12"));
    {
        SettingsDialog dialog(window.appSettings(), true);
        QCOMPARE(dialog.concurrencySpin()->value(), 12);
        dialog.perServerSpin()->setValue(4);
        dialog.concurrencySpin()->setValue(6);
        dialog.rateLimitEdit()->edit()->setText(QStringLiteral("2M"));
        dialog.accept();
    }
    // And the dialog's changes show in the toolbar and the status bar at once.
    QCOMPARE(window.concurrencySpin()->value(), 6);
    QCOMPARE(window.limitControls()->perServerSpin()->value(), 4);
    QCOMPARE(scheduler->perServerLimit(), 4);
    QVERIFY2(window.limitControls()->rateButton()->text().contains(QLatin1String("2")),
             qPrintable(window.limitControls()->rateButton()->text()));
    QCOMPARE(stored("perServer"), QStringLiteral("4"));
}

// "512K" in the settings is what --limit-rate 512K is: 512 KiB/s (it was 512 MiB/s when the
// field was a spin box in MiB/s), said beside the field.
void tst_SettingsDialog::rateAsTheCommandLineReadsIt_data()
{
    QTest::addColumn<QString>("typed");
    QTest::addColumn<qint64>("rate");
    QTest::addColumn<QString>("shown");
    QTest::newRow("512K") << "512K" << qint64(512 * 1024) << "= 512 KiB/s";
    QTest::newRow("512k/s") << "512k/s" << qint64(512 * 1024) << "= 512 KiB/s";
    QTest::newRow("2M") << "2M" << 2 * MiB << "= 2.00 MiB/s";
    QTest::newRow("1.5M/s") << " 1.5M/s " << qint64(1.5 * MiB) << "= 1.50 MiB/s";
    QTest::newRow("bytes") << "1048576" << MiB << "= 1.00 MiB/s";
    QTest::newRow("1K, the least") << "1K" << qint64(1024) << "= 1.00 KiB/s";
    QTest::newRow("empty: no limit") << "" << qint64(0) << "No limit";
}

void tst_SettingsDialog::rateAsTheCommandLineReadsIt()
{
    QFETCH(QString, typed);
    QFETCH(qint64, rate);
    QFETCH(QString, shown);
    auto scheduler = makeScheduler();
    AppSettings settings(scheduler.get());
    settings.setRateLimit(3 * MiB);
    SettingsDialog dialog(&settings, false);
    QCOMPARE(dialog.rateLimitEdit()->edit()->text(), QStringLiteral("3M"));
    dialog.rateLimitEdit()->edit()->setText(typed);
    QCOMPARE(dialog.rateLimitEdit()->rate(), rate);
    QCOMPARE(dialog.rateLimitEdit()->understoodLabel()->text(), shown);
    dialog.accept();
    QCOMPARE(dialog.result(), int(QDialog::Accepted));
    QCOMPARE(scheduler->rateLimit(), rate);
    QCOMPARE(stored("rateLimit"), QString::number(rate));
}

// What the command line rejects the dialog rejects too, saying so, and OK keeps nothing.
void tst_SettingsDialog::rateNotUnderstoodIsRefused()
{
    auto scheduler = makeScheduler();
    AppSettings settings(scheduler.get());
    settings.setRateLimit(3 * MiB);
    const QStringList junk = {QStringLiteral("fast"), QStringLiteral("512X"),
                              QStringLiteral("-5M"),  QStringLiteral("100"),
                              QStringLiteral("0"),    QStringLiteral("5 MB/h")};
    for (const QString &typed : junk) {
        SettingsDialog dialog(&settings, false);
        auto *ok = dialog.findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Ok);
        dialog.rateLimitEdit()->edit()->setText(typed);
        QVERIFY2(!dialog.rateLimitEdit()->isValid(), qPrintable(typed));
        QVERIFY2(dialog.rateLimitEdit()->understoodLabel()->text().startsWith(
                     QLatin1String("Not a rate")),
                 qPrintable(dialog.rateLimitEdit()->understoodLabel()->text()));
        QVERIFY(!ok->isEnabled());
        dialog.accept();
        QCOMPARE(dialog.result(), int(QDialog::Rejected)); // not closed, nothing written
        QCOMPARE(scheduler->rateLimit(), 3 * MiB);
        dialog.rateLimitEdit()->edit()->setText(QStringLiteral("512K"));
        QVERIFY(ok->isEnabled());
    }
}

// A new person gets Parallel: Auto, in the scheduler, the toolbar and the dialog; looking at it
// writes nothing.
void tst_SettingsDialog::autoIsTheDefault()
{
    auto scheduler = makeScheduler();
    QVERIFY(scheduler->autoConcurrency());
    MainWindow window(scheduler.get());
    QVERIFY(scheduler->autoConcurrency());
    ParallelSpin *toolbar = window.limitControls()->concurrencySpin();
    QVERIFY(toolbar->isAuto());
    QCOMPARE(toolbar->text(), QStringLiteral("Auto"));
    QCOMPARE(toolbar->minimum(), ParallelSpin::AutoValue);
    QCOMPARE(toolbar->maximum(), UploadScheduler::MaxConcurrency);
    QVERIFY2(toolbar->toolTip().contains(ParallelSpin::autoDescription()),
             qPrintable(toolbar->toolTip()));
    SettingsDialog dialog(window.appSettings(), true);
    QCOMPARE(dialog.concurrencySpin()->text(), QStringLiteral("Auto"));
    QVERIFY(dialog.concurrencySpin()->toolTip().contains(ParallelSpin::autoDescription()));
    dialog.accept();
    QVERIFY(scheduler->autoConcurrency());
    QVERIFY(!QSettings().contains(QStringLiteral("concurrency")));
    QVERIFY(!QSettings().contains(QStringLiteral("concurrencyMode")));
}

// A number in the dialog or the toolbar is a fixed cap; Auto is one step below 1. Each reaches
// the scheduler and the settings file, and a new start (a new scheduler, Auto by default, and a
// new AppSettings over the same file) has it again.
void tst_SettingsDialog::autoOrANumberSurvivesARestart()
{
    const auto restart = [this] {
        auto scheduler = makeScheduler();
        AppSettings settings(scheduler.get());
        settings.restore({});
        return std::make_pair(scheduler->autoConcurrency(), scheduler->concurrency());
    };
    auto scheduler = makeScheduler();
    MainWindow window(scheduler.get());
    {
        SettingsDialog dialog(window.appSettings(), true);
        dialog.concurrencySpin()->setValue(7);
        dialog.accept();
    }
    QVERIFY(!scheduler->autoConcurrency());
    QCOMPARE(scheduler->concurrency(), 7);
    QCOMPARE(window.concurrencySpin()->text(), QStringLiteral("7"));
    QCOMPARE(stored("concurrency"), QStringLiteral("7"));
    QCOMPARE(stored("concurrencyMode"), QStringLiteral("fixed"));
    QCOMPARE(restart(), std::make_pair(false, 7));

    // One step down from 1 in the toolbar is Auto; the number stays for when Auto goes off.
    window.concurrencySpin()->setValue(1);
    QCOMPARE(scheduler->concurrency(), 1);
    window.concurrencySpin()->stepDown();
    QVERIFY(window.limitControls()->concurrencySpin()->isAuto());
    QVERIFY(scheduler->autoConcurrency());
    QCOMPARE(stored("concurrencyMode"), QStringLiteral("auto"));
    QCOMPARE(stored("concurrency"), QStringLiteral("1"));
    QCOMPARE(restart(), std::make_pair(true, 1));
    {
        SettingsDialog dialog(window.appSettings(), true);
        QVERIFY(dialog.concurrencySpin()->isAuto());
        dialog.concurrencySpin()->setValue(12);
        dialog.accept();
    }
    QCOMPARE(window.concurrencySpin()->value(), 12);
    QCOMPARE(restart(), std::make_pair(false, 12));
    {
        SettingsDialog dialog(window.appSettings(), true);
        dialog.concurrencySpin()->setValue(ParallelSpin::AutoValue);
        dialog.accept();
    }
    QVERIFY(scheduler->autoConcurrency());
    QCOMPARE(window.concurrencySpin()->text(), QStringLiteral("Auto"));
    QCOMPARE(restart(), std::make_pair(true, 12));
}

void tst_SettingsDialog::autoCanBeTyped_data()
{
    QTest::addColumn<QString>("typed");
    QTest::addColumn<bool>("automatic");
    QTest::addColumn<int>("fixed");
    QTest::newRow("auto") << "auto" << true << 0;
    QTest::newRow("Auto") << "Auto" << true << 0;
    QTest::newRow("AUTO") << "AUTO" << true << 0;
    QTest::newRow("0 is Auto") << "0" << true << 0;
    QTest::newRow("a number") << "12" << false << 12;
    QTest::newRow("part of the word") << "au" << false << 5; // not yet: stays as it was
}

void tst_SettingsDialog::autoCanBeTyped()
{
    QFETCH(QString, typed);
    QFETCH(bool, automatic);
    QFETCH(int, fixed);
    auto scheduler = makeScheduler();
    MainWindow window(scheduler.get());
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    ParallelSpin *spin = window.limitControls()->concurrencySpin();
    spin->setValue(5);
    QVERIFY(!scheduler->autoConcurrency());
    spin->setFocus();
    spin->selectAll();
    QTest::keyClicks(spin, typed);
    QTest::keyClick(spin, Qt::Key_Return);
    QCOMPARE(scheduler->autoConcurrency(), automatic);
    QCOMPARE(spin->isAuto(), automatic);
    if (!automatic)
        QCOMPARE(scheduler->concurrency(), fixed);
    else
        QCOMPARE(spin->text(), QStringLiteral("Auto"));
}

// A settings file from before Auto holds the number alone. 3 was that Hoist's default, most
// likely never chosen: it becomes Auto, the new default. Any other number was chosen and stays
// a fixed cap. Once decided, the mode is written, so a 3 chosen later stays a 3.
void tst_SettingsDialog::storedOldDefaultBecomesAuto_data()
{
    QTest::addColumn<QVariant>("number");
    QTest::addColumn<QVariant>("mode");
    QTest::addColumn<bool>("automatic");
    QTest::addColumn<int>("fixed");
    QTest::addColumn<QString>("modeAfter");
    QTest::newRow("old default 3") << QVariant(3) << QVariant() << true << 3 << "auto";
    QTest::newRow("chosen 5") << QVariant(5) << QVariant() << false << 5 << "fixed";
    QTest::newRow("chosen 1") << QVariant(1) << QVariant() << false << 1 << "fixed";
    QTest::newRow("3 chosen after Auto")
        << QVariant(3) << QVariant(QStringLiteral("fixed")) << false << 3 << "fixed";
    QTest::newRow("Auto over 8") << QVariant(8) << QVariant(QStringLiteral("auto")) << true << 8
                                 << "auto";
    // -1: the scheduler's own cap, untouched.
    QTest::newRow("nothing stored") << QVariant() << QVariant() << true << -1 << "";
}

void tst_SettingsDialog::storedOldDefaultBecomesAuto()
{
    QFETCH(QVariant, number);
    QFETCH(QVariant, mode);
    QFETCH(bool, automatic);
    QFETCH(int, fixed);
    QFETCH(QString, modeAfter);
    if (number.isValid())
        QSettings().setValue(QStringLiteral("concurrency"), number);
    if (mode.isValid())
        QSettings().setValue(QStringLiteral("concurrencyMode"), mode);
    for (int start = 0; start < 2; ++start) { // and the same at the start after
        auto scheduler = makeScheduler();
        AppSettings settings(scheduler.get());
        settings.restore({});
        QCOMPARE(scheduler->autoConcurrency(), automatic);
        QCOMPARE(scheduler->concurrency(), fixed < 0 ? makeScheduler()->concurrency() : fixed);
        QCOMPARE(stored("concurrencyMode"), modeAfter);
        QCOMPARE(SettingsDialog(&settings, true).concurrencySpin()->isAuto(), automatic);
    }
    if (!number.isValid())
        QVERIFY(QSettings().allKeys().isEmpty());
}

// "-c auto" and "-c 5" win over what is remembered, for that run only.
void tst_SettingsDialog::commandLineAutoWinsForItsRun()
{
    QSettings().setValue(QStringLiteral("concurrency"), 9);
    QSettings().setValue(QStringLiteral("concurrencyMode"), QStringLiteral("fixed"));
    AppSettings::Given given;
    given.concurrency = true;
    {
        auto scheduler = makeScheduler();
        scheduler->setAutoConcurrency(true); // hoist -c auto
        AppSettings settings(scheduler.get());
        settings.restore(given);
        QVERIFY(scheduler->autoConcurrency());
        SettingsDialog dialog(&settings, true);
        QVERIFY(dialog.concurrencySpin()->isAuto());
        dialog.accept();
        QCOMPARE(stored("concurrencyMode"), QStringLiteral("fixed"));
        QCOMPARE(stored("concurrency"), QStringLiteral("9"));
    }
    QSettings().setValue(QStringLiteral("concurrencyMode"), QStringLiteral("auto"));
    auto scheduler = makeScheduler();
    scheduler->setAutoConcurrency(false); // hoist -c 5
    scheduler->setConcurrency(5);
    AppSettings settings(scheduler.get());
    settings.restore(given);
    QVERIFY(!scheduler->autoConcurrency());
    QCOMPARE(scheduler->concurrency(), 5);
    QCOMPARE(stored("concurrencyMode"), QStringLiteral("auto"));
}

QTEST_MAIN(tst_SettingsDialog)
#include "tst_settingsdialog.moc"
