// The window's frame around the table: its menus (existing actions, their shortcuts shown), the
// empty-filter notice, and the layout of a short window (800x500), where the details pane gives
// way before the table, the Schedule, Settings and Watched folders dialogs fit the screen and the
// status bar keeps the time left and the speed readable. The program runs on one 800x500 screen
// less a panel; the uploads wait on a held endpoint: nothing is sent.
#include "testsettings.h"

#include "appsettings.h"
#include "clock.h"
#include "fittinglabel.h"
#include "networkstatus.h"
#include "parallelspin.h"
#include "scheduledialog.h"
#include "schedulegrid.h"
#include "schedulestatus.h"
#include "settingsdialog.h"
#include "timeleftlabel.h"
#include "transfergovernor.h"
#include "uploadledger.h"
#include "watchedfoldersdialog.h"
#include "watchservice.h"

#include "columnchooser.h"
#include "detailspane.h"
#include "emptyfilternotice.h"
#include "filterbar.h"
#include "limitcontrols.h"
#include "mainwindow.h"
#include "menubar.h"
#include "ratelimitmenu.h"
#include "rowactions.h"
#include "taskrecord.h"
#include "tusprotocol.h"
#include "uploadfilterproxy.h"
#include "uploadscheduler.h"
#include "uploadtablemodel.h"
#include "uploadtableview.h"

#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFile>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QNetworkAccessManager>
#include <QPushButton>
#include <QScreen>
#include <QSettings>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTest>
#include <QToolBar>
#include <QToolButton>

#include <memory>

namespace {
// The free area of an 800x500 screen under a desktop's 32 px panel.
const QRect ShortScreen(0, 0, 800, 468);
const QUrl Nowhere(QStringLiteral("http://127.0.0.1:9/files/"));

// Where a dialog opened over the window is not inside the short screen, or its OK or Cancel
// button is not whole in sight there; empty when all is.
QString offScreen(const QDialog &dialog)
{
    const QRect frame = dialog.frameGeometry();
    if (!ShortScreen.contains(frame)) {
        return QStringLiteral("frame %1x%2 at %3,%4")
            .arg(frame.width())
            .arg(frame.height())
            .arg(frame.x())
            .arg(frame.y());
    }
    const auto *box = dialog.findChild<QDialogButtonBox *>();
    if (!box)
        return QStringLiteral("no buttons");
    for (const auto which : {QDialogButtonBox::Ok, QDialogButtonBox::Cancel}) {
        const QPushButton *button = box->button(which);
        if (!button)
            return QStringLiteral("no button %1").arg(int(which));
        const QRect shown(button->mapToGlobal(QPoint()), button->size());
        if (!button->isVisible() || button->visibleRegion().boundingRect() != button->rect()
            || !ShortScreen.contains(shown)) {
            return QStringLiteral("%1 at %2,%3 to %4,%5")
                .arg(button->text(), QString::number(shown.left()), QString::number(shown.top()),
                     QString::number(shown.right()), QString::number(shown.bottom()));
        }
    }
    return {};
}

TaskRecord waitingRecord(TaskId id)
{
    TaskRecord r;
    r.id = id;
    r.sequence = id;
    r.path = QStringLiteral("/nonexistent/Photos/2024/IMG_%1.JPG").arg(id, 4, 10, QLatin1Char('0'));
    r.displayName = QStringLiteral("Photos/2024/IMG_%1.JPG").arg(id, 4, 10, QLatin1Char('0'));
    r.size = 1000;
    r.chunkSize = 1 << 20;
    r.endpoint = Nowhere;
    r.state = TaskState::Waiting;
    return r;
}

QAction *findAction(const QMenu *menu, const QString &text)
{
    for (QAction *action : menu->actions()) {
        if (action->text().remove(QLatin1Char('&')) == text)
            return action;
    }
    return nullptr;
}
// Everything the app puts in the status bar besides the totals (the watched folders' and the
// schedule's buttons), for as long as it lives.
struct FullStatusBar {
    FullStatusBar(UploadScheduler *scheduler, MainWindow *window, const QString &dir)
        : clock(QDateTime::currentMSecsSinceEpoch())
        , governor(scheduler, &clock, &network)
        , settings(scheduler)
        , schedule(&governor, &settings, window)
        , ledger(dir + QStringLiteral("/ledger"))
        , watch(scheduler, &ledger)
    {
        window->setWatchService(&watch);
    }
    ManualClock clock;
    ManualNetworkStatus network;
    TransferGovernor governor;
    AppSettings settings;
    ScheduleStatus schedule;
    UploadLedger ledger;
    WatchService watch;
};

// Empty when what `label` paints fits its room, else what did not.
QString cutOff(const FittingLabel &label)
{
    const int room = label.contentsRect().width();
    if (room >= label.fontMetrics().horizontalAdvance(label.shownText()))
        return {};
    return QStringLiteral("%1 px for \"%2\"").arg(room).arg(label.shownText());
}
} // namespace

class tst_WindowLayout : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();
    void menusReuseActionsWithShortcuts();
    void emptyFilterSaysNoMatchAndClears();
    void shortWindowKeepsTheTableUsable();
    void shortScreenFitsScheduleDialog();
    void shortScreenFitsSettingsDialog();
    void shortScreenFitsWatchedFoldersDialog();
    void shortStatusBarKeepsTimeLeft();
    void shortStatusBarKeepsSpeed();

private:
    void makeWindow(int waiting);

    QTemporaryDir m_settingsDir;
    std::unique_ptr<QNetworkAccessManager> m_network;
    std::unique_ptr<TusProtocol> m_protocol;
    std::unique_ptr<UploadScheduler> m_scheduler;
    std::unique_ptr<MainWindow> m_window;
};

void tst_WindowLayout::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    useTestSettings(QStringLiteral("tst_windowlayout"), m_settingsDir.path());
}

void tst_WindowLayout::init()
{
    QSettings().clear();
    m_network = std::make_unique<QNetworkAccessManager>();
    m_protocol = std::make_unique<TusProtocol>(m_network.get());
    m_scheduler = std::make_unique<UploadScheduler>(m_protocol.get());
    m_scheduler->setEndpoint(Nowhere);
    m_scheduler->holdEndpoint(Nowhere, true); // its uploads wait and never start
}

void tst_WindowLayout::cleanup()
{
    m_window.reset();
    m_scheduler.reset();
    m_protocol.reset();
    m_network.reset();
}

void tst_WindowLayout::makeWindow(int waiting)
{
    m_window = std::make_unique<MainWindow>(m_scheduler.get());
    QList<TaskRecord> records;
    for (int i = 1; i <= waiting; ++i)
        records << waitingRecord(i);
    m_scheduler->restore(records);
    QCOMPARE(m_scheduler->totals().count(TaskState::Waiting), waiting);
}

void tst_WindowLayout::menusReuseActionsWithShortcuts()
{
    makeWindow(0);
    MenuBar *menus = m_window->menus();
    QVERIFY(menus);
    QCOMPARE(m_window->menuBar(), menus);
    const QList<QAction *> top = menus->actions();
    QStringList titles;
    for (const QAction *action : top)
        titles << action->text().remove(QLatin1Char('&'));
    QCOMPARE(titles,
             (QStringList{QStringLiteral("File"), QStringLiteral("Edit"), QStringLiteral("View"),
                          QStringLiteral("Transfers"), QStringLiteral("Help")}));

    struct Entry {
        QMenu *menu;
        const char *text;
        QKeySequence keys; // empty: none required
    };
    const Entry entries[] = {
        {menus->fileMenu(), "Add files…", QKeySequence::Open},
        {menus->fileMenu(), "Add folder…", QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_O)},
        {menus->fileMenu(), "Quit", QKeySequence(Qt::CTRL | Qt::Key_Q)},
        {menus->editMenu(), "Select all", QKeySequence::SelectAll},
        {menus->editMenu(), "Copy link", QKeySequence::Copy},
        {menus->editMenu(), "Cancel…", QKeySequence::Delete},
        {menus->editMenu(), "Settings…", QKeySequence(Qt::CTRL | Qt::Key_Comma)},
        {menus->viewMenu(), "Filter by name", QKeySequence::Find},
        {menus->transfersMenu(), "Pause all", QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_P)},
        {menus->transfersMenu(), "Resume all", QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S)},
        {menus->transfersMenu(), "Retry failed", {}},
        {menus->transfersMenu(), "Clear finished", {}},
        {menus->transfersMenu(), "Clear failed", {}},
        {menus->helpMenu(), "About Hoist", {}},
    };
    for (const Entry &entry : entries) {
        const QAction *action = findAction(entry.menu, QString::fromUtf8(entry.text));
        QVERIFY2(action, entry.text);
        if (!entry.keys.isEmpty())
            QCOMPARE(action->shortcut(), entry.keys);
    }
    // The same actions as the toolbar's and the table's: one shortcut each, never two copies.
    const QToolBar *bar = m_window->findChild<QToolBar *>();
    QVERIFY(bar->actions().contains(findAction(menus->fileMenu(), QStringLiteral("Add files…"))));
    QVERIFY(
        bar->actions().contains(findAction(menus->transfersMenu(), QStringLiteral("Pause all"))));
    QVERIFY(m_window->view()->actions().contains(
        findAction(menus->editMenu(), QStringLiteral("Copy link"))));
    QVERIFY(menus->viewMenu()->actions().contains(m_window->detailsPane()->toggleViewAction()));
    QVERIFY(menus->editMenu()->actions().contains(m_window->settingsAction()));
    QVERIFY(menus->transfersMenu()->actions().contains(
        m_window->limitControls()->rateMenu()->menuAction()));
    int shortcutsQ = 0;
    for (const QAction *action : m_window->findChildren<QAction *>())
        shortcutsQ += action->shortcut() == QKeySequence(Qt::CTRL | Qt::Key_Q);
    QCOMPARE(shortcutsQ, 1);

    // About names the version the project builds.
    QVERIFY2(MenuBar::aboutText().contains(QLatin1String(HOIST_VERSION)),
             qPrintable(MenuBar::aboutText()));

    // View → Columns hides a column as the header's menu does, remembered.
    QMenu *columns = nullptr;
    for (QAction *action : menus->viewMenu()->actions())
        columns = action->menu() ? action->menu() : columns;
    QVERIFY(columns);
    Q_EMIT columns->aboutToShow();
    QAction *server = findAction(columns, QStringLiteral("Server"));
    QVERIFY(server && server->isChecked());
    QVERIFY(!findAction(columns, QStringLiteral("Name"))); // always shown
    server->trigger();
    QVERIFY(m_window->columnChooser()->hidden().contains(UploadTableModel::Server));
    QVERIFY(m_window->view()->horizontalHeader()->isSectionHidden(UploadTableModel::Server));
}

void tst_WindowLayout::emptyFilterSaysNoMatchAndClears()
{
    makeWindow(0);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    auto *notice = m_window->view()->findChild<EmptyFilterNotice *>();
    QVERIFY(notice);
    // No uploads at all: the drop hint, no notice.
    QCOMPARE(m_window->view()->emptyHint(),
             QStringLiteral("Drop files or folders here to upload them"));
    QVERIFY(!notice->isVisible());

    QList<TaskRecord> records;
    for (int i = 1; i <= 3; ++i)
        records << waitingRecord(i);
    m_scheduler->restore(records);
    QTRY_COMPARE(m_window->proxy()->rowCount(), 3);
    QVERIFY(!notice->isVisible());

    // A filter that hides them all: "No uploads match", not "Drop files".
    m_window->filterBar()->nameEdit()->setText(QStringLiteral("no-such-name"));
    QTRY_COMPARE(m_window->proxy()->rowCount(), 0);
    QTRY_VERIFY(notice->isVisible());
    QCOMPARE(notice->label()->text(), QStringLiteral("No uploads match"));
    QVERIFY(m_window->view()->emptyHint().isEmpty());
    QVERIFY(m_window->view()->viewport()->rect().contains(notice->geometry()));

    // By state too; then the button clears both.
    m_window->filterBar()->stateBox()->setCurrentIndex(m_window->filterBar()->stateBox()->count()
                                                       - 1); // Failed
    QTest::mouseClick(notice->clearButton(), Qt::LeftButton);
    QTRY_COMPARE(m_window->proxy()->rowCount(), 3);
    QVERIFY(m_window->filterBar()->nameEdit()->text().isEmpty());
    QCOMPARE(m_window->filterBar()->stateBox()->currentIndex(), 0);
    QVERIFY(!notice->isVisible());
    QCOMPARE(m_window->view()->emptyHint(),
             QStringLiteral("Drop files or folders here to upload them"));
}

// At 800x500 with the details pane open: the table shows at least MinRows rows, the pane is
// smaller than the table, and the columns that matter are there.
void tst_WindowLayout::shortWindowKeepsTheTableUsable()
{
    constexpr int MinRows = 7;
    makeWindow(30);
    m_window->resize(800, 500);
    m_window->detailsPane()->show();
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    QCOMPARE(m_window->size(), QSize(800, 500));
    UploadTableView *view = m_window->view();
    const auto rowsShown = [view] {
        return view->viewport()->height() / view->verticalHeader()->defaultSectionSize();
    };
    QTRY_VERIFY2(rowsShown() >= MinRows, qPrintable(QString::number(rowsShown())));
    QTRY_VERIFY(m_window->detailsPane()->height() < view->height());
    QVERIFY(m_window->detailsPane()->isVisible());
    const QHeaderView *header = view->horizontalHeader();
    for (const int column :
         {UploadTableModel::Name, UploadTableModel::State, UploadTableModel::Progress,
          UploadTableModel::Size, UploadTableModel::Speed, UploadTableModel::TimeLeft,
          UploadTableModel::Server, UploadTableModel::Actions}) {
        QVERIFY2(
            !header->isSectionHidden(column) && header->sectionSize(column) > 20,
            qPrintable(
                QStringLiteral("column %1: %2 px").arg(column).arg(header->sectionSize(column))));
    }
    // The name keeps the file's name whole in the room it has.
    QVERIFY(header->sectionSize(UploadTableModel::Name) >= 160);

    // Taller again: the pane grows back.
    m_window->resize(1180, 800);
    QTRY_VERIFY(m_window->detailsPane()->height() >= 200);
    QTRY_VERIFY(rowsShown() >= MinRows);
    // At the default width the Transfers menu's actions give their text's room to the Server
    // field; Add files… keeps its.
    const auto *pauseAll =
        qobject_cast<const QToolButton *>(m_window->findChild<QToolBar *>()->widgetForAction(
            findAction(m_window->menus()->transfersMenu(), QStringLiteral("Pause all"))));
    QVERIFY(pauseAll);
    QTRY_VERIFY(pauseAll->width()
                < pauseAll->fontMetrics().horizontalAdvance(QStringLiteral("Pause all")));
    QVERIFY(m_window->endpointEdit()->width() >= 400);
}

// The screen a person tried: 800x500, less a panel.
void tst_WindowLayout::shortScreenFitsScheduleDialog()
{
    const QScreen *screen = QGuiApplication::primaryScreen();
    QCOMPARE(screen->availableGeometry(), ShortScreen);
    makeWindow(3);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    // Opened over the window as Transfers → Edit schedule… opens it.
    ScheduleDialog dialog(TransferSchedule(), {}, MeteredPolicy(), m_window.get());
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    QVERIFY2(ShortScreen.contains(dialog.frameGeometry()),
             qPrintable(QStringLiteral("%1x%2 at %3,%4")
                            .arg(dialog.frameGeometry().width())
                            .arg(dialog.frameGeometry().height())
                            .arg(dialog.frameGeometry().x())
                            .arg(dialog.frameGeometry().y())));
    // The whole week in sight without scrolling, Sunday too, and the buttons.
    const ScheduleGrid *grid = dialog.grid();
    for (int day = 0; day < TransferSchedule::Days; ++day) {
        for (const int hour : {0, TransferSchedule::Hours - 1}) {
            const QPoint cell = grid->cellCenter(day, hour);
            QVERIFY2(grid->visibleRegion().contains(cell)
                         && ShortScreen.contains(grid->mapToGlobal(cell)),
                     qPrintable(QStringLiteral("day %1 hour %2").arg(day).arg(hour)));
        }
    }
    for (const QPushButton *button : dialog.findChildren<QPushButton *>()) {
        if (button->text().remove(QLatin1Char('&')) == QLatin1String("OK"))
            QVERIFY(ShortScreen.contains(button->mapToGlobal(button->rect().bottomRight())));
    }
}

// Settings (Ctrl+,) with every choice offered (a tray, a long exclusion list): its groups scroll,
// OK and Cancel stay on the screen.
void tst_WindowLayout::shortScreenFitsSettingsDialog()
{
    makeWindow(3);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    AppSettings settings(m_scheduler.get());
    SettingsDialog dialog(&settings, true, m_window.get());
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    const QString off = offScreen(dialog);
    QVERIFY2(off.isEmpty(), qPrintable(off));
    // The first field is in sight, not scrolled away.
    const QWidget *first = dialog.concurrencySpin();
    QVERIFY(ShortScreen.contains(first->mapToGlobal(first->rect().bottomRight())));
    QVERIFY(first->visibleRegion().boundingRect() == first->rect());
}

// Watched folders (Ctrl+Shift+W), whose list is wide by default: no wider than the screen.
void tst_WindowLayout::shortScreenFitsWatchedFoldersDialog()
{
    makeWindow(3);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    AppSettings settings(m_scheduler.get());
    WatchedFoldersDialog dialog(&settings, nullptr, m_window.get());
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    const QString off = offScreen(dialog);
    QVERIFY2(off.isEmpty(), qPrintable(off));
}

// At 800x500 with everything the app puts in the status bar (watched folders, the schedule),
// uploads under way: the counts are painted whole (all but the done ones at least), and so is the
// time left, in one of its forms; the Parallel level gives way first.
void tst_WindowLayout::shortStatusBarKeepsTimeLeft()
{
    makeWindow(30);
    const FullStatusBar pieces(m_scheduler.get(), m_window.get(), m_settingsDir.path());
    m_window->resize(800, 500);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));

    // Four uploading at 1 MiB/s with 40 s of bytes to go, 26 waiting.
    SchedulerTotals totals;
    totals.counts[int(TaskState::Uploading)] = 4;
    totals.counts[int(TaskState::Waiting)] = 26;
    totals.bytesPerSecond = 1 << 20;
    totals.bytesTotal = 300 << 20;
    totals.bytesDone = 100 << 20;
    totals.bytesActiveLeft = 40 << 20;
    auto *label = m_window->statusBar()->findChild<TimeLeftLabel *>();
    QVERIFY(label);
    Q_EMIT m_scheduler->totalsChanged(totals);
    totals.bytesActiveLeft = 30 << 20;
    Q_EMIT m_scheduler->totalsChanged(totals);
    QCOMPARE(label->text(), QStringLiteral("Less than a minute left (all 30 uploads)"));
    QApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
    const QString cut = cutOff(*label);
    QVERIFY2(cut.isEmpty(), qPrintable(cut));
    const QStringList forms{label->text(), TimeLeftLabel::describe(30),
                            TimeLeftLabel::describeShort(30)};
    QVERIFY2(forms.contains(label->shownText()), qPrintable(label->shownText()));
    QVERIFY(label->isVisible());
    auto *counts = qobject_cast<FittingLabel *>(m_window->countsLabel());
    QVERIFY(counts);
    QCOMPARE(counts->text(), QStringLiteral("4 uploading \u00b7 26 waiting"));
    QCOMPARE(counts->shownText(), counts->text());
    const QString countsCut = cutOff(*counts);
    QVERIFY2(countsCut.isEmpty(), qPrintable(countsCut));
    // Inside the bar, not pushed off its end.
    const QRect bar = m_window->statusBar()->rect();
    QVERIFY(bar.contains(label->geometry()));
}

// At 800x500 with the status bar full and a long figure ("28.8 MiB of 420 MiB  ↑ 2.93 MiB/s"):
// what the speed label paints fits its room, in the bar, and says the speed.
void tst_WindowLayout::shortStatusBarKeepsSpeed()
{
    makeWindow(30);
    const FullStatusBar pieces(m_scheduler.get(), m_window.get(), m_settingsDir.path());
    m_window->resize(800, 500);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));

    SchedulerTotals totals;
    totals.counts[int(TaskState::Uploading)] = 4;
    totals.counts[int(TaskState::Waiting)] = 26;
    totals.bytesPerSecond = qint64(2.93 * (1 << 20));
    totals.bytesTotal = qint64(420) << 20;
    totals.bytesDone = qint64(28.8 * (1 << 20));
    totals.bytesActiveLeft = qint64(40) << 20;
    Q_EMIT m_scheduler->totalsChanged(totals);
    const QString speed = QStringLiteral("\u2191 2.93 MiB/s");
    FittingLabel *label = nullptr;
    for (FittingLabel *each : m_window->statusBar()->findChildren<FittingLabel *>()) {
        if (each->text().endsWith(speed))
            label = each;
    }
    QVERIFY(label);
    QCOMPARE(label->text(), QStringLiteral("28.8 MiB of 420 MiB  ") + speed);
    QApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
    const QString cut = cutOff(*label);
    QVERIFY2(cut.isEmpty(), qPrintable(cut));
    QVERIFY2(label->shownText().endsWith(speed), qPrintable(label->shownText()));
    QVERIFY(label->isVisible());
    QVERIFY(m_window->statusBar()->rect().contains(label->geometry()));
}

int main(int argc, char **argv)
{
    // One short screen (the offscreen platform reads its screens from a file).
    QTemporaryDir dir;
    const QString config = dir.filePath(QStringLiteral("screen.json"));
    QFile file(config);
    if (!file.open(QIODevice::WriteOnly))
        return 1;
    file.write(QStringLiteral("{\"screens\": [{\"name\": \"short\", \"x\": 0, \"y\": 0, "
                              "\"width\": %1, \"height\": %2, \"logicalDpi\": 96}]}")
                   .arg(ShortScreen.width())
                   .arg(ShortScreen.height())
                   .toUtf8());
    file.close();
    qputenv("QT_QPA_PLATFORM", "offscreen:configfile=" + config.toLocal8Bit());
    QApplication app(argc, argv);
    tst_WindowLayout test;
    QTEST_SET_MAIN_SOURCE_PATH
    return QTest::qExec(&test, argc, argv);
}
#include "tst_windowlayout.moc"
