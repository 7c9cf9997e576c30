#pragma once

#include "filerecheck.h"
#include "retrypolicy.h"
#include "serverhealth.h"
#include "transfer.h"
#include "uploadtypes.h"

#include <QObject>
#include <QSet>
#include <QTimer>

#include <memory>
#include <random>
#include <vector>

class AnswerWaits;
class Clock;
class TaskControl;
class UploadTask;

// What happens when an upload fails, and when a person retries. A failure is transient (the
// server did not answer, or answered "not now") or permanent (401/403/404/410/413, a file error,
// a changed file). Permanent ones fail the upload at once with their cause. Transient ones never
// end an upload by their count: it waits, for its server to answer again when it could not be
// reached (ServerHealth: one probe per server, not one per upload), else for its own back-off with
// full jitter up to the policy's cap, until RetryPolicy::giveUpAfter passes without progress.
// A server that answers "later" (507: its disk is full; 429 or S3's SlowDown; a 5xx with
// Retry-After) is never given up: its uploads wait, honouring Retry-After, until it takes them.
// Retry (of a selection, of all failed) and Resume all start failed uploads again; a file that
// changed or could not be read is read again first, off the GUI thread.
// It changes tasks only through TaskControl, and reads time from one Clock: the engine's.
class FailureHandler final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(FailureHandler)
public:
    FailureHandler(TaskControl *tasks, TransferProtocol *protocol,
                   ServerHealth::HeadersFor headersFor, Clock *clock, const FileRecheck *recheck,
                   QObject *parent = nullptr);
    ~FailureHandler() override;

    // The engine's clock (not owned), handed on to ServerHealth.
    void setClock(Clock *clock);
    Clock *clock() const { return m_clock; }
    // Wall time as retries are timed (ms since the epoch).
    qint64 nowMs() const;
    void setPolicy(const RetryPolicy &policy);
    const RetryPolicy &policy() const { return m_policy; }
    ServerHealth *serverHealth() const { return m_health; }
    // The uploads waiting for a person's answer to a question their attempt met.
    AnswerWaits *answerWaits() const { return m_answers.get(); }

    // What becomes of an upload whose attempt failed with `error`.
    enum class Verdict { Fail, WaitForServer, RetryLater, WaitForAnswer };
    struct Judgement {
        Verdict verdict = Verdict::Fail;
        TransferError error;  // Fail: the cause as the upload keeps it
        qint64 retryAtMs = 0; // RetryLater: when it may start again (wall ms)
        QString note;         // RetryLater: what its row says meanwhile
    };
    // Counts the failure on `task` (its retries, since when it is stuck) and decides; a server
    // that did not answer is marked down. Changes nothing else.
    Judgement judge(UploadTask *task, const TransferError &error);
    // The task's attempt failed (its transfer is stopped): it waits or fails, as judged.
    void transferFailed(UploadTask *task, const TransferError &error);
    // Fails the task with `error` (from Waiting or Uploading).
    void fail(UploadTask *task, const TransferError &error);
    // Bytes moved for the task: a later failure starts its back-off (and its server's) afresh,
    // and the time without progress that gives an upload up starts again.
    void progressed(UploadTask *task);

    // Failed uploads in `ids` start again; returns how many were failed. Those in `reread`
    // (files that changed since) start afresh with what their file holds now, as those that
    // failed for their file do.
    int retryFailed(const QList<TaskId> &ids, const QSet<TaskId> &reread = {});
    int retryAllFailed();
    // Retries what failed for a transient cause; wakes the servers down either way.
    // Returns how many started again.
    int retryTransient();
    // Servers down are asked now.
    void wake();

    // Whether uploads to `endpoint` wait for their server.
    bool serverDown(const QUrl &endpoint) const;
    // The outage record of a lane's server (ServerHealth::recordFor), shared by its tasks.
    const std::shared_ptr<const ServerOutage> &outageOfLane(int lane, const QUrl &endpoint);
    // Wakes the scheduler at `earliestMs` (wall ms; 0: no task waits for a time).
    void armRetryTimer(qint64 earliestMs);

    // What a waiting row says of `error` before " · next try": "Server's disk is full".
    static QString waitReason(const TransferError &error);

Q_SIGNALS:
    // An upload to `endpoint` waits because its server said "later" (TransferError::
    // serverAsksToWait): `reason` as its row says it, its next try at `retryAtMs` (wall ms).
    void serverAskedToWait(const QUrl &endpoint, const QString &reason, qint64 retryAtMs);

private:
    void onRechecked(TaskId id, const FileRecheck::Result &file);
    // Ends the uploads waiting for `endpoint`'s server, given up.
    void onServerGivenUp(const QUrl &endpoint, const TrText &message);
    // Uploads in flight stop and wait to start again at once, from the server's offset (the
    // network changed: their connections are closed under them).
    void restartRunning();

    TaskControl *m_tasks;
    const FileRecheck *m_recheck;
    Clock *m_clock;
    ServerHealth *m_health;
    std::unique_ptr<AnswerWaits> m_answers;
    RetryPolicy m_policy;
    std::mt19937 m_random;
    QTimer m_retryTimer;
    std::vector<std::shared_ptr<const ServerOutage>> m_laneOutages; // by lane
};
