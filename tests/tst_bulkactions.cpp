// Actions on a selection of 100,000 rows through the window cost O(rows): cancelling them takes
// under a second and the event loop stays responsive meanwhile (a 5 ms timer's lateness is
// measured), pausing and resuming them too. Among the rows, uploads that really are on a server
// (hoistd) are deleted there when cancelled.
#include "hoistdprocess.h"
#include "rawhttp.h"
#include "sanitizer.h"
#include "testsettings.h"
#include "waitfor.h"

#include "mainwindow.h"
#include "rowactions.h"
#include "taskrecord.h"
#include "tusprotocol.h"
#include "uploadfilterproxy.h"
#include "uploadscheduler.h"
#include "uploadtablemodel.h"
#include "uploadtableview.h"

#include <QElapsedTimer>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QNetworkAccessManager>
#include <QSettings>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

#include <algorithm>
#include <ctime>
#include <memory>

namespace {
constexpr int Rows = 100000;
constexpr int OnServer = 20; // of them, uploads hoistd really holds (half sent)
constexpr int OnServerLength = 4096;
// The bound, on the GUI thread's CPU time: what the work costs whatever else runs.
const qint64 BoundMs = 1000 * sanitizerTimeFactor;
// On the wall clock and for the event loop's lateness, a bound a shared 2-core machine under a
// load of 5 can keep (the work took minutes before).
const qint64 LoadedBoundMs = 3000 * sanitizerTimeFactor;
constexpr int TickMs = 5;

// Wall-clock and this thread's CPU time since start().
class Stopwatch final {
public:
    void start()
    {
        m_wall.start();
        m_cpuNs = cpuNs();
    }
    qint64 wallMs() const { return m_wall.elapsed(); }
    qint64 cpuMs() const { return (cpuNs() - m_cpuNs) / 1000000; }

private:
    static qint64 cpuNs()
    {
        timespec now{};
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
        return qint64(now.tv_sec) * 1000000000 + now.tv_nsec;
    }
    QElapsedTimer m_wall;
    qint64 m_cpuNs = 0;
};

// The event loop's responsiveness while something runs: how late a 5 ms timer fires at worst.
class LatenessProbe final {
public:
    LatenessProbe()
    {
        m_ticker.setTimerType(Qt::PreciseTimer);
        m_ticker.setInterval(TickMs);
        QObject::connect(&m_ticker, &QTimer::timeout, [this] {
            const qint64 now = m_clock.nsecsElapsed();
            if (m_last >= 0)
                m_worstMs = std::max(m_worstMs, double(now - m_last) / 1e6 - TickMs);
            m_last = now;
            ++m_fires;
        });
        m_clock.start();
        m_ticker.start();
    }
    double worstMs() const { return m_worstMs; }
    int fires() const { return m_fires; }

private:
    QTimer m_ticker;
    QElapsedTimer m_clock;
    qint64 m_last = -1;
    double m_worstMs = 0;
    int m_fires = 0;
};
} // namespace

class TestBulkActions : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();
    void cancelHundredThousandSelected_data();
    void cancelHundredThousandSelected();
    void pauseAndResumeHundredThousandSelected();
    void filterOverHundredThousandRows();

private:
    // Rows restored paused (nothing starts), the first OnServer of them with an upload on
    // hoistd; their URLs in `onServer`. `alternate`: every odd row failed instead. `allSent`:
    // the others have an upload URL too (on hoistd, which no longer knows it: DELETE gives 404).
    void restoreRows(QList<QUrl> *onServer, bool alternate = false, bool allSent = false);
    void selectAllShown();
    int serverStatus(const QUrl &upload) const;

    HoistdProcess m_hoistd;
    QTemporaryDir m_settingsDir;
    std::unique_ptr<QNetworkAccessManager> m_network;
    std::unique_ptr<TusProtocol> m_protocol;
    std::unique_ptr<UploadScheduler> m_scheduler;
    std::unique_ptr<MainWindow> m_window;
};

void TestBulkActions::initTestCase()
{
    useTestSettings(QStringLiteral("tst_bulkactions"), m_settingsDir.path());
    QVERIFY2(m_hoistd.start(), qPrintable(m_hoistd.errorString()));
}

void TestBulkActions::init()
{
    QSettings().clear();
    m_network = std::make_unique<QNetworkAccessManager>();
    m_protocol = std::make_unique<TusProtocol>(m_network.get());
    m_scheduler = std::make_unique<UploadScheduler>(m_protocol.get());
    m_scheduler->setEndpoint(m_hoistd.endpoint());
    m_window = std::make_unique<MainWindow>(m_scheduler.get());
    m_window->setConfirmCancel([](int, int) { return true; });
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
}

void TestBulkActions::cleanup()
{
    m_window.reset();
    m_scheduler.reset();
    m_protocol.reset();
    m_network.reset();
}

int TestBulkActions::serverStatus(const QUrl &upload) const
{
    return rawRequest(m_hoistd.port(), "HEAD", upload.path().toUtf8(), {{"Tus-Resumable", "1.0.0"}})
        .status;
}

void TestBulkActions::restoreRows(QList<QUrl> *onServer, bool alternate, bool allSent)
{
    for (int i = 0; i < OnServer; ++i) {
        const RawResponse created =
            rawRequest(m_hoistd.port(), "POST", "/files/",
                       {{"Tus-Resumable", "1.0.0"},
                        {"Upload-Length", QByteArray::number(OnServerLength)},
                        {"Content-Type", "application/offset+octet-stream"}},
                       QByteArray(OnServerLength / 2, 'x'));
        QCOMPARE(created.status, 201);
        QUrl location(QString::fromUtf8(created.header("Location")));
        if (location.isRelative())
            location = m_hoistd.endpoint().resolved(location);
        onServer->append(location);
    }
    QList<TaskRecord> records;
    records.reserve(Rows);
    for (int i = 0; i < Rows; ++i) {
        TaskRecord r;
        r.id = TaskId(1 + i);
        r.sequence = quint64(i);
        r.displayName = QStringLiteral("file-%1.bin").arg(i, 6, 10, QLatin1Char('0'));
        r.path = QStringLiteral("/nonexistent/bulk/") + r.displayName;
        r.size = OnServerLength;
        r.chunkSize = 1024;
        r.endpoint = m_hoistd.endpoint();
        r.state = alternate && i % 2 ? TaskState::Error : TaskState::Paused;
        if (i < OnServer) {
            r.uploadUrl = onServer->at(i);
            r.confirmedBytes = OnServerLength / 2;
        } else if (allSent) {
            r.uploadUrl = m_hoistd.endpoint().resolved(QUrl(QStringLiteral("gone%1").arg(i)));
        }
        records << r;
    }
    m_scheduler->restore(records);
    QCOMPARE(m_scheduler->taskCount(), Rows);
    QTRY_COMPARE(m_window->model()->rowCount(), Rows);
}

void TestBulkActions::selectAllShown()
{
    m_window->view()->setFocus();
    m_window->view()->selectAll();
    QCOMPARE(m_window->view()->selectionModel()->selection().size(), 1);
}

void TestBulkActions::cancelHundredThousandSelected_data()
{
    QTest::addColumn<bool>("sortedAndFiltered");
    QTest::addColumn<bool>("allSent");
    QTest::newRow("all rows, in the order added") << false << false;
    // Each with an upload on a server to delete: 100,000 DELETEs queued, 8 at a time, not
    // 100,000 requests made on the spot (which froze the window for minutes).
    QTest::newRow("all rows, each sent") << false << true;
    // Every other row shown (the others failed; a state filter), sorted by name from the end:
    // the selection is 50,000 rows scattered over the model.
    QTest::newRow("every other row, sorted") << true << false;
}

void TestBulkActions::cancelHundredThousandSelected()
{
    QFETCH(bool, sortedAndFiltered);
    QFETCH(bool, allSent);
    int expectedLeft = 0;
    if (sortedAndFiltered) {
        // Only the paused rows shown (the state filter), sorted by name from the end; set before
        // the rows come (a filter changed over 100,000 rows is another matter).
        m_window->proxy()->setStates(UploadFilterProxy::stateBit(TaskState::Paused));
        m_window->view()->sortByColumn(UploadTableModel::Name, Qt::DescendingOrder);
        expectedLeft = Rows / 2;
    }
    QList<QUrl> onServer;
    restoreRows(&onServer, sortedAndFiltered, allSent);
    QVERIFY(!QTest::currentTestFailed());
    QTRY_COMPARE(m_window->proxy()->rowCount(), Rows - expectedLeft);
    for (const QUrl &upload : std::as_const(onServer))
        QCOMPARE(serverStatus(upload), 200);
    selectAllShown();
    QTest::qWait(50); // the window settles (paint) before the probe starts

    LatenessProbe probe;
    QTest::qWait(20);
    Stopwatch clock;
    qint64 cancelMs = -1;
    qint64 cancelCpuMs = -1;
    // Through the window's own action (Delete on the table), from inside the event loop.
    QTimer::singleShot(0, m_window.get(), [&] {
        clock.start();
        QTest::keyClick(m_window->view(), Qt::Key_Delete);
        cancelMs = clock.wallMs();
        cancelCpuMs = clock.cpuMs();
    });
    QVERIFY(waitFor([&] { return cancelMs >= 0; }, 600000));
    QVERIFY(waitFor([&] { return m_window->proxy()->rowCount() == 0; }));
    QTest::qWait(300); // what follows the cancel (flushes, repaint) runs under the probe too
    const double worst = probe.worstMs();
    qInfo("cancel of %d selected rows: %lld ms CPU, %lld ms wall; event loop worst lateness "
          "%.1f ms over %d ticks",
          Rows - expectedLeft, cancelCpuMs, cancelMs, worst, probe.fires());

    QCOMPARE(m_scheduler->taskCount(), expectedLeft);
    QCOMPARE(m_window->model()->rowCount(), expectedLeft);
    QCOMPARE(m_window->proxy()->rowCount(), 0);
    // Each of them sent: a DELETE queued per row on top (about 0.85 s at a load of 5 here).
    const qint64 cpuBound = allSent ? BoundMs * 3 / 2 : BoundMs;
    QVERIFY2(cancelCpuMs < cpuBound, qPrintable(QStringLiteral("took %1 ms").arg(cancelCpuMs)));
    QVERIFY2(cancelMs < LoadedBoundMs, qPrintable(QStringLiteral("%1 ms").arg(cancelMs)));
    QVERIFY2(worst < LoadedBoundMs, qPrintable(QStringLiteral("worst lateness %1 ms").arg(worst)));
    // What was on the server of the cancelled ones is deleted there; the rest stays.
    for (int i = 0; i < OnServer; ++i) {
        const bool cancelled = !sortedAndFiltered || (i % 2 == 0);
        const QUrl upload = onServer.at(i);
        if (cancelled)
            QVERIFY(waitFor(
                [&] {
                    const int status = serverStatus(upload);
                    return status == 404 || status == 410;
                },
                20000));
        else
            QCOMPARE(serverStatus(upload), 200);
    }
}

void TestBulkActions::pauseAndResumeHundredThousandSelected()
{
    QList<QUrl> onServer;
    restoreRows(&onServer);
    QVERIFY(!QTest::currentTestFailed());
    m_scheduler->holdEndpoint(m_hoistd.endpoint(), true); // resumed ones wait, sending nothing
    selectAllShown();
    LatenessProbe probe;
    Stopwatch clock;
    clock.start();
    QTest::keyClick(m_window->view(), Qt::Key_Space); // all paused: Space resumes them all
    const qint64 resumeMs = clock.wallMs();
    const qint64 resumeCpuMs = clock.cpuMs();
    QCOMPARE(m_scheduler->totals().count(TaskState::Waiting), Rows);
    QTest::qWait(100);
    clock.start();
    QTest::keyClick(m_window->view(), Qt::Key_Space); // and pauses them again
    const qint64 pauseMs = clock.wallMs();
    const qint64 pauseCpuMs = clock.cpuMs();
    QCOMPARE(m_scheduler->totals().count(TaskState::Paused), Rows);
    QTest::qWait(300);
    qInfo("resume of %d selected rows: %lld ms CPU (%lld wall), pause: %lld ms CPU (%lld wall); "
          "worst lateness %.1f ms",
          Rows, resumeCpuMs, resumeMs, pauseCpuMs, pauseMs, probe.worstMs());
    QVERIFY2(resumeCpuMs < BoundMs, qPrintable(QStringLiteral("resume %1 ms").arg(resumeCpuMs)));
    QVERIFY2(pauseCpuMs < BoundMs, qPrintable(QStringLiteral("pause %1 ms").arg(pauseCpuMs)));
    QVERIFY(resumeMs < LoadedBoundMs && pauseMs < LoadedBoundMs);
    QVERIFY(probe.worstMs() < LoadedBoundMs);
    // The table shows it: every row paused.
    QTRY_COMPARE(
        m_window->proxy()->index(Rows - 1, 0).data(UploadTableModel::StateRole).value<TaskState>(),
        TaskState::Paused);
    for (const QUrl &upload : std::as_const(onServer))
        QCOMPARE(serverStatus(upload), 200); // nothing deleted by a pause
}

void TestBulkActions::filterOverHundredThousandRows()
{
    // Every other row failed: showing only the failed ones hides 50,000 scattered rows.
    QList<QUrl> onServer;
    restoreRows(&onServer, true);
    QVERIFY(!QTest::currentTestFailed());
    QTRY_COMPARE(m_window->proxy()->rowCount(), Rows);
    m_window->view()->selectAll();
    LatenessProbe probe;
    QElapsedTimer clock;
    clock.start();
    m_window->proxy()->setStates(UploadFilterProxy::stateBit(TaskState::Error));
    const qint64 filterMs = clock.restart();
    QCOMPARE(m_window->proxy()->rowCount(), Rows / 2);
    m_window->proxy()->setStates(~0u);
    const qint64 unfilterMs = clock.elapsed();
    QCOMPARE(m_window->proxy()->rowCount(), Rows);
    QTest::qWait(200);
    qInfo("filter to half of %d rows: %lld ms, back: %lld ms; worst lateness %.1f ms", Rows,
          filterMs, unfilterMs, probe.worstMs());
    QVERIFY2(filterMs < BoundMs, qPrintable(QStringLiteral("filter took %1 ms").arg(filterMs)));
    QVERIFY2(unfilterMs < BoundMs, qPrintable(QStringLiteral("took %1 ms").arg(unfilterMs)));
    // The rows shown are the right ones: the first is the second added, failed.
    QCOMPARE(m_window->proxy()->index(1, 0).data(UploadTableModel::TaskIdRole).value<TaskId>(),
             TaskId(2));
}

QTEST_MAIN(TestBulkActions)
#include "tst_bulkactions.moc"
