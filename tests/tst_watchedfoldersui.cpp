// The window's side of watched folders and exclude patterns: the Settings dialog's list reaches
// QSettings and the scheduler (the defaults until changed, none when all are removed); the
// "Watched folders" dialog keeps its list in the settings, the editor refuses what cannot be
// watched, and the status bar says how many folders are watched and which fell back to scanning.
// No server: nothing is uploaded.
#include "appsettings.h"
#include "mainwindow.h"
#include "pathpatterns.h"
#include "patternlistedit.h"
#include "settingsdialog.h"
#include "testsettings.h"
#include "tusprotocol.h"
#include "uploadscheduler.h"
#include "watchedfoldereditor.h"
#include "watchedfoldersdialog.h"
#include "watchservice.h"
#include "watchstatusbutton.h"

#include <QAction>
#include <QCheckBox>
#include <QDir>
#include <QLineEdit>
#include <QListWidget>
#include <QNetworkAccessManager>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeWidget>

#include <memory>

class tst_WatchedFoldersUi : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void excludeListRoundTrip();
    void editorRefusesWhatCannotBeWatched();
    void dialogKeepsFoldersInSettings();
    void statusBarSaysWatchedAndScanning();

private:
    QTemporaryDir m_settingsDir;
    QNetworkAccessManager m_network;
    std::unique_ptr<TusProtocol> m_protocol;
    std::unique_ptr<UploadScheduler> m_scheduler;
};

void tst_WatchedFoldersUi::initTestCase()
{
    useTestSettings(QStringLiteral("tst_watchedfoldersui"), m_settingsDir.path());
}

void tst_WatchedFoldersUi::init()
{
    QSettings().clear();
    m_scheduler.reset();
    m_protocol = std::make_unique<TusProtocol>(&m_network);
    m_scheduler = std::make_unique<UploadScheduler>(m_protocol.get());
}

void tst_WatchedFoldersUi::excludeListRoundTrip()
{
    AppSettings settings(m_scheduler.get());
    settings.restore({});
    QCOMPARE(settings.excludePatterns(), PathPatterns::defaultExcludes());
    QCOMPARE(m_scheduler->excludePatterns().patterns(), PathPatterns::defaultExcludes());
    {
        SettingsDialog dialog(&settings, false);
        QCOMPARE(dialog.excludeList()->patterns(), PathPatterns::defaultExcludes());
        dialog.excludeList()->setPatterns(
            {QStringLiteral("*.bak"), QStringLiteral("  "), QStringLiteral("node_modules/")});
        QSignalSpy changed(&settings, &AppSettings::excludePatternsChanged);
        dialog.accept();
        QCOMPARE(changed.size(), 1);
    }
    const QStringList expected{QStringLiteral("*.bak"), QStringLiteral("node_modules/")};
    QCOMPARE(settings.excludePatterns(), expected);
    QCOMPARE(m_scheduler->excludePatterns().patterns(), expected);
    // The run's own (--exclude) come on top, and are not remembered.
    settings.setRunExcludes({QStringLiteral("*.log")});
    QCOMPARE(m_scheduler->excludePatterns().patterns(), expected + QStringList{"*.log"});
    QCOMPARE(QSettings().value(QStringLiteral("excludePatterns")).toStringList(), expected);
    // Every pattern removed: none, not the defaults again.
    {
        SettingsDialog dialog(&settings, false);
        dialog.excludeList()->setPatterns({});
        dialog.accept();
    }
    AppSettings later(m_scheduler.get());
    later.restore({});
    QVERIFY(later.excludePatterns().isEmpty());
    QCOMPARE(m_scheduler->excludePatterns().patterns(), QStringList());
}

void tst_WatchedFoldersUi::editorRefusesWhatCannotBeWatched()
{
    QTemporaryDir dir;
    WatchedFolderEditor editor{WatchedFolder()};
    editor.show();
    editor.accept(); // no folder
    QVERIFY(editor.isVisible());
    QCOMPARE(editor.result(), int(QDialog::Rejected));
    editor.folderEdit()->setText(dir.filePath(QStringLiteral("Photos")));
    QCOMPARE(editor.prefixEdit()->text(), QStringLiteral("Photos")); // follows the folder's name
    editor.targetEdit()->setText(QStringLiteral("ftp://nope"));
    editor.accept();
    QVERIFY(editor.isVisible());
    editor.targetEdit()->setText(QStringLiteral("https://tus.example.com/files/"));
    editor.prefixEdit()->setText(QStringLiteral("/backup/photos/"));
    editor.recursiveBox()->setChecked(false);
    editor.includeList()->setPatterns({QStringLiteral("*.jpg")});
    editor.accept();
    QVERIFY(!editor.isVisible());
    const WatchedFolder f = editor.folder();
    QCOMPARE(f.folder, dir.filePath(QStringLiteral("Photos")));
    QCOMPARE(f.target, QUrl(QStringLiteral("https://tus.example.com/files/")));
    QCOMPARE(f.prefix, QStringLiteral("backup/photos"));
    QCOMPARE(f.recursive, false);
    QCOMPARE(f.include, QStringList{QStringLiteral("*.jpg")});
    QCOMPARE(f.remoteName(QStringLiteral("a/b.jpg")), QStringLiteral("backup/photos/a/b.jpg"));
}

void tst_WatchedFoldersUi::dialogKeepsFoldersInSettings()
{
    AppSettings settings(m_scheduler.get());
    QTemporaryDir dir;
    WatchedFolder f;
    f.folder = dir.path();
    f.prefix = QStringLiteral("p");
    f.exclude = QStringList{QStringLiteral("*.raw")};
    QSignalSpy changed(&settings, &AppSettings::watchedFoldersChanged);
    {
        WatchedFoldersDialog dialog(&settings, nullptr);
        QCOMPARE(dialog.list()->topLevelItemCount(), 0);
        dialog.addFolder(f);
        QCOMPARE(dialog.list()->topLevelItemCount(), 1);
        QCOMPARE(dialog.list()->topLevelItem(0)->text(1), QStringLiteral("This computer"));
        dialog.reject(); // nothing kept
    }
    QCOMPARE(changed.size(), 0);
    {
        WatchedFoldersDialog dialog(&settings, nullptr);
        dialog.addFolder(f);
        dialog.accept();
    }
    QCOMPARE(changed.size(), 1);
    QCOMPARE(AppSettings(m_scheduler.get()).watchedFolders(), QList<WatchedFolder>{f});
    {
        WatchedFoldersDialog dialog(&settings, nullptr);
        QCOMPARE(dialog.list()->topLevelItemCount(), 1);
        dialog.list()->setCurrentItem(dialog.list()->topLevelItem(0));
        QVERIFY(dialog.removeButton()->isEnabled());
        dialog.removeButton()->click();
        dialog.accept();
    }
    QVERIFY(settings.watchedFolders().isEmpty());
}

// One folder watched, one whose tree exceeds the watch budget: the status bar says both, and
// the dialog shows each folder's state.
void tst_WatchedFoldersUi::statusBarSaysWatchedAndScanning()
{
    AppSettings settings(m_scheduler.get());
    MainWindow window(m_scheduler.get(), &settings);
    WatchService service(m_scheduler.get(), nullptr);
    FolderWatcher::Tuning tuning;
    tuning.watchLimit = 3;
    tuning.rescanMs = 60000;
    service.setTuning(tuning);
    window.setWatchService(&service);
    window.show();
    QVERIFY(window.watchStatus()->isVisible());
    QCOMPARE(window.watchStatus()->text(), QStringLiteral("Watch folders…"));

    QTemporaryDir small;
    QTemporaryDir large;
    for (int i = 0; i < 5; ++i)
        QVERIFY(QDir(large.path()).mkpath(QStringLiteral("d%1").arg(i)));
    WatchedFolder a;
    a.folder = small.path();
    a.target = QUrl(QStringLiteral("http://127.0.0.1:9/files/"));
    WatchedFolder b = a;
    b.folder = large.path();
    service.setFolders({a, b});
    QTRY_COMPARE(service.stateOf(b), FolderWatcher::State::Scanning);
    QTRY_COMPARE(service.stateOf(a), FolderWatcher::State::Watching);
    QTRY_VERIFY(window.watchStatus()->text().contains(QLatin1String("Watching 2 folder")));
    QVERIFY2(window.watchStatus()->text().contains(QLatin1String("1 scanned every 60 s")),
             qPrintable(window.watchStatus()->text()));
    QVERIFY(window.watchStatus()->toolTip().contains(large.path()));
    QVERIFY(window.watchedFoldersAction()->shortcut()
            == QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_W));

    settings.setWatchedFolders({a, b});
    WatchedFoldersDialog dialog(&settings, &service);
    QCOMPARE(dialog.list()->topLevelItemCount(), 2);
    QCOMPARE(dialog.list()->topLevelItem(0)->text(4), QStringLiteral("Watching"));
    QVERIFY(dialog.list()->topLevelItem(1)->text(4).startsWith(QLatin1String("Scanning every")));
}

QTEST_MAIN(tst_WatchedFoldersUi)
#include "tst_watchedfoldersui.moc"
