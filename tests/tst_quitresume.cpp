// "Quit; resume next time" does what it says: closing the window mid-upload and choosing to quit
// keeps the queue, and the next start goes on by itself from what the server holds, in the same
// upload, without sending again what the server has. Against a real tus server (hoistd).
#include "appsettings.h"
#include "closeguard.h"
#include "desktopshell.h"
#include "mainwindow.h"
#include "schedulerfixture.h"
#include "storethread.h"
#include "testfiles.h"
#include "testsettings.h"
#include "waitfor.h"

#include "uploadscheduler.h"

#include <QFileInfo>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

namespace {
constexpr qint64 MiB = 1024 * 1024;
constexpr qint64 FileSize = 48 * MiB;

// One run of the window's object graph on a state dir, as main() builds it.
struct Session {
    Session(const QString &stateDir, const QUrl &endpoint)
        : store(stateDir)
    {
        opened = store.open();
        engine.start(endpoint, store.store());
        scheduler = engine.scheduler();
        scheduler->setParallelParts(false); // one upload URL to follow
        settings = std::make_unique<AppSettings>(scheduler);
        window = std::make_unique<MainWindow>(scheduler, settings.get());
        shell = std::make_unique<DesktopShell>(scheduler, window.get(), settings.get(), false);
    }
    ~Session()
    {
        shell.reset();
        window.reset();
        settings.reset();
    }

    StoreThread store; // outlives the engine's scheduler
    TaskStore::OpenResult opened;
    SchedulerFixture engine;
    UploadScheduler *scheduler = nullptr;
    std::unique_ptr<AppSettings> settings;
    std::unique_ptr<MainWindow> window;
    std::unique_ptr<DesktopShell> shell;
};
} // namespace

class tst_QuitResume : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void quitMidUploadResumesNextTime();

private:
    QTemporaryDir m_settingsDir;
};

void tst_QuitResume::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    useTestSettings(QStringLiteral("tst_quitresume"), m_settingsDir.path());
    QSettings().clear();
}

void tst_QuitResume::quitMidUploadResumesNextTime()
{
    const auto peer = TestPeer::create();
    TestPeer &server = *peer;
    QVERIFY2(server.start(), qPrintable(server.errorString()));
    QTemporaryDir files;
    QTemporaryDir state;
    const QString path = makeTestFile(files.path(), QStringLiteral("big.bin"), FileSize, 5);

    QUrl uploadUrl;
    qint64 heldAtQuit = 0;
    {
        Session first(state.path(), server.endpoint());
        QVERIFY2(first.opened.ok, qPrintable(first.opened.error));
        first.scheduler->setRateLimit(16 * MiB); // a few seconds: time to close it mid-way
        int asked = 0;
        first.shell->closeGuard()->setQuestion([&asked](int active, bool trayOffered) {
            ++asked;
            return CloseGuard::Answer{active == 1 && !trayOffered ? CloseGuard::Action::Quit
                                                                  : CloseGuard::Action::Stay,
                                      false};
        });
        QSignalSpy quit(first.shell.get(), &DesktopShell::quitRequested);
        first.shell->start();
        const QList<TaskId> ids = first.engine.add({path});
        QCOMPARE(ids.size(), 1);
        const TaskId id = ids.first();
        QVERIFY(waitFor([&] { return first.scheduler->task(id)->confirmedBytes() >= 4 * MiB; }));
        QCOMPARE(first.scheduler->task(id)->state(), TaskState::Uploading);
        uploadUrl = first.scheduler->task(id)->uploadUrl();
        QVERIFY(!uploadUrl.isEmpty());

        QVERIFY(first.window->close()); // the question said quit: the window closes
        QCOMPARE(asked, 1);
        QCOMPARE(quit.count(), 1);
        // main() returns from exec() and tears the graph down, as this scope does.
    }
    QVERIFY(waitFor([&] { return server.stats().inFlight == 0; }));
    heldAtQuit = QFileInfo(server.storedPath(uploadUrl)).size();
    QVERIFY2(heldAtQuit >= 4 * MiB && heldAtQuit < FileSize,
             qPrintable(QString::number(heldAtQuit)));

    server.resetStats();
    Session second(state.path(), server.endpoint());
    QVERIFY2(second.opened.ok, qPrintable(second.opened.error));
    QCOMPARE(second.opened.tasks.size(), 1);
    second.scheduler->restore(second.opened.tasks);
    const TaskId id = second.scheduler->taskIds().first();
    // Not paused: it goes on by itself.
    QVERIFY(second.scheduler->task(id)->state() == TaskState::Waiting
            || second.scheduler->task(id)->state() == TaskState::Uploading);
    QVERIFY(second.engine.waitIdle(120000));
    const UploadTask *task = second.scheduler->task(id);
    QCOMPARE(task->state(), TaskState::Success);
    QCOMPARE(task->uploadUrl(), uploadUrl);
    QVERIFY(fileMatches(server.storedPath(uploadUrl), FileSize, 5));
    // Only what the server did not have went again.
    QVERIFY2(server.stats().bodyBytes <= FileSize - heldAtQuit,
             qPrintable(
                 QStringLiteral("%1 sent, %2 held").arg(server.stats().bodyBytes).arg(heldAtQuit)));
    QCOMPARE(server.uploadCount(), 1);
}

QTEST_MAIN(tst_QuitResume)
#include "tst_quitresume.moc"
