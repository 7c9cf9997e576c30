#include "s3bucket.h"

#include <QCryptographicHash>

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

S3BucketError localError(const QString &what, const QString &message)
{
    S3BucketError error;
    error.kind = S3BucketError::Kind::Local;
    error.what = what;
    error.message = message;
    return error;
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

template <typename T>
S3Result<T> failed(S3BucketError error)
{
    S3Result<T> result;
    result.error = std::move(error);
    return result;
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
    // Over HTTPS, TLS protects the bytes and Content-MD5 checks them, as in Hoist's client; over
    // HTTP the signature covers the body's SHA-256 too (RGW checks both).
    const bool withSha = !target().isHttps();
    QString problem;
    if (!body.computeDigests(withSha, &problem))
        return localError(what, problem);
    call.setHeader("Content-MD5", body.md5().toBase64());
    call.payloadHash = withSha ? body.sha256().toHex() : QByteArray(SigV4Signer::UnsignedPayload);
    return std::nullopt;
}

std::optional<S3BucketError> S3Bucket::addMeta(S3Call &call, const ObjectMeta &meta,
                                               const QString &what) const
{
    const QByteArray type =
        meta.contentType.isEmpty() ? QByteArray("application/octet-stream") : meta.contentType;
    if (!isHeaderSafe(type))
        return localError(what, QStringLiteral("the content type is not printable ASCII"));
    call.setHeader("Content-Type", type);
    for (const auto &[name, value] : meta.metadata) {
        if (!isMetaName(name) || !isHeaderSafe(value))
            return localError(what, QStringLiteral("metadata \"%1\" cannot be a header")
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
    const std::optional<QString> id = S3Xml::parseUploadId(outcome.reply.body, &problem);
    if (!id)
        return failed<QString>(badAnswer(outcome, spec.what, problem));
    return {*id, std::nullopt};
}

S3Result<QByteArray> S3Bucket::uploadPart(const QString &key, const QString &uploadId,
                                          int partNumber, const S3Body &body)
{
    S3CallSpec spec;
    spec.what = QStringLiteral("uploading part %1 of %2").arg(partNumber).arg(key);
    if (partNumber < 1 || partNumber > MaxPartNumber)
        return failed<QByteArray>(localError(spec.what, QStringLiteral("no such part number")));
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
        return failed<QByteArray>(localError(spec.what, QStringLiteral("no such part or range")));
    spec.call.method = "PUT";
    spec.call.key = key;
    spec.call.query = {{QStringLiteral("partNumber"), QString::number(partNumber)},
                       {QStringLiteral("uploadId"), uploadId}};
    spec.call.setHeader("x-amz-copy-source", m_runner->signer().copySource(sourceKey));
    if (length > 0) {
        spec.call.setHeader("x-amz-copy-source-range",
                            "bytes=" + QByteArray::number(first) + '-'
                                + QByteArray::number(first + length - 1));
    }
    const S3Outcome outcome = run(spec);
    if (!outcome.ok())
        return failed<QByteArray>(*outcome.error);
    const S3Xml::CopyResult copy = S3Xml::parseCopy(outcome.reply.body);
    if (copy.error) {
        S3BucketError error = badAnswer(outcome, spec.what, copy.error->message);
        error.kind = S3BucketError::Kind::Unavailable; // failed after answering 200
        error.code = copy.error->code;
        return failed<QByteArray>(error);
    }
    if (copy.etag.isEmpty())
        return failed<QByteArray>(badAnswer(outcome, spec.what, copy.problem));
    return {copy.etag, std::nullopt};
}

S3Result<QByteArray> S3Bucket::completeMultipartUpload(const QString &key, const QString &uploadId,
                                                       const QList<Part> &parts)
{
    S3CallSpec spec;
    spec.what = QStringLiteral("completing the multipart upload of %1").arg(key);
    if (parts.isEmpty())
        return failed<QByteArray>(localError(spec.what, QStringLiteral("no parts")));
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
    const S3Xml::CompleteResult result = S3Xml::parseComplete(outcome.reply.body);
    if (result.error) {
        S3BucketError error = badAnswer(outcome, spec.what, result.error->message);
        error.code = result.error->code;
        error.kind = result.error->code == QLatin1String("NoSuchUpload")
                         ? S3BucketError::Kind::NotFound
                     : result.error->code == QLatin1String("InternalError")
                             || result.error->code == QLatin1String("SlowDown")
                         ? S3BucketError::Kind::Unavailable
                         : S3BucketError::Kind::Refused;
        return failed<QByteArray>(error);
    }
    if (!result.completed)
        return failed<QByteArray>(badAnswer(outcome, spec.what, result.problem));
    // RGW leaves the document's ETag empty; a header, when the server sends one, is kept.
    return {outcome.reply.header("etag"), std::nullopt};
}

S3Result<QList<S3Xml::DeleteFailure>> S3Bucket::deleteObjects(const QStringList &keys)
{
    using Failures = QList<S3Xml::DeleteFailure>;
    S3CallSpec spec;
    spec.what = QStringLiteral("deleting %1 objects").arg(keys.size());
    if (keys.isEmpty())
        return {};
    if (keys.size() > MaxListPage)
        return failed<Failures>(localError(spec.what, QStringLiteral("too many keys at once")));
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
    const std::optional<Failures> failures = S3Xml::parseDeleteResult(outcome.reply.body, &problem);
    if (!failures)
        return failed<Failures>(badAnswer(outcome, spec.what, problem));
    return {*failures, std::nullopt};
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
                                         const ObjectMeta &meta)
{
    S3CallSpec spec;
    spec.what = QStringLiteral("storing %1").arg(key);
    spec.call.method = "PUT";
    spec.call.key = key;
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
    const S3Xml::CopyResult copy = S3Xml::parseCopy(outcome.reply.body);
    if (copy.error) {
        S3BucketError error = badAnswer(outcome, spec.what, copy.error->message);
        error.kind = S3BucketError::Kind::Unavailable;
        error.code = copy.error->code;
        return failed<QByteArray>(error);
    }
    if (copy.etag.isEmpty())
        return failed<QByteArray>(badAnswer(outcome, spec.what, copy.problem));
    return {copy.etag, std::nullopt};
}
