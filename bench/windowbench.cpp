// The window with many rows, timed the way a person would feel it: the real MainWindow, shown
// offscreen, built as app/main.cpp builds it (a StoreThread in a state folder, the scheduler on
// it, the window on the scheduler).
//   windowbench drop --dir DIR --files N --endpoint URL [--state-dir D] [--concurrency C]
//   windowbench clear --rows N --endpoint URL [--state-dir D]
//   windowbench lateness --dir DIR --files N --endpoint URL [--concurrency 8]
// Prints key=value lines on stdout, progress on stderr; exits 0, or 1 with the reason. Uploads go
// to URL while it runs (a real hoistd the caller started): the window is measured under load.
#include "benchfiles.h"
#include "windowharness.h"

#include "mainwindow.h"
#include "taskstore.h"
#include "uploadfilterproxy.h"
#include "uploadscheduler.h"
#include "uploadtablemodel.h"
#include "uploadtableview.h"

#include <QAction>
#include <QApplication>
#include <QCommandLineParser>
#include <QDateTime>
#include <QDir>
#include <QElapsedTimer>
#include <QLoggingCategory>
#include <QSettings>
#include <QTemporaryDir>
#include <QTimer>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <memory>
#include <vector>

#include <sys/resource.h>

namespace {
// As the app runs (app/main.cpp) unless told otherwise.
constexpr int AppConcurrency = 3;
constexpr int LatenessConcurrency = 8;
constexpr int LatenessIntervalMs = 5;
constexpr qint64 RestoredSize = 2048;
// Generous: a slow machine must still give a figure, not a timeout.
constexpr int DefaultTimeoutS = 900;

void print(const char *key, qint64 value)
{
    std::printf("%s=%lld\n", key, static_cast<long long>(value));
    std::fflush(stdout);
}

void print(const char *key, double value)
{
    std::printf("%s=%.2f\n", key, value);
    std::fflush(stdout);
}

void progress(const QString &text)
{
    std::fprintf(stderr, "windowbench: %s\n", qPrintable(text));
}

double peakRssMib()
{
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    return double(usage.ru_maxrss) / 1024.0; // KiB on Linux
}

struct Options {
    QString mode;
    QString dir;
    QString stateDir;
    int count = 0;
    QUrl endpoint;
    int concurrency = 0;
    int timeoutS = DefaultTimeoutS;
};

// Ends the run with a reason (exit status 1) unless it ended first.
void fail(const QString &reason)
{
    progress(reason);
    QCoreApplication::exit(1);
}

void armTimeout(QObject *context, int seconds, const QString &what)
{
    QTimer::singleShot(std::chrono::seconds(seconds), context, [what, seconds] {
        fail(QStringLiteral("timed out after %1 s %2").arg(seconds).arg(what));
    });
}

// Repaints the view whenever the rows change and the probe waits: the rows changing is what
// the benchmarks wait to see.
void pokeOnRowChanges(QObject *context, QAbstractItemModel *model, PaintProbe *probe)
{
    const auto poke = [probe] { probe->poke(); };
    QObject::connect(model, &QAbstractItemModel::rowsInserted, context, poke);
    QObject::connect(model, &QAbstractItemModel::rowsRemoved, context, poke);
    QObject::connect(model, &QAbstractItemModel::modelReset, context, poke);
    QObject::connect(model, &QAbstractItemModel::layoutChanged, context, poke);
}

int runDrop(QApplication &app, const Options &options)
{
    WindowHarness h;
    QString problem;
    if (!h.build(options.stateDir, options.endpoint, options.concurrency, &problem)) {
        progress(problem);
        return 1;
    }
    QObject context;
    const int target = h.restoredCount() + options.count;
    UploadFilterProxy *proxy = h.window().proxy();
    QElapsedTimer clock;
    qint64 expandedAtNs = -1;
    PaintProbe probe(
        h.window().view()->viewport(), [proxy, target] { return proxy->rowCount() == target; },
        [&] {
            const qint64 now = clock.nsecsElapsed();
            print("files", qint64(options.count));
            print("walk_ms", double(expandedAtNs) / 1e6);
            print("rows_shown_ms", double(now - expandedAtNs) / 1e6);
            print("peak_rss_mib", peakRssMib());
            progress(QStringLiteral("%1 rows on screen; stopping").arg(proxy->rowCount()));
            h.scheduler().pauseAll();
            app.exit(0);
        });
    pokeOnRowChanges(&context, proxy, &probe);
    QObject::connect(&h.scheduler(), &UploadScheduler::pathsExpanded, &context, [&](int count) {
        expandedAtNs = clock.nsecsElapsed();
        progress(QStringLiteral("walk came back with %1 files after %2 ms")
                     .arg(count)
                     .arg(double(expandedAtNs) / 1e6));
        if (count != options.count) {
            fail(QStringLiteral("the walk found %1 files, not %2").arg(count).arg(options.count));
            return;
        }
        probe.arm();
    });
    armTimeout(&context, options.timeoutS, QStringLiteral("waiting for the rows"));

    // Let the window settle (first show, first paint) before the clock starts.
    QTimer::singleShot(200, &context, [&] {
        progress(QStringLiteral("dropping %1").arg(options.dir));
        clock.start();
        if (!dropUrls(&h.window(), {QUrl::fromLocalFile(options.dir)}))
            fail(QStringLiteral("the window refused the drop"));
    });
    return app.exec();
}

QList<TaskRecord> finishedRecords(int count, const QUrl &endpoint)
{
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    QList<TaskRecord> records;
    records.reserve(count);
    for (int i = 0; i < count; ++i) {
        TaskRecord r;
        r.id = TaskId(i + 1);
        r.sequence = quint64(i);
        r.displayName = BenchFiles::relativePath(i);
        r.path = QStringLiteral("/nonexistent/windowbench/") + r.displayName;
        r.size = RestoredSize;
        r.modifiedMs = now;
        r.endpoint = endpoint;
        r.uploadUrl = endpoint.resolved(QUrl(QStringLiteral("u%1").arg(i)));
        r.state = TaskState::Success;
        r.confirmedBytes = r.size;
        r.chunkSize = WindowHarness::ChunkSize;
        r.createdMs = now;
        r.updatedMs = now;
        records.append(r);
    }
    return records;
}

int runClear(QApplication &app, const Options &options)
{
    WindowHarness h;
    QString problem;
    if (!h.build(options.stateDir, options.endpoint, options.concurrency, &problem)) {
        progress(problem);
        return 1;
    }
    if (h.restoredCount() != 0) {
        progress(
            QStringLiteral("the state folder already holds %1 uploads").arg(h.restoredCount()));
        return 1;
    }
    // As a session that finished N uploads has them: in its store and in the window.
    const QList<TaskRecord> records = finishedRecords(options.count, options.endpoint);
    TaskStore *store = h.store();
    QMetaObject::invokeMethod(
        store, [store, records] { store->saveAll(records); }, Qt::BlockingQueuedConnection);

    QObject context;
    UploadTableModel *model = h.window().model();
    UploadFilterProxy *proxy = h.window().proxy();
    QAction *clearAction = nullptr;
    for (QAction *action : h.window().findChildren<QAction *>()) {
        if (action->text() == QLatin1String("Clear finished"))
            clearAction = action;
    }
    QElapsedTimer clock;
    bool clearing = false;
    std::unique_ptr<PaintProbe> probe;
    const auto cleared = [&] {
        const qint64 now = clock.nsecsElapsed();
        print("rows", qint64(options.count));
        print("clear_ms", double(now) / 1e6);
        print("peak_rss_mib", peakRssMib());
        app.exit(0);
    };
    const auto shown = [&] {
        progress(QStringLiteral("%1 rows on screen; clearing through %2")
                     .arg(proxy->rowCount())
                     .arg(clearAction ? QStringLiteral("the toolbar action")
                                      : QStringLiteral("UploadScheduler::clearFinished()")));
        clearing = true;
        probe->arm(); // ready() is false until the rows are gone: arming asks for nothing yet
        clock.start();
        if (clearAction)
            clearAction->trigger();
        else
            h.scheduler().clearFinished();
        probe->poke();
    };
    probe = std::make_unique<PaintProbe>(
        h.window().view()->viewport(),
        [&] {
            return clearing ? model->rowCount() == 0 && proxy->rowCount() == 0
                            : proxy->rowCount() == options.count;
        },
        [&] {
            if (clearing)
                cleared();
            else
                QTimer::singleShot(0, &context, shown);
        });
    pokeOnRowChanges(&context, proxy, probe.get());
    armTimeout(&context, options.timeoutS, QStringLiteral("waiting for the rows"));

    QElapsedTimer restoreClock;
    restoreClock.start();
    probe->arm();
    h.scheduler().restore(records);
    progress(QStringLiteral("restored %1 finished uploads in %2 ms")
                 .arg(options.count)
                 .arg(restoreClock.elapsed()));
    return app.exec();
}

// The value at fraction q of the samples (nearest rank); takes a copy to partly sort.
double quantile(std::vector<double> samples, double q)
{
    if (samples.empty())
        return 0;
    const size_t rank = size_t(std::ceil(q * double(samples.size())));
    const size_t index = std::min(samples.size() - 1, rank > 0 ? rank - 1 : 0);
    std::nth_element(samples.begin(), samples.begin() + qsizetype(index), samples.end());
    return samples[index];
}

int runLateness(QApplication &app, const Options &options)
{
    WindowHarness h;
    QString problem;
    if (!h.build(options.stateDir, options.endpoint, options.concurrency, &problem)) {
        progress(problem);
        return 1;
    }
    QObject context;
    UploadScheduler &scheduler = h.scheduler();
    const int target = h.restoredCount() + options.count;

    // The event loop's responsiveness: a 5 ms timer's lateness is what any input or paint waits.
    QTimer ticker;
    ticker.setTimerType(Qt::PreciseTimer);
    ticker.setInterval(LatenessIntervalMs);
    QElapsedTimer tickClock;
    qint64 lastTickNs = -1;
    std::vector<double> lateness;
    lateness.reserve(1 << 20);
    QElapsedTimer clock;
    // When the worst stall ended, since the drop: lines it up with the walk or the uploads.
    double worst = 0;
    qint64 worstAtNs = 0;
    QObject::connect(&ticker, &QTimer::timeout, &context, [&] {
        const qint64 now = tickClock.nsecsElapsed();
        if (lastTickNs >= 0) {
            const double late = std::max(0.0, double(now - lastTickNs) / 1e6 - LatenessIntervalMs);
            if (late > worst) {
                worst = late;
                worstAtNs = clock.nsecsElapsed();
            }
            lateness.push_back(late);
        }
        lastTickNs = now;
    });

    bool expanded = false;
    qint64 walkNs = -1;
    bool done = false;
    const auto check = [&] {
        if (!expanded || done || !scheduler.isIdle())
            return;
        const SchedulerTotals totals = scheduler.totals();
        done = true;
        ticker.stop();
        const qint64 elapsedNs = clock.nsecsElapsed();
        const int successes = totals.count(TaskState::Success);
        print("files", qint64(options.count));
        print("done", qint64(successes));
        print("elapsed_ms", double(elapsedNs) / 1e6);
        print("walk_ms", double(walkNs) / 1e6);
        print("lateness_p50_ms", quantile(lateness, 0.50));
        print("lateness_p99_ms", quantile(lateness, 0.99));
        print("lateness_max_ms", worst);
        print("lateness_max_at_ms", double(worstAtNs) / 1e6);
        print("timer_fires", qint64(lateness.size() + (lastTickNs >= 0 ? 1 : 0)));
        if (successes != target) {
            fail(QStringLiteral("idle with %1 of %2 uploads done (%3 failed, %4 paused)")
                     .arg(successes)
                     .arg(target)
                     .arg(totals.count(TaskState::Error))
                     .arg(totals.count(TaskState::Paused)));
            return;
        }
        app.exit(0);
    };
    QObject::connect(&scheduler, &UploadScheduler::pathsExpanded, &context, [&](int count) {
        expanded = true;
        walkNs = clock.nsecsElapsed();
        progress(QStringLiteral("walk came back with %1 files after %2 ms")
                     .arg(count)
                     .arg(double(walkNs) / 1e6));
    });
    QObject::connect(&scheduler, &UploadScheduler::idle, &context, check);
    // And a slow poll, in case the last change comes without an idle() of its own.
    QTimer poll;
    poll.setInterval(500);
    QObject::connect(&poll, &QTimer::timeout, &context, check);
    // Progress every 10 s, so that a long run shows it is alive.
    QTimer report;
    report.setInterval(10000);
    QObject::connect(&report, &QTimer::timeout, &context, [&] {
        const SchedulerTotals t = scheduler.totals();
        progress(QStringLiteral("%1 s: %2 done, %3 uploading, %4 waiting, %5 failed")
                     .arg(clock.elapsed() / 1000)
                     .arg(t.count(TaskState::Success))
                     .arg(t.count(TaskState::Uploading))
                     .arg(t.count(TaskState::Waiting))
                     .arg(t.count(TaskState::Error)));
    });
    armTimeout(&context, options.timeoutS, QStringLiteral("waiting for the uploads"));

    QTimer::singleShot(200, &context, [&] {
        tickClock.start();
        ticker.start();
        report.start();
        poll.start();
        progress(QStringLiteral("dropping %1").arg(options.dir));
        clock.start();
        if (!dropUrls(&h.window(), {QUrl::fromLocalFile(options.dir)}))
            fail(QStringLiteral("the window refused the drop"));
    });
    return app.exec();
}

bool parse(const QStringList &arguments, Options *options, QString *problem)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Times Hoist's window with many rows."));
    parser.addPositionalArgument(QStringLiteral("mode"), QStringLiteral("drop, clear or lateness"));
    const QCommandLineOption dir(QStringLiteral("dir"), QStringLiteral("Folder of files to drop."),
                                 QStringLiteral("dir"));
    const QCommandLineOption files(QStringLiteral("files"), QStringLiteral("Files in it."),
                                   QStringLiteral("n"));
    const QCommandLineOption rows(QStringLiteral("rows"), QStringLiteral("Finished rows to clear."),
                                  QStringLiteral("n"));
    const QCommandLineOption endpoint(QStringLiteral("endpoint"),
                                      QStringLiteral("tus endpoint to upload to."),
                                      QStringLiteral("url"));
    const QCommandLineOption stateDir(QStringLiteral("state-dir"),
                                      QStringLiteral("Queue folder (default: a temporary one)."),
                                      QStringLiteral("dir"));
    const QCommandLineOption concurrency(
        QStringLiteral("concurrency"), QStringLiteral("Uploads at once (default: 3; lateness 8)."),
        QStringLiteral("n"));
    const QCommandLineOption timeout(QStringLiteral("timeout-s"),
                                     QStringLiteral("Give up after this long (default 900)."),
                                     QStringLiteral("s"));
    parser.addOptions({dir, files, rows, endpoint, stateDir, concurrency, timeout});
    parser.addHelpOption();
    if (!parser.parse(arguments)) {
        *problem = parser.errorText();
        return false;
    }
    const QStringList positional = parser.positionalArguments();
    options->mode = positional.value(0);
    if (positional.size() != 1
        || !QStringList{QStringLiteral("drop"), QStringLiteral("clear"), QStringLiteral("lateness")}
                .contains(options->mode)) {
        *problem = QStringLiteral("give one mode: drop, clear or lateness\n") + parser.helpText();
        return false;
    }
    const bool clear = options->mode == QLatin1String("clear");
    bool ok = false;
    options->count = parser.value(clear ? rows : files).toInt(&ok);
    if (!ok || options->count <= 0) {
        *problem = clear ? QStringLiteral("--rows N (N > 0) is needed")
                         : QStringLiteral("--files N (N > 0) is needed");
        return false;
    }
    if (!clear) {
        if (parser.value(dir).isEmpty()) {
            *problem = QStringLiteral("--dir DIR is needed");
            return false;
        }
        options->dir = QDir(parser.value(dir)).absolutePath();
    }
    options->endpoint = QUrl(parser.value(endpoint));
    const QString scheme = options->endpoint.scheme();
    if (!options->endpoint.isValid() || options->endpoint.host().isEmpty()
        || (scheme != QLatin1String("http") && scheme != QLatin1String("https"))) {
        *problem = QStringLiteral("--endpoint http://HOST:PORT/files/ is needed");
        return false;
    }
    options->stateDir = parser.value(stateDir);
    options->concurrency =
        options->mode == QLatin1String("lateness") ? LatenessConcurrency : AppConcurrency;
    if (parser.isSet(concurrency)) {
        options->concurrency = parser.value(concurrency).toInt(&ok);
        if (!ok || options->concurrency < UploadScheduler::MinConcurrency
            || options->concurrency > UploadScheduler::MaxConcurrency) {
            *problem = QStringLiteral("--concurrency takes 1 to 64");
            return false;
        }
    }
    if (parser.isSet(timeout)) {
        options->timeoutS = parser.value(timeout).toInt(&ok);
        if (!ok || options->timeoutS <= 0) {
            *problem = QStringLiteral("--timeout-s takes a positive number");
            return false;
        }
    }
    return true;
}
} // namespace

int main(int argc, char **argv)
{
    // Offscreen unless the caller chose a platform: a benchmark needs no display.
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QCoreApplication::setOrganizationName(QStringLiteral("HoistBench"));
    QCoreApplication::setApplicationName(QStringLiteral("windowbench"));
    QLoggingCategory::setFilterRules(QStringLiteral("hoist.*.debug=false\nhoist.*.info=false"));
    QApplication app(argc, argv);

    Options options;
    QString problem;
    if (!parse(QCoreApplication::arguments(), &options, &problem)) {
        progress(problem);
        return 2;
    }
    // The person's remembered window settings (a rate limit, a server) must not leak in.
    QTemporaryDir settingsDir;
    QSettings::setDefaultFormat(QSettings::IniFormat);
    QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, settingsDir.path());

    if (options.mode != QLatin1String("clear")) {
        QElapsedTimer making;
        making.start();
        int made = 0;
        if (!BenchFiles::prepare(options.dir, options.count, &made, &problem)) {
            progress(problem);
            return 1;
        }
        progress(QStringLiteral("%1 files in %2 (%3 written, %4 ms)")
                     .arg(options.count)
                     .arg(options.dir)
                     .arg(made)
                     .arg(making.elapsed()));
    }

    int status = 1;
    if (options.mode == QLatin1String("drop"))
        status = runDrop(app, options);
    else if (options.mode == QLatin1String("clear"))
        status = runClear(app, options);
    else
        status = runLateness(app, options);
    if (status == 0 && options.mode == QLatin1String("drop"))
        print("peak_rss_end_mib", peakRssMib());
    return status;
}
