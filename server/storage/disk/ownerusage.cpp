#include "ownerusage.h"

#include "uploadstore.h"
#include "uploadtable.h"

#include <QDateTime>

OwnerUsage::OwnerUsage(const UploadTable &uploads, const QSet<QString> &doomed)
    : m_uploads(uploads)
    , m_doomed(doomed)
{
}

qint64 OwnerUsage::cost(const UploadRecord &r) const
{
    return r.lengthDeferred() ? qMax(r.offset, m_growth.value(r.id, 0)) : r.length;
}

qint64 OwnerUsage::of(const QString &owner) const
{
    const QDateTime now = QDateTime::currentDateTimeUtc();
    qint64 used = 0;
    for (const UploadRecord &r : m_uploads.all()) {
        if (r.owner == owner && !m_doomed.contains(r.id) && !r.isExpired(now))
            used += cost(r);
    }
    return used;
}

bool OwnerUsage::refuses(const QString &owner, qint64 length, const UploadStore::Limits &limits,
                         UploadStore::Refusal *refusal) const
{
    if (limits.maxUnfinished != UploadStore::NoLimit && length != 0
        && m_uploads.unfinished(owner) >= limits.maxUnfinished) {
        refusal->unfinished = m_uploads.unfinished(owner);
        return true;
    }
    if (limits.maxUploads != UploadStore::NoLimit && m_uploads.owned(owner) >= limits.maxUploads) {
        refusal->uploads = m_uploads.owned(owner);
        return true;
    }
    // Without a quota there is nothing to add up (a walk over every upload per creation).
    if (limits.quota == UploadStore::NoQuota)
        return false;
    const qint64 used = of(owner);
    if (used + qMax<qint64>(0, length) <= limits.quota)
        return false;
    refusal->inUse = used;
    return true;
}

qint64 OwnerUsage::reserve(const UploadRecord &r, qint64 wanted, qint64 quota)
{
    if (quota == UploadStore::NoQuota)
        return wanted;
    const qint64 granted = qBound<qint64>(0, quota - of(r.owner), wanted);
    m_growth.insert(r.id, qMax(cost(r), r.offset + granted));
    return granted;
}
