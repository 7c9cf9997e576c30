#include "hashrunner.h"

#include "offthread.h"

HashRunner::HashRunner(QObject *parent)
    : QObject(parent)
{
}

HashRunner::~HashRunner()
{
    for (const auto &control : std::as_const(m_jobs))
        control->cancel = true;
}

void HashRunner::start(TaskId id, const QString &path, qint64 size)
{
    stop(id);
    auto control = std::make_shared<FileHashControl>();
    m_jobs.insert(id, control);
    runOffThread(
        this, [path, size, control] { return sha256File(path, size, control.get()); },
        [this, id, control](const FileHash &hash) {
            // Stopped or started anew meanwhile: this result is nobody's.
            const auto job = m_jobs.constFind(id);
            if (job == m_jobs.constEnd() || *job != control)
                return;
            m_jobs.erase(job);
            Q_EMIT finished(id, hash);
        });
}

void HashRunner::stop(TaskId id)
{
    // The worker stops within one block; its result is then dropped (its control is not ours).
    if (const auto control = m_jobs.take(id))
        control->cancel = true;
}

qint64 HashRunner::hashedBytes(TaskId id) const
{
    const auto control = m_jobs.value(id);
    return control ? control->hashed.load(std::memory_order_relaxed) : 0;
}
