// `hoist --headless --when-done ...`: the options as parsed, a real run whose command gets the
// finished and failed files (the build's hoist against a real hoistd), a shutdown countdown that
// SIGINT or SIGTERM cancels before anything reaches logind, and one that runs out and sends
// exactly one interactive PowerOff. logind is a fake on a private D-Bus daemon; the hoist binary
// finds it through DBUS_SYSTEM_BUS_ADDRESS.
#include "fakelogin1.h"
#include "hoistdprocess.h"
#include "schedulerfixture.h"
#include "testfiles.h"
#include "testsettings.h"
#include "waitfor.h"

#include "commandline.h"
#include "headlesswhendone.h"
#include "login1power.h"
#include "uploadscheduler.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTextStream>

#include <csignal>

namespace {
constexpr int RunTimeoutMs = 60000;

QString readAll(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return QStringLiteral("<missing %1>").arg(path);
    return QString::fromUtf8(file.readAll());
}

QStringList headless(const QStringList &more)
{
    return QStringList{QStringLiteral("hoist"), QStringLiteral("--headless"), QStringLiteral("-e"),
                       QStringLiteral("http://127.0.0.1:1/files/"), QStringLiteral("/tmp")}
           + more;
}
} // namespace

class tst_HeadlessWhenDone : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void parses_data();
    void parses();
    void runsCommandWithTheFiles();
    void signalCancelsShutdown_data();
    void signalCancelsShutdown();
    void countdownEndsInOnePowerOff();
    void watchedUploadsAloneNeverShutDown();
    void givenFilesBesideAWatchStillShutDown();

private:
    // `hoist --headless --watch DIR --when-done shutdown [files]` into hoistd, its own state.
    void startWatchRun(QProcess &hoist, const QString &dir, const QStringList &files);
    QProcessEnvironment environment() const;

    QTemporaryDir m_settingsDir;
    QTemporaryDir m_dir;
    HoistdProcess m_hoistd;
    PrivateBus m_bus;
    std::unique_ptr<FakeLogin1> m_login1;
};

void tst_HeadlessWhenDone::initTestCase()
{
    useTestSettings(QStringLiteral("tst_headlesswhendone"), m_settingsDir.path());
    QVERIFY2(!qEnvironmentVariableIsEmpty("HOIST_BINARY"), "HOIST_BINARY not set");
    QVERIFY2(m_hoistd.start(), qPrintable(m_hoistd.errorString()));
    QVERIFY2(m_bus.start(), qPrintable(m_bus.errorString()));
}

void tst_HeadlessWhenDone::init()
{
    m_login1 = std::make_unique<FakeLogin1>();
    QString error;
    QVERIFY2(m_login1->start(m_bus.address(), &error), qPrintable(error));
}

QProcessEnvironment tst_HeadlessWhenDone::environment() const
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("DBUS_SYSTEM_BUS_ADDRESS"), m_bus.address());
    env.insert(QStringLiteral("HOME"), m_settingsDir.path());
    env.insert(QStringLiteral("XDG_CONFIG_HOME"), m_settingsDir.filePath(QStringLiteral("config")));
    return env;
}

void tst_HeadlessWhenDone::parses_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<bool>("ok");
    QTest::addColumn<int>("action"); // WhenDone::Action when ok
    QTest::addColumn<QString>("command");
    using A = WhenDone::Action;
    QTest::newRow("none given") << headless({}) << true << int(A::Nothing) << QString();
    QTest::newRow("nothing") << headless({QStringLiteral("--when-done"), QStringLiteral("nothing")})
                             << true << int(A::Nothing) << QString();
    QTest::newRow("shutdown") << headless({QStringLiteral("--when-done=shutdown")}) << true
                              << int(A::Shutdown) << QString();
    QTest::newRow("suspend") << headless({QStringLiteral("--when-done"), QStringLiteral("Suspend")})
                             << true << int(A::Suspend) << QString();
    QTest::newRow("run alone") << headless(
        {QStringLiteral("--when-done-run"), QStringLiteral("ls -l")})
                               << true << int(A::Command) << QStringLiteral("ls -l");
    QTest::newRow("command and run")
        << headless({QStringLiteral("--when-done"), QStringLiteral("command"),
                     QStringLiteral("--when-done-run"), QStringLiteral("true")})
        << true << int(A::Command) << QStringLiteral("true");
    QTest::newRow("command without run")
        << headless({QStringLiteral("--when-done"), QStringLiteral("command")}) << false << 0
        << QString();
    QTest::newRow("run with shutdown")
        << headless({QStringLiteral("--when-done"), QStringLiteral("shutdown"),
                     QStringLiteral("--when-done-run"), QStringLiteral("true")})
        << false << 0 << QString();
    QTest::newRow("unknown word") << headless(
        {QStringLiteral("--when-done"), QStringLiteral("reboot")})
                                  << false << 0 << QString();
    QTest::newRow("window") << QStringList{QStringLiteral("hoist"), QStringLiteral("--when-done"),
                                           QStringLiteral("shutdown")}
                            << false << 0 << QString();
}

void tst_HeadlessWhenDone::parses()
{
    QFETCH(QStringList, arguments);
    QFETCH(bool, ok);
    QFETCH(int, action);
    QFETCH(QString, command);
    const CommandLineResult result = parseCommandLine(arguments);
    QCOMPARE(result.ok(), ok);
    if (!ok) {
        QCOMPARE(result.exitCode, 2);
        QVERIFY2(result.text.contains(QLatin1String("--when-done")), qPrintable(result.text));
        return;
    }
    QCOMPARE(int(result.options.whenDone.action), action);
    QCOMPARE(result.options.whenDone.command, command);
}

void tst_HeadlessWhenDone::runsCommandWithTheFiles()
{
    const QString a = makeTestFile(m_dir.path(), QStringLiteral("a.bin"), 70000, 1);
    const QString b = makeTestFile(m_dir.path(), QStringLiteral("b.bin"), 1000, 2);
    const QString missing = m_dir.filePath(QStringLiteral("missing.bin"));
    const QString out = m_dir.filePath(QStringLiteral("out"));
    QVERIFY(QDir().mkpath(out));
    const QString command =
        QStringLiteral("cd '%1' && cp \"$HOIST_FINISHED_LIST\" finished && "
                       "cp \"$HOIST_FAILED_LIST\" failed && "
                       "echo \"$HOIST_FINISHED_COUNT $HOIST_FAILED_COUNT\" > counts && "
                       "echo said-by-the-command")
            .arg(out);
    QProcess hoist;
    hoist.setProcessEnvironment(environment());
    hoist.start(QString::fromLocal8Bit(qgetenv("HOIST_BINARY")),
                {QStringLiteral("--headless"), QStringLiteral("-e"), m_hoistd.endpoint().toString(),
                 QStringLiteral("--concurrency"), QStringLiteral("1"),
                 QStringLiteral("--when-done-run"), command, a, missing, b});
    QVERIFY(hoist.waitForFinished(RunTimeoutMs));
    const QString stdOut = QString::fromUtf8(hoist.readAllStandardOutput());
    const QString stdErr = QString::fromUtf8(hoist.readAllStandardError());
    const QString run = QStringLiteral("stdout:\n%1\nstderr:\n%2").arg(stdOut, stdErr);
    QVERIFY2(hoist.exitStatus() == QProcess::NormalExit && hoist.exitCode() == 1, qPrintable(run));
    // The command's own output goes to stderr: stdout keeps the result lines only.
    QVERIFY2(stdErr.contains(QLatin1String("said-by-the-command")), qPrintable(run));
    QVERIFY2(!stdOut.contains(QLatin1String("said-by-the-command")), qPrintable(run));
    QCOMPARE(stdOut.count(QLatin1Char('\n')), 3);

    QStringList finished = readAll(out + QStringLiteral("/finished")).split(QLatin1Char('\n'));
    QCOMPARE(finished.takeLast(), QString());
    finished.sort();
    QCOMPARE(finished, (QStringList{a, b}));
    QCOMPARE(readAll(out + QStringLiteral("/failed")), missing + QLatin1Char('\n'));
    QCOMPARE(readAll(out + QStringLiteral("/counts")), QStringLiteral("2 1\n"));
    // What the server holds: the two files, whole.
    QCOMPARE(m_hoistd.storedFiles().size(), 2);
    QCOMPARE(m_login1->calls().size(), 0);
}

void tst_HeadlessWhenDone::signalCancelsShutdown_data()
{
    QTest::addColumn<int>("signalNumber");
    QTest::newRow("SIGINT (Ctrl+C)") << int(SIGINT);
    QTest::newRow("SIGTERM") << int(SIGTERM);
}

void tst_HeadlessWhenDone::signalCancelsShutdown()
{
    QFETCH(int, signalNumber);
    const QString file = makeTestFile(m_dir.path(), QStringLiteral("s.bin"), 5000, 3);
    QProcess hoist;
    hoist.setProcessEnvironment(environment());
    hoist.start(QString::fromLocal8Bit(qgetenv("HOIST_BINARY")),
                {QStringLiteral("--headless"), QStringLiteral("-e"), m_hoistd.endpoint().toString(),
                 QStringLiteral("--when-done"), QStringLiteral("shutdown"), file});
    QVERIFY(hoist.waitForStarted());
    QByteArray err;
    QVERIFY(waitFor(
        [&] {
            err += hoist.readAllStandardError();
            return err.contains("shutting down this computer in 60 s");
        },
        RunTimeoutMs));
    QVERIFY2(hoist.state() == QProcess::Running, err.constData());
    QCOMPARE(::kill(pid_t(hoist.processId()), signalNumber), 0);
    QVERIFY(hoist.waitForFinished(10000));
    err += hoist.readAllStandardError();
    QVERIFY2(hoist.exitStatus() == QProcess::NormalExit && hoist.exitCode() == 0, err.constData());
    QVERIFY2(err.contains("cancelled; the computer stays on"), err.constData());
    QVERIFY(hoist.readAllStandardOutput().startsWith("success\t"));
    QTest::qWait(200);
    QCOMPARE(m_login1->calls().size(), 0);
}

void tst_HeadlessWhenDone::countdownEndsInOnePowerOff()
{
    // In-process, with a 1-second countdown: the minute need not pass.
    SchedulerFixture fixture;
    QVERIFY2(fixture.start(m_hoistd.endpoint()), qPrintable(fixture.errorString()));
    Login1Power power(m_bus.address());
    QString text;
    QTextStream err(&text);
    WhenDone whenDone;
    whenDone.action = WhenDone::Action::Shutdown;
    HeadlessWhenDone after(whenDone, fixture.scheduler(), err, &power);
    after.setCountdownSeconds(1);
    QSignalSpy finished(&after, &HeadlessWhenDone::finished);
    after.run(1);
    QVERIFY(finished.wait(10000));
    QCOMPARE(finished.at(0).at(0).toInt(), 1); // the run's own exit code
    QTest::qWait(300);
    QCOMPARE(m_login1->calls().size(), 1);
    QCOMPARE(m_login1->calls().at(0).method, QStringLiteral("PowerOff"));
    QCOMPARE(m_login1->calls().at(0).interactive, true);
    QVERIFY2(text.contains(QLatin1String("shutting down now")), qPrintable(text));
}

void tst_HeadlessWhenDone::startWatchRun(QProcess &hoist, const QString &dir,
                                         const QStringList &files)
{
    hoist.setProcessEnvironment(environment());
    hoist.start(QString::fromLocal8Bit(qgetenv("HOIST_BINARY")),
                QStringList{QStringLiteral("--headless"), QStringLiteral("--watch"), dir,
                            QStringLiteral("-e"), m_hoistd.endpoint().toString(),
                            QStringLiteral("--state-dir"), dir + QStringLiteral("-state"),
                            QStringLiteral("--settle"), QStringLiteral("0.2"),
                            QStringLiteral("--when-done"), QStringLiteral("shutdown")}
                    + files);
    QVERIFY(hoist.waitForStarted());
}

// A watch run never ends: its own uploads going up never start the countdown, and it says
// so when started without files of its own.
void tst_HeadlessWhenDone::watchedUploadsAloneNeverShutDown()
{
    const QString dir = m_dir.filePath(QStringLiteral("watched-alone"));
    QVERIFY(QDir().mkpath(dir));
    makeTestFile(dir, QStringLiteral("w.bin"), 5000, 4);
    QProcess hoist;
    startWatchRun(hoist, dir, {});
    QByteArray out, err;
    const auto read = [&] {
        out += hoist.readAllStandardOutput();
        err += hoist.readAllStandardError();
    };
    QVERIFY2(waitFor(
                 [&] {
                     read();
                     return out.contains("success\t");
                 },
                 RunTimeoutMs),
             err.constData());
    // The countdown would be said at once; two seconds without it is none.
    QVERIFY(!waitFor(
        [&] {
            read();
            return err.contains("shutting down");
        },
        2000));
    QVERIFY2(err.contains("--when-done acts once the files given beside --watch"), err.constData());
    QVERIFY(hoist.state() == QProcess::Running);
    QCOMPARE(::kill(pid_t(hoist.processId()), SIGTERM), 0);
    QVERIFY(hoist.waitForFinished(10000));
    QCOMPARE(hoist.exitCode(), 0);
    QCOMPARE(m_login1->calls().size(), 0);
}

// Files given beside the watched folder: once they have ended, the countdown starts while
// watching goes on; a signal still ends it all before anything reaches logind.
void tst_HeadlessWhenDone::givenFilesBesideAWatchStillShutDown()
{
    const QString dir = m_dir.filePath(QStringLiteral("watched-mixed"));
    QVERIFY(QDir().mkpath(dir));
    makeTestFile(dir, QStringLiteral("w.bin"), 5000, 5);
    const QString given = makeTestFile(m_dir.path(), QStringLiteral("given.bin"), 70000, 6);
    QProcess hoist;
    startWatchRun(hoist, dir, {given});
    QByteArray out, err;
    QVERIFY2(waitFor(
                 [&] {
                     out += hoist.readAllStandardOutput();
                     err += hoist.readAllStandardError();
                     return err.contains("shutting down this computer in 60 s");
                 },
                 RunTimeoutMs),
             err.constData());
    QVERIFY2(out.contains(("success\t" + given).toUtf8()), out.constData());
    QVERIFY(!err.contains("--when-done acts once"));
    QVERIFY(hoist.state() == QProcess::Running);
    QCOMPARE(::kill(pid_t(hoist.processId()), SIGTERM), 0);
    QVERIFY(hoist.waitForFinished(10000));
    QCOMPARE(hoist.exitCode(), 0);
    QCOMPARE(m_login1->calls().size(), 0);
}

QTEST_MAIN(tst_HeadlessWhenDone)
#include "tst_headlesswhendone.moc"
