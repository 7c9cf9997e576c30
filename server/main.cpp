// hoistd: parse the command line, open the storage, serve tus over HTTP until SIGTERM/SIGINT.
#include "hoistdoptions.h"
#include "httpserver.h"
#include "signalwatcher.h"
#include "tusservice.h"
#include "uploadstore.h"
#include "userconfig.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QTimer>

#include <algorithm>
#include <cstdio>

namespace {
constexpr int ExitFailure = 1;
constexpr int ExitUsage = 2;
constexpr qint64 MinSweepMs = 200;
constexpr qint64 MaxSweepMs = 60 * 1000;
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

    UploadStore store(options->dataDir, options->expireAfter);
    if (!store.open(&error)) {
        std::fprintf(stderr, "hoistd: %s\n", qPrintable(error));
        return ExitFailure;
    }
    TusService service(store, TusConfig{options->maxSize, options->verbose, users});
    for (const QString &repair : store.repairs())
        service.log(QStringLiteral("repaired: ") + repair);

    HttpServer http(service);
    if (!http.listen(options->address, options->port, &error)) {
        std::fprintf(stderr, "hoistd: %s\n", qPrintable(error));
        return ExitFailure;
    }
    const QString host = options->address.protocol() == QAbstractSocket::IPv6Protocol
        ? QStringLiteral("[%1]").arg(options->address.toString())
        : options->address.toString();
    std::printf("listening %s:%u\n", qPrintable(host), unsigned(http.port()));
    std::fflush(stdout);
    service.log(QStringLiteral("serving %1 upload(s) from %2 on %3:%4 for %5")
                    .arg(store.count())
                    .arg(store.dataDir(), host)
                    .arg(http.port())
                    .arg(users ? QStringLiteral("%1 user(s) with tokens").arg(users->users().size())
                               : QStringLiteral("the anonymous user")));

    // Sweep often enough that an upload outlives its expiry by at most half its lifetime.
    QTimer sweep;
    sweep.setInterval(int(std::clamp<qint64>(options->expireAfter.count() * 1000 / 2,
                                             MinSweepMs, MaxSweepMs)));
    QObject::connect(&sweep, &QTimer::timeout, &app, [&store, &service] {
        if (const int removed = store.sweepExpired(QDateTime::currentDateTimeUtc()))
            service.log(QStringLiteral("expired %1 unfinished upload(s)").arg(removed));
    });
    sweep.start();

    SignalWatcher termination;
    QObject::connect(&termination, &SignalWatcher::terminationRequested, &app, [&service](int signal) {
        service.log(QStringLiteral("signal %1: shutting down").arg(signal));
        QCoreApplication::quit();
    });
    app.exec();

    sweep.stop();
    const int cut = http.stop();
    store.close();
    service.log(QStringLiteral("stopped%1")
                    .arg(cut ? QStringLiteral(" (%1 request(s) cut short)").arg(cut) : QString()));
    return 0;
}
