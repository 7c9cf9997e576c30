#include "uploadtable.h"

const UploadRecord *UploadTable::find(const QString &id) const {
    const auto it = m_records.constFind(id);
    return it == m_records.cend() ? nullptr : &*it;
}

void UploadTable::put(const UploadRecord &record) {
    const auto it = m_records.find(record.id);
    if (it != m_records.end()) {
        unindex(*it);
        *it = record;
    } else {
        m_records.insert(record.id, record);
    }
    index(record);
}

UploadRecord UploadTable::take(const QString &id) {
    const auto it = m_records.find(id);
    if (it == m_records.end())
        return {};
    unindex(*it);
    UploadRecord out = std::move(*it);
    m_records.erase(it);
    return out;
}

QStringList UploadTable::withContent(const QByteArray &digest) const {
    return m_byContent.values(digest);
}

void UploadTable::index(const UploadRecord &r) {
    if (r.isFinished() && !r.contentHash.isEmpty())
        m_byContent.insert(r.contentHash, r.id);
}

void UploadTable::unindex(const UploadRecord &r) {
    if (!r.contentHash.isEmpty())
        m_byContent.remove(r.contentHash, r.id);
}
