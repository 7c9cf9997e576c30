#include "uploadtask.h"

#include "filehasher.h"
#include "transfer.h"

UploadTask::UploadTask(TaskId id, QString path, QString displayName, qint64 size,
                       qint64 modifiedMs, QUrl endpoint, Priority priority, qint64 chunkSize)
    : m_id(id)
    , m_path(std::move(path))
    , m_displayName(std::move(displayName))
    , m_size(size)
    , m_modifiedMs(modifiedMs)
    , m_endpoint(std::move(endpoint))
    , m_priority(priority)
    , m_chunks(size, chunkSize)
{
}

UploadTask::~UploadTask()
{
    // The scheduler stops transfers before it drops a task; this only guards a shutdown.
    if (m_transfer) {
        m_transfer->disconnect();
        m_transfer->abort();
        m_transfer->deleteLater();
    }
    if (m_hashControl)
        m_hashControl->cancel = true;
}

qint64 UploadTask::secondsLeft() const
{
    if (m_state != TaskState::Uploading || m_speed <= 0)
        return -1;
    return qint64(double(m_size - m_shown) / m_speed + 0.5);
}
