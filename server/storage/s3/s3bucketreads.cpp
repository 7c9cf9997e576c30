#include "s3bucket.h"

#include <QLocale>

// S3Bucket's reads: objects (whole, ranged, streamed), their heads, deletion and the listings.

namespace {
// A listing page of 1000 keys of 1024 bytes, XML-escaped, stays well under this.
constexpr qint64 MaxListingBytes = 8 * 1024 * 1024;

template <typename T>
S3Result<T> failed(S3BucketError error)
{
    S3Result<T> result;
    result.error = std::move(error);
    return result;
}

S3BucketError badAnswer(const S3Outcome &outcome, const QString &what, const QString &problem)
{
    S3BucketError error;
    error.kind = S3BucketError::Kind::BadAnswer;
    error.what = what;
    error.status = outcome.reply.status;
    error.message = problem;
    return error;
}

QByteArray rangeHeader(qint64 first, qint64 length)
{
    QByteArray range = "bytes=" + QByteArray::number(first) + '-';
    if (length >= 0)
        range += QByteArray::number(first + length - 1);
    return range;
}

// The object's description from a GET's or HEAD's headers.
S3Bucket::ObjectInfo infoOf(const S3Reply &reply)
{
    S3Bucket::ObjectInfo info;
    info.etag = reply.header("etag");
    info.contentType = reply.header("content-type");
    info.size = reply.header("content-length").toLongLong();
    // "bytes 0-9/1234": the whole object's size after the slash.
    const QByteArray range = reply.header("content-range");
    if (const qsizetype slash = range.lastIndexOf('/'); slash >= 0) {
        bool ok = false;
        const qint64 total = range.mid(slash + 1).toLongLong(&ok);
        if (ok)
            info.size = total;
    }
    info.lastModified = QLocale::c().toDateTime(QString::fromLatin1(reply.header("last-modified")),
                                                QStringLiteral("ddd, dd MMM yyyy hh:mm:ss 'GMT'"));
    info.lastModified.setTimeSpec(Qt::UTC);
    for (const auto &[name, value] : reply.headers) {
        if (name.startsWith("x-amz-meta-"))
            info.metadata.insert(name.mid(11), value);
    }
    return info;
}
} // namespace

S3Result<QByteArray> S3Bucket::getObject(const QString &key, qint64 first, qint64 length,
                                         qint64 maxBytes)
{
    S3CallSpec spec;
    spec.what = QStringLiteral("reading %1").arg(key);
    spec.call.method = "GET";
    spec.call.key = key;
    if (first > 0 || length >= 0) {
        if (first < 0 || length == 0)
            return {QByteArray(), std::nullopt};
        spec.call.setHeader("Range", rangeHeader(first, length));
    }
    spec.maxAnswerBytes = maxBytes;
    const S3Outcome outcome = run(spec);
    if (!outcome.ok())
        return failed<QByteArray>(*outcome.error);
    if (length >= 0 && outcome.reply.body.size() != length
        && outcome.reply.header("content-range").isEmpty())
        return failed<QByteArray>(
            badAnswer(outcome, spec.what, QStringLiteral("the store ignored the range")));
    return {outcome.reply.body, std::nullopt};
}

S3Result<S3Bucket::ObjectInfo> S3Bucket::readObject(const QString &key, qint64 first, qint64 length,
                                                    const Sink &sink)
{
    S3CallSpec spec;
    spec.what = QStringLiteral("reading %1").arg(key);
    if (first < 0 || length == 0)
        return failed<ObjectInfo>(
            S3BucketError{S3BucketError::Kind::Local, spec.what, 0, {}, "no such range", {}, 0, 1});
    spec.call.method = "GET";
    spec.call.key = key;
    const bool ranged = first > 0 || length >= 0;
    if (ranged)
        spec.call.setHeader("Range", rangeHeader(first, length));
    // What reached the sink over all attempts, and the version being read: a retry asks for the
    // rest of the same version.
    qint64 delivered = 0;
    QByteArray etag;
    std::optional<ObjectInfo> info;
    spec.sink = [&](const char *data, qint64 size) { return sink(data, size); };
    spec.beforeRetry = [&](S3Call &call, const S3Reply &previous) {
        delivered += previous.sunk;
        if (etag.isEmpty() && previous.status >= 200 && previous.status < 300)
            etag = previous.header("etag");
        if (!info && previous.status >= 200 && previous.status < 300)
            info = infoOf(previous);
        if (delivered > 0)
            call.setHeader("Range",
                           rangeHeader(first + delivered, length < 0 ? -1 : length - delivered));
        if (!etag.isEmpty())
            call.setHeader("If-Match", etag);
    };
    const S3Outcome outcome = run(spec);
    if (!outcome.ok()) {
        // The version changed between attempts: not one object's bytes any more.
        if (outcome.reply.status == 412) {
            S3BucketError error = *outcome.error;
            error.kind = S3BucketError::Kind::Unavailable;
            error.message = QStringLiteral("the object changed while it was read");
            return failed<ObjectInfo>(error);
        }
        return failed<ObjectInfo>(*outcome.error);
    }
    ObjectInfo result = info ? *info : infoOf(outcome.reply);
    if (!ranged && !info)
        result.size = outcome.reply.header("content-length").toLongLong();
    return {result, std::nullopt};
}

S3Result<S3Bucket::ObjectInfo> S3Bucket::headObject(const QString &key)
{
    S3CallSpec spec;
    spec.what = QStringLiteral("looking up %1").arg(key);
    spec.call.method = "HEAD";
    spec.call.key = key;
    const S3Outcome outcome = run(spec);
    if (!outcome.ok())
        return failed<ObjectInfo>(*outcome.error);
    return {infoOf(outcome.reply), std::nullopt};
}

S3Status S3Bucket::deleteObject(const QString &key)
{
    S3CallSpec spec;
    spec.what = QStringLiteral("deleting %1").arg(key);
    spec.call.method = "DELETE";
    spec.call.key = key;
    const S3Outcome outcome = run(spec);
    if (!outcome.ok())
        return failed<S3Done>(*outcome.error);
    return {};
}

S3Result<S3Bucket::ObjectPage> S3Bucket::listObjects(const QString &prefix,
                                                     const QString &continuationToken, int maxKeys)
{
    S3CallSpec spec;
    spec.what = QStringLiteral("listing the objects under \"%1\"").arg(prefix);
    spec.call.method = "GET";
    spec.call.query = {
        {QStringLiteral("list-type"), QStringLiteral("2")},
        {QStringLiteral("encoding-type"), QStringLiteral("url")},
        {QStringLiteral("max-keys"), QString::number(qBound(1, maxKeys, MaxListPage))},
        {QStringLiteral("prefix"), prefix}};
    if (!continuationToken.isEmpty())
        spec.call.query.append({QStringLiteral("continuation-token"), continuationToken});
    spec.maxAnswerBytes = MaxListingBytes;
    const S3Outcome outcome = run(spec);
    if (!outcome.ok())
        return failed<ObjectPage>(*outcome.error);
    QString problem;
    const std::optional<S3Xml::ObjectListing> listing =
        S3Xml::parseListObjects(outcome.reply.body, &problem);
    if (!listing)
        return failed<ObjectPage>(badAnswer(outcome, spec.what, problem));
    ObjectPage page;
    page.objects = listing->objects;
    if (listing->truncated)
        page.nextToken = listing->nextContinuationToken;
    return {page, std::nullopt};
}

S3Result<S3Bucket::UploadPage> S3Bucket::listMultipartUploads(const QString &prefix,
                                                              const QString &keyMarker,
                                                              const QString &uploadIdMarker,
                                                              int maxUploads)
{
    S3CallSpec spec;
    spec.what = QStringLiteral("listing the multipart uploads under \"%1\"").arg(prefix);
    spec.call.method = "GET";
    spec.call.query = {
        {QStringLiteral("uploads"), QString()},
        {QStringLiteral("encoding-type"), QStringLiteral("url")},
        {QStringLiteral("max-uploads"), QString::number(qBound(1, maxUploads, MaxListPage))},
        {QStringLiteral("prefix"), prefix}};
    if (!keyMarker.isEmpty())
        spec.call.query.append({QStringLiteral("key-marker"), keyMarker});
    if (!uploadIdMarker.isEmpty())
        spec.call.query.append({QStringLiteral("upload-id-marker"), uploadIdMarker});
    spec.maxAnswerBytes = MaxListingBytes;
    const S3Outcome outcome = run(spec);
    if (!outcome.ok())
        return failed<UploadPage>(*outcome.error);
    QString problem;
    const std::optional<S3Xml::UploadListing> listing =
        S3Xml::parseListUploads(outcome.reply.body, &problem);
    if (!listing)
        return failed<UploadPage>(badAnswer(outcome, spec.what, problem));
    UploadPage page;
    page.uploads = listing->uploads;
    if (listing->truncated) {
        page.nextKeyMarker = listing->nextKeyMarker;
        page.nextUploadIdMarker = listing->nextUploadIdMarker;
    }
    return {page, std::nullopt};
}
