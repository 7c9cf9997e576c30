// The window's controls for a long queue: the filter bar (states with counts, names), the order
// of names, the speed limits (all uploads, the selected ones) and the per-server limit. The rows
// come from a restored queue: nothing here needs a server.
#include "columnchooser.h"
#include "filterbar.h"
#include "limitcontrols.h"
#include "mainwindow.h"
#include "ratelimitmenu.h"
#include "taskrecord.h"
#include "testsettings.h"
#include "tusprotocol.h"
#include "uploadfilterproxy.h"
#include "uploadscheduler.h"
#include "uploadtablemodel.h"
#include "uploadtableview.h"

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QComboBox>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLineEdit>
#include <QNetworkAccessManager>
#include <QSet>
#include <QSettings>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>

#include <memory>

namespace {
const QUrl Nowhere(QStringLiteral("http://127.0.0.1:9/files/"));

TaskRecord record(TaskId id, const QString &name, TaskState state)
{
    TaskRecord r;
    r.id = id;
    r.sequence = id;
    r.path = QStringLiteral("/nonexistent/") + name;
    r.displayName = name;
    r.size = 1000;
    r.chunkSize = 1 << 20;
    r.endpoint = Nowhere;
    r.state = state;
    r.confirmedBytes = state == TaskState::Success ? r.size : 0;
    return r;
}

QStringList shownNames(const QAbstractItemModel *proxy)
{
    QStringList names;
    for (int row = 0; row < proxy->rowCount(); ++row)
        names << proxy->index(row, UploadTableModel::Name).data().toString();
    return names;
}
} // namespace

class tst_WindowControls : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();

    void stateFilterWithCounts();
    void nameFilter();
    void namesSortNaturally();
    void speedLimitOfAllIsSetAndRemembered();
    void speedLimitOfSelectedRows();
    void perServerLimitIsSetAndRemembered();
    void commandLineLimitsWinOverRemembered();
    void smallWindowKeepsServerFieldAndColumns();
    void hiddenColumnsAreRemembered();
    void keyboardReachesEverything();

private:
    void makeWindow();
    RateLimitMenu *menuNamed(const QString &name) const;

    QTemporaryDir m_settingsDir;
    std::unique_ptr<QNetworkAccessManager> m_network;
    std::unique_ptr<TusProtocol> m_protocol;
    std::unique_ptr<UploadScheduler> m_scheduler;
    std::unique_ptr<MainWindow> m_window;
    std::unique_ptr<QAbstractItemModelTester> m_tester;
};

void tst_WindowControls::initTestCase()
{
    useTestSettings(QStringLiteral("tst_windowcontrols"), m_settingsDir.path());
}

void tst_WindowControls::init()
{
    QSettings().clear();
    m_network = std::make_unique<QNetworkAccessManager>();
    m_protocol = std::make_unique<TusProtocol>(m_network.get());
    m_scheduler = std::make_unique<UploadScheduler>(m_protocol.get());
    m_scheduler->setEndpoint(Nowhere);
}

void tst_WindowControls::makeWindow()
{
    m_window = std::make_unique<MainWindow>(m_scheduler.get());
    m_tester = std::make_unique<QAbstractItemModelTester>(
        m_window->proxy(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    m_scheduler->restore({record(1, QStringLiteral("f10.jpg"), TaskState::Success),
                          record(2, QStringLiteral("f2.jpg"), TaskState::Error),
                          record(3, QStringLiteral("F1.jpg"), TaskState::Paused),
                          record(4, QStringLiteral("notes f3.txt"), TaskState::Success),
                          record(5, QStringLiteral("f100.jpg"), TaskState::Paused)});
}

void tst_WindowControls::cleanup()
{
    m_tester.reset();
    m_window.reset();
    m_scheduler.reset();
    m_protocol.reset();
    m_network.reset();
}

void tst_WindowControls::smallWindowKeepsServerFieldAndColumns()
{
    makeWindow();
    // Added is off until chosen (tst_windowlook): chosen here, to see it fold first.
    m_window->columnChooser()->setHidden(UploadTableModel::Added, false);
    m_window->resize(800, 500);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    QTRY_COMPARE(m_window->width(), 800);
    // The Server field is in the toolbar, whole, not in its overflow menu.
    QLineEdit *field = m_window->endpointEdit();
    QVERIFY(field->isVisible());
    const QRect inWindow(field->mapTo(m_window.get(), QPoint(0, 0)), field->size());
    QVERIFY2(m_window->rect().contains(inWindow), qPrintable(QStringLiteral("%1,%2 %3x%4")
                                                                 .arg(inWindow.x())
                                                                 .arg(inWindow.y())
                                                                 .arg(inWindow.width())
                                                                 .arg(inWindow.height())));
    // Every shown column fits: nothing runs off the right edge, the name keeps room, and the
    // buttons and the state are there.
    UploadTableView *view = m_window->view();
    QHeaderView *header = view->horizontalHeader();
    QTRY_VERIFY(header->length() <= view->viewport()->width());
    QVERIFY(header->sectionSize(UploadTableModel::Name) >= 160);
    for (const int column : {int(UploadTableModel::State), int(UploadTableModel::Progress),
                             int(UploadTableModel::Size), int(UploadTableModel::Actions)})
        QVERIFY2(!header->isSectionHidden(column), qPrintable(QString::number(column)));
    // The least important folded away, and come back when there is room; the server stays
    // (issue 18.9), the chunks and the times fold.
    QVERIFY(!header->isSectionHidden(UploadTableModel::Server));
    QVERIFY(header->isSectionHidden(UploadTableModel::Chunks));
    QVERIFY(header->isSectionHidden(UploadTableModel::Added));
    QVERIFY(header->isSectionHidden(UploadTableModel::Finished));
    m_window->resize(1600, 700);
    QTRY_VERIFY(!header->isSectionHidden(UploadTableModel::Server));
    QVERIFY(!header->isSectionHidden(UploadTableModel::Chunks));
    QVERIFY(!header->isSectionHidden(UploadTableModel::Added));
    QVERIFY(!header->isSectionHidden(UploadTableModel::Finished));
    // Just narrower than everything: the Added column gives way before any other.
    int width = 1600;
    while (width > 800 && !header->isSectionHidden(UploadTableModel::Added)) {
        width -= 10;
        m_window->resize(width, 700);
        QTRY_COMPARE(m_window->width(), width);
    }
    QVERIFY(header->isSectionHidden(UploadTableModel::Added));
    QVERIFY(!header->isSectionHidden(UploadTableModel::Finished));
    QVERIFY(!header->isSectionHidden(UploadTableModel::Chunks));
    QVERIFY(!header->isSectionHidden(UploadTableModel::Server));
}

void tst_WindowControls::hiddenColumnsAreRemembered()
{
    makeWindow();
    m_window->resize(1600, 700);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    QHeaderView *header = m_window->view()->horizontalHeader();
    QTRY_VERIFY(!header->isSectionHidden(UploadTableModel::Server));
    m_window->columnChooser()->setHidden(UploadTableModel::Server, true);
    QVERIFY(header->isSectionHidden(UploadTableModel::Server));
    m_window->columnChooser()->setHidden(UploadTableModel::Name, true); // the name always stays
    QVERIFY(!header->isSectionHidden(UploadTableModel::Name));

    // A new window: still hidden, even with room to spare.
    m_tester.reset();
    m_window.reset();
    makeWindow();
    m_window->resize(1600, 700);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    header = m_window->view()->horizontalHeader();
    QTest::qWait(50);
    QVERIFY(header->isSectionHidden(UploadTableModel::Server));
    m_window->columnChooser()->setHidden(UploadTableModel::Server, false);
    QVERIFY(!header->isSectionHidden(UploadTableModel::Server));
}

void tst_WindowControls::keyboardReachesEverything()
{
    makeWindow();
    m_window->resize(800, 500);
    m_window->show();
    QApplication::setActiveWindow(m_window.get());
    QVERIFY(QTest::qWaitForWindowActive(m_window.get()));
    UploadTableView *view = m_window->view();
    QTRY_COMPARE(m_window->proxy()->rowCount(), 5);
    view->setFocus();
    view->setCurrentIndex(m_window->proxy()->index(2, UploadTableModel::State));

    // Home and End: the first and the last row, in the same column.
    QTest::keyClick(view, Qt::Key_End);
    QCOMPARE(view->currentIndex().row(), 4);
    QCOMPARE(view->currentIndex().column(), int(UploadTableModel::State));
    QTest::keyClick(view, Qt::Key_Home);
    QCOMPARE(view->currentIndex().row(), 0);

    // Tab leaves the table; Ctrl+L and Ctrl+F reach the server and the name filter.
    QTest::keyClick(view, Qt::Key_Tab);
    QVERIFY(!view->hasFocus());
    QTest::keyClick(m_window.get(), Qt::Key_L, Qt::ControlModifier);
    QTRY_VERIFY(m_window->endpointEdit()->hasFocus());
    QTest::keyClick(m_window.get(), Qt::Key_F, Qt::ControlModifier);
    QTRY_VERIFY(m_window->filterBar()->nameEdit()->hasFocus());

    // Every column can be reached by keyboard at 800x500: moving right from the first column
    // walks every shown one, and none lies beyond the viewport.
    view->setFocus();
    view->setCurrentIndex(m_window->proxy()->index(0, UploadTableModel::Name));
    QHeaderView *header = view->horizontalHeader();
    int shown = 0;
    for (int c = 0; c < header->count(); ++c)
        shown += header->isSectionHidden(c) ? 0 : 1;
    QList<int> visited{view->currentIndex().column()};
    for (int i = 1; i < shown; ++i) {
        QTest::keyClick(view, Qt::Key_Right);
        visited << view->currentIndex().column();
        QVERIFY(view->visualRect(view->currentIndex()).right() <= view->viewport()->width());
    }
    QCOMPARE(QSet<int>(visited.cbegin(), visited.cend()).size(), shown);

    // The painted columns speak.
    const QModelIndex first = m_window->proxy()->index(0, 0);
    for (const int column : {int(UploadTableModel::Progress), int(UploadTableModel::Chunks),
                             int(UploadTableModel::Actions)}) {
        const QString said = first.siblingAtColumn(column).data(Qt::AccessibleTextRole).toString();
        QVERIFY2(!said.isEmpty(), qPrintable(QString::number(column)));
    }
}

RateLimitMenu *tst_WindowControls::menuNamed(const QString &name) const
{
    return m_window->findChild<RateLimitMenu *>(name);
}

void tst_WindowControls::stateFilterWithCounts()
{
    makeWindow();
    QComboBox *states = m_window->filterBar()->stateBox();
    QTRY_COMPARE(states->itemText(0), QStringLiteral("All (5)"));
    QStringList items;
    for (int i = 0; i < states->count(); ++i)
        items << states->itemText(i);
    QCOMPARE(items, (QStringList{"All (5)", "Uploading (0)", "Waiting (0)", "Paused (2)",
                                 "Done (2)", "Failed (1)"}));
    states->setCurrentIndex(4); // Done
    QCOMPARE(shownNames(m_window->proxy()), (QStringList{"f10.jpg", "notes f3.txt"}));
    states->setCurrentIndex(5); // Failed
    QCOMPARE(shownNames(m_window->proxy()), QStringList{"f2.jpg"});
    // Rows leave the view with their tasks.
    m_scheduler->clearFinished(true);
    QCOMPARE(m_window->proxy()->rowCount(), 0);
    states->setCurrentIndex(0);
    QCOMPARE(shownNames(m_window->proxy()), (QStringList{"F1.jpg", "f100.jpg"}));
    QTRY_COMPARE(states->itemText(0), QStringLiteral("All (2)"));
}

void tst_WindowControls::nameFilter()
{
    makeWindow();
    QLineEdit *name = m_window->filterBar()->nameEdit();
    name->setText(QStringLiteral("F1"));
    QCOMPARE(shownNames(m_window->proxy()), (QStringList{"f10.jpg", "F1.jpg", "f100.jpg"}));
    // With a state too: both must match.
    m_window->filterBar()->stateBox()->setCurrentIndex(3); // Paused
    QCOMPARE(shownNames(m_window->proxy()), (QStringList{"F1.jpg", "f100.jpg"}));
    name->setText(QStringLiteral("  txt "));
    m_window->filterBar()->stateBox()->setCurrentIndex(0);
    QCOMPARE(shownNames(m_window->proxy()), QStringList{"notes f3.txt"});
    name->clear();
    QCOMPARE(m_window->proxy()->rowCount(), 5);
}

void tst_WindowControls::namesSortNaturally()
{
    makeWindow();
    m_window->view()->sortByColumn(UploadTableModel::Name, Qt::AscendingOrder);
    QCOMPARE(shownNames(m_window->proxy()),
             (QStringList{"F1.jpg", "f2.jpg", "f10.jpg", "f100.jpg", "notes f3.txt"}));
    m_window->view()->sortByColumn(UploadTableModel::Name, Qt::DescendingOrder);
    QCOMPARE(shownNames(m_window->proxy()).first(), QStringLiteral("notes f3.txt"));
    QCOMPARE(shownNames(m_window->proxy()).last(), QStringLiteral("F1.jpg"));
}

void tst_WindowControls::speedLimitOfAllIsSetAndRemembered()
{
    makeWindow();
    QToolButton *button = m_window->limitControls()->rateButton();
    QCOMPARE(button->text(), QStringLiteral("Limit: No limit"));
    RateLimitMenu *menu = m_window->limitControls()->rateMenu();
    QAction *fiveMiB = nullptr;
    for (QAction *action : menu->actions()) {
        if (action->data().toLongLong() == 5 << 20)
            fiveMiB = action;
    }
    QVERIFY(fiveMiB);
    fiveMiB->trigger();
    QCOMPARE(m_scheduler->rateLimit(), qint64(5) << 20);
    QCOMPARE(button->text(), QStringLiteral("Limit: 5.00 MiB/s"));
    QVERIFY(fiveMiB->isChecked());
    // A new window (the next start) picks it up.
    m_tester.reset();
    m_window.reset();
    m_scheduler = std::make_unique<UploadScheduler>(m_protocol.get());
    makeWindow();
    QCOMPARE(m_scheduler->rateLimit(), qint64(5) << 20);
    menu = m_window->limitControls()->rateMenu();
    menu->actions().constFirst()->trigger(); // "No limit"
    QCOMPARE(m_scheduler->rateLimit(), qint64(0));
    QCOMPARE(QSettings().value(QStringLiteral("rateLimit")).toLongLong(), qint64(0));
}

void tst_WindowControls::speedLimitOfSelectedRows()
{
    makeWindow();
    QItemSelectionModel *selection = m_window->view()->selectionModel();
    for (int row : {0, 2}) {
        selection->select(m_window->proxy()->index(row, 0),
                          QItemSelectionModel::Select | QItemSelectionModel::Rows);
    }
    RateLimitMenu *rows = menuNamed(QStringLiteral("rowSpeedLimit"));
    QVERIFY(rows);
    Q_EMIT rows->rateChosen(qint64(512) << 10);
    QCOMPARE(m_scheduler->task(1)->rateLimit(), qint64(512) << 10);
    QCOMPARE(m_scheduler->task(3)->rateLimit(), qint64(512) << 10);
    QCOMPARE(m_scheduler->task(2)->rateLimit(), qint64(0));
    QCOMPARE(m_scheduler->rateLimit(), qint64(0)); // the others' limit is untouched
}

void tst_WindowControls::perServerLimitIsSetAndRemembered()
{
    makeWindow();
    QSpinBox *spin = m_window->limitControls()->perServerSpin();
    QCOMPARE(spin->value(), 0);
    QCOMPARE(spin->text(), QStringLiteral("Any"));
    spin->setValue(3);
    QCOMPARE(m_scheduler->perServerLimit(), 3);
    m_tester.reset();
    m_window.reset();
    m_scheduler = std::make_unique<UploadScheduler>(m_protocol.get());
    makeWindow();
    QCOMPARE(m_scheduler->perServerLimit(), 3);
    QCOMPARE(m_window->limitControls()->perServerSpin()->value(), 3);
}

void tst_WindowControls::commandLineLimitsWinOverRemembered()
{
    QSettings().setValue(QStringLiteral("rateLimit"), qint64(1) << 20);
    QSettings().setValue(QStringLiteral("perServer"), 2);
    m_scheduler->setRateLimit(qint64(7) << 20); // as --limit-rate would
    m_scheduler->setPerServerLimit(5);          // as --per-server would
    makeWindow();
    QCOMPARE(m_scheduler->rateLimit(), qint64(7) << 20);
    QCOMPARE(m_scheduler->perServerLimit(), 5);
}

QTEST_MAIN(tst_WindowControls)
#include "tst_windowcontrols.moc"
