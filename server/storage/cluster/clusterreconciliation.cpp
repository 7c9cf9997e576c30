#include "clusterreconciliation.h"

#include "clusterobjects.h"
#include "pgindex.h"
#include "pgschema.h"
#include "uploadrecord.h"

#include <QDebug>

namespace {
bool olderThan(const QString &iso, const QDateTime &cutoff)
{
    const QDateTime at = QDateTime::fromString(iso, Qt::ISODateWithMs);
    return at.isValid() && at <= cutoff;
}
} // namespace

ClusterReconciliation::ClusterReconciliation(PgIndex &index, S3Bucket &bucket,
                                             const ClusterObjects &objects)
    : m_index(index)
    , m_bucket(bucket)
    , m_objects(objects)
{
}

int ClusterReconciliation::run(std::chrono::seconds grace)
{
    PgAdvisoryLock lock(m_index.pool(), PgSchema::ReconcileLock);
    PgError error;
    if (!lock.tryLock(&error))
        return 0;
    const QDateTime cutoff = QDateTime::currentDateTimeUtc().addSecs(-grace.count());
    int removed = 0;

    // Multipart uploads begun before the grace that no upload's record names: a create whose
    // id was never recorded, or an upload removed while its abort failed.
    QString keyMarker;
    QString idMarker;
    do {
        const auto page =
            m_bucket.listMultipartUploads(m_objects.objectKey({}), keyMarker, idMarker);
        if (!page.ok()) {
            qWarning().noquote() << page.error->toString();
            return removed;
        }
        QHash<QString, QString> keyOf;
        for (const auto &u : page.value.uploads) {
            if (olderThan(u.initiated, cutoff))
                keyOf.insert(u.uploadId, u.key);
        }
        const QStringList unknown =
            keyOf.isEmpty() ? QStringList()
                            : m_index.uploads().unknownMultipartIds(keyOf.keys(), &error);
        if (error)
            return removed;
        for (const QString &id : unknown) {
            const auto aborted = m_bucket.abortMultipartUpload(keyOf.value(id), id);
            if (aborted.ok() || aborted.error->isNotFound())
                ++removed;
        }
        keyMarker = page.value.nextKeyMarker;
        idMarker = page.value.nextUploadIdMarker;
    } while (!keyMarker.isEmpty() || !idMarker.isEmpty());

    // Tail objects no record names: left by a fenced or failed commit.
    QString token;
    do {
        const auto page = m_bucket.listObjects(m_objects.tailsPrefix(), token);
        if (!page.ok()) {
            qWarning().noquote() << page.error->toString();
            return removed;
        }
        QStringList old;
        for (const auto &o : page.value.objects) {
            if (olderThan(o.lastModified, cutoff))
                old.append(o.key);
        }
        const QStringList unknown =
            old.isEmpty() ? QStringList() : m_index.uploads().unknownTailKeys(old, &error);
        if (error)
            return removed;
        if (!unknown.isEmpty()) {
            const auto deleted = m_bucket.deleteObjects(unknown);
            if (deleted.ok())
                removed += int(unknown.size() - deleted.value.size());
        }
        token = page.value.nextToken;
    } while (!token.isEmpty());
    return removed + strayObjects(cutoff);
}

int ClusterReconciliation::strayObjects(const QDateTime &cutoff)
{
    const QString prefix = m_objects.objectKey({});
    int removed = 0;
    for (int pages = 0; pages < ObjectPagesPerPass; ++pages) {
        const auto page = m_bucket.listObjects(prefix, m_objectsToken);
        if (!page.ok()) {
            qWarning().noquote() << page.error->toString();
            m_objectsToken.clear(); // a token the store no longer takes: the start, next time
            return removed;
        }
        QStringList old;
        for (const auto &o : page.value.objects) {
            const QStringView name = QStringView(o.key).mid(prefix.size());
            if (UploadRecord::isId(name) && olderThan(o.lastModified, cutoff))
                old.append(name.toString());
        }
        PgError error;
        const QStringList unknown =
            old.isEmpty() ? QStringList() : m_index.uploads().unknownIds(old, &error);
        if (error)
            return removed;
        if (!unknown.isEmpty()) {
            QStringList keys;
            for (const QString &id : unknown)
                keys.append(m_objects.objectKey(id));
            const auto deleted = m_bucket.deleteObjects(keys);
            if (deleted.ok())
                removed += int(keys.size() - deleted.value.size());
        }
        m_objectsToken = page.value.nextToken;
        if (m_objectsToken.isEmpty())
            break; // the end: the next pass starts again
    }
    return removed;
}
