// MainWindow driven like a person would: drops, keys, clicks, the endpoint field. The scheduler
// behind it is real and talks to the real tus server, or to a dead port when uploads must not
// finish during the test (they then fail transiently and keep retrying).
#include "testfiles.h"
#include "testpeer.h"
#include "testsettings.h"
#include "waitfor.h"

#include "actionsdelegate.h"
#include "endpointstatus.h"
#include "mainwindow.h"
#include "rowactions.h"
#include "serverhealth.h"
#include "tusprotocol.h"
#include "uploadfilterproxy.h"
#include "uploadscheduler.h"
#include "uploadtablemodel.h"
#include "uploadtableview.h"

#include <QApplication>
#include <QClipboard>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFile>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QMimeData>
#include <QNetworkAccessManager>
#include <QSettings>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QSpinBox>
#include <QTcpServer>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

namespace {
constexpr int UploadTimeoutMs = 60000;

QUrl deadEndpoint()
{
    QTcpServer probe;
    probe.listen(QHostAddress::LocalHost, 0);
    return QUrl(QStringLiteral("http://127.0.0.1:%1/files/").arg(probe.serverPort()));
}

// Sends an accepted drag-enter, then the drop (a drop alone is not delivered). Returns whether
// the drag was accepted.
bool dropUrls(QWidget *target, const QList<QUrl> &urls)
{
    QMimeData mime;
    mime.setUrls(urls);
    const QPoint pos = target->rect().center();
    QDragEnterEvent enter(pos, Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(target, &enter);
    if (!enter.isAccepted())
        return false;
    QDropEvent drop(QPointF(pos), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(target, &drop);
    return drop.isAccepted();
}
} // namespace

class TestMainWindow : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();

    void startsEmptyWithHint();
    void dropOnViewUploadsFiles();
    void dropOnWindowAddsFolder();
    void dropRejectsRemoteUrls();
    void spaceTogglesPause();
    void deleteCancelsAfterConfirmation();
    void actionButtonsPauseAndCancel();
    void finishedRowsLeaveWithoutAQuestion();
    void failedRowsWithNothingSentLeaveWithoutAQuestion();
    void endpointRejectsBadUrl_data();
    void endpointRejectsBadUrl();
    void endpointAppliesAndIsRemembered();
    void concurrencySpinBox();
    void statusBarCounts();
    void retryGoesToCorrectedServer();
    void retryFailedForAllAndForTheSelection();
    void serverFieldWarnsWhileItsServerIsDown();

private:
    void showWindow();
    QList<TaskId> addFiles(int count, qint64 size = 1000);
    void selectRows(const QList<int> &proxyRows);

    std::unique_ptr<TestPeer> m_server = TestPeer::create(); // HOIST_TEST_PEER's
    QTemporaryDir m_settingsDir;
    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<QNetworkAccessManager> m_network;
    std::unique_ptr<TusProtocol> m_protocol;
    std::unique_ptr<UploadScheduler> m_scheduler;
    std::unique_ptr<MainWindow> m_window;
    int m_fileCounter = 0;
};

void TestMainWindow::initTestCase()
{
    // Keep the person's own settings out of it.
    useTestSettings(QStringLiteral("tst_mainwindow"), m_settingsDir.path());
    QVERIFY2(m_server->start(), qPrintable(m_server->errorString()));
}

void TestMainWindow::init()
{
    QSettings().clear();
    m_dir = std::make_unique<QTemporaryDir>();
    m_network = std::make_unique<QNetworkAccessManager>();
    m_protocol = std::make_unique<TusProtocol>(m_network.get());
    m_scheduler = std::make_unique<UploadScheduler>(m_protocol.get());
    RetryPolicy patient; // failing attempts keep tasks Waiting for the whole test
    patient.maxRetries = 1000;
    patient.baseDelay = std::chrono::milliseconds(60000);
    patient.maxDelay = std::chrono::milliseconds(60000);
    m_scheduler->setRetryPolicy(patient);
    m_scheduler->setEndpoint(deadEndpoint());
    m_window = std::make_unique<MainWindow>(m_scheduler.get());
    m_window->setConfirmCancel([](int, int) {
        qWarning("unexpected confirmation");
        return false;
    });
}

void TestMainWindow::cleanup()
{
    m_window.reset();
    m_scheduler.reset();
    m_protocol.reset();
    m_network.reset();
    m_dir.reset();
}

void TestMainWindow::showWindow()
{
    m_window->show();
    QApplication::setActiveWindow(m_window.get());
    QVERIFY(QTest::qWaitForWindowActive(m_window.get()));
    m_window->view()->setFocus();
    QTRY_VERIFY(m_window->view()->hasFocus());
}

QList<TaskId> TestMainWindow::addFiles(int count, qint64 size)
{
    QStringList paths;
    for (int i = 0; i < count; ++i) {
        ++m_fileCounter;
        paths << makeTestFile(m_dir->path(), QStringLiteral("file%1.bin").arg(m_fileCounter), size,
                              quint32(m_fileCounter));
    }
    QSignalSpy added(m_scheduler.get(), &UploadScheduler::tasksAdded);
    m_scheduler->addPaths(paths);
    if (!added.wait(10000))
        return {};
    return added.at(0).at(0).value<QList<TaskId>>();
}

void TestMainWindow::selectRows(const QList<int> &proxyRows)
{
    QItemSelectionModel *selection = m_window->view()->selectionModel();
    selection->clearSelection();
    for (int row : proxyRows) {
        selection->select(m_window->proxy()->index(row, 0),
                          QItemSelectionModel::Select | QItemSelectionModel::Rows);
    }
}

void TestMainWindow::startsEmptyWithHint()
{
    QCOMPARE(m_window->windowTitle(), QStringLiteral("Hoist"));
    QCOMPARE(m_window->view()->emptyHint(),
             QStringLiteral("Drop files or folders here to upload them"));
    showWindow();
    // The hint is painted in the middle of the empty table, and goes with the first row.
    const auto inkInMiddle = [this] {
        const QImage image = m_window->view()->viewport()->grab().toImage();
        const QRect middle(image.width() / 4, image.height() / 2 - 10, image.width() / 2, 20);
        const QRgb background = image.pixel(2, image.height() - 2);
        int ink = 0;
        for (int y = middle.top(); y <= middle.bottom(); ++y) {
            for (int x = middle.left(); x <= middle.right(); ++x)
                ink += image.pixel(x, y) != background;
        }
        return ink;
    };
    QVERIFY(inkInMiddle() > 50);
    QCOMPARE(addFiles(1).size(), 1);
    QTRY_COMPARE(inkInMiddle(), 0);
}

void TestMainWindow::dropOnViewUploadsFiles()
{
    m_scheduler->setEndpoint(m_server->endpoint());
    showWindow();
    const QString a = makeTestFile(m_dir->path(), QStringLiteral("a.bin"), 300000, 11);
    const QString b = makeTestFile(m_dir->path(), QStringLiteral("b.bin"), 70000, 12);
    QSignalSpy added(m_scheduler.get(), &UploadScheduler::tasksAdded);
    QVERIFY(
        dropUrls(m_window->view()->viewport(), {QUrl::fromLocalFile(a), QUrl::fromLocalFile(b)}));
    QVERIFY(added.wait(10000));
    QCOMPARE(m_scheduler->taskIds().size(), 2);
    QTRY_COMPARE(m_window->proxy()->rowCount(), 2);
    // They reach the server, byte for byte.
    QTRY_COMPARE_WITH_TIMEOUT(m_scheduler->totals().count(TaskState::Success), 2, UploadTimeoutMs);
    for (TaskId id : m_scheduler->taskIds()) {
        const UploadTask *task = m_scheduler->task(id);
        const QByteArray stored = m_server->storedBytes(task->uploadUrl());
        QFile file(task->path());
        QVERIFY(file.open(QIODevice::ReadOnly));
        QCOMPARE(stored.size(), file.size());
        QVERIFY(stored == file.readAll());
    }
}

void TestMainWindow::dropOnWindowAddsFolder()
{
    showWindow();
    QDir(m_dir->path()).mkpath(QStringLiteral("folder/inner"));
    makeTestFile(m_dir->filePath(QStringLiteral("folder")), QStringLiteral("one"), 10, 1);
    makeTestFile(m_dir->filePath(QStringLiteral("folder/inner")), QStringLiteral("two"), 20, 2);
    QSignalSpy added(m_scheduler.get(), &UploadScheduler::tasksAdded);
    // On the window itself (e.g. on the toolbar or the status bar), not the table.
    QVERIFY(
        dropUrls(m_window.get(), {QUrl::fromLocalFile(m_dir->filePath(QStringLiteral("folder")))}));
    QVERIFY(added.wait(10000));
    QCOMPARE(added.at(0).at(0).value<QList<TaskId>>().size(), 2);
    QTRY_COMPARE(m_window->model()->rowCount(), 2);
}

void TestMainWindow::dropRejectsRemoteUrls()
{
    showWindow();
    QSignalSpy added(m_scheduler.get(), &UploadScheduler::tasksAdded);
    QVERIFY(
        !dropUrls(m_window->view()->viewport(), {QUrl(QStringLiteral("https://example.com/a"))}));
    QVERIFY(!dropUrls(m_window.get(), {QUrl(QStringLiteral("https://example.com/a"))}));
    QTest::qWait(200); // a wrongly accepted drop would add tasks asynchronously
    QCOMPARE(added.count(), 0);
    QVERIFY(m_scheduler->taskIds().isEmpty());
}

void TestMainWindow::spaceTogglesPause()
{
    showWindow();
    const QList<TaskId> ids = addFiles(3);
    QCOMPARE(ids.size(), 3);
    QTRY_COMPARE(m_window->proxy()->rowCount(), 3);
    selectRows({0, 2});
    QTest::keyClick(m_window->view(), Qt::Key_Space);
    QCOMPARE(m_scheduler->task(ids.at(0))->state(), TaskState::Paused);
    QVERIFY(m_scheduler->task(ids.at(1))->state() != TaskState::Paused);
    QCOMPARE(m_scheduler->task(ids.at(2))->state(), TaskState::Paused);
    QTRY_COMPARE(m_window->proxy()->index(0, UploadTableModel::State).data().toString(),
                 QStringLiteral("Paused"));

    QTest::keyClick(m_window->view(), Qt::Key_Space);
    QVERIFY(m_scheduler->task(ids.at(0))->state() != TaskState::Paused);
    QVERIFY(m_scheduler->task(ids.at(2))->state() != TaskState::Paused);

    // A mixed selection pauses the active ones first.
    m_scheduler->pause(ids.at(1));
    selectRows({0, 1});
    QTest::keyClick(m_window->view(), Qt::Key_Space);
    QCOMPARE(m_scheduler->task(ids.at(0))->state(), TaskState::Paused);
    QCOMPARE(m_scheduler->task(ids.at(1))->state(), TaskState::Paused);

    // Typing a space in the endpoint field pauses nothing.
    m_scheduler->resumeAll();
    m_window->endpointEdit()->setFocus();
    QTRY_VERIFY(m_window->endpointEdit()->hasFocus());
    QTest::keyClick(m_window->endpointEdit(), Qt::Key_Space);
    QVERIFY(m_scheduler->task(ids.at(0))->state() != TaskState::Paused);
}

void TestMainWindow::deleteCancelsAfterConfirmation()
{
    showWindow();
    const QList<TaskId> ids = addFiles(3);
    QCOMPARE(ids.size(), 3);
    QTRY_COMPARE(m_window->proxy()->rowCount(), 3);
    QList<int> asked;
    bool answer = false;
    m_window->setConfirmCancel([&](int count, int) {
        asked << count;
        return answer;
    });
    selectRows({0, 1});

    QTest::keyClick(m_window->view(), Qt::Key_Delete);
    QCOMPARE(asked, QList<int>{2});
    QCOMPARE(m_scheduler->taskIds().size(), 3); // said no

    answer = true;
    QTest::keyClick(m_window->view(), Qt::Key_Delete);
    QCOMPARE(asked, (QList<int>{2, 2}));
    QCOMPARE(m_scheduler->taskIds(), QList<TaskId>{ids.at(2)});
    QCOMPARE(m_window->proxy()->rowCount(), 1);
    QCOMPARE(m_window->proxy()->index(0, 0).data(UploadTableModel::TaskIdRole).value<TaskId>(),
             ids.at(2));
}

void TestMainWindow::actionButtonsPauseAndCancel()
{
    showWindow();
    const QList<TaskId> ids = addFiles(2);
    QCOMPARE(ids.size(), 2);
    QTRY_COMPARE(m_window->proxy()->rowCount(), 2);
    UploadTableView *view = m_window->view();
    const auto cell = [&](int row) {
        return view->visualRect(m_window->proxy()->index(row, UploadTableModel::Actions));
    };
    QVERIFY(cell(0).width() > 0);

    QTest::mouseClick(view->viewport(), Qt::LeftButton, {},
                      ActionsDelegate::buttonRect(cell(1), 0).center());
    QCOMPARE(m_scheduler->task(ids.at(1))->state(), TaskState::Paused);
    QTRY_COMPARE(
        m_window->proxy()->index(1, 0).data(UploadTableModel::StateRole).value<TaskState>(),
        TaskState::Paused);
    // Now the first button resumes.
    QTest::mouseClick(view->viewport(), Qt::LeftButton, {},
                      ActionsDelegate::buttonRect(cell(1), 0).center());
    QVERIFY(m_scheduler->task(ids.at(1))->state() != TaskState::Paused);

    // Cancel asks first.
    int asked = 0;
    m_window->setConfirmCancel([&](int count, int) {
        asked += count;
        return true;
    });
    QTest::mouseClick(view->viewport(), Qt::LeftButton, {},
                      ActionsDelegate::buttonRect(cell(0), 1).center());
    QCOMPARE(asked, 1);
    QCOMPARE(m_scheduler->taskIds(), QList<TaskId>{ids.at(1)});
}

void TestMainWindow::finishedRowsLeaveWithoutAQuestion()
{
    m_scheduler->setEndpoint(m_server->endpoint());
    showWindow();
    const QList<TaskId> ids = addFiles(2, 5000);
    QCOMPARE(ids.size(), 2);
    QVERIFY(waitFor([&] { return m_scheduler->totals().count(TaskState::Success) == 2; },
                    UploadTimeoutMs));
    const QUrl first = m_scheduler->task(ids.at(0))->uploadUrl();
    QTRY_COMPARE(m_window->proxy()->rowCount(), 2);
    int asked = 0;
    m_window->setConfirmCancel([&](int count, int) {
        asked += count;
        return true;
    });
    selectRows({0, 1});
    QTest::keyClick(m_window->view(), Qt::Key_Delete);
    QCOMPARE(asked, 0); // nothing unfinished: nothing to ask
    QVERIFY(m_scheduler->taskIds().isEmpty());
    QTRY_COMPARE(m_window->proxy()->rowCount(), 0);
    QVERIFY(m_server->holds(first)); // left the list, not the server
}

void TestMainWindow::failedRowsWithNothingSentLeaveWithoutAQuestion()
{
    RetryPolicy once;
    once.maxRetries = 0;
    m_scheduler->setRetryPolicy(once);
    showWindow();
    QCOMPARE(addFiles(2).size(), 2);
    QTRY_COMPARE_WITH_TIMEOUT(m_scheduler->totals().count(TaskState::Error), 2, UploadTimeoutMs);
    int asked = 0;
    m_window->setConfirmCancel([&](int count, int) {
        asked += count;
        return true;
    });
    selectRows({0, 1});
    QTest::keyClick(m_window->view(), Qt::Key_Delete);
    QCOMPARE(asked, 0); // nothing reached a server: nothing to lose, nothing to ask
    QVERIFY(m_scheduler->taskIds().isEmpty());

    // "Clear failed" (the Clear finished button's menu) takes failed rows, and only those.
    QCOMPARE(addFiles(2).size(), 2);
    QTRY_COMPARE_WITH_TIMEOUT(m_scheduler->totals().count(TaskState::Error), 2, UploadTimeoutMs);
    m_scheduler->setEndpoint(m_server->endpoint());
    const QList<TaskId> good = addFiles(1, 3000);
    QTRY_COMPARE_WITH_TIMEOUT(m_scheduler->totals().count(TaskState::Success), 1, UploadTimeoutMs);
    auto *clearFailed = m_window->findChild<QAction *>(QStringLiteral("clearFailed"));
    QVERIFY(clearFailed);
    clearFailed->trigger();
    QCOMPARE(m_scheduler->taskIds(), good);
    QTRY_COMPARE(m_window->proxy()->rowCount(), 1);
}

void TestMainWindow::retryFailedForAllAndForTheSelection()
{
    // Three paths not there yet: each fails at once, with its reason.
    m_scheduler->setEndpoint(m_server->endpoint());
    showWindow();
    QStringList paths;
    for (int i = 0; i < 3; ++i)
        paths << m_dir->filePath(QStringLiteral("later%1.bin").arg(i));
    QSignalSpy added(m_scheduler.get(), &UploadScheduler::tasksAdded);
    m_scheduler->addPaths(paths);
    QVERIFY(added.wait(10000));
    QTRY_COMPARE_WITH_TIMEOUT(m_scheduler->totals().count(TaskState::Error), 3, UploadTimeoutMs);
    for (int i = 0; i < 3; ++i)
        makeTestFile(m_dir->path(), QStringLiteral("later%1.bin").arg(i), 2000, 70 + i);

    // The context menu's Retry (Ctrl+R on the table) takes the selection only.
    selectRows({1});
    QTest::keyClick(m_window->view(), Qt::Key_R, Qt::ControlModifier);
    QTRY_COMPARE_WITH_TIMEOUT(m_scheduler->totals().count(TaskState::Success), 1, UploadTimeoutMs);
    QCOMPARE(m_scheduler->totals().count(TaskState::Error), 2);

    // "Retry failed" (Resume all's menu) takes every failed upload.
    auto *retryFailed = m_window->findChild<QAction *>(QStringLiteral("retryFailed"));
    QVERIFY(retryFailed);
    retryFailed->trigger();
    QTRY_COMPARE_WITH_TIMEOUT(m_scheduler->totals().count(TaskState::Success), 3, UploadTimeoutMs);
    for (TaskId id : m_scheduler->taskIds())
        QVERIFY(m_server->holds(m_scheduler->task(id)->uploadUrl()));
}

void TestMainWindow::serverFieldWarnsWhileItsServerIsDown()
{
    showWindow();
    EndpointStatus *status = m_window->endpointStatus();
    // The check of the (dead) endpoint has answered: its own warning, not an outage's.
    QTRY_VERIFY_WITH_TIMEOUT(status->warningAction()->isVisible(), UploadTimeoutMs);
    QVERIFY(!status->showsOutage());
    // Uploads find its server unreachable: the warning says since when and when it asks next.
    ServerHealth *health = m_scheduler->serverHealth();
    health->markDown(
        m_scheduler->endpoint(),
        TransferError::make(TransferError::Kind::Network, QStringLiteral("Connection refused")));
    QVERIFY(status->showsOutage());
    QVERIFY(status->warningAction()->isVisible());
    QVERIFY(!status->okAction()->isVisible());
    const QString tip = status->warningAction()->toolTip();
    QVERIFY2(tip.startsWith(QStringLiteral("Unreachable since ")), qPrintable(tip));
    QVERIFY2(tip.contains(QStringLiteral("next try in"))
                 || tip.contains(QStringLiteral("trying now")),
             qPrintable(tip));
    QVERIFY2(tip.contains(QStringLiteral("Connection refused")), qPrintable(tip));
}

void TestMainWindow::endpointRejectsBadUrl_data()
{
    QTest::addColumn<QString>("text");
    QTest::newRow("ftp") << QStringLiteral("ftp://example.com/files/");
    QTest::newRow("no scheme") << QStringLiteral("example.com/files");
    QTest::newRow("no host") << QStringLiteral("http:///files/");
    QTest::newRow("garbage") << QStringLiteral("http://exa mple.com/");
    QTest::newRow("empty") << QString();
}

void TestMainWindow::endpointRejectsBadUrl()
{
    QFETCH(QString, text);
    showWindow();
    const QUrl before = m_scheduler->endpoint();
    QLineEdit *edit = m_window->endpointEdit();
    QCOMPARE(edit->text(), before.toString());
    QVERIFY(!MainWindow::endpointProblem(text).isEmpty());

    edit->setFocus();
    edit->setText(text);
    QTest::keyClick(edit, Qt::Key_Return);
    QCOMPARE(m_scheduler->endpoint(), before);
    QCOMPARE(edit->property("endpointValid").toBool(), false);
    QCOMPARE(edit->toolTip(), MainWindow::endpointProblem(text));
    QVERIFY(edit->palette().color(QPalette::Text) != m_window->palette().color(QPalette::Text));
    QVERIFY(!QSettings().contains(QStringLiteral("endpoint")));

    // Fixing it clears the complaint.
    edit->setText(QStringLiteral("https://uploads.example.com/files/"));
    QTest::keyClick(edit, Qt::Key_Return);
    QCOMPARE(edit->property("endpointValid").toBool(), true);
    QCOMPARE(m_scheduler->endpoint(), QUrl(QStringLiteral("https://uploads.example.com/files/")));
}

void TestMainWindow::endpointAppliesAndIsRemembered()
{
    showWindow();
    QLineEdit *edit = m_window->endpointEdit();
    edit->setFocus();
    edit->setText(m_server->endpoint().toString());
    QTest::keyClick(edit, Qt::Key_Return);
    QCOMPARE(m_scheduler->endpoint(), m_server->endpoint());
    QCOMPARE(QSettings().value(QStringLiteral("endpoint")).toString(),
             m_server->endpoint().toString());

    // A new window over a scheduler without an endpoint picks the remembered one up.
    UploadScheduler fresh(m_protocol.get());
    MainWindow again(&fresh);
    QCOMPARE(fresh.endpoint(), m_server->endpoint());
    QCOMPARE(again.endpointEdit()->text(), m_server->endpoint().toString());
    // ...and uploads there.
    const QString path = makeTestFile(m_dir->path(), QStringLiteral("x.bin"), 5000, 3);
    QSignalSpy finished(&fresh, &UploadScheduler::taskFinished);
    fresh.addPaths({path});
    QVERIFY(finished.wait(UploadTimeoutMs));
    const UploadTask *task = fresh.task(fresh.taskIds().at(0));
    QCOMPARE(task->state(), TaskState::Success);
    QVERIFY(m_server->holds(task->uploadUrl()));
}

void TestMainWindow::retryGoesToCorrectedServer()
{
    RetryPolicy once; // fail at the first refusal
    once.maxRetries = 0;
    m_scheduler->setRetryPolicy(once);
    const QUrl dead = m_scheduler->endpoint();
    const QStringList paths = {makeTestFile(m_dir->path(), QStringLiteral("a.bin"), 70000, 1),
                               makeTestFile(m_dir->path(), QStringLiteral("b.bin"), 90000, 2)};
    m_scheduler->addPaths(paths);
    QTRY_COMPARE_WITH_TIMEOUT(m_scheduler->totals().count(TaskState::Error), 2, UploadTimeoutMs);
    // Each row names the server it went to.
    const QString deadText = QStringLiteral("127.0.0.1:%1/files").arg(dead.port());
    for (int row = 0; row < 2; ++row)
        QCOMPARE(m_window->proxy()->index(row, UploadTableModel::Server).data().toString(),
                 deadText);

    // The person corrects the Server field.
    showWindow();
    QLineEdit *edit = m_window->endpointEdit();
    edit->setFocus();
    edit->setText(m_server->endpoint().toString());
    QTest::keyClick(edit, Qt::Key_Return);
    QCOMPARE(m_scheduler->endpoint(), m_server->endpoint());

    // Retry of an upload whose server could not be reached goes to the corrected one...
    const TaskId first =
        m_window->proxy()->index(0, 0).data(UploadTableModel::TaskIdRole).value<TaskId>();
    const TaskId second =
        m_window->proxy()->index(1, 0).data(UploadTableModel::TaskIdRole).value<TaskId>();
    m_window->rowActions()->retry(first);
    // ...and "Send to current server" sends the selection there.
    selectRows({1});
    QCOMPARE(m_window->rowActions()->sendToCurrentServer(), 1);
    QTRY_COMPARE_WITH_TIMEOUT(m_scheduler->totals().count(TaskState::Success), 2, UploadTimeoutMs);
    QStringList links;
    for (const TaskId id : {first, second}) {
        const UploadTask *task = m_scheduler->task(id);
        QCOMPARE(task->endpoint(), m_server->endpoint());
        QFile file(task->path());
        QVERIFY(file.open(QIODevice::ReadOnly));
        QCOMPARE(m_server->storedBytes(task->uploadUrl()), file.readAll());
        links << task->uploadUrl().toString();
    }
    const QString serverText = UploadCellText::serverText(m_server->endpoint());
    QCOMPARE(m_window->proxy()->index(0, UploadTableModel::Server).data().toString(), serverText);

    // "Copy link": the selection's upload URLs, one per line.
    selectRows({0, 1});
    QCOMPARE(m_window->rowActions()->copyLinks(), 2);
    QCOMPARE(QGuiApplication::clipboard()->text(), links.join(QLatin1Char('\n')));
}

void TestMainWindow::concurrencySpinBox()
{
    QSpinBox *spin = m_window->concurrencySpin();
    // Auto first, then the same range as --concurrency, so a window opened with "-c 32" shows 32.
    QCOMPARE(spin->minimum(), 0);
    QCOMPARE(spin->maximum(), 64);
    QVERIFY(m_scheduler->autoConcurrency());
    QCOMPARE(spin->text(), QStringLiteral("Auto"));
    spin->setValue(7);
    QVERIFY(!m_scheduler->autoConcurrency());
    QCOMPARE(m_scheduler->concurrency(), 7);
    spin->setValue(100);
    QCOMPARE(m_scheduler->concurrency(), 64);
    m_scheduler->setConcurrency(1000); // the scheduler keeps to the range by itself too
    QCOMPARE(m_scheduler->concurrency(), 64);
    spin->setValue(0);
    QVERIFY(m_scheduler->autoConcurrency());
    QCOMPARE(m_scheduler->concurrency(), 64); // the cap for when Auto goes off again
}

void TestMainWindow::statusBarCounts()
{
    m_scheduler->setEndpoint(m_server->endpoint());
    QLabel *counts = m_window->countsLabel();
    QCOMPARE(counts->text(), QStringLiteral("No uploads"));
    QCOMPARE(addFiles(2).size(), 2);
    QTRY_COMPARE_WITH_TIMEOUT(m_scheduler->totals().count(TaskState::Success), 2, UploadTimeoutMs);
    m_scheduler->setEndpoint(deadEndpoint());
    const QList<TaskId> stuck = addFiles(3);
    QCOMPARE(stuck.size(), 3);
    m_scheduler->pause(stuck.at(0));
    m_scheduler->pause(stuck.at(1));
    m_scheduler->addPaths({m_dir->filePath(QStringLiteral("missing"))});
    QTRY_COMPARE(counts->text().section(QStringLiteral(" \u00b7 "), 1),
                 QStringLiteral("2 paused \u00b7 2 done \u00b7 1 failed"));
    QVERIFY2(counts->text().startsWith(QStringLiteral("1 waiting"))
                 || counts->text().startsWith(QStringLiteral("1 uploading")),
             qPrintable(counts->text()));
}

QTEST_MAIN(TestMainWindow)
#include "tst_mainwindow.moc"
