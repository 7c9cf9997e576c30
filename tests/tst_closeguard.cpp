// Closing the window while uploads run or wait: what CloseGuard decides (the question injected,
// as MainWindow::setConfirmCancel does), and what DesktopShell then does to the window. The
// uploads wait on a held endpoint: nothing is sent.
#include "appsettings.h"
#include "closeguard.h"
#include "desktopshell.h"
#include "mainwindow.h"
#include "menubar.h"
#include "taskrecord.h"
#include "testsettings.h"
#include "trayicon.h"
#include "tusprotocol.h"
#include "uploadscheduler.h"

#include <QAction>
#include <QMenu>
#include <QNetworkAccessManager>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

namespace {
const QUrl Nowhere(QStringLiteral("http://127.0.0.1:9/files/"));

TaskRecord waitingRecord(TaskId id)
{
    TaskRecord r;
    r.id = id;
    r.sequence = id;
    r.path = QStringLiteral("/nonexistent/f%1.bin").arg(id);
    r.displayName = QStringLiteral("f%1.bin").arg(id);
    r.size = 1000;
    r.chunkSize = 1 << 20;
    r.endpoint = Nowhere;
    r.state = TaskState::Waiting;
    return r;
}

// A question that records how it was asked and answers as told.
struct ScriptedQuestion {
    CloseGuard::Answer answer;
    int asked = 0;
    int lastActive = -1;
    bool lastTrayOffered = false;

    CloseGuard::Question function()
    {
        return [this](int active, bool trayOffered) {
            ++asked;
            lastActive = active;
            lastTrayOffered = trayOffered;
            return answer;
        };
    }
};
} // namespace

class tst_CloseGuard : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();
    void nothingActiveQuitsUnasked();
    void asksAndRemembersOnlyWhenTold();
    void cancelIsNeverRemembered();
    void rememberedQuitDoesNotAsk();
    void withoutTrayTheTrayIsNotOffered();
    void shellHidesToTrayOrStays();
    void shellQuitsWhenNothingRuns();
    void ctrlQQuitsThroughTheGuard();

private:
    void makeWindow(int waiting);

    QTemporaryDir m_settingsDir;
    std::unique_ptr<QNetworkAccessManager> m_network;
    std::unique_ptr<TusProtocol> m_protocol;
    std::unique_ptr<UploadScheduler> m_scheduler;
    std::unique_ptr<AppSettings> m_settings;
    std::unique_ptr<MainWindow> m_window;
};

void tst_CloseGuard::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    useTestSettings(QStringLiteral("tst_closeguard"), m_settingsDir.path());
}

void tst_CloseGuard::init()
{
    QSettings().clear();
    m_network = std::make_unique<QNetworkAccessManager>();
    m_protocol = std::make_unique<TusProtocol>(m_network.get());
    m_scheduler = std::make_unique<UploadScheduler>(m_protocol.get());
    m_scheduler->setEndpoint(Nowhere);
    m_scheduler->holdEndpoint(Nowhere, true); // its uploads wait and never start
    m_settings = std::make_unique<AppSettings>(m_scheduler.get());
}

void tst_CloseGuard::cleanup()
{
    m_window.reset();
    m_settings.reset();
    m_scheduler.reset();
    m_protocol.reset();
    m_network.reset();
}

void tst_CloseGuard::makeWindow(int waiting)
{
    m_window = std::make_unique<MainWindow>(m_scheduler.get(), m_settings.get());
    QList<TaskRecord> records;
    for (int i = 1; i <= waiting; ++i)
        records << waitingRecord(i);
    m_scheduler->restore(records);
    QCOMPARE(m_scheduler->totals().count(TaskState::Waiting), waiting);
}

void tst_CloseGuard::nothingActiveQuitsUnasked()
{
    CloseGuard guard(m_settings.get(), nullptr);
    ScriptedQuestion question;
    guard.setQuestion(question.function());
    QCOMPARE(guard.decide(0, true), CloseGuard::Action::Quit);
    QCOMPARE(question.asked, 0);
}

void tst_CloseGuard::asksAndRemembersOnlyWhenTold()
{
    CloseGuard guard(m_settings.get(), nullptr);
    ScriptedQuestion question;
    guard.setQuestion(question.function());
    question.answer = {CloseGuard::Action::Tray, false};
    QCOMPARE(guard.decide(3, true), CloseGuard::Action::Tray);
    QCOMPARE(question.asked, 1);
    QCOMPARE(question.lastActive, 3);
    QVERIFY(question.lastTrayOffered);
    QVERIFY(!QSettings().contains(QStringLiteral("closeBehaviour")));

    // Asked again, "don't ask again" ticked: remembered, and not asked any more.
    question.answer = {CloseGuard::Action::Tray, true};
    QCOMPARE(guard.decide(3, true), CloseGuard::Action::Tray);
    QCOMPARE(question.asked, 2);
    QCOMPARE(QSettings().value(QStringLiteral("closeBehaviour")).toString(),
             QStringLiteral("tray"));
    QCOMPARE(guard.decide(5, true), CloseGuard::Action::Tray);
    QCOMPARE(question.asked, 2);
}

void tst_CloseGuard::cancelIsNeverRemembered()
{
    CloseGuard guard(m_settings.get(), nullptr);
    ScriptedQuestion question;
    guard.setQuestion(question.function());
    question.answer = {CloseGuard::Action::Stay, true};
    QCOMPARE(guard.decide(1, true), CloseGuard::Action::Stay);
    QCOMPARE(m_settings->closeBehaviour(), AppSettings::CloseBehaviour::Ask);
    QCOMPARE(guard.decide(1, true), CloseGuard::Action::Stay);
    QCOMPARE(question.asked, 2);
}

void tst_CloseGuard::rememberedQuitDoesNotAsk()
{
    CloseGuard guard(m_settings.get(), nullptr);
    ScriptedQuestion question;
    guard.setQuestion(question.function());
    question.answer = {CloseGuard::Action::Quit, true};
    QCOMPARE(guard.decide(2, true), CloseGuard::Action::Quit);
    QCOMPARE(QSettings().value(QStringLiteral("closeBehaviour")).toString(),
             QStringLiteral("quit"));
    QCOMPARE(guard.decide(2, false), CloseGuard::Action::Quit);
    QCOMPARE(question.asked, 1);
}

void tst_CloseGuard::withoutTrayTheTrayIsNotOffered()
{
    // Remembered "tray", but this desktop has none (any more): asked, without the tray.
    m_settings->setCloseBehaviour(AppSettings::CloseBehaviour::Tray);
    CloseGuard guard(m_settings.get(), nullptr);
    ScriptedQuestion question;
    guard.setQuestion(question.function());
    question.answer = {CloseGuard::Action::Quit, false};
    QCOMPARE(guard.decide(4, false), CloseGuard::Action::Quit);
    QCOMPARE(question.asked, 1);
    QVERIFY(!question.lastTrayOffered);
    // An answer it could not have given is no way to vanish.
    question.answer = {CloseGuard::Action::Tray, true};
    QCOMPARE(guard.decide(4, false), CloseGuard::Action::Stay);
    QCOMPARE(m_settings->closeBehaviour(), AppSettings::CloseBehaviour::Tray);
}

void tst_CloseGuard::shellHidesToTrayOrStays()
{
    makeWindow(2);
    DesktopShell shell(m_scheduler.get(), m_window.get(), m_settings.get(), true);
    shell.setNotify([](const QString &, const QString &, bool) {});
    QSignalSpy quit(&shell, &DesktopShell::quitRequested);
    ScriptedQuestion question;
    shell.closeGuard()->setQuestion(question.function());
    shell.start();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));

    question.answer = {CloseGuard::Action::Stay, false};
    QVERIFY(!m_window->close());
    QVERIFY(m_window->isVisible());
    QCOMPARE(question.lastActive, 2);

    question.answer = {CloseGuard::Action::Tray, false};
    QVERIFY(!m_window->close()); // not closed: hidden, Hoist goes on
    QVERIFY(!m_window->isVisible());
    QCOMPARE(quit.count(), 0);
    QCOMPARE(m_scheduler->totals().count(TaskState::Waiting), 2);

    // The tray brings it back, and its Quit quits without a question.
    shell.toggleWindow();
    QVERIFY(m_window->isVisible());
    QVERIFY(shell.tray());
    shell.tray()->quitAction()->trigger();
    QCOMPARE(quit.count(), 1);
    QCOMPARE(question.asked, 2);
}

void tst_CloseGuard::shellQuitsWhenNothingRuns()
{
    makeWindow(1);
    DesktopShell shell(m_scheduler.get(), m_window.get(), m_settings.get(), false);
    QSignalSpy quit(&shell, &DesktopShell::quitRequested);
    ScriptedQuestion question;
    shell.closeGuard()->setQuestion(question.function());
    shell.start();

    question.answer = {CloseGuard::Action::Quit, false};
    QVERIFY(m_window->close());
    QCOMPARE(question.asked, 1);
    QVERIFY(!question.lastTrayOffered);
    QCOMPARE(quit.count(), 1);

    // Nothing waiting: closed and quit, not asked.
    m_scheduler->pauseAll();
    m_window->show();
    ScriptedQuestion never;
    DesktopShell again(m_scheduler.get(), m_window.get(), m_settings.get(), false);
    QSignalSpy quitAgain(&again, &DesktopShell::quitRequested);
    again.closeGuard()->setQuestion(never.function());
    QVERIFY(m_window->close());
    QCOMPARE(never.asked, 0);
    QCOMPARE(quitAgain.count(), 1);
}

// File → Quit (Ctrl+Q) asks the close guard's question while uploads wait, without the tray
// choice (the person asked to quit), and quits only when answered so; nothing waiting, unasked.
void tst_CloseGuard::ctrlQQuitsThroughTheGuard()
{
    makeWindow(2);
    QAction *quitAction = m_window->quitAction();
    QCOMPARE(quitAction->shortcut(), QKeySequence(Qt::CTRL | Qt::Key_Q));
    QVERIFY(m_window->menus()->fileMenu()->actions().contains(quitAction));
    DesktopShell shell(m_scheduler.get(), m_window.get(), m_settings.get(), true);
    shell.setNotify([](const QString &, const QString &, bool) {});
    shell.setQuitAction(quitAction);
    QSignalSpy quit(&shell, &DesktopShell::quitRequested);
    ScriptedQuestion question;
    shell.closeGuard()->setQuestion(question.function());
    shell.start();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    m_window->activateWindow();

    question.answer = {CloseGuard::Action::Stay, false};
    QTest::keyClick(m_window.get(), Qt::Key_Q, Qt::ControlModifier);
    QCOMPARE(question.asked, 1);
    QCOMPARE(question.lastActive, 2);
    QVERIFY(!question.lastTrayOffered);
    QVERIFY(m_window->isVisible());
    QCOMPARE(quit.count(), 0);

    // "Keep uploading in the tray" remembered for closing: Quit still asks, and quits.
    m_settings->setCloseBehaviour(AppSettings::CloseBehaviour::Tray);
    question.answer = {CloseGuard::Action::Quit, false};
    QTest::keyClick(m_window.get(), Qt::Key_Q, Qt::ControlModifier);
    QCOMPARE(question.asked, 2);
    QCOMPARE(quit.count(), 1);

    // Nothing waiting: quits unasked.
    m_scheduler->pauseAll();
    quitAction->trigger();
    QCOMPARE(question.asked, 2);
    QCOMPARE(quit.count(), 2);
}

QTEST_MAIN(tst_CloseGuard)
#include "tst_closeguard.moc"
