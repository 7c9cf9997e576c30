#pragma once

#include "batchoutcome.h"
#include "uploadtypes.h"

#include <QHash>
#include <QObject>

#include <functional>

class UploadScheduler;
class UploadTask;

// Tells when a batch of uploads is over: the queue went from busy to idle (nothing uploading or
// waiting) with uploads finished since it was last idle. Each upload counts once per batch, as it
// last ended (one that failed, was retried and then succeeded is one success). Costs one hash
// entry (with its path) per finished upload; nothing walks the queue.
class BatchWatcher final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(BatchWatcher)
public:
    explicit BatchWatcher(UploadScheduler *scheduler, QObject *parent = nullptr);

    // Tells which uploads a watched folder queued (WatchService::owns), counted in
    // BatchOutcome::watched; none without it.
    using WatchedTest = std::function<bool(const UploadTask &)>;
    void setWatchedTest(WatchedTest test) { m_isWatched = std::move(test); }

    // A sentence for a notification: "42 uploads finished", "40 finished, 2 failed".
    static QString describe(int succeeded, int failed);

Q_SIGNALS:
    void batchFinished(int succeeded, int failed);
    // The same batch, its files by name (for a command run after it): right after batchFinished.
    void batchEnded(const BatchOutcome &outcome);

private:
    void onFinished(TaskId id);
    void onIdle();

    UploadScheduler *m_scheduler;
    struct Ended {
        bool succeeded = false;
        bool watched = false;
        quint64 order = 0; // when it last ended
        QString path;
    };
    QHash<TaskId, Ended> m_ended; // of this batch
    quint64 m_nextOrder = 0;
    WatchedTest m_isWatched;
};
