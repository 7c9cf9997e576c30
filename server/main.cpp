// hoistd: parse the command line, open the storage, serve tus over HTTP until SIGTERM/SIGINT.
#include "hoistdinstance.h"
#include "hoistdoptions.h"
#include "signalwatcher.h"
#include "userconfig.h"

#include <QCoreApplication>

#include <sys/resource.h>

#include <cstdio>

namespace {
constexpr int ExitFailure = 1;
constexpr int ExitUsage = 2;

// A service often starts with a soft limit of 1,024 open files and a far higher hard one: take
// the hard one, so that --max-connections, not EMFILE, decides how many clients are served
// (HttpServer lowers the limit to what the descriptors allow).
void raiseOpenFileLimit()
{
    rlimit limit{};
    if (::getrlimit(RLIMIT_NOFILE, &limit) == 0 && limit.rlim_cur < limit.rlim_max) {
        limit.rlim_cur = limit.rlim_max;
        ::setrlimit(RLIMIT_NOFILE, &limit);
    }
}
} // namespace

int main(int argc, char *argv[])
{
    SignalWatcher::blockTerminationSignals(); // before any thread exists
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("hoistd"));
    QCoreApplication::setApplicationVersion(QStringLiteral(HOIST_VERSION));

    QString error;
    QString help;
    const auto options = HoistdOptions::parse(QCoreApplication::arguments(), &error, &help);
    if (!options && error.isEmpty()) {
        std::printf("%s", qPrintable(help));
        return 0;
    }
    if (!options) {
        std::fprintf(stderr, "hoistd: %s\n", qPrintable(error));
        return ExitUsage;
    }

    std::shared_ptr<const UserConfig> users;
    if (!options->configPath.isEmpty()) {
        auto config = UserConfig::load(options->configPath, &error);
        if (!config) {
            std::fprintf(stderr, "hoistd: %s\n", qPrintable(error));
            return ExitUsage;
        }
        users = std::make_shared<const UserConfig>(std::move(*config));
    }

    for (const QString &warning : options->warnings)
        std::fprintf(stderr, "hoistd: %s\n", qPrintable(warning));

    raiseOpenFileLimit();
    TusConfig tus{options->maxSize, options->verbose, users, options->instantAttempts,
                  options->maxUnfinished};
    tus.maxUploads = options->maxUploads;
    HoistdInstance server(*options, tus);
    if (!server.start(&error)) {
        std::fprintf(stderr, "hoistd: %s\n", qPrintable(error));
        return ExitFailure;
    }
    TusService &service = server.service();
    const QString host = server.hostText();
    std::printf("listening %s:%u\n", qPrintable(host), unsigned(server.port()));
    std::fflush(stdout);
    service.log(QStringLiteral("serving %1 upload(s) from %2 on %3:%4 for %5")
                    .arg(server.store().count())
                    .arg(server.store().location(), host)
                    .arg(server.port())
                    .arg(users ? QStringLiteral("%1 user(s) with tokens").arg(users->users().size())
                               : QStringLiteral("the anonymous user")));
    const HttpLimits &limits = options->http;
    service.log(QStringLiteral("connections: at most %1 at once, %2 from one address; request "
                               "headers due within %3; %4 worker threads")
                    .arg(server.http().connectionLimit())
                    .arg(limits.maxConnectionsPerAddress
                             ? QString::number(limits.maxConnectionsPerAddress)
                             : QStringLiteral("any number"))
                    .arg(limits.headerTimeout.count()
                             ? QStringLiteral("%1 s").arg(limits.headerTimeout.count() / 1000.0)
                             : QStringLiteral("any time"))
                    .arg(server.http().workerThreads()));

    SignalWatcher termination;
    QObject::connect(&termination, &SignalWatcher::terminationRequested, &app,
                     [&service](int signal) {
                         service.log(QStringLiteral("signal %1: shutting down").arg(signal));
                         QCoreApplication::quit();
                     });
    app.exec();

    const int cut = server.stop();
    service.log(QStringLiteral("stopped%1")
                    .arg(cut ? QStringLiteral(" (%1 request(s) cut short)").arg(cut) : QString()));
    return 0;
}
