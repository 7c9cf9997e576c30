#include "clusteruploadsource.h"

#include "clusterfailure.h"
#include "s3bucket.h"

#include <QDebug>

#include <cstring>

namespace {
qint64 lengthOf(const QList<ClusterUploadSource::Piece> &pieces)
{
    qint64 length = 0;
    for (const auto &piece : pieces)
        length += piece.length;
    return length;
}
} // namespace

ClusterUploadSource::ClusterUploadSource(S3Bucket &bucket, QString key, qint64 length)
    : m_bucket(bucket)
    , m_pieces{{std::move(key), length}}
    , m_length(length)
{
}

ClusterUploadSource::ClusterUploadSource(S3Bucket &bucket, QList<Piece> pieces)
    : m_bucket(bucket)
    , m_pieces(std::move(pieces))
    , m_length(lengthOf(m_pieces))
{
}

bool ClusterUploadSource::open(StoreFailure *failure)
{
    if (m_pieces.size() != 1)
        return true; // each piece's GET says whether it is there
    const QString &key = m_pieces.constFirst().key;
    std::optional<S3BucketError> error;
    qint64 size = -1;
    if (m_length <= Window) {
        auto whole = m_bucket.getObject(key, 0, -1, Window);
        error = whole.error;
        size = whole.value.size();
        m_window = std::move(whole.value);
        m_windowAt = 0;
    } else {
        const auto head = m_bucket.headObject(key);
        error = head.error;
        size = head.value.size;
    }
    if (error && !error->isNotFound()) {
        if (failure)
            *failure = storeFailureOf(*error);
        return false;
    }
    if (error || size != m_length) {
        m_window.clear();
        if (failure)
            *failure =
                StoreFailure::storage(QStringLiteral("the object %1 is not there with its %2 bytes")
                                          .arg(key)
                                          .arg(m_length));
        return false;
    }
    return true;
}

bool ClusterUploadSource::fill(qint64 offset)
{
    // The piece holding `offset`; a window never spans two pieces.
    qint64 start = 0;
    int i = 0;
    while (i + 1 < m_pieces.size() && offset >= start + m_pieces.at(i).length)
        start += m_pieces.at(i++).length;
    const Piece &piece = m_pieces.at(i);
    const qint64 want = qMin(Window, start + piece.length - offset);
    if (want <= 0)
        return false;
    const auto got = m_bucket.getObject(piece.key, offset - start, want, want);
    if (!got.ok() || got.value.size() != want) {
        if (!got.ok())
            qWarning().noquote() << got.error->toString();
        return false;
    }
    m_window = got.value;
    m_windowAt = offset;
    return true;
}

qint64 ClusterUploadSource::read(qint64 offset, char *data, qint64 size)
{
    if (offset < 0 || size < 0)
        return -1;
    qint64 done = 0;
    while (done < size && offset + done < m_length) {
        const qint64 at = offset + done;
        if (at < m_windowAt || at >= m_windowAt + m_window.size()) {
            if (!fill(at))
                return done > 0 ? done : -1;
        }
        const qint64 n = qMin(size - done, m_windowAt + m_window.size() - at);
        std::memcpy(data + done, m_window.constData() + (at - m_windowAt), size_t(n));
        done += n;
    }
    return done;
}
