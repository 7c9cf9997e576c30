#include "s3bucket.h"
#include "s3answer.h"

#include <QCryptographicHash>
#include <QLocale>

using S3Answer::badAnswer;
using S3Answer::failed;
using S3Answer::local;

namespace {
// Checks what S3 could not carry in a header: a metadata name outside [a-z0-9-_], a value with
// control or non-ASCII bytes (a CR/LF would split the request).
bool isHeaderSafe(const QByteArray &value)
{
    for (const char c : value) {
        if (uchar(c) < 0x20 || uchar(c) > 0x7e)
            return false;
    }
    return true;
}

bool isMetaName(const QByteArray &name)
{
    if (name.isEmpty())
        return false;
    for (const char c : name) {
        if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '_'))
            return false;
    }
    return true;
}

// A listing page of 1000 keys of 1024 bytes, XML-escaped, stays well under this.
constexpr qint64 MaxListingBytes = 8 * 1024 * 1024;

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

S3Bucket::S3Bucket(Config config)
    : m_runner(
        std::make_unique<S3CallRunner>(S3CallSigner(config.target, std::move(config.credentials)),
                                       config.transport, config.retry, std::move(config.observer)))
{
}

S3Bucket::~S3Bucket() = default;

const S3Target &S3Bucket::target() const
{
    return m_runner->signer().target();
}

qint64 S3Bucket::clockOffsetMs() const
{
    return m_runner->clockOffsetMs();
}

void S3Bucket::setClockOffsetMs(qint64 ms)
{
    m_runner->setClockOffsetMs(ms);
}

void S3Bucket::abortAll()
{
    m_runner->abortAll();
}

qint64 S3Bucket::requestsSent() const
{
    return m_runner->requestsSent();
}

int S3Bucket::inFlight() const
{
    return m_runner->transport().inFlight();
}

int S3Bucket::peakInFlight() const
{
    return m_runner->transport().peakInFlight();
}

S3Outcome S3Bucket::run(S3CallSpec spec)
{
    return m_runner->run(std::move(spec));
}

std::optional<S3BucketError> S3Bucket::prepareBody(S3Call &call, S3Body &body, const QString &what)
{
    // One check of the bytes by the store, whichever is cheaper to give: over HTTP the signature
    // covers the body's SHA-256 (S3 and RGW refuse a body that does not match it), so a
    // Content-MD5 beside it would check the same bytes again at twice SHA-256's cost here (its
    // SHA instructions); over HTTPS, TLS protects the bytes and Content-MD5 checks them, with an
    // unsigned payload, as Hoist's client does.
    const bool withSha = !target().isHttps();
    QString problem;
    if (!body.computeDigests(withSha ? S3Body::Digests::Sha256 : S3Body::Digests::Md5, &problem))
        return local(what, problem);
    if (withSha)
        call.payloadHash = body.sha256().toHex();
    else {
        call.setHeader("Content-MD5", body.md5().toBase64());
        call.payloadHash = QByteArray(SigV4Signer::UnsignedPayload);
    }
    return std::nullopt;
}

std::optional<S3BucketError> S3Bucket::addMeta(S3Call &call, const ObjectMeta &meta,
                                               const QString &what) const
{
    const QByteArray type =
        meta.contentType.isEmpty() ? QByteArray("application/octet-stream") : meta.contentType;
    if (!isHeaderSafe(type))
        return local(what, QStringLiteral("the content type is not printable ASCII"));
    call.setHeader("Content-Type", type);
    for (const auto &[name, value] : meta.metadata) {
        if (!isMetaName(name) || !isHeaderSafe(value))
            return local(what, QStringLiteral("metadata \"%1\" cannot be a header")
                                   .arg(QString::fromLatin1(name.left(64))));
        call.setHeader("x-amz-meta-" + name, value);
    }
    return std::nullopt;
}

S3Result<QString> S3Bucket::createMultipartUpload(const QString &key, const ObjectMeta &meta)
{
    S3CallSpec spec;
    spec.what = QStringLiteral("creating the multipart upload of %1").arg(key);
    spec.call.method = "POST";
    spec.call.key = key;
    spec.call.query = {{QStringLiteral("uploads"), QString()}};
    // A second one would only leave an upload nobody names, for the sweep; still, not twice.
    spec.idempotent = false;
    if (auto error = addMeta(spec.call, meta, spec.what))
        return failed<QString>(*error);
    const S3Outcome outcome = run(spec);
    if (!outcome.ok())
        return failed<QString>(*outcome.error);
    QString problem;
    std::optional<QString> id = S3Xml::parseUploadId(outcome.reply.body, &problem);
    return S3Answer::parsed(outcome, spec.what, std::move(id), problem);
}

S3Result<QByteArray> S3Bucket::uploadPart(const QString &key, const QString &uploadId,
                                          int partNumber, const S3Body &body)
{
    S3CallSpec spec;
    spec.what = QStringLiteral("uploading part %1 of %2").arg(partNumber).arg(key);
    if (partNumber < 1 || partNumber > MaxPartNumber)
        return failed<QByteArray>(local(spec.what, QStringLiteral("no such part number")));
    spec.call.method = "PUT";
    spec.call.key = key;
    spec.call.query = {{QStringLiteral("partNumber"), QString::number(partNumber)},
                       {QStringLiteral("uploadId"), uploadId}};
    S3Body sent = body;
    if (auto error = prepareBody(spec.call, sent, spec.what))
        return failed<QByteArray>(*error);
    spec.body = &sent;
    const S3Outcome outcome = run(spec);
    if (!outcome.ok())
        return failed<QByteArray>(*outcome.error);
    const QByteArray etag = outcome.reply.header("etag");
    if (etag.isEmpty())
        return failed<QByteArray>(badAnswer(outcome, spec.what, QStringLiteral("no ETag")));
    return {etag, std::nullopt};
}

S3Result<QByteArray> S3Bucket::uploadPartCopy(const QString &key, const QString &uploadId,
                                              int partNumber, const QString &sourceKey,
                                              qint64 first, qint64 length)
{
    S3CallSpec spec;
    spec.what =
        QStringLiteral("copying %1 into part %2 of %3").arg(sourceKey).arg(partNumber).arg(key);
    if (partNumber < 1 || partNumber > MaxPartNumber || first < 0 || length == 0)
        return failed<QByteArray>(local(spec.what, QStringLiteral("no such part or range")));
    spec.call.method = "PUT";
    spec.call.key = key;
    spec.call.query = {{QStringLiteral("partNumber"), QString::number(partNumber)},
                       {QStringLiteral("uploadId"), uploadId}};
    spec.call.setHeader("x-amz-copy-source", m_runner->signer().copySource(sourceKey));
    if (length > 0) {
        spec.call.setHeader("x-amz-copy-source-range", S3Answer::rangeHeader(first, length));
    }
    const S3Outcome outcome = run(spec);
    if (!outcome.ok())
        return failed<QByteArray>(*outcome.error);
    return S3Answer::copied(outcome, spec.what);
}

S3Result<QByteArray> S3Bucket::completeMultipartUpload(const QString &key, const QString &uploadId,
                                                       const QList<Part> &parts)
{
    S3CallSpec spec;
    spec.what = QStringLiteral("completing the multipart upload of %1").arg(key);
    if (parts.isEmpty())
        return failed<QByteArray>(local(spec.what, QStringLiteral("no parts")));
    QList<S3Xml::ListedPart> listed;
    for (const Part &part : parts)
        listed.append({part.number, part.etag, 0});
    const S3Body body = S3Body::fromBytes(S3Xml::completeBody(listed));
    spec.call.method = "POST";
    spec.call.key = key;
    spec.call.query = {{QStringLiteral("uploadId"), uploadId}};
    spec.call.setHeader("Content-Type", "application/xml");
    S3Body sent = body;
    if (auto error = prepareBody(spec.call, sent, spec.what))
        return failed<QByteArray>(*error);
    spec.body = &sent;
    const S3Outcome outcome = run(spec);
    if (!outcome.ok()) {
        // Sent again after an answer was lost, it finds the upload gone: the first one may have
        // completed it. The object tells: its ETag is the one these parts make.
        if (outcome.error->isNotFound() && outcome.error->attempts > 1) {
            const QByteArray expected = multipartEtag(parts);
            const S3Result<ObjectInfo> head = headObject(key);
            if (head.ok() && !expected.isEmpty() && head.value.etag == expected)
                return {expected, std::nullopt};
        }
        return failed<QByteArray>(*outcome.error);
    }
    return S3Answer::completed(outcome, spec.what);
}

S3Result<QList<S3Xml::DeleteFailure>> S3Bucket::deleteObjects(const QStringList &keys)
{
    using Failures = QList<S3Xml::DeleteFailure>;
    S3CallSpec spec;
    spec.what = QStringLiteral("deleting %1 objects").arg(keys.size());
    if (keys.isEmpty())
        return {};
    if (keys.size() > MaxListPage)
        return failed<Failures>(local(spec.what, QStringLiteral("too many keys at once")));
    spec.call.method = "POST";
    spec.call.query = {{QStringLiteral("delete"), QString()}};
    spec.call.setHeader("Content-Type", "application/xml");
    S3Body sent = S3Body::fromBytes(S3Xml::deleteBody(keys));
    if (auto error = prepareBody(spec.call, sent, spec.what))
        return failed<Failures>(*error);
    spec.body = &sent;
    const S3Outcome outcome = run(spec);
    if (!outcome.ok())
        return failed<Failures>(*outcome.error);
    QString problem;
    std::optional<Failures> failures = S3Xml::parseDeleteResult(outcome.reply.body, &problem);
    return S3Answer::parsed(outcome, spec.what, std::move(failures), problem);
}

QByteArray S3Bucket::multipartEtag(const QList<Part> &parts)
{
    QByteArray digests;
    for (const Part &part : parts) {
        const QByteArray hex = QByteArray(part.etag).replace('"', QByteArray());
        const QByteArray raw = QByteArray::fromHex(hex);
        if (raw.size() != 16 || raw.toHex() != hex.toLower())
            return {};
        digests += raw;
    }
    return '"' + QCryptographicHash::hash(digests, QCryptographicHash::Md5).toHex() + '-'
           + QByteArray::number(parts.size()) + '"';
}

S3Status S3Bucket::abortMultipartUpload(const QString &key, const QString &uploadId)
{
    S3CallSpec spec;
    spec.what = QStringLiteral("aborting the multipart upload of %1").arg(key);
    spec.call.method = "DELETE";
    spec.call.key = key;
    spec.call.query = {{QStringLiteral("uploadId"), uploadId}};
    const S3Outcome outcome = run(spec);
    if (!outcome.ok())
        return failed<S3Done>(*outcome.error);
    return {};
}

S3Result<QByteArray> S3Bucket::putObject(const QString &key, const S3Body &body,
                                         const ObjectMeta &meta, Put put)
{
    S3CallSpec spec;
    spec.what = QStringLiteral("storing %1").arg(key);
    spec.call.method = "PUT";
    spec.call.key = key;
    if (put == Put::IfAbsent) {
        spec.call.setHeader("If-None-Match", "*");
        spec.expectedStatuses = {409, 412}; // isNotAbsent(): the caller's to act on
    }
    if (auto error = addMeta(spec.call, meta, spec.what))
        return failed<QByteArray>(*error);
    S3Body sent = body;
    if (auto error = prepareBody(spec.call, sent, spec.what))
        return failed<QByteArray>(*error);
    spec.body = &sent;
    const S3Outcome outcome = run(spec);
    if (!outcome.ok())
        return failed<QByteArray>(*outcome.error);
    return {outcome.reply.header("etag"), std::nullopt};
}

bool S3Bucket::isNotAbsent(const S3BucketError &error)
{
    return error.isRefused() && (error.status == 412 || error.status == 409);
}

S3Result<QByteArray> S3Bucket::copyObject(const QString &sourceKey, const QString &key,
                                          const std::optional<ObjectMeta> &replace)
{
    S3CallSpec spec;
    spec.what = QStringLiteral("copying %1 to %2").arg(sourceKey, key);
    spec.call.method = "PUT";
    spec.call.key = key;
    spec.call.setHeader("x-amz-copy-source", m_runner->signer().copySource(sourceKey));
    spec.call.setHeader("x-amz-metadata-directive", replace ? "REPLACE" : "COPY");
    if (replace) {
        if (auto error = addMeta(spec.call, *replace, spec.what))
            return failed<QByteArray>(*error);
    }
    const S3Outcome outcome = run(spec);
    if (!outcome.ok())
        return failed<QByteArray>(*outcome.error);
    return S3Answer::copied(outcome, spec.what);
}

// Reads: objects (whole, ranged, streamed), their heads, deletion and the listings.
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
        spec.call.setHeader("Range", S3Answer::rangeHeader(first, length));
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
        return failed<ObjectInfo>(local(spec.what, QStringLiteral("no such range")));
    spec.call.method = "GET";
    spec.call.key = key;
    const bool ranged = first > 0 || length >= 0;
    if (ranged)
        spec.call.setHeader("Range", S3Answer::rangeHeader(first, length));
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
            call.setHeader("Range", S3Answer::rangeHeader(first + delivered,
                                                          length < 0 ? -1 : length - delivered));
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
