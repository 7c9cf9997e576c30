#include "clusterstrayparts.h"

#include <QCryptographicHash>
#include <QDebug>

#include <algorithm>

namespace {
QByteArray unquoted(QByteArray etag)
{
    return etag.replace('"', QByteArray()).toLower();
}

bool warned(const S3BucketError &error)
{
    qWarning().noquote() << error.toString();
    return false;
}
} // namespace

ClusterStrayParts::ClusterStrayParts(S3Bucket &bucket, QList<PgPart> recorded, int nextPart)
    : m_bucket(bucket)
    , m_recorded(std::move(recorded))
{
    int at = 0;
    for (int n = 1; n < nextPart; ++n) {
        while (at < m_recorded.size() && m_recorded.at(at).number < n)
            ++at;
        if (at == m_recorded.size() || m_recorded.at(at).number != n)
            m_unrecorded.append(n);
    }
    m_fillEtag =
        '"' + QCryptographicHash::hash(QByteArray(FillBytes, '\0'), QCryptographicHash::Md5).toHex()
        + '"';
}

bool ClusterStrayParts::mayBeStray(const S3BucketError &error)
{
    // RGW: InvalidPart when the parts listed are not the parts it holds; EntityTooSmall when a
    // part it holds (a cut one) is below 5 MiB and not the last.
    return error.isRefused()
           && (error.code == QLatin1String("InvalidPart")
               || error.code == QLatin1String("EntityTooSmall"));
}

QList<S3Bucket::Part> ClusterStrayParts::assembly() const
{
    QList<S3Bucket::Part> out;
    for (const PgPart &p : m_recorded)
        out.append({p.number, p.etag.toLatin1()});
    for (const int n : m_unrecorded)
        out.append({n, m_fillEtag});
    std::sort(out.begin(), out.end(),
              [](const S3Bucket::Part &a, const S3Bucket::Part &b) { return a.number < b.number; });
    return out;
}

qint64 ClusterStrayParts::assembledSize() const
{
    qint64 out = FillBytes * m_unrecorded.size();
    for (const PgPart &p : m_recorded)
        out += p.size;
    return out;
}

bool ClusterStrayParts::complete(const QString &key, const QString &uploadId,
                                 const S3Bucket::ObjectMeta &meta) const
{
    if (m_unrecorded.isEmpty() || m_recorded.isEmpty())
        return false; // nothing to overwrite: the refusal is not a stray part's
    if (m_recorded.last().number < m_unrecorded.last() && m_recorded.last().size < FillBytes) {
        // A small last part with a number after it: never made (the last part is allocated
        // last), and no completion can list it.
        qWarning().noquote() << QStringLiteral("cannot complete %1: part %2 is unrecorded after "
                                               "the small last part")
                                    .arg(key)
                                    .arg(m_unrecorded.last());
        return false;
    }
    const QByteArray zeros(FillBytes, '\0');
    QList<S3Bucket::Part> parts = assembly();
    for (S3Bucket::Part &part : parts) {
        if (!m_unrecorded.contains(part.number))
            continue;
        const auto filled =
            m_bucket.uploadPart(key, uploadId, part.number, S3Body::fromBytes(zeros));
        if (!filled.ok())
            return warned(*filled.error);
        part.etag = filled.value; // as S3 says it (the same MD5, unless it encrypts)
    }
    const auto done = m_bucket.completeMultipartUpload(key, uploadId, parts);
    if (!done.ok())
        return warned(*done.error); // a late part landed meanwhile, most likely: next attempt
    return trim(key, meta);
}

bool ClusterStrayParts::isAssembled(const S3Bucket::ObjectInfo &info) const
{
    if (m_unrecorded.isEmpty() || info.size != assembledSize())
        return false;
    return info.etag.isEmpty() || info.etag == S3Bucket::multipartEtag(assembly());
}

bool ClusterStrayParts::trim(const QString &key, const S3Bucket::ObjectMeta &meta) const
{
    const auto begun = m_bucket.createMultipartUpload(key, meta);
    if (!begun.ok())
        return warned(*begun.error);
    QList<S3Bucket::Part> parts;
    qint64 at = 0; // where the next part's bytes start in the assembled object
    int next = 0;  // in m_recorded
    for (const S3Bucket::Part &part : assembly()) {
        if (next == m_recorded.size() || part.number != m_recorded.at(next).number) {
            at += FillBytes;
            continue;
        }
        const PgPart &p = m_recorded.at(next++);
        const auto copied =
            m_bucket.uploadPartCopy(key, begun.value, int(parts.size()) + 1, key, at, p.size);
        at += p.size;
        // The copy's ETag is its bytes' MD5, as the part's was: not the same, not those bytes.
        if (!copied.ok() || unquoted(copied.value) != unquoted(p.etag.toLatin1())) {
            if (copied.ok())
                qWarning().noquote()
                    << QStringLiteral("cannot trim %1: part %2 copied as %3, recorded as %4")
                           .arg(key)
                           .arg(p.number)
                           .arg(QString::fromLatin1(copied.value), p.etag);
            else
                warned(*copied.error);
            m_bucket.abortMultipartUpload(key, begun.value);
            return false;
        }
        parts.append({int(parts.size()) + 1, copied.value});
    }
    const auto done = m_bucket.completeMultipartUpload(key, begun.value, parts);
    if (!done.ok()) {
        m_bucket.abortMultipartUpload(key, begun.value);
        return warned(*done.error);
    }
    return true;
}
