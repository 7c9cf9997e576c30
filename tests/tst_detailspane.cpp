// The details pane and the endpoint check in the window, against the real hoistd: a finished
// upload's addresses, tries and timings; a failing one's tries with their reasons; the pane
// following the selection and remembering whether it is shown; the Server field's verdict.
#include "delaylink.h"
#include "hoistdprocess.h"
#include "schedulerfixture.h"
#include "testfiles.h"
#include "testsettings.h"
#include "waitfor.h"

#include "chunkmapview.h"
#include "detailspane.h"
#include "endpointstatus.h"
#include "formatting.h"
#include "mainwindow.h"
#include "parallellevellabel.h"
#include "speedgraph.h"
#include "uploadfilterproxy.h"
#include "uploadscheduler.h"
#include "uploadtablemodel.h"
#include "uploadtableview.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QItemSelectionModel>
#include <QLayout>
#include <QLineEdit>
#include <QRegularExpression>
#include <QSet>
#include <QSettings>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTabWidget>
#include <QTcpServer>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeWidget>

namespace {
constexpr qint64 MiB = 1024 * 1024;
const QString Dash = QStringLiteral("\u2014");

quint16 closedPort()
{
    QTcpServer server;
    return server.listen(QHostAddress::LocalHost) ? server.serverPort() : 0;
}
} // namespace

class TestDetailsPane : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void init();
    void finishedUploadShowsAddressesTriesAndTimings();
    void failedTriesSayWhy();
    void followsSelectionAndIsRemembered();
    void partsAndProgressAsTheyAre();
    void endpointCheckBesideServerField();
    void autoLevelInStatusBarAndPane();

private:
    QTemporaryDir m_settings;
    HoistdProcess m_hoistd;
};

void TestDetailsPane::initTestCase()
{
    useTestSettings(QStringLiteral("tst_detailspane"), m_settings.path());
    QVERIFY2(m_hoistd.start(), qPrintable(m_hoistd.errorString()));
}

void TestDetailsPane::init()
{
    QSettings().clear();
}

void TestDetailsPane::finishedUploadShowsAddressesTriesAndTimings()
{
    SchedulerFixture engine;
    QVERIFY2(engine.start(m_hoistd.endpoint()), qPrintable(engine.errorString()));
    const qint64 size = 3 * MiB + 17;
    const QString path = makeTestFile(engine.files().path(), QStringLiteral("a.bin"), size);
    const QList<TaskId> ids = engine.add({path});
    QCOMPARE(ids.size(), 1);
    QVERIFY(engine.waitIdle());
    const UploadTask *task = engine.task(ids.first());
    QCOMPARE(task->state(), TaskState::Success);

    DetailsPane pane(engine.scheduler());
    pane.show();
    pane.setTask(ids.first());
    QCOMPARE(pane.pathEdit()->text(), path);
    QCOMPARE(pane.serverEdit()->text(), m_hoistd.endpoint().toString());
    QVERIFY(!task->uploadUrl().isEmpty());
    QCOMPARE(pane.uploadUrlEdit()->text(), task->uploadUrl().toString());
    QVERIFY(pane.uploadUrlEdit()->text().startsWith(m_hoistd.endpoint().toString()));
    QVERIFY(pane.uploadUrlEdit()->isReadOnly());
    // The copy button beside it puts it on the clipboard.
    const QList<QAction *> actions = pane.uploadUrlEdit()->actions();
    QVERIFY(!actions.isEmpty());
    QApplication::clipboard()->clear();
    actions.last()->trigger();
    QCOMPARE(QApplication::clipboard()->text(), task->uploadUrl().toString());

    // One try, that finished, having sent the whole file.
    QCOMPARE(task->attempts().count(), 1);
    QCOMPARE(task->attempts().attempts().first().bytesSent, size);
    QCOMPARE(pane.triesList()->topLevelItemCount(), 1);
    const QTreeWidgetItem *item = pane.triesList()->topLevelItem(0);
    QCOMPARE(item->text(0), QStringLiteral("1"));
    QCOMPARE(item->text(3), formatSize(size));
    QCOMPARE(item->text(4), DetailsPane::tr("Finished"));
    // Every timing is known.
    const QStringList timings = pane.timings();
    QCOMPARE(timings.size(), 5);
    for (const QString &value : timings)
        QVERIFY2(!value.isEmpty() && value != Dash, qPrintable(timings.join(QLatin1Char('|'))));
    // The chunk map is the task's, all done.
    QCOMPARE(pane.chunkMap()->data().taskId, ids.first());
    QVERIFY(std::all_of(pane.chunkMap()->data().states.cbegin(),
                        pane.chunkMap()->data().states.cend(),
                        [](ChunkState s) { return s == ChunkState::Done; }));
    QCOMPARE(pane.speedGraph()->task(), ids.first());

    pane.setTask(0);
    QVERIFY(pane.uploadUrlEdit()->text().isEmpty());
    QCOMPARE(pane.triesList()->topLevelItemCount(), 0);
}

void TestDetailsPane::partsAndProgressAsTheyAre()
{
    // Sent as parts: the pane counts the parts, those being sent and those done, and beside the
    // state how far the upload is; paused, that is what the server confirmed.
    SchedulerFixture engine;
    QVERIFY2(engine.start(m_hoistd.endpoint()), qPrintable(engine.errorString()));
    engine.scheduler()->setParallelParts(true);
    engine.scheduler()->setConcurrency(3);
    engine.scheduler()->setAutoConcurrency(false); // three parts at once, whatever Auto would find
    engine.scheduler()->setHashPolicy(UploadScheduler::HashPolicy::Never);
    engine.scheduler()->setRateLimit(MiB / 2);
    const qint64 size = 12 * SchedulerFixture::ChunkSize + 3;
    const QString path = makeTestFile(engine.files().path(), QStringLiteral("p.bin"), size);
    const QList<TaskId> ids = engine.add({path});
    QCOMPARE(ids.size(), 1);
    const UploadTask *task = engine.task(ids.first());
    DetailsPane pane(engine.scheduler());
    pane.show();
    pane.setTask(ids.first());
    const auto line = [](int parts, int sending, int done) {
        return DetailsPane::tr("Sent as %n parallel parts (%1 sending, %2 done), joined when all "
                               "are there; hover for their addresses",
                               "", parts)
            .arg(sending)
            .arg(done);
    };
    QVERIFY(waitFor([&] {
        return task->parts().size() == 3 && task->chunks().countIn(ChunkState::InFlight) == 3
               && task->confirmedBytes() > 0;
    }));
    QVERIFY(waitFor([&] { return pane.uploadUrlEdit()->placeholderText() == line(3, 3, 0); }));
    QVERIFY2(pane.stateLine().startsWith(UploadTableModel::tr("Uploading") + QStringLiteral(" · ")),
             qPrintable(pane.stateLine()));

    engine.scheduler()->pause(ids.first());
    const QString held = DetailsPane::tr("%1 of %2 (%3%)")
                             .arg(formatSize(task->confirmedBytes()), formatSize(size))
                             .arg(100.0 * double(task->confirmedBytes()) / double(size), 0, 'f', 1);
    QVERIFY(waitFor([&] {
        return pane.stateLine() == UploadTableModel::tr("Paused") + QStringLiteral(" · ") + held;
    }));
    QCOMPARE(pane.uploadUrlEdit()->placeholderText(), line(3, 0, 0));
    engine.scheduler()->setRateLimit(0);
    engine.scheduler()->resume(ids.first());
    QVERIFY(engine.waitIdle());
    QCOMPARE(task->state(), TaskState::Success);
    QVERIFY(m_hoistd.storedBytes(task->uploadUrl()).size() == size);
}

void TestDetailsPane::failedTriesSayWhy()
{
    const quint16 port = closedPort();
    QVERIFY(port);
    const QUrl nowhere(QStringLiteral("http://127.0.0.1:%1/files/").arg(port));
    SchedulerFixture engine;
    QVERIFY2(engine.start(nowhere), qPrintable(engine.errorString()));
    engine.scheduler()->setRetryPolicy(SchedulerFixture::fastRetries(2));
    const QString path = makeTestFile(engine.files().path(), QStringLiteral("b.bin"), 4096);
    const QList<TaskId> ids = engine.add({path});
    QVERIFY(engine.waitIdle());
    const UploadTask *task = engine.task(ids.first());
    QCOMPARE(task->state(), TaskState::Error);

    DetailsPane pane(engine.scheduler());
    pane.show();
    pane.setTask(ids.first());
    // Three tries (two retries), newest first, each ended by the refusal, naming the server.
    QCOMPARE(task->attempts().count(), 3);
    QCOMPARE(pane.triesList()->topLevelItemCount(), 3);
    QCOMPARE(pane.tabs()->tabText(1), DetailsPane::tr("Tries (%1)").arg(3));
    for (int row = 0; row < 3; ++row) {
        const QTreeWidgetItem *item = pane.triesList()->topLevelItem(row);
        QCOMPARE(item->text(0), QString::number(3 - row));
        QCOMPARE(item->text(4), QStringLiteral("Connection refused by 127.0.0.1:%1").arg(port));
        QCOMPARE(item->text(3), formatSize(0));
    }
    QVERIFY(pane.uploadUrlEdit()->text().isEmpty());
    QCOMPARE(pane.timings().at(4), Dash);  // nothing sent: no average speed
    QVERIFY(pane.timings().at(2) != Dash); // but it finished, failing
}

void TestDetailsPane::followsSelectionAndIsRemembered()
{
    SchedulerFixture engine;
    QVERIFY2(engine.start(m_hoistd.endpoint()), qPrintable(engine.errorString()));
    const QList<TaskId> ids =
        engine.add({makeTestFile(engine.files().path(), QStringLiteral("c1.bin"), 1000),
                    makeTestFile(engine.files().path(), QStringLiteral("c2.bin"), 2000)});
    QCOMPARE(ids.size(), 2);
    QVERIFY(engine.waitIdle());
    {
        MainWindow window(engine.scheduler());
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        DetailsPane *pane = window.detailsPane();
        QVERIFY(!pane->isVisible()); // hidden until asked for
        QAction *toggle = pane->toggleViewAction();
        QVERIFY(!toggle->shortcut().isEmpty());
        toggle->trigger();
        QVERIFY(pane->isVisible());
        QCOMPARE(QSettings().value(QStringLiteral("detailsVisible")).toBool(), true);

        const QModelIndex second = window.proxy()->index(1, UploadTableModel::Name);
        window.view()->selectionModel()->setCurrentIndex(second, QItemSelectionModel::ClearAndSelect
                                                                     | QItemSelectionModel::Rows);
        QCOMPARE(pane->task(), second.data(UploadTableModel::TaskIdRole).value<TaskId>());
        window.view()->clearSelection();
        QCOMPARE(pane->task(), TaskId(0));
        // Nothing of the upload shown before is left behind.
        QCOMPARE(pane->uploadUrlEdit()->text(), QString());
        QCOMPARE(pane->uploadUrlEdit()->placeholderText(), QString());
        QCOMPARE(pane->tabs()->tabText(1), QStringLiteral("Tries"));
    }
    MainWindow again(engine.scheduler());
    again.show();
    QVERIFY(QTest::qWaitForWindowExposed(&again));
    QVERIFY(again.detailsPane()->isVisible());
    again.detailsPane()->toggleViewAction()->trigger();
    QCOMPARE(QSettings().value(QStringLiteral("detailsVisible")).toBool(), false);
}

void TestDetailsPane::endpointCheckBesideServerField()
{
    const quint16 port = closedPort();
    QVERIFY(port);
    SchedulerFixture engine;
    QVERIFY2(engine.start(m_hoistd.endpoint()), qPrintable(engine.errorString()));
    MainWindow window(engine.scheduler());
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    EndpointStatus *status = window.endpointStatus();
    // The endpoint it started with is asked at once: hoistd is a tus server.
    QVERIFY(waitFor([&] { return status->okAction()->isVisible(); }, 10000));
    QVERIFY(!status->warningAction()->isVisible());
    QVERIFY2(status->okAction()->toolTip().contains(QStringLiteral("tus 1.0.0")),
             qPrintable(status->okAction()->toolTip()));

    // Typing a port nobody listens on: the warning, saying so.
    QLineEdit *field = window.endpointEdit();
    field->setFocus();
    field->selectAll();
    QTest::keyClicks(field, QStringLiteral("http://127.0.0.1:%1/files/").arg(port));
    QVERIFY(!status->okAction()->isVisible()); // editing hides the old verdict
    QTest::keyClick(field, Qt::Key_Return);
    QVERIFY(waitFor([&] { return status->warningAction()->isVisible(); }, 10000));
    QVERIFY(!status->okAction()->isVisible());
    QCOMPARE(status->warningAction()->toolTip(),
             QStringLiteral("Connection refused by 127.0.0.1:%1").arg(port));

    // Back to hoistd: the check mark again.
    field->selectAll();
    QTest::keyClicks(field, m_hoistd.endpoint().toString());
    QTest::keyClick(field, Qt::Key_Return);
    QVERIFY(waitFor([&] { return status->okAction()->isVisible(); }, 10000));
    QVERIFY(!status->warningAction()->isVisible());
}

// Parallel: Auto to a far server: the status bar says the level the scheduler allows, after each
// change of it, and says nothing with a fixed number or once nothing uploads; the pane says the
// level of the selected upload's server, and how many of its parts are being sent.
void TestDetailsPane::autoLevelInStatusBarAndPane()
{
    DelayLink link;
    link.setDelay(std::chrono::milliseconds(20));
    link.setRate(20'000'000);
    QVERIFY2(link.start(QStringLiteral("127.0.0.1"), m_hoistd.port()),
             qPrintable(link.errorString()));
    const QUrl far = link.url(QStringLiteral("/files/"));
    SchedulerFixture engine;
    QVERIFY2(engine.start(far), qPrintable(engine.errorString()));
    UploadScheduler *scheduler = engine.scheduler();
    scheduler->setHashPolicy(UploadScheduler::HashPolicy::Never);
    scheduler->setParallelParts(true);
    QVERIFY(scheduler->autoConcurrency()); // the default

    MainWindow window(scheduler);
    window.resize(1280, 800);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    auto *level = window.findChild<ParallelLevelLabel *>(QStringLiteral("parallelLevel"));
    QVERIFY(level);
    QVERIFY(level->fullText().isEmpty()); // nothing uploads
    // Connected after the label, so this runs after it has heard of the change.
    QStringList wrong;
    QSet<QString> shown;
    QSet<int> levels;
    QObject::connect(scheduler, &UploadScheduler::concurrencyLevelChanged, &window, [&] {
        if (scheduler->concurrencyLevel() > 0)
            levels.insert(scheduler->concurrencyLevel());
        if (level->fullText().isEmpty())
            return; // idle, or the totals have not said yet that something uploads
        shown.insert(level->fullText());
        const QString expected = ParallelLevelLabel::describe(scheduler->concurrencyLevel());
        if (level->fullText() != expected)
            wrong << level->fullText() + QStringLiteral(" for ") + expected;
    });

    // One large file sent as parts, first, then many small ones.
    QStringList paths{makeTestFile(engine.files().path(), QStringLiteral("big.bin"), 6 * MiB)};
    for (int i = 0; i < 300; ++i)
        paths << makeTestFile(engine.files().path(), QStringLiteral("s%1.bin").arg(i), 16 * 1024);
    const QList<TaskId> ids = engine.add(paths);
    QCOMPARE(ids.size(), paths.size());
    QVERIFY(waitFor([&] {
        return scheduler->concurrencyLevel() > 0
               && level->shownText() == ParallelLevelLabel::describe(scheduler->concurrencyLevel());
    }));
    QVERIFY2(level->toolTip().contains(QString::number(scheduler->concurrencyLevel())),
             qPrintable(level->toolTip()));

    // The pane, on the large file: its server's level, and its parts being sent.
    DetailsPane *pane = window.detailsPane();
    pane->toggleViewAction()->trigger();
    pane->setTask(ids.first());
    const UploadTask *big = engine.task(ids.first());
    // Its parts being sent, as the Upload URL's placeholder counts them.
    const auto sendingParts = [](const QString &text, const QString &pattern) {
        const QRegularExpressionMatch match = QRegularExpression(pattern).match(text);
        return match.hasMatch() ? match.captured(1).toInt() : -1;
    };
    QVERIFY(waitFor([&] {
        const int serverLevel = scheduler->concurrencyLevelFor(far);
        const QString server =
            DetailsPane::tr("%n requests to this server (Auto)", "", serverLevel);
        const QString text = pane->atOnceText();
        return serverLevel > 0 && big->state() == TaskState::Uploading && !big->parts().isEmpty()
               && text.startsWith(server + QStringLiteral("\nThis upload: "))
               && sendingParts(text, QStringLiteral("This upload: (\\d+) part")) > 0
               && sendingParts(text, QStringLiteral("This upload: (\\d+) part"))
                      == sendingParts(pane->uploadUrlEdit()->placeholderText(),
                                      QStringLiteral("\\((\\d+) sending"));
    }));

    // A fixed number: the status bar says nothing more, the pane says the cap.
    window.concurrencySpin()->setValue(4);
    QVERIFY(!scheduler->autoConcurrency());
    QVERIFY(level->fullText().isEmpty());
    QVERIFY(level->text().isEmpty());
    QVERIFY(waitFor([&] {
        return pane->atOnceText() == DetailsPane::tr("At most %n requests in all (fixed)", "", 4)
               || big->state() == TaskState::Success;
    }));
    // Auto again, at 800 x 500: the level shows in the room the others leave, never clipped,
    // and never at their cost: while it shows anything, none of them is narrower than it asks.
    window.concurrencySpin()->setValue(0);
    QVERIFY(scheduler->autoConcurrency());
    window.resize(800, 500);
    QVERIFY(waitFor([&] {
        return level->fullText() == ParallelLevelLabel::describe(scheduler->concurrencyLevel())
               || scheduler->totals().count(TaskState::Uploading) == 0;
    }));
    level->parentWidget()->layout()->activate(); // the layout pending from the resize
    QVERIFY(level->fontMetrics().horizontalAdvance(level->shownText())
            <= level->contentsRect().width());
    const QList<QWidget *> others =
        level->parentWidget()->findChildren<QWidget *>(Qt::FindDirectChildrenOnly);
    for (const QWidget *other : others) {
        if (other != level && other->isVisible() && !level->shownText().isEmpty())
            QVERIFY2(other->width() >= other->sizeHint().width(),
                     qPrintable(other->objectName() + QLatin1Char(' ')
                                + QString::number(other->width())));
    }

    QVERIFY(engine.waitIdle(120000));
    QCOMPARE(scheduler->totals().count(TaskState::Success), int(ids.size()));
    QCOMPARE(m_hoistd.storedBytes(big->uploadUrl()).size(), 6 * MiB);
    QVERIFY(waitFor([&] { return level->fullText().isEmpty(); }));
    QVERIFY2(wrong.isEmpty(), qPrintable(wrong.join(QLatin1Char('\n'))));
    // It climbed on the far link, and the status bar said each step it heard of once the totals
    // said something uploads (the first steps may come before that: they are not asserted).
    QVERIFY2(levels.size() >= 2, qPrintable(QString::number(levels.size())));
    QVERIFY2(!shown.isEmpty(),
             qPrintable(QStringList(shown.cbegin(), shown.cend()).join(QLatin1Char('|'))));
}

QTEST_MAIN(TestDetailsPane)
#include "tst_detailspane.moc"
