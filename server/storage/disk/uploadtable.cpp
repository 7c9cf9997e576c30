#include "uploadtable.h"

const UploadRecord *UploadTable::find(const QString &id) const
{
    const auto it = m_records.constFind(id);
    return it == m_records.cend() ? nullptr : &*it;
}

void UploadTable::put(const UploadRecord &record)
{
    const auto it = m_records.find(record.id);
    if (it != m_records.end()) {
        unindex(*it);
        *it = record;
    } else {
        m_records.insert(record.id, record);
    }
    index(record);
}

UploadRecord UploadTable::take(const QString &id)
{
    const auto it = m_records.find(id);
    if (it == m_records.end())
        return {};
    unindex(*it);
    UploadRecord out = std::move(*it);
    m_records.erase(it);
    return out;
}

QStringList UploadTable::withContent(const QByteArray &digest) const
{
    return m_byContent.values(digest);
}

QString UploadTable::finalOf(const QStringList &parts, const QString &owner) const
{
    for (const UploadRecord &r : m_records) {
        if (r.concat == UploadRecord::Concat::Final && r.owner == owner && r.parts == parts)
            return r.id;
    }
    return {};
}

QStringList UploadTable::expiredBy(const QDateTime &now, int max) const
{
    return upTo(m_byExpiry, now.toMSecsSinceEpoch(), max);
}

QStringList UploadTable::finishedBefore(const QDateTime &time, int max) const
{
    return upTo(m_byFinish, time.toMSecsSinceEpoch() - 1, max);
}

QStringList UploadTable::upTo(const TimeIndex &index, qint64 last, int max)
{
    QStringList out;
    for (auto it = index.begin(); it != index.end() && it->first <= last && out.size() < max; ++it)
        out << it->second;
    return out;
}

void UploadTable::index(const UploadRecord &r)
{
    if (!r.namedPath.isEmpty())
        ++m_namedUsers[r.namedPath];
    ++m_owned[r.owner];
    if (r.isFinished()) {
        ++m_finishedCount;
        if (!r.contentHash.isEmpty())
            m_byContent.insert(r.contentHash, r.id);
        if (r.finished.isValid())
            m_byFinish.emplace(r.finished.toMSecsSinceEpoch(), r.id);
    } else {
        ++m_unfinished[r.owner];
        if (r.expires.isValid())
            m_byExpiry.emplace(r.expires.toMSecsSinceEpoch(), r.id);
    }
}

void UploadTable::unindex(const UploadRecord &r)
{
    if (!r.namedPath.isEmpty()) {
        const auto users = m_namedUsers.find(r.namedPath);
        if (users != m_namedUsers.end() && --*users <= 0)
            m_namedUsers.erase(users);
    }
    const auto owned = m_owned.find(r.owner);
    if (owned != m_owned.end() && --*owned <= 0)
        m_owned.erase(owned);
    if (r.isFinished()) {
        --m_finishedCount;
        if (!r.contentHash.isEmpty())
            m_byContent.remove(r.contentHash, r.id);
        if (r.finished.isValid())
            m_byFinish.erase({r.finished.toMSecsSinceEpoch(), r.id});
    } else {
        const auto count = m_unfinished.find(r.owner);
        if (count != m_unfinished.end() && --*count <= 0)
            m_unfinished.erase(count);
        if (r.expires.isValid())
            m_byExpiry.erase({r.expires.toMSecsSinceEpoch(), r.id});
    }
}
