#include "headlessrunner.h"

#include "failurehandler.h"
#include "formatting.h"
#include "networkpool.h"
#include "s3target.h"
#include "serverhealth.h"
#include "uploadscheduler.h"

#include <QDateTime>
#include <QLoggingCategory>
#include <QTextStream>

// QT_LOGGING_RULES="hoist.concurrency.info=true": the Auto level each server reached, at the end
// (what bench/ reads).
Q_LOGGING_CATEGORY(lcConcurrency, "hoist.concurrency", QtWarningMsg)

namespace {
constexpr int TerminalProgressMs = 1000;
// Logs and CI output should not fill with progress: a plain line now and then is enough.
constexpr int PlainProgressMs = 10000;
constexpr int ExitSuccess = 0;
constexpr int ExitFailure = 1;
// A server that keeps saying "later" (its disk full) is said again after this long.
constexpr qint64 WaitSaidAgainMs = 10 * 60 * 1000;
} // namespace

HeadlessRunner::HeadlessRunner(UploadScheduler *scheduler, QTextStream &out, QTextStream &err,
                               QObject *parent)
    : QObject(parent)
    , m_scheduler(scheduler)
    , m_out(out)
    , m_err(err)
{
    m_progressTimer.setInterval(PlainProgressMs);
    connect(&m_progressTimer, &QTimer::timeout, this, [this] { printProgress(false); });
    connect(m_scheduler, &UploadScheduler::taskFinished, this, &HeadlessRunner::report);
    connect(m_scheduler, &UploadScheduler::tasksAdded, this, [this](const QList<TaskId> &ids) {
        m_addedSeen = true;
        // Paths that cannot be uploaded may arrive already in Error. Not the queue restored
        // before start(): its failed uploads may start again this run (resumeAll, --retry-failed,
        // a path given again), and what stays failed is reported once the run is done.
        if (m_started) {
            for (TaskId id : ids)
                report(id);
        }
        requestCheck();
    });
    connect(m_scheduler, &UploadScheduler::idle, this, &HeadlessRunner::requestCheck);
    connect(m_scheduler, &UploadScheduler::duplicatesFound, this,
            &HeadlessRunner::reportDuplicates);
    // Once per outage, not per upload: the uploads waiting for it say nothing until they end.
    ServerHealth *health = m_scheduler->serverHealth();
    connect(health, &ServerHealth::serverDown, this,
            [this](const QUrl &endpoint, const QString &cause) {
                printLine(tr("hoist: %1 is unreachable (%2); its uploads wait for it")
                              .arg(ServerHealth::keyOf(endpoint), cause));
            });
    connect(m_scheduler->failures(), &FailureHandler::serverAskedToWait, this,
            &HeadlessRunner::onServerAskedToWait);
    connect(health, &ServerHealth::serverUp, this, [this](const QUrl &endpoint, qint64 downMs) {
        printLine(tr("hoist: %1 answers again after %2; its uploads go on")
                      .arg(ServerHealth::keyOf(endpoint), formatDuration(downMs / 1000)));
    });
}

void HeadlessRunner::onServerAskedToWait(const QUrl &endpoint, const QString &reason,
                                         qint64 retryAtMs)
{
    // An unattended run says why it stands still, once per server and reason in a while, not
    // once per upload and try.
    const QString key = ServerHealth::keyOf(endpoint) + QLatin1Char('\n') + reason;
    const auto said = m_waitSaid.constFind(key);
    if (said != m_waitSaid.cend() && m_clock.elapsed() - *said < WaitSaidAgainMs)
        return;
    m_waitSaid.insert(key, m_clock.elapsed());
    const qint64 seconds = qMax<qint64>(0, retryAtMs - QDateTime::currentMSecsSinceEpoch()) / 1000;
    printLine(tr("hoist: %1 (%2); its uploads wait and try again (next in %3)")
                  .arg(reason, ServerHealth::keyOf(endpoint), formatDuration(seconds)));
}

void HeadlessRunner::printLine(const QString &line)
{
    if (m_terminal && m_lastProgressWidth > 0) {
        m_err << '\r' << QString(m_lastProgressWidth, QLatin1Char(' ')) << '\r';
        m_lastProgressWidth = 0;
    }
    m_err << line << '\n';
    m_err.flush();
}

void HeadlessRunner::reportDuplicates(const DuplicateReport &report)
{
    // A script run again (after a crash, with the same --state-dir) lists the same paths: what
    // the queue holds is finished or resumed, never sent twice. Its result lines come as usual.
    if (const int skipped = report.skipped())
        m_err << tr("hoist: %n file(s) were already in the queue and not added again", nullptr,
                    skipped)
              << '\n';
    // Given again after its upload failed: it goes again (and its result line comes when it
    // ends, not the failure this run may have counted from the queue).
    if (!report.retried.isEmpty()) {
        m_retried += int(report.retried.size());
        for (const TaskId id : report.retriedTasks) {
            if (m_reported.remove(id))
                --m_failed;
        }
        m_err << tr("hoist: %n failed upload(s) retried", nullptr, int(report.retried.size()))
              << '\n';
    }
    // A newer version of a file whose upload started or ended is not sent on its own.
    for (const QString &path : report.changed)
        m_err << tr("hoist: %1 changed since it was queued; its upload in the queue stands")
                     .arg(escapeForLine(path))
              << '\n';
    if (report.replaced > 0)
        m_err << tr("hoist: %n waiting upload(s) now send the newer version of their file(s)",
                    nullptr, report.replaced)
              << '\n';
    m_err.flush();
}

void HeadlessRunner::setProgressInterval(int ms)
{
    m_progressTimer.setInterval(ms);
}

void HeadlessRunner::start(const QStringList &paths)
{
    if (m_started)
        return;
    m_started = true;
    m_clock.start();
    if (m_terminal && m_progressTimer.interval() == PlainProgressMs)
        m_progressTimer.setInterval(TerminalProgressMs);
    m_progressTimer.start();
    m_scheduler->addPaths(paths);
}

QUrl HeadlessRunner::whereStored(const UploadTask &task)
{
    // An S3 upload has no upload URL of its own: its object's, under the key the table's path
    // gives (S3PutTransfer::objectKey).
    if (const std::optional<S3Target> target = S3Target::fromUrl(task.endpoint()))
        return target->objectUrl(target->keyFor(task.displayName()));
    return task.uploadUrl();
}

void HeadlessRunner::report(TaskId id)
{
    const UploadTask *task = m_scheduler->task(id);
    if (!task || m_reported.contains(id))
        return;
    const TaskState state = task->state();
    if (state != TaskState::Success && state != TaskState::Error)
        return;
    m_reported.insert(id);
    // A progress line on a terminal shares the screen with stdout: clear it first.
    if (m_terminal && m_lastProgressWidth > 0) {
        m_err << '\r' << QString(m_lastProgressWidth, QLatin1Char(' ')) << '\r';
        m_err.flush();
        m_lastProgressWidth = 0;
    }
    if (state == TaskState::Success) {
        ++m_succeeded;
        if (task->check().verified())
            ++m_verified;
        m_out << "success\t" << escapeForLine(task->path()) << '\t'
              << whereStored(*task).toString(QUrl::FullyEncoded) << '\n';
    } else {
        ++m_failed;
        QString reason = task->errorMessage().simplified();
        if (reason.isEmpty())
            reason = tr("upload failed");
        m_out << "error\t" << escapeForLine(task->path()) << '\t' << escapeForLine(reason) << '\n';
    }
    m_out.flush();
    requestCheck();
}

// Signals arrive in bursts (a task finishing, the batch flush, idle); decide once after them.
void HeadlessRunner::requestCheck()
{
    if (m_checkQueued || m_finished)
        return;
    m_checkQueued = true;
    QMetaObject::invokeMethod(this, &HeadlessRunner::checkDone, Qt::QueuedConnection);
}

void HeadlessRunner::checkDone()
{
    m_checkQueued = false;
    if (m_finished || !m_started || !m_addedSeen || !m_scheduler->isIdle() || m_keepRunning)
        return;
    const QList<TaskId> ids = m_scheduler->taskIds();
    for (TaskId id : ids)
        report(id);
    for (TaskId id : ids) {
        const UploadTask *task = m_scheduler->task(id);
        // Headless never pauses; a task still waiting (e.g. a retry timer) means not done yet.
        if (task && task->state() != TaskState::Success && task->state() != TaskState::Error)
            return;
    }
    finish();
}

void HeadlessRunner::printProgress(bool final)
{
    const SchedulerTotals totals = m_scheduler->totals();
    const int total = m_scheduler->taskCount();
    const int done = totals.count(TaskState::Success) + totals.count(TaskState::Error);
    QString line;
    if (final) {
        const double seconds = qMax<qint64>(1, m_clock.elapsed()) / 1000.0;
        // What arrived in full; bytes of files that failed half-way do not count.
        qint64 bytes = 0;
        for (TaskId id : m_scheduler->taskIds()) {
            const UploadTask *task = m_scheduler->task(id);
            if (task && task->state() == TaskState::Success)
                bytes += task->size();
        }
        const QString time = QString::number(seconds, 'f', 1);
        line =
            m_failed > 0
                ? tr("hoist: %1 of %n file(s) uploaded (%2 verified), %3 failed, %4 in %5 s",
                     nullptr, total)
                      .arg(m_succeeded)
                      .arg(m_verified)
                      .arg(m_failed)
                      .arg(formatSize(bytes), time)
                : tr("hoist: %1 of %n file(s) uploaded (%2 verified), %3 in %4 s", nullptr, total)
                      .arg(m_succeeded)
                      .arg(m_verified)
                      .arg(formatSize(bytes), time);
        if (bytes > 0)
            line += QStringLiteral(" (%1)").arg(formatSpeed(double(bytes) / seconds));
        if (m_retried > 0)
            line += tr("; %n failed upload(s) retried", nullptr, m_retried);
    } else {
        if (total == 0 || (m_keepRunning && m_scheduler->isIdle()))
            return;
        line = tr("hoist: %1/%2 files, %3 of %4")
                   .arg(done)
                   .arg(total)
                   .arg(formatSize(totals.bytesDone), formatSize(totals.bytesTotal));
        const QString speed = formatSpeed(totals.bytesPerSecond);
        if (!speed.isEmpty())
            line += QStringLiteral(", ") + speed;
    }
    if (m_terminal) {
        const int width = int(line.size());
        m_err << '\r' << line;
        if (width < m_lastProgressWidth)
            m_err << QString(m_lastProgressWidth - width, QLatin1Char(' '));
        m_lastProgressWidth = final ? 0 : width;
        if (final)
            m_err << '\n';
    } else {
        m_err << line << '\n';
    }
    m_err.flush();
}

void HeadlessRunner::finish()
{
    m_finished = true;
    m_progressTimer.stop();
    if (m_reported.isEmpty())
        m_err << tr("hoist: nothing to upload (no files found)") << '\n';
    else
        printProgress(true);
    m_err.flush();
    if (m_scheduler->autoConcurrency()) {
        const QUrl endpoint = m_scheduler->endpoint();
        qCInfo(lcConcurrency).noquote() << QStringLiteral("auto reached %1 (max %2) for %3")
                                               .arg(m_scheduler->concurrencyLevelFor(endpoint))
                                               .arg(m_scheduler->concurrencyLevelPeakFor(endpoint))
                                               .arg(NetworkPool::serverOf(endpoint));
    }
    m_exitCode = m_failed > 0 ? ExitFailure : ExitSuccess;
    Q_EMIT finished(m_exitCode);
}
