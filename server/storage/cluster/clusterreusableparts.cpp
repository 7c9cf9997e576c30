#include "clusterreusableparts.h"

void ClusterReusableParts::keep(const QString &id, Run run)
{
    if (run.parts.isEmpty())
        return;
    QMutexLocker lock(&m_mutex);
    if (m_runs.contains(id))
        m_order.removeOne(id);
    else if (m_runs.size() >= MaxUploads)
        m_runs.remove(m_order.takeFirst());
    m_runs.insert(id, std::move(run));
    m_order.append(id);
}

std::optional<ClusterReusableParts::Run> ClusterReusableParts::take(const PgUpload &upload,
                                                                    qint64 partsEnd)
{
    QMutexLocker lock(&m_mutex);
    const auto found = m_runs.find(upload.record.id);
    if (found == m_runs.end())
        return std::nullopt;
    Run run = std::move(*found);
    m_runs.erase(found);
    m_order.removeOne(upload.record.id);
    lock.unlock();
    if (run.multipartId != upload.multipartId || run.nextPart != upload.nextPart
        || run.start != partsEnd)
        return std::nullopt;
    return run;
}

int ClusterReusableParts::size() const
{
    QMutexLocker lock(&m_mutex);
    return int(m_runs.size());
}
