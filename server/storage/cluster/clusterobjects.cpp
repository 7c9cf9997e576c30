#include "clusterobjects.h"

#include <QDebug>
#include <QRandomGenerator>

namespace {
bool isPrintableAscii(const QByteArray &value)
{
    for (const char c : value) {
        if (c < 0x20 || c > 0x7e)
            return false;
    }
    return true;
}
} // namespace

ClusterObjects::ClusterObjects(S3Bucket &bucket, QString prefix)
    : m_bucket(bucket)
    , m_prefix(prefix.isEmpty() || prefix.endsWith(QLatin1Char('/')) ? prefix
                                                                     : prefix + QLatin1Char('/'))
{
}

QString ClusterObjects::newUploadId()
{
    const auto half = [] {
        return QByteArray::number(QRandomGenerator::system()->generate64(), 16)
            .rightJustified(16, '0');
    };
    return QString::fromLatin1(half() + half());
}

QString ClusterObjects::objectKey(const QString &id) const
{
    return m_prefix + id;
}

QString ClusterObjects::tailsPrefix() const
{
    return m_prefix + QStringLiteral(".hoistd/tails/");
}

QString ClusterObjects::tailKey(const QString &id, qint64 generation, qint64 serial) const
{
    return tailsPrefix() + id + QLatin1Char('.') + QString::number(generation) + QLatin1Char('.')
           + QString::number(serial);
}

S3Bucket::ObjectMeta ClusterObjects::metaOf(const UploadRecord &record)
{
    // tus metadata is "key base64,key base64": kept as it came when S3 can carry it as a header
    // (the protocol layer validated it; a key outside printable ASCII is left out, not mangled).
    S3Bucket::ObjectMeta meta;
    meta.contentType = "application/octet-stream";
    meta.metadata.append({"hoistd-upload", record.id.toLatin1()});
    if (!record.metadata.isEmpty() && isPrintableAscii(record.metadata))
        meta.metadata.append({"tus-metadata", record.metadata});
    return meta;
}

std::optional<S3BucketError> ClusterObjects::putFile(const QString &key, const QString &path,
                                                     qint64 size, const S3Bucket::ObjectMeta &meta)
{
    if (size <= MaxPartBytes) {
        const auto put = m_bucket.putObject(key, S3Body::fromFile(path, 0, size), meta);
        return put.error;
    }
    const auto begun = m_bucket.createMultipartUpload(key, meta);
    if (!begun.ok())
        return begun.error;
    QList<S3Bucket::Part> parts;
    for (qint64 at = 0; at < size; at += MaxPartBytes) {
        const int number = int(parts.size()) + 1;
        const auto part = m_bucket.uploadPart(
            key, begun.value, number, S3Body::fromFile(path, at, qMin(MaxPartBytes, size - at)));
        if (!part.ok()) {
            m_bucket.abortMultipartUpload(key, begun.value);
            return part.error;
        }
        parts.append({number, part.value});
    }
    const auto done = m_bucket.completeMultipartUpload(key, begun.value, parts);
    if (!done.ok())
        m_bucket.abortMultipartUpload(key, begun.value);
    return done.error;
}

bool ClusterObjects::probeConditionalPuts(const QString &instanceId)
{
    const QString key = tailsPrefix() + QStringLiteral("probe.") + instanceId + QLatin1Char('.')
                        + QString::number(QRandomGenerator::global()->generate64(), 16);
    const auto first = m_bucket.putObject(key, S3Body::fromBytes("1"), {}, S3Bucket::Put::IfAbsent);
    if (!first.ok())
        return false;
    const auto second =
        m_bucket.putObject(key, S3Body::fromBytes("2"), {}, S3Bucket::Put::IfAbsent);
    m_bucket.deleteObject(key);
    return !second.ok() && S3Bucket::isNotAbsent(*second.error);
}

void ClusterObjects::drop(const QString &id, const QString &multipartId, const QString &tailKey)
{
    // Best effort: what is left behind (the store unreachable) is the reconciliation's.
    const QString key = objectKey(id);
    if (!multipartId.isEmpty()) {
        const auto aborted = m_bucket.abortMultipartUpload(key, multipartId);
        if (!aborted.ok() && !aborted.error->isNotFound())
            qWarning().noquote() << aborted.error->toString();
    }
    if (!tailKey.isEmpty())
        m_bucket.deleteObject(tailKey);
    m_bucket.deleteObject(key);
}
