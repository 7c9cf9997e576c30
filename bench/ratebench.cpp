// Hoist's bandwidth limits, measured where the bytes arrive: each upload goes through an
// in-process DelayLink (no delay, no rate: a meter only) in front of a real tus server, and a
// thread of its own reads the links' byte counters every 100 ms on a monotonic clock.
//   ratebench --endpoint URL --file F --rate BYTES_PER_S --mode global|task|change [--seconds 10]
//             [--trace FILE]
// global: the limit for all uploads, F uploading; its rate over --seconds after 2 s to settle.
// task:   F with its own limit and F.2 (a hard link or copy of F, made if missing) without,
//         each through its own link; both rates.
// change: the global limit, measured 5 s, then halved: how long until the rate keeps within 5%
//         of the new limit (over 500 ms windows, for 2 s), and the rate for 5 s after that.
// Prints key=value lines on stdout, progress on stderr; exits 0, or 1 with the reason.
#include "delaylink.h"
#include "tusprotocol.h"
#include "uploadscheduler.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>
#include <QLoggingCategory>
#include <QNetworkAccessManager>
#include <QTimer>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <condition_variable>
#include <cstdio>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include <unistd.h>

namespace {
// As the app runs (app/main.cpp), but one stream per file and no hashing: what is measured is
// the limiter, not how parts share it or how long a hash takes.
constexpr int Concurrency = 4;
constexpr qint64 ChunkSize = 8 * 1024 * 1024;
constexpr qint64 MaxRequestSize = 64 * 1024 * 1024;

using namespace std::chrono_literals;
constexpr std::chrono::microseconds SampleInterval = 100ms;
constexpr qint64 SettleUs = 2'000'000;
constexpr qint64 ChangeMeasureUs = 5'000'000; // before the change, and after it settled
constexpr qint64 ChangeWindowUs = 500'000;    // the rate a person would see "now"
constexpr qint64 ChangeStableUs = 2'000'000;  // how long it must stay within the tolerance
constexpr qint64 ChangeGiveUpUs = 30'000'000; // a limiter that needs longer is broken
constexpr double ChangeTolerance = 0.05;
constexpr int PollMs = 50;
constexpr int CancelGraceMs = 1000; // for the DELETEs of cancelled uploads to go out

qint64 nowUs()
{
    return std::chrono::duration_cast<std::chrono::microseconds>(
               std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

void print(const char *key, qint64 value)
{
    std::printf("%s=%lld\n", key, static_cast<long long>(value));
    std::fflush(stdout);
}

void print(const char *key, double value)
{
    std::printf("%s=%.4f\n", key, value);
    std::fflush(stdout);
}

void progress(const QString &text)
{
    std::fprintf(stderr, "ratebench: %s\n", qPrintable(text));
}

// Reads the links' client-to-server byte counters every 100 ms, on a thread of its own so that a
// busy event loop cannot bend the clock of the measurement.
class Meter final {
    Q_DISABLE_COPY_MOVE(Meter)
public:
    struct Sample {
        qint64 us = 0;
        std::vector<qint64> bytes; // per link
    };

    explicit Meter(std::vector<const DelayLink *> links)
        : m_links(std::move(links))
        , m_thread([this] { run(); })
    {
    }
    ~Meter()
    {
        {
            std::lock_guard<std::mutex> lock(m_mutex);
            m_stop = true;
        }
        m_wake.notify_all();
        m_thread.join();
    }

    std::vector<Sample> samples() const
    {
        std::lock_guard<std::mutex> lock(m_mutex);
        return m_samples;
    }

private:
    void run()
    {
        auto next = std::chrono::steady_clock::now();
        std::unique_lock<std::mutex> lock(m_mutex);
        while (!m_stop) {
            Sample s;
            s.us = nowUs();
            for (const DelayLink *link : m_links)
                s.bytes.push_back(link->counters().bytesToServer);
            m_samples.push_back(std::move(s));
            next += SampleInterval;
            m_wake.wait_until(lock, next, [this] { return m_stop; });
        }
    }

    std::vector<const DelayLink *> m_links;
    mutable std::mutex m_mutex;
    std::condition_variable m_wake;
    std::vector<Sample> m_samples;
    bool m_stop = false;
    std::thread m_thread; // last: starts once everything it uses exists
};

using Samples = std::vector<Meter::Sample>;

// Bytes per second through link `k` between the first sample at or after `fromUs` and the last
// at or before `toUs`; -1 when there are not two such samples.
double rateBetween(const Samples &s, size_t k, qint64 fromUs, qint64 toUs)
{
    const auto first =
        std::find_if(s.begin(), s.end(), [&](const auto &x) { return x.us >= fromUs; });
    const auto last =
        std::find_if(s.rbegin(), s.rend(), [&](const auto &x) { return x.us <= toUs; });
    if (first == s.end() || last == s.rend() || last->us <= first->us)
        return -1;
    return double(last->bytes[k] - first->bytes[k]) * 1e6 / double(last->us - first->us);
}

// When link `k` first carried bytes, -1 if not yet.
qint64 firstByteUs(const Samples &s, size_t k)
{
    const auto hit =
        std::find_if(s.begin(), s.end(), [&](const auto &x) { return x.bytes[k] > 0; });
    return hit == s.end() ? -1 : hit->us;
}

bool haveSampleAfter(const Samples &s, qint64 us)
{
    return !s.empty() && s.back().us >= us;
}

struct Options {
    QUrl endpoint;
    QString file;
    qint64 rate = 0;
    QString mode;
    qint64 measureUs = 10'000'000;
    QString trace; // where to write every sample, for a closer look
};

// A second file of the same bytes for the unlimited upload: a hard link costs nothing.
bool ensureSecondFile(const QString &file, const QString &second, QString *problem)
{
    if (QFileInfo::exists(second))
        return true;
    if (::link(QFile::encodeName(file).constData(), QFile::encodeName(second).constData()) == 0)
        return true;
    if (QFile::copy(file, second))
        return true;
    *problem = QStringLiteral("cannot make %1").arg(second);
    return false;
}

class Bench final {
    Q_DISABLE_COPY_MOVE(Bench)
public:
    explicit Bench(const Options &options)
        : m_options(options)
    {
    }

    int run(QString *problem)
    {
        const int linkCount = m_options.mode == QLatin1String("task") ? 2 : 1;
        const QUrl &e = m_options.endpoint;
        const quint16 targetPort = quint16(e.port(e.scheme() == QLatin1String("https") ? 443 : 80));
        for (int i = 0; i < linkCount; ++i) {
            m_links.push_back(std::make_unique<DelayLink>());
            if (!m_links.back()->start(e.host(), targetPort)) {
                *problem = QStringLiteral("cannot start a meter link: %1")
                               .arg(m_links.back()->errorString());
                return 1;
            }
        }
        std::vector<const DelayLink *> meters;
        for (const auto &link : m_links)
            meters.push_back(link.get());
        m_meter = std::make_unique<Meter>(meters);

        m_network = std::make_unique<QNetworkAccessManager>();
        m_protocol = std::make_unique<TusProtocol>(m_network.get());
        m_scheduler = std::make_unique<UploadScheduler>(m_protocol.get());
        UploadScheduler &s = *m_scheduler;
        s.setConcurrency(Concurrency);
        s.setChunkSize(ChunkSize);
        s.setMaxRequestSize(MaxRequestSize);
        s.setParallelParts(false);
        s.setHashPolicy(UploadScheduler::HashPolicy::Never);
        if (m_options.mode != QLatin1String("task"))
            s.setRateLimit(m_options.rate);

        QObject::connect(&s, &UploadScheduler::tasksAdded, &m_context,
                         [this](const QList<TaskId> &ids) { onAdded(ids); });
        QObject::connect(&s, &UploadScheduler::taskFinished, &m_context,
                         [this](TaskId id) { onFinished(id); });
        QObject::connect(&m_poll, &QTimer::timeout, &m_context, [this] { poll(); });
        m_poll.start(PollMs);

        s.setEndpoint(throughLink(0));
        s.addPaths({m_options.file});
        const int status = QCoreApplication::exec();
        *problem = m_problem;
        if (!m_options.trace.isEmpty() && !writeTrace(m_meter->samples()) && problem->isEmpty())
            *problem = QStringLiteral("cannot write %1").arg(m_options.trace);
        return status;
    }

private:
    // "<ms since the first sample> <bytes through link 0> [<bytes through link 1>]" a line.
    bool writeTrace(const Samples &s) const
    {
        QFile file(m_options.trace);
        if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate | QIODevice::Text))
            return false;
        for (const Meter::Sample &x : s) {
            QByteArray line = QByteArray::number(double(x.us - s.front().us) / 1000.0, 'f', 1);
            for (qint64 bytes : x.bytes)
                line += ' ' + QByteArray::number(bytes);
            file.write(line + '\n');
        }
        return file.error() == QFileDevice::NoError;
    }

    QUrl throughLink(size_t k) const
    {
        QUrl url = m_options.endpoint;
        url.setHost(QStringLiteral("127.0.0.1"));
        url.setPort(m_links[k]->port());
        return url;
    }

    void onAdded(const QList<TaskId> &ids)
    {
        if (ids.size() != 1) {
            finish(QStringLiteral("expected one upload, got %1").arg(ids.size()));
            return;
        }
        m_ids.append(ids.first());
        if (m_options.mode != QLatin1String("task") || m_ids.size() > 1)
            return;
        // Before the scheduler's first pass (queued), so the first byte is already limited.
        m_scheduler->setTaskRateLimit(ids.first(), m_options.rate);
        m_scheduler->setEndpoint(throughLink(1));
        m_scheduler->addPaths({m_options.file + QStringLiteral(".2")});
    }

    void onFinished(TaskId id)
    {
        const UploadTask *task = m_scheduler->task(id);
        if (!task || m_done)
            return;
        if (task->state() == TaskState::Error) {
            finish(QStringLiteral("%1 failed: %2").arg(task->path(), task->errorMessage()));
            return;
        }
        if (id == m_ids.value(1)) {
            m_otherFinishedUs = nowUs();
            progress(QStringLiteral("the unlimited upload finished"));
            return;
        }
        finish(QStringLiteral("%1 finished before the measurement ended: give a larger file "
                              "(about rate x 20 s)")
                   .arg(task->path()));
    }

    void poll()
    {
        if (m_done)
            return;
        const Samples s = m_meter->samples();
        reportProgress(s);
        if (m_firstUs < 0) {
            m_firstUs = firstByteUs(s, 0);
            if (m_firstUs < 0)
                return;
        }
        if (m_options.mode == QLatin1String("change"))
            pollChange(s);
        else
            pollSteady(s);
    }

    // global and task: one window after the settling time.
    void pollSteady(const Samples &s)
    {
        const qint64 from = m_firstUs + SettleUs;
        const qint64 to = from + m_options.measureUs;
        if (!haveSampleAfter(s, to))
            return;
        const double measured = rateBetween(s, 0, from, to);
        print("limit_bps", m_options.rate);
        print("measured_bps", qint64(std::llround(measured)));
        print("ratio", measured / double(m_options.rate));
        if (m_options.mode == QLatin1String("task")) {
            // Over the same window, or as much of it as the unlimited upload lasted (at full
            // speed it may be done in a second or two); over its whole run if it ended first.
            qint64 otherFrom = from;
            qint64 otherTo = m_otherFinishedUs > 0 ? std::min(to, m_otherFinishedUs) : to;
            if (otherTo - otherFrom < 2 * SampleInterval.count()) {
                otherFrom = firstByteUs(s, 1);
                otherTo = m_otherFinishedUs;
            }
            const double other = rateBetween(s, 1, otherFrom, otherTo);
            print("other_bps", qint64(std::llround(other)));
            print("other_span_ms", (otherTo - otherFrom) / 1000);
        }
        finish({});
    }

    void pollChange(const Samples &s)
    {
        const qint64 newRate = m_options.rate / 2;
        if (m_switchUs < 0) {
            const qint64 from = m_firstUs + SettleUs;
            const qint64 to = from + ChangeMeasureUs;
            if (!haveSampleAfter(s, to))
                return;
            m_before = rateBetween(s, 0, from, to);
            m_switchUs = nowUs();
            m_scheduler->setRateLimit(newRate);
            progress(QStringLiteral("limit now %1 B/s").arg(newRate));
            return;
        }
        if (m_changeUs < 0) {
            m_changeUs = settledAt(s, newRate);
            if (m_changeUs < 0) {
                if (nowUs() - m_switchUs > ChangeGiveUpUs) {
                    printChange(-1, -1);
                    finish(QStringLiteral("the rate did not keep within 5% of the new limit for "
                                          "2 s in the %1 s after the change")
                               .arg(ChangeGiveUpUs / 1'000'000));
                }
                return;
            }
        }
        if (!haveSampleAfter(s, m_changeUs + ChangeMeasureUs))
            return;
        printChange((m_changeUs - m_switchUs) / 1000,
                    rateBetween(s, 0, m_changeUs, m_changeUs + ChangeMeasureUs));
        finish({});
    }

    // The first sample after the switch from which the 500 ms rate stays within the tolerance
    // of `limit` for 2 s; -1 until the samples show one.
    qint64 settledAt(const Samples &s, qint64 limit) const
    {
        constexpr size_t Back = size_t(ChangeWindowUs / SampleInterval.count());
        const auto within = [&](size_t i) {
            const double r = double(s[i].bytes[0] - s[i - Back].bytes[0]) * 1e6
                             / double(s[i].us - s[i - Back].us);
            return std::abs(r - double(limit)) <= ChangeTolerance * double(limit);
        };
        size_t candidate = 0;
        for (size_t i = Back; i < s.size(); ++i) {
            if (s[i].us < m_switchUs)
                continue;
            if (!within(i)) {
                candidate = 0;
                continue;
            }
            if (candidate == 0)
                candidate = i;
            if (s[i].us - s[candidate].us >= ChangeStableUs)
                return s[candidate].us;
        }
        return -1;
    }

    void printChange(qint64 changeMs, double after)
    {
        print("limit_bps", m_options.rate);
        print("new_limit_bps", m_options.rate / 2);
        print("measured_before_bps", qint64(std::llround(m_before)));
        print("change_ms", changeMs);
        print("measured_after_bps", qint64(std::llround(after)));
    }

    // Once a second: the last second's rate per link.
    void reportProgress(const Samples &s)
    {
        if (s.empty() || s.back().us - m_lastReportUs < 1'000'000)
            return;
        m_lastReportUs = s.back().us;
        QString line =
            QStringLiteral("%1 s:").arg(double(s.back().us - s.front().us) / 1e6, 0, 'f', 1);
        for (size_t k = 0; k < m_links.size(); ++k) {
            const double r = rateBetween(s, k, s.back().us - 1'000'000, s.back().us);
            line += QStringLiteral(" link%1 %2 B/s").arg(k).arg(qint64(std::llround(r)));
        }
        progress(line);
    }

    // Stops the uploads without waiting for them (cancelling ends them on the server too), then
    // quits: 0 without a problem.
    void finish(const QString &problem)
    {
        if (m_done)
            return;
        m_done = true;
        m_problem = problem;
        m_poll.stop();
        for (TaskId id : m_scheduler->taskIds())
            m_scheduler->cancel(id);
        const int status = problem.isEmpty() ? 0 : 1;
        QTimer::singleShot(CancelGraceMs, &m_context, [status] { QCoreApplication::exit(status); });
    }

    Options m_options;
    // Destroyed in reverse: the scheduler and its network before the meter, the meter (which
    // reads the links) before the links.
    std::vector<std::unique_ptr<DelayLink>> m_links;
    std::unique_ptr<Meter> m_meter;
    std::unique_ptr<QNetworkAccessManager> m_network;
    std::unique_ptr<TusProtocol> m_protocol;
    std::unique_ptr<UploadScheduler> m_scheduler;
    QObject m_context; // receives the connections; goes first
    QTimer m_poll;
    QList<TaskId> m_ids;
    qint64 m_firstUs = -1;
    qint64 m_otherFinishedUs = -1;
    qint64 m_switchUs = -1;
    qint64 m_changeUs = -1;
    qint64 m_lastReportUs = 0;
    double m_before = 0;
    bool m_done = false;
    QString m_problem;
};

bool parse(const QStringList &arguments, Options *options, QString *problem)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral("Measures Hoist's bandwidth limits where the bytes arrive."));
    parser.addHelpOption();
    const QCommandLineOption endpoint(
        QStringLiteral("endpoint"), QStringLiteral("tus endpoint (http)."), QStringLiteral("url"));
    const QCommandLineOption file(QStringLiteral("file"), QStringLiteral("A large file to upload."),
                                  QStringLiteral("path"));
    const QCommandLineOption rate(QStringLiteral("rate"),
                                  QStringLiteral("Limit, bytes per second."),
                                  QStringLiteral("bytes"));
    const QCommandLineOption mode(QStringLiteral("mode"), QStringLiteral("global, task or change."),
                                  QStringLiteral("mode"));
    const QCommandLineOption seconds(
        QStringLiteral("seconds"), QStringLiteral("Measuring time, global and task (default 10)."),
        QStringLiteral("s"), QStringLiteral("10"));
    const QCommandLineOption trace(QStringLiteral("trace"),
                                   QStringLiteral("Writes every 100 ms sample to this file."),
                                   QStringLiteral("file"));
    parser.addOptions({endpoint, file, rate, mode, seconds, trace});
    if (!parser.parse(arguments)) {
        *problem = parser.errorText();
        return false;
    }
    if (parser.isSet(QStringLiteral("help"))) {
        *problem = parser.helpText();
        return false;
    }
    options->endpoint = QUrl(parser.value(endpoint));
    if (!options->endpoint.isValid() || options->endpoint.scheme() != QLatin1String("http")
        || options->endpoint.host().isEmpty()) {
        *problem = QStringLiteral("--endpoint http://HOST:PORT/files/ is needed (the meter is a "
                                  "plain TCP link: no https)");
        return false;
    }
    options->file = QFileInfo(parser.value(file)).absoluteFilePath();
    if (parser.value(file).isEmpty() || !QFileInfo(options->file).isFile()) {
        *problem = QStringLiteral("--file F (an existing file) is needed");
        return false;
    }
    bool ok = false;
    options->rate = parser.value(rate).toLongLong(&ok);
    if (!ok || options->rate <= 1) {
        *problem = QStringLiteral("--rate BYTES_PER_S (more than 1) is needed");
        return false;
    }
    options->mode = parser.value(mode);
    if (!QStringList{QStringLiteral("global"), QStringLiteral("task"), QStringLiteral("change")}
             .contains(options->mode)) {
        *problem = QStringLiteral("--mode global|task|change is needed");
        return false;
    }
    const double s = parser.value(seconds).toDouble(&ok);
    if (!ok || !(s >= 1)) {
        *problem = QStringLiteral("--seconds takes 1 or more");
        return false;
    }
    options->measureUs = qint64(s * 1e6);
    options->trace = parser.value(trace);
    return true;
}
} // namespace

int main(int argc, char **argv)
{
    QLoggingCategory::setFilterRules(QStringLiteral("hoist.*.debug=false\nhoist.*.info=false"));
    QCoreApplication app(argc, argv);
    Options options;
    QString problem;
    if (!parse(QCoreApplication::arguments(), &options, &problem)) {
        progress(problem);
        return 2;
    }
    if (options.mode == QLatin1String("task")
        && !ensureSecondFile(options.file, options.file + QStringLiteral(".2"), &problem)) {
        progress(problem);
        return 1;
    }
    progress(QStringLiteral("%1 mode, %2 B/s, %3 (%4 bytes)")
                 .arg(options.mode)
                 .arg(options.rate)
                 .arg(options.file)
                 .arg(QFileInfo(options.file).size()));
    Bench bench(options);
    const int status = bench.run(&problem);
    if (!problem.isEmpty())
        progress(problem);
    return status;
}
