#pragma once

#include "uploadtypes.h"

#include <QElapsedTimer>
#include <QHash>
#include <QObject>
#include <QSet>
#include <QStringList>
#include <QTimer>
#include <QUrl>

class QTextStream;
class UploadScheduler;
class UploadTask;
struct DuplicateReport;

// Runs an upload without a window: queues paths on the scheduler, writes one result line per
// file on `out` as it ends (success<TAB>path<TAB>upload URL, or error<TAB>path<TAB>reason) and a
// compact progress line on `err`. Emits finished() once, when nothing is left to do:
// exit code 0 when every file arrived, 1 when any failed. A path already in the queue (listed
// twice, or queued by an earlier run with the same --state-dir) is not added again: its one
// task's result line stands for it, and `err` says how many were skipped. A path whose every
// upload failed is retried instead (UploadScheduler's duplicate check), and said so.
class HeadlessRunner final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(HeadlessRunner)
public:
    HeadlessRunner(UploadScheduler *scheduler, QTextStream &out, QTextStream &err,
                   QObject *parent = nullptr);

    // On a terminal progress rewrites one line with \r; otherwise it prints plain lines, rarely.
    void setTerminal(bool terminal) { m_terminal = terminal; }
    void setProgressInterval(int ms);
    void start(const QStringList &paths);
    // Watching folders: never finished by running out of work (only by a signal to stop), and
    // quiet while idle.
    void setKeepRunning(bool on) { m_keepRunning = on; }

    bool isFinished() const { return m_finished; }
    int exitCode() const { return m_exitCode; }
    int succeeded() const { return m_succeeded; }
    // Of those, the ones whose copy on the server was shown to match the file.
    int verified() const { return m_verified; }
    int failed() const { return m_failed; }
    // Failed uploads of the queue started again (--retry-failed) before start(): the summary
    // counts them.
    void noteRetried(int count) { m_retried += count; }

    // What a success line names: the upload's URL, or an S3 upload's object URL.
    static QUrl whereStored(const UploadTask &task);

Q_SIGNALS:
    void finished(int exitCode);

private:
    void report(TaskId id);
    void reportDuplicates(const DuplicateReport &report);
    void onServerAskedToWait(const QUrl &endpoint, const QString &reason, qint64 retryAtMs);
    // A line of its own on `err` (clearing a terminal's progress line first).
    void printLine(const QString &line);
    void requestCheck();
    void checkDone();
    void printProgress(bool final);
    void finish();

    UploadScheduler *m_scheduler;
    QTextStream &m_out;
    QTextStream &m_err;
    bool m_terminal = false;
    bool m_keepRunning = false;
    bool m_started = false;
    bool m_addedSeen = false;
    bool m_checkQueued = false;
    bool m_finished = false;
    int m_exitCode = 0;
    int m_succeeded = 0;
    int m_verified = 0;
    int m_failed = 0;
    int m_retried = 0; // failed uploads started again: given again, or --retry-failed
    int m_lastProgressWidth = 0;
    QSet<TaskId> m_reported;
    QHash<QString, qint64> m_waitSaid; // server and reason -> when said (m_clock ms)
    QTimer m_progressTimer;
    QElapsedTimer m_clock;
};
