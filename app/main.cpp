// Parses the command line, builds the object graph in order and runs either the window or the
// headless runner. No singletons: everything is passed to the constructor that needs it.
#include "appsettings.h"
#include "batchwatcher.h"
#include "certificateactions.h"
#include "certificatetrust.h"
#include "clock.h"
#include "commandline.h"
#include "desktopshell.h"
#include "endpointchoice.h"
#include "existingfileasker.h"
#include "existingfilewaits.h"
#include "headlessrunner.h"
#include "headlesswatch.h"
#include "headlesswhendone.h"
#include "instancechannel.h"
#include "keychainsecretstore.h"
#include "languageloader.h"
#include "login1power.h"
#include "mainwindow.h"
#include "networkstatus.h"
#include "protocolrouter.h"
#include "queuesavestatus.h"
#include "s3protocol.h"
#include "schedulestatus.h"
#include "serverhealth.h"
#include "sftpprotocol.h"
#include "sshprompter.h"
#include "sshquestions.h"
#include "sshretry.h"
#include "storethread.h"
#include "systemproxy.h"
#include "targetsettings.h"
#include "theme.h"
#include "tokenkeeper.h"
#include "transfergovernor.h"
#include "trayicon.h"
#include "traypolicymenu.h"
#include "tusprotocol.h"
#include "uploadscheduler.h"
#include "webdavprotocol.h"
#include "webdavtarget.h"
#include "windowwatch.h"

#include <QApplication>
#include <QCoreApplication>
#include <QLoggingCategory>
#include <QMessageBox>
#include <QNetworkAccessManager>
#include <QSettings>
#include <QStandardPaths>
#include <QSystemTrayIcon>
#include <QTextStream>

#include <cstdio>
#include <unistd.h>

Q_LOGGING_CATEGORY(lcApp, "hoist.app", QtWarningMsg)

namespace {
QStringList rawArguments(int argc, char **argv)
{
    QStringList arguments;
    for (int i = 0; i < argc; ++i)
        arguments << QString::fromLocal8Bit(argv[i]);
    return arguments;
}

// Qt's own window options (-platform, -style, ...) are single-dash words our parser does not
// know; QApplication removes them from the arguments it hands back.
bool hasSingleDashWord(const QStringList &arguments)
{
    for (qsizetype i = 1; i < arguments.size(); ++i) {
        const QString &a = arguments.at(i);
        if (a == QLatin1String("--"))
            break;
        if (a.size() > 2 && a.startsWith(QLatin1Char('-')) && a.at(1) != QLatin1Char('-'))
            return true;
    }
    return false;
}

bool wantsHeadless(const QStringList &arguments)
{
    for (qsizetype i = 1; i < arguments.size(); ++i) {
        if (arguments.at(i) == QLatin1String("--"))
            break;
        if (arguments.at(i) == QLatin1String("--headless"))
            return true;
    }
    return false;
}

// Every protocol Hoist speaks, behind the one the scheduler talks to: tus for http(s)
// endpoints, S3 for s3:// targets, WebDAV for dav(s):// folders.
class Protocols final {
    Q_DISABLE_COPY_MOVE(Protocols)
public:
    // Certificates a person trusted (`trust`) count for tus and S3 servers alike.
    Protocols(QNetworkAccessManager *network, CertificateTrust *trust)
        : m_tus(network)
        , m_s3(network)
        , m_webdav(network)
    {
        m_tus.setCertificateTrust(trust);
        m_s3.setCertificateTrust(trust);
        m_webdav.setCertificateTrust(trust);
        m_router.route(QString::fromLatin1(WebDavTarget::Scheme), &m_webdav);
        m_router.route(QString::fromLatin1(WebDavTarget::SecureScheme), &m_webdav);
        m_router.route(QStringLiteral("http"), &m_tus);
        m_router.route(QStringLiteral("https"), &m_tus);
        m_router.route(QString::fromLatin1(S3Target::Scheme), &m_s3);
        m_router.route(QString::fromLatin1(SftpTarget::Scheme), &m_sftp);
    }
    TransferProtocol *router() { return &m_router; }
    S3Protocol *s3() { return &m_s3; }
    SftpProtocol *sftp() { return &m_sftp; }

    // The command line's keys, for the services of `endpoint` and of every restored S3 upload.
    void useKeys(const S3Credentials &keys, const QUrl &endpoint, const QList<TaskRecord> &tasks)
    {
        if (!keys.isComplete())
            return;
        const auto use = [this, &keys](const QUrl &url) {
            if (const std::optional<S3Target> target = S3Target::fromUrl(url))
                m_s3.setCredentials(target->service(), keys);
        };
        use(endpoint);
        for (const TaskRecord &task : tasks)
            use(task.endpoint);
    }

    // The command line's WebDAV settings: --if-exists, and HOIST_DAV_PASSWORD for the user the
    // endpoint and every restored WebDAV upload name.
    void useWebDav(const AppOptions &options, const QUrl &endpoint, const QList<TaskRecord> &tasks)
    {
        m_webdav.setIfExists(options.ifExists);
        if (options.davPassword.isEmpty())
            return;
        m_webdav.setPassword(endpoint, options.davPassword);
        for (const TaskRecord &task : tasks)
            m_webdav.setPassword(task.endpoint, options.davPassword);
    }

    // Who the "Ask" existing-files setting asks: the window's question.
    void askAboutExistingFiles(ExistingFileQuestion *question)
    {
        m_webdav.setExistingFileQuestion(question);
        SshSettings ssh = m_sftp.settings();
        ssh.existingFileQuestion = question;
        m_sftp.setSettings(ssh);
    }

    // The window's settings for SFTP and WebDAV targets: existing files, permissions, key files.
    void useTargets(const TargetSettings &targets)
    {
        m_sftp.setSettings(targets.applied(m_sftp.settings()));
        m_webdav.setIfExists(targets.ifExists());
    }

private:
    TusProtocol m_tus;
    S3Protocol m_s3;
    WebDavProtocol m_webdav;
    SftpProtocol m_sftp;
    ProtocolRouter m_router;
};

void warn(const QStringList &lines)
{
    for (const QString &line : lines)
        std::fprintf(stderr, "hoist: %s\n", line.toLocal8Bit().constData());
}

int report(const CommandLineResult &result)
{
    FILE *stream = result.status == CommandLineResult::Status::Exit ? stdout : stderr;
    std::fputs(result.text.toLocal8Bit().constData(), stream);
    return result.exitCode;
}

void configure(UploadScheduler &scheduler, const AppOptions &options, const QUrl &endpoint)
{
    scheduler.setEndpoint(endpoint);
    scheduler.setChunkSize(options.chunkSize);
    scheduler.setMaxRequestSize(options.chunkSizeGiven ? 0 : AppSettings::MaxRequestSize);
    scheduler.setConcurrency(options.concurrency);
    scheduler.setAutoConcurrency(options.autoConcurrency);
    scheduler.setPerServerLimit(options.perServer);
    scheduler.setRateLimit(options.rateLimit);
    scheduler.setHeaders(options.headers);
    scheduler.setParallelParts(!options.oneStream);
    // The window's come from AppSettings.
    scheduler.setExcludePatterns(PathPatterns(options.headlessExcludes()));
    RetryPolicy policy = scheduler.retryPolicy();
    policy.giveUpAfter = std::chrono::milliseconds(options.giveUpAfterMs);
    scheduler.setRetryPolicy(policy);
}

// A store that says why it was moved aside, or which of its rows were (damaged); false (with the
// reason on `problem`) when unusable.
bool openStore(StoreThread &store, QString *problem, QString *notice, QList<TaskRecord> *tasks)
{
    const TaskStore::OpenResult opened = store.open();
    if (!opened.ok) {
        *problem = opened.error;
        return false;
    }
    *notice = opened.notice;
    *tasks = opened.tasks;
    return true;
}

// A headless run that ends with changes to its queue it could not save (the state folder's disk
// still full): what that loses is said on stderr (QueueLoss). Documented with the others (0: all
// uploaded, 1: any failed, 2: usage).
constexpr int ExitQueueNotSaved = 3;

struct HeadlessSetup {
    const AppOptions &options;
    Clock *clock;
    QString stateDir;
};
int runUploads(QCoreApplication &app, const HeadlessSetup &setup, StoreThread *store,
               const QList<TaskRecord> &restored, QTextStream &out, QTextStream &err);

// `clock`: the engine's one clock, for the scheduler (retries, outages, sleep) and the governor.
int runHeadless(int &argc, char **argv, const AppOptions &options, Clock *clock)
{
    // Qt's own event dispatcher, not GLib's: GLib's writes its eventfd for every event posted
    // across threads (Qt's HTTP thread posts ~50 per small upload), Qt's once until the loop
    // wakes. 400 x 16 KiB at L1: write(2) calls 22k -> 4.4k, ~6% less CPU. The window keeps
    // GLib's (platform themes rely on it); a QT_NO_GLIB the caller set is left as it is. It stays
    // set: Qt reads it again for every thread that starts an event loop (the HTTP thread).
    if (!qEnvironmentVariableIsSet("QT_NO_GLIB"))
        qputenv("QT_NO_GLIB", "1");
    QCoreApplication app(argc, argv);
    LanguageLoader language;
    language.installFrom(QSettings());
    QTextStream out(stdout);
    QTextStream err(stderr);
    // Only with --state-dir: scripts choose where their queue lives (and two scripts never
    // fight over the window's).
    std::unique_ptr<StoreThread> store;
    QList<TaskRecord> restored;
    // Watching keeps a queue and a ledger always: what was sent must not go again next run.
    const QString stateDir = !options.stateDir.isEmpty() || options.watch.isEmpty()
                                 ? options.stateDir
                                 : QStandardPaths::writableLocation(QStandardPaths::AppDataLocation)
                                       + QStringLiteral("/watch");
    if (!stateDir.isEmpty()) {
        store = std::make_unique<StoreThread>(stateDir);
        QString problem, notice;
        if (!openStore(*store, &problem, &notice, &restored)) {
            err << "hoist: " << problem << Qt::endl;
            return 1;
        }
        if (!notice.isEmpty())
            err << "hoist: " << notice << Qt::endl;
    }
    int code = runUploads(app, {options, clock, stateDir}, store.get(), restored, out, err);
    // After the scheduler is gone, its last records queued to the store: what a full disk kept
    // from being saved is said before exiting, with a status of its own.
    if (store) {
        if (const QueueLoss lost = store->close(); !lost.isEmpty()) {
            err << "hoist: " << lost.message() << Qt::endl;
            code = ExitQueueNotSaved;
        }
    }
    return code;
}

// The headless run itself, once its queue is open (`store` null without a state folder): every
// object of it is gone when this returns.
int runUploads(QCoreApplication &app, const HeadlessSetup &setup, StoreThread *store,
               const QList<TaskRecord> &restored, QTextStream &out, QTextStream &err)
{
    const AppOptions &options = setup.options;
    Clock *clock = setup.clock;
    const QString &stateDir = setup.stateDir;
    QNetworkAccessManager network;
    QSettings certificateSettings;
    CertificateTrust certificates(&certificateSettings); // trusted in the window, trusted here
    Protocols protocols(&network, &certificates);
    protocols.useKeys(options.s3Credentials, options.endpoint, restored);
    protocols.useWebDav(options, options.endpoint, restored);
    protocols.sftp()->setSettings(options.ssh);
    UploadScheduler scheduler(protocols.router(), clock);
    configure(scheduler, options, options.endpoint);
    SystemNetworkStatus networkStatus; // a network back or changed wakes uploads waiting
    scheduler.serverHealth()->setNetworkStatus(&networkStatus);
    if (store)
        scheduler.setStore(store->store());
    // Said once when saving the queue starts failing (a full disk) and once when it caught up.
    std::unique_ptr<QueueSaveStatus> saving;
    if (store) {
        saving = std::make_unique<QueueSaveStatus>(store->store());
        QObject::connect(
            saving.get(), &QueueSaveStatus::failed, &app,
            [&err](const QString &message) { err << "hoist: " << message << Qt::endl; });
        QObject::connect(saving.get(), &QueueSaveStatus::resumed, &app, [&err] {
            err << "hoist: " << QueueSaveStatus::resumedMessage() << Qt::endl;
        });
    }

    // The schedule and the metered rule hold the scheduler back; each change is said on stderr.
    TransferGovernor governor(&scheduler, clock, &networkStatus);
    governor.setMeteredPolicy(options.metered);
    governor.setSchedule(options.schedule);
    const auto say = [&err, clock](const GovernorState &state) {
        const QString text = state.describe(clock->wallMs());
        err << "hoist: "
            << (text.isEmpty() ? QCoreApplication::translate("main", "full speed") : text)
            << Qt::endl;
    };
    if (!governor.state().describe(clock->wallMs()).isEmpty())
        say(governor.state());
    QObject::connect(&governor, &TransferGovernor::stateChanged, &app, say);

    HeadlessRunner runner(&scheduler, out, err);
    runner.setTerminal(::isatty(STDERR_FILENO));
    // After the last file: --when-done's action (nothing by default), then exit with the runner's
    // code.
    Login1Power power;
    HeadlessWhenDone whenDone(options.whenDone, &scheduler, err, &power);
    whenDone.setTerminal(::isatty(STDERR_FILENO));
    QObject::connect(&runner, &HeadlessRunner::finished, &whenDone, &HeadlessWhenDone::run);
    const QMetaObject::Connection exitWhenDone =
        QObject::connect(&whenDone, &HeadlessWhenDone::finished, &app, &QCoreApplication::exit);
    qCDebug(lcApp) << "headless:" << options.paths.size() << "paths, concurrency"
                   << (options.autoConcurrency ? QStringLiteral("auto")
                                               : QString::number(options.concurrency))
                   << "chunk" << options.chunkSize;
    // Watching runs until SIGTERM or SIGINT, which end it through the event loop (exit 0).
    std::unique_ptr<HeadlessWatch> watch;
    if (!options.watch.isEmpty()) {
        watch = std::make_unique<HeadlessWatch>(&scheduler, err);
        QString problem;
        if (!watch->open(stateDir, &problem)) {
            err << "hoist: " << problem << Qt::endl;
            return 1;
        }
        runner.setKeepRunning(true);
        // A watch run goes on after --when-done: it acts once the files given beside the
        // watched folders have ended, never for the watched folders' own uploads.
        QObject::disconnect(exitWhenDone);
        QObject::connect(watch.get(), &HeadlessWatch::givenFilesEnded, &whenDone,
                         &HeadlessWhenDone::run);
    }
    // A headless run finishes what its queue holds, paused or not.
    scheduler.restore(restored);
    // What failed for a transient cause goes again by itself; with --retry-failed, all of it.
    if (options.retryFailed)
        runner.noteRetried(scheduler.retryAllFailed());
    runner.noteRetried(scheduler.resumeAll());
    runner.start(options.paths);
    if (watch)
        watch->start(options);
    return app.exec();
}

// `result` may be a usage error caused by Qt's own options; it is parsed again once
// QApplication has taken those out of the arguments.
int runWindow(int &argc, char **argv, CommandLineResult result, Clock *clock)
{
    QApplication app(argc, argv);
    LanguageLoader language;
    language.installFrom(QSettings());
    if (!result.ok())
        result = parseCommandLine(QCoreApplication::arguments());
    if (!result.ok())
        return report(result);
    const AppOptions &options = result.options;

    const QString stateDir = options.stateDir.isEmpty()
                                 ? QStandardPaths::writableLocation(QStandardPaths::AppDataLocation)
                                 : options.stateDir;
    // A window already open on this queue takes the paths and comes to the front.
    InstanceChannel channel(stateDir);
    if (channel.handOver(options.paths)) {
        std::fputs(qPrintable(QCoreApplication::translate(
                       "main", "hoist: handed %n path(s) to the Hoist window already open\n",
                       nullptr, int(options.paths.size()))),
                   stderr);
        return 0;
    }
    QString channelProblem;
    if (!channel.listen(&channelProblem))
        qCWarning(lcApp) << "later launches cannot hand files to this window:" << channelProblem;

    StoreThread store(stateDir);
    QString problem, notice;
    QList<TaskRecord> restored;
    if (!openStore(store, &problem, &notice, &restored)) {
        QMessageBox::critical(nullptr, QObject::tr("Hoist"), problem);
        return 1;
    }

    // Before the scheduler, so the local server outlives every request sent to it.
    EndpointChoice endpoints(stateDir + QStringLiteral("/server"),
                             EndpointChoice::namedFolderFor(options.stateDir));
    QString serverProblem;
    const QUrl endpoint = endpoints.initial(options.endpoint, &serverProblem);
    if (serverProblem.isEmpty())
        endpoints.adoptRestored(&restored, &serverProblem);

    QNetworkAccessManager network;
    QSettings certificateSettings; // `settings` below is the window's AppSettings
    CertificateTrust certificates(&certificateSettings);
    // Before the protocols, so that it outlives every upload that may be asking it.
    ExistingFileAsker existingFiles;
    ExistingFileWaits existingFileWaits(&existingFiles); // their rows say they wait for it
    Protocols protocols(&network, &certificates);
    protocols.useKeys(options.s3Credentials, endpoint, restored);
    protocols.useWebDav(options, endpoint, restored);
    // The window asks what SFTP sign-ins need (host keys, passphrases, passwords): connections
    // report their questions, uploads that met one wait and go on once it is answered.
    SshQuestions sshQuestions;
    protocols.sftp()->setSettings(options.ssh);
    protocols.sftp()->setAnswers(sshQuestions.answers());
    protocols.askAboutExistingFiles(&existingFileWaits);
    UploadScheduler scheduler(protocols.router(), clock);
    existingFileWaits.setScheduler(&scheduler);
    SshRetry sshRetry(&sshQuestions, &scheduler);
    scheduler.setStore(store.store());
    QueueSaveStatus saving(store.store());
    configure(scheduler, options, endpoint);
    SystemNetworkStatus networkStatus; // a network back or changed wakes uploads waiting
    scheduler.serverHealth()->setNetworkStatus(&networkStatus);
    qCDebug(lcApp) << "window: endpoint" << endpoint.toDisplayString(QUrl::RemoveUserInfo);

    // Tokens given in the window, per endpoint, remembered in the system keyring when there is
    // one. Before the queue is restored, so that each restored upload waits for its own token.
    KeychainSecretStore secrets;
    TokenKeeper tokens(&scheduler, &secrets);
    tokens.setS3KeysSink([s3 = protocols.s3()](const QUrl &target, const S3Credentials &keys) {
        s3->setCredentials(target, keys);
    });

    // Remembered settings fill in what the command line left unset.
    AppSettings settings(&scheduler);
    settings.restore({options.concurrencyGiven, options.perServer != 0, options.rateLimit != 0,
                      options.chunkSizeGiven, options.giveUpAfterGiven});
    settings.setRunExcludes(options.exclude);
    TargetSettings *targets = settings.targets(); // the command line's first, for this run
    targets->setGiven({options.ifExistsGiven ? std::optional(options.ifExists) : std::nullopt,
                       options.ssh.identityFile, options.ssh.knownHostsFile});
    protocols.useTargets(*targets);
    QObject::connect(
        targets, &TargetSettings::changed, targets, [&protocols, &existingFiles, targets] {
            protocols.useTargets(*targets);
            existingFiles.forgetRest(); // "the same for the rest" was said under the old setting
        });
    Theme::apply(Theme::fromName(settings.theme()));

    // Watched folders: the settings' list and --watch; to This computer, the window's server.
    WindowWatch watching(&scheduler, &settings, stateDir,
                         {options.watch, endpoint, options.settleMs, options.rescanMs},
                         [&endpoints](QString *error) { return endpoints.startLocal(error); });
    MainWindow window(&scheduler, &settings);
    existingFiles.setWindow(&window);
    TransferGovernor governor(&scheduler, clock, &networkStatus);
    ScheduleStatus scheduleStatus(&governor, &settings, &window);
    scheduleStatus.restore(options);
    window.setScheduleAction(scheduleStatus.editAction());
    window.setWatchService(watching.service());
    endpoints.offerTo(&window);
    new CertificateActions(&certificates, window.rowActions(), &window);
    window.setTokenKeeper(&tokens);
    new SshPrompter(&sshQuestions, &secrets, &window);
    // Closing mid-upload asks; Hoist may live on in the tray, so it quits when told to.
    DesktopShell shell(&scheduler, &window, &settings, QSystemTrayIcon::isSystemTrayAvailable());
    shell.setQuitAction(window.quitAction());
    window.setQueueSaveStatus(&saving);
    QObject::connect(&saving, &QueueSaveStatus::failed, &shell, [&shell](const QString &message) {
        shell.notify(QObject::tr("Hoist cannot save its queue"), message, true);
    });
    if (shell.tray())
        QApplication::setQuitOnLastWindowClosed(false);
    // A watched folder's uploads alone never suspend, shut down or quit (BatchActionRunner).
    shell.batchWatcher()->setWatchedTest(
        [service = watching.service()](const UploadTask &task) { return service->owns(task); });
    // The tray offers the override and the watched folders as the status bar does.
    if (shell.tray())
        new TrayPolicyMenu(
            shell.tray()->menu(), shell.tray()->showAction(), &governor, &watching,
            [&shell, &window] {
                shell.showWindow();
                window.showWatchedFolders();
            },
            &shell);
    QObject::connect(&shell, &DesktopShell::quitRequested, &app, &QCoreApplication::quit,
                     Qt::QueuedConnection);
    scheduler.restore(restored); // the queue as it was, before anything new
    watching.start();
    shell.start();
    if (!notice.isEmpty())
        QMessageBox::warning(&window, QObject::tr("Hoist"), notice);
    if (!serverProblem.isEmpty())
        QMessageBox::warning(&window, QObject::tr("Hoist"), serverProblem);
    if (!watching.problem().isEmpty())
        QMessageBox::warning(&window, QObject::tr("Hoist"), watching.problem());
    // After the window exists, so that its model sees the tasks arrive.
    if (!options.paths.isEmpty())
        scheduler.addPaths(options.paths);
    QObject::connect(&channel, &InstanceChannel::pathsReceived, &window,
                     [&scheduler, &shell](const QStringList &paths) {
                         if (!paths.isEmpty())
                             scheduler.addPaths(paths);
                         shell.showWindow();
                     });
    return app.exec();
}

// Help and usage errors in the person's language: the translators need an application object,
// which needs no display; so the arguments are parsed once more with one.
int reportTranslated(int &argc, char **argv, const QStringList &arguments)
{
    QCoreApplication app(argc, argv);
    LanguageLoader language;
    language.installFrom(QSettings());
    return report(parseCommandLine(arguments));
}

// Without a display Qt would abort with "Reinstalling the application may fix this problem".
bool noDisplay(const QStringList &arguments)
{
    if (qEnvironmentVariableIsSet("QT_QPA_PLATFORM")
        || arguments.contains(QLatin1String("-platform")))
        return false;
    return qEnvironmentVariableIsEmpty("DISPLAY") && qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY");
}
} // namespace

int main(int argc, char **argv)
{
    QCoreApplication::setOrganizationName(QStringLiteral("hoist"));
    QCoreApplication::setApplicationName(QStringLiteral("hoist"));
    QCoreApplication::setApplicationVersion(QStringLiteral(HOIST_VERSION));
    // Quiet unless asked: QT_LOGGING_RULES is applied after these rules and still wins.
    QLoggingCategory::setFilterRules(QStringLiteral("hoist.*.debug=false\nhoist.*.info=false"));
    SystemProxy::install(); // window and headless alike; never for this machine

    // Parse before any application object exists: --help, --version and usage errors need no
    // display, and the options decide between QCoreApplication and QApplication.
    const QStringList arguments = rawArguments(argc, argv);
    const CommandLineResult result = parseCommandLine(arguments);
    SystemClock clock; // the engine's one clock, handed down
    if (result.status == CommandLineResult::Status::Exit)
        return reportTranslated(argc, argv, arguments);
    warn(result.warnings);
    if (wantsHeadless(arguments)) {
        if (!result.ok())
            return reportTranslated(argc, argv, arguments);
        return runHeadless(argc, argv, result.options, &clock);
    }
    if (!result.ok() && !hasSingleDashWord(arguments))
        return reportTranslated(argc, argv, arguments);
    if (noDisplay(arguments)) {
        QCoreApplication app(argc, argv);
        LanguageLoader language;
        language.installFrom(QSettings());
        std::fputs(qPrintable(QCoreApplication::translate(
                       "main", "hoist: there is no display to open a window on (neither DISPLAY "
                               "nor WAYLAND_DISPLAY is set).\nTo upload from a terminal: hoist "
                               "--headless -e URL PATH... (see hoist --help)\n")),
                   stderr);
        return 1;
    }
    return runWindow(argc, argv, result, &clock);
}
