#include "clusterpartuploads.h"

#include <QDeadlineTimer>
#include <QFile>

namespace {
constexpr std::chrono::hours Forever{24};
} // namespace

ClusterPartUploads::ClusterPartUploads(Upload upload, int maxInFlight, QThreadPool &senders)
    : m_upload(std::move(upload))
    , m_maxInFlight(qMax(1, maxInFlight))
    , m_senders(senders)
{
}

ClusterPartUploads::~ClusterPartUploads()
{
    waitForAll(Forever);
}

bool ClusterPartUploads::waitForSlot(std::chrono::milliseconds timeout)
{
    QDeadlineTimer deadline(timeout);
    QMutexLocker locked(&m_mutex);
    while (m_inFlight >= m_maxInFlight) {
        if (!m_answered.wait(&m_mutex, deadline))
            return m_inFlight < m_maxInFlight;
    }
    return true;
}

bool ClusterPartUploads::waitForAll(std::chrono::milliseconds timeout)
{
    QDeadlineTimer deadline(timeout);
    QMutexLocker locked(&m_mutex);
    while (m_inFlight > 0) {
        if (!m_answered.wait(&m_mutex, deadline))
            return m_inFlight == 0;
    }
    return true;
}

void ClusterPartUploads::start(Part part)
{
    {
        QMutexLocker locked(&m_mutex);
        m_entries.append({part.part, false, std::nullopt});
        ++m_inFlight;
    }
    m_senders.start([this, part = std::move(part)] { send(part); });
}

void ClusterPartUploads::send(Part part)
{
    StoreFailure why;
    const auto etag = m_upload(part, &why);
    QFile::remove(part.path);
    QMutexLocker locked(&m_mutex);
    for (Entry &entry : m_entries) {
        if (entry.part.number != part.part.number)
            continue;
        entry.answered = true;
        if (etag)
            entry.part.etag = QString::fromLatin1(*etag);
        else
            entry.failure = why;
        break;
    }
    --m_inFlight;
    m_answered.wakeAll();
}

QList<PgPart> ClusterPartUploads::takeUploaded()
{
    QMutexLocker locked(&m_mutex);
    QList<PgPart> out;
    while (!m_entries.isEmpty() && m_entries.first().answered && !m_entries.first().failure)
        out.append(m_entries.takeFirst().part);
    return out;
}

std::optional<StoreFailure> ClusterPartUploads::failure() const
{
    QMutexLocker locked(&m_mutex);
    for (const Entry &entry : m_entries) {
        if (entry.failure)
            return entry.failure;
    }
    return std::nullopt;
}

void ClusterPartUploads::discard()
{
    waitForAll(Forever);
    QMutexLocker locked(&m_mutex);
    m_entries.clear();
}

int ClusterPartUploads::inFlight() const
{
    QMutexLocker locked(&m_mutex);
    return m_inFlight;
}
