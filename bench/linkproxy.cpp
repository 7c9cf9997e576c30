// A DelayLink from the command line, for benchmarks that need loopback to look like a far-away
// link (this kernel has no netem):
//   linkproxy --target 127.0.0.1:PORT [--listen PORT] --delay-ms 20 --rate-mbit 100 [--trace FILE]
//             [--load-latency-ms N]
// --load-latency-ms makes a server that slows down under load out of one that does not: every
// request and answer is held back N ms more for each connection busy on the link at that moment
// (DelayLink::setLoadDelay).
// Prints "listening <port>" on stdout once it listens, so that a script can read the port, and
// runs until SIGTERM or SIGINT; then a summary on stderr.
#include "delaylink.h"
#include "signalwatcher.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QTextStream>

#include <cmath>
#include <cstdio>

namespace {
// "host:port", or "[v6 address]:port".
bool parseTarget(const QString &text, QString *host, quint16 *port)
{
    const qsizetype colon = text.lastIndexOf(QLatin1Char(':'));
    if (colon <= 0)
        return false;
    bool ok = false;
    const uint number = text.mid(colon + 1).toUInt(&ok);
    *host = text.left(colon);
    if (host->startsWith(QLatin1Char('[')) && host->endsWith(QLatin1Char(']')))
        *host = host->mid(1, host->size() - 2);
    *port = quint16(number);
    return ok && number > 0 && number <= 65535 && !host->isEmpty();
}

// A non-negative number, or -1.
double number(const QCommandLineParser &parser, const QCommandLineOption &option)
{
    bool ok = false;
    const double value = parser.value(option).toDouble(&ok);
    return ok && value >= 0 && std::isfinite(value) ? value : -1;
}
} // namespace

int main(int argc, char **argv)
{
    SignalWatcher::blockTerminationSignals(); // before the link's thread starts
    QCoreApplication app(argc, argv);
    QTextStream err(stderr);

    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "A TCP proxy on 127.0.0.1 that delays every byte and paces each direction to a rate."));
    parser.addHelpOption();
    const QCommandLineOption target(QStringLiteral("target"),
                                    QStringLiteral("Where to forward connections."),
                                    QStringLiteral("host:port"));
    const QCommandLineOption listen(QStringLiteral("listen"),
                                    QStringLiteral("Port to listen on (default: any free one)."),
                                    QStringLiteral("port"), QStringLiteral("0"));
    const QCommandLineOption delay(QStringLiteral("delay-ms"),
                                   QStringLiteral("One-way delay in milliseconds (default 0)."),
                                   QStringLiteral("ms"), QStringLiteral("0"));
    const QCommandLineOption rate(
        QStringLiteral("rate-mbit"),
        QStringLiteral("Rate of each direction in Mbit/s, 0 for none (default 0)."),
        QStringLiteral("mbit"), QStringLiteral("0"));
    const QCommandLineOption window(
        QStringLiteral("window-kib"),
        QStringLiteral("Bytes held per connection and direction, in KiB (default: "
                       "max(64 KiB, 2 x rate x (delay + 2 ms)))."),
        QStringLiteral("kib"), QStringLiteral("0"));
    const QCommandLineOption trace(
        QStringLiteral("trace"),
        QStringLiteral("Appends \"<ms> <bytes to server> <bytes to client>\" every 100 ms."),
        QStringLiteral("file"));
    const QCommandLineOption loadLatency(
        QStringLiteral("load-latency-ms"),
        QStringLiteral("Extra delay per connection busy at that moment, in milliseconds (default "
                       "0): a server that slows down under load."),
        QStringLiteral("ms"), QStringLiteral("0"));
    parser.addOptions({target, listen, delay, rate, window, trace, loadLatency});
    parser.process(app);

    QString host;
    quint16 targetPort = 0;
    bool listenOk = false;
    const uint listenPort = parser.value(listen).toUInt(&listenOk);
    const double delayMs = number(parser, delay);
    const double rateMbit = number(parser, rate);
    const double windowKib = number(parser, window);
    const double loadLatencyMs = number(parser, loadLatency);
    if (!parseTarget(parser.value(target), &host, &targetPort) || !listenOk || listenPort > 65535
        || delayMs < 0 || rateMbit < 0 || windowKib < 0 || loadLatencyMs < 0) {
        err << "linkproxy: bad arguments\n" << parser.helpText();
        return 2;
    }

    DelayLink link;
    link.setDelay(std::chrono::microseconds(std::llround(delayMs * 1000)));
    link.setRate(std::llround(rateMbit * 1e6));
    link.setWindow(std::llround(windowKib * 1024));
    link.setLoadDelay(std::chrono::microseconds(std::llround(loadLatencyMs * 1000)));
    if (parser.isSet(trace) && !link.setTraceFile(parser.value(trace))) {
        err << "linkproxy: cannot write " << parser.value(trace) << '\n';
        return 1;
    }
    if (!link.start(host, targetPort, quint16(listenPort))) {
        err << "linkproxy: " << link.errorString() << '\n';
        return 1;
    }
    std::printf("listening %u\n", unsigned(link.port()));
    std::fflush(stdout);

    SignalWatcher watcher;
    QObject::connect(&watcher, &SignalWatcher::terminationRequested, &app, &QCoreApplication::quit);
    const int status = app.exec();
    const DelayLink::Counters c = link.counters();
    err << "linkproxy: " << c.accepted << " connections, " << c.bytesToServer
        << " bytes to the server, " << c.bytesToClient << " to the client\n";
    return status;
}
