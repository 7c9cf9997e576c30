// The settings dialog and AppSettings: what is set through the dialog's widgets reaches
// QSettings and the scheduler, comes back in a fresh dialog and at the next start, and the
// toolbar and the dialog never disagree. No server: nothing is uploaded.
#include "appsettings.h"
#include "limitcontrols.h"
#include "mainwindow.h"
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
    scheduler->setConcurrency(5);        // hoist -c 5
    scheduler->setChunkSize(512 * 1024); // --chunk-size 512K
    scheduler->setMaxRequestSize(0);
    AppSettings settings(scheduler.get());
    AppSettings::Given given;
    given.concurrency = true;
    given.chunkSize = true;
    settings.restore(given);
    QCOMPARE(scheduler->concurrency(), 5);
    QCOMPARE(scheduler->chunkSize(), qint64(512 * 1024));
    QCOMPARE(scheduler->retryPolicy().giveUpAfter.count(), qint64(3600 * 1000)); // not given
    QCOMPARE(scheduler->retryPolicy().maxRetries, RetryPolicy::Unlimited);

    // OK without touching them keeps this run's values and does not remember them.
    SettingsDialog dialog(&settings, true);
    QCOMPARE(dialog.concurrencySpin()->value(), 5);
    dialog.accept();
    QCOMPARE(scheduler->chunkSize(), qint64(512 * 1024));
    QCOMPARE(stored("concurrency"), QStringLiteral("9"));
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

QTEST_MAIN(tst_SettingsDialog)
#include "tst_settingsdialog.moc"
