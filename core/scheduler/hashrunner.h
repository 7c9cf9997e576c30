#pragma once

#include "filehasher.h"
#include "uploadtypes.h"

#include <QHash>
#include <QObject>

#include <memory>

// Files' SHA-256, one job per task, each on a worker thread (QtConcurrent), so that reading a
// large file never holds up the thread that drives the uploads. Results come back on the
// runner's thread through finished(); a job stopped or replaced meanwhile reports nothing.
class HashRunner final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(HashRunner)
public:
    explicit HashRunner(QObject *parent = nullptr);
    // Every job still running is told to stop within one block; none reports.
    ~HashRunner() override;

    // Hashes `path`, which must be `size` bytes; replaces a job of the same task.
    void start(TaskId id, const QString &path, qint64 size);
    void stop(TaskId id);
    bool isRunning(TaskId id) const { return m_jobs.contains(id); }
    // Bytes of the task's file hashed so far (0 when no job runs for it).
    qint64 hashedBytes(TaskId id) const;

Q_SIGNALS:
    void finished(TaskId id, const FileHash &hash);

private:
    QHash<TaskId, std::shared_ptr<FileHashControl>> m_jobs;
};
