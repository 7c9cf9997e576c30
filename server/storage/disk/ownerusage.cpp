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

qint64 OwnerUsage::reserve(const UploadRecord &r, qint64 wanted, qint64 quota)
{
    if (quota == UploadStore::NoQuota)
        return wanted;
    const qint64 granted = qBound<qint64>(0, quota - of(r.owner), wanted);
    m_growth.insert(r.id, qMax(cost(r), r.offset + granted));
    return granted;
}
