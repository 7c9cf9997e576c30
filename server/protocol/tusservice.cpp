#include "tusservice.h"

#include "checksum.h"
#include "hoistdmetrics.h"
#include "instantupload.h"
#include "tusconcat.h"
#include "tusexchange.h"
#include "tusfailures.h"
#include "tusinstant.h"
#include "tuswire.h"
#include "uploadstore.h"
#include "uploadwriter.h"
#include "userconfig.h"
#include "verifywire.h"

#include <QRegularExpression>

namespace {
// A creation refused for too many unfinished uploads may try again after this long: by then the
// sweep has removed any that expired.
constexpr int UnfinishedRetryAfterSeconds = 60;
constexpr int MaxMetadataBytes = 8 * 1024;

HttpResponse tusResponse(int status)
{
    HttpResponse r;
    r.status = status;
    r.set("Tus-Resumable", TusWire::Version);
    return r;
}

void addExpiry(HttpResponse &r, const UploadRecord &record)
{
    if (!record.isFinished() && record.expires.isValid())
        r.set("Upload-Expires", httpDate(record.expires));
}

bool isOffsetStream(const QByteArray &contentType)
{
    const int semicolon = contentType.indexOf(';');
    const QByteArray type =
        (semicolon < 0 ? contentType : contentType.left(semicolon)).trimmed().toLower();
    return type == TusWire::OffsetContentType;
}

// The upload id in "/files/<id>", or an empty string when the path is not an upload's.
QString uploadIdFrom(const QByteArray &path)
{
    static const QRegularExpression pattern(
        QRegularExpression::anchoredPattern(QStringLiteral("/files/([0-9a-f]{32})")));
    const auto match = pattern.match(QString::fromLatin1(path));
    return match.hasMatch() ? match.captured(1) : QString();
}

} // namespace

QByteArrayList TusService::extensions()
{
    return {"creation", "creation-with-upload", "creation-defer-length", "termination",
            "checksum", "expiration",           "concatenation"};
}

TusService::TusService(UploadStore &store, const TusConfig &config)
    : m_store(store)
    , m_config(config)
    , m_log(config.verbose)
    , m_failures(std::make_unique<TusFailures>(m_log, config.metrics))
    , m_instant(std::make_unique<TusInstant>(store, m_log, config.instantAttempts, config.metrics))
    , m_concat(std::make_unique<TusConcat>(store, *m_instant, *m_failures, m_log, config.maxSize))
{
}

TusService::~TusService() = default;

void TusService::log(const QString &line) const
{
    m_log.line(line);
}

HttpResponse TusService::refuse(int status, const QString &why) const
{
    return tusError(status, why);
}

std::unique_ptr<HttpExchange> TusService::begin(const HttpRequest &request)
{
    auto exchange = std::make_unique<TusExchange>(*this, request);
    if (request.method != "OPTIONS" && !authenticate(*exchange))
        return exchange;
    const QByteArray &method = request.method;
    const bool collection = request.path == "/files/" || request.path == "/files";
    const QString id = uploadIdFrom(request.path);
    if (!collection && id.isEmpty()) {
        exchange->early = tusError(404, QStringLiteral("No such upload."));
        return exchange;
    }
    if (method == "OPTIONS") {
        exchange->early = options();
        return exchange;
    }
    const QByteArrayList allowed = collection
                                       ? QByteArrayList{"OPTIONS", "POST"}
                                       : QByteArrayList{"OPTIONS", "HEAD", "PATCH", "DELETE"};
    if (!allowed.contains(method)) {
        HttpResponse r = tusError(405, QStringLiteral("Method not allowed here."));
        // GET of an upload is HoistdRouter's (UploadDownload), in front of this service.
        r.set("Allow", collection ? allowed.join(", ") : "OPTIONS, GET, HEAD, PATCH, DELETE");
        exchange->early = r;
        return exchange;
    }
    if (request.header("tus-resumable").trimmed() != TusWire::Version) {
        HttpResponse r = tusError(412, QStringLiteral("This server speaks tus 1.0.0 only; send "
                                                      "Tus-Resumable: 1.0.0."));
        r.set("Tus-Version", TusWire::Version);
        exchange->early = r;
        return exchange;
    }
    if (method == "POST")
        create(*exchange);
    else if (method == "HEAD")
        exchange->early = head(exchange->m_request, id);
    else if (method == "PATCH")
        patch(*exchange, id);
    else
        exchange->early = terminate(exchange->m_request, id);
    return exchange;
}

bool TusService::authenticate(TusExchange &exchange) const
{
    if (!m_config.users)
        return true; // the anonymous user, on loopback only
    HttpRequest &request = exchange.m_request;
    if (const HoistdUser *user = m_config.users->authenticate(request.header("authorization"))) {
        request.user = user->name;
        exchange.m_quota = user->quota;
        // The user's own limit, else the file's, else the command line's.
        exchange.m_maxUnfinished = user->maxUnfinished;
        if (exchange.m_maxUnfinished < 0)
            exchange.m_maxUnfinished = m_config.users->defaultMaxUnfinished();
        if (exchange.m_maxUnfinished < 0)
            exchange.m_maxUnfinished = m_config.maxUnfinished;
        exchange.m_maxUploads = user->maxUploads;
        if (exchange.m_maxUploads < 0)
            exchange.m_maxUploads = m_config.users->defaultMaxUploads();
        if (exchange.m_maxUploads < 0)
            exchange.m_maxUploads = m_config.maxUploads;
        return true;
    }
    // The header's value is never logged or echoed: it may be someone's token with a typo.
    const bool sent = request.has("authorization");
    HttpResponse r = tusError(401, sent ? QStringLiteral("The bearer token is not valid here.")
                                        : QStringLiteral("This server needs Authorization: "
                                                         "Bearer <token>."));
    r.set("WWW-Authenticate", sent ? QByteArray(R"(Bearer realm="hoistd", error="invalid_token")")
                                   : QByteArray(R"(Bearer realm="hoistd")"));
    if (m_config.metrics)
        m_config.metrics->refused(HoistdMetrics::Refusal::Auth);
    if (m_config.verbose)
        log(QStringLiteral("401 %1 %2: %3")
                .arg(QString::fromLatin1(request.method), QString::fromLatin1(request.path),
                     sent ? QStringLiteral("token not accepted") : QStringLiteral("no token")));
    exchange.early = r;
    return false;
}

HttpResponse TusService::overQuota(const TusExchange &exchange, qint64 inUse, qint64 asked) const
{
    if (m_config.metrics)
        m_config.metrics->refused(HoistdMetrics::Refusal::Quota);
    if (m_config.verbose)
        log(QStringLiteral("413 %1 %2: over quota")
                .arg(QString::fromLatin1(exchange.m_request.method), exchange.m_request.user));
    const QString more = asked >= 0 ? QStringLiteral(", %1 more asked for").arg(asked) : QString();
    return tusError(413, QStringLiteral("Quota of %1 bytes exceeded: %2 in use%3. Delete finished "
                                        "or abandoned uploads to make room.")
                             .arg(exchange.m_quota)
                             .arg(inUse)
                             .arg(more));
}

HttpResponse TusService::options() const
{
    HttpResponse r = tusResponse(204);
    r.set("Tus-Version", TusWire::Version);
    r.set("Tus-Extension", extensions().join(','));
    r.set("Tus-Max-Size", QByteArray::number(m_config.maxSize));
    r.set("Tus-Checksum-Algorithm", ChecksumHasher::algorithms().join(','));
    r.set(InstantWire::OfferHeader, InstantWire::Algorithm);
    r.set(VerifyWire::OfferHeader, VerifyWire::Algorithm);
    return r;
}

HttpResponse TusService::uploadGone(const HttpRequest &request, const QString &id,
                                    UploadStore::Lookup found, const UploadRecord &r) const
{
    if (found == UploadStore::Lookup::Unavailable)
        return m_failures->lookupFailed(id); // 503: it may well exist
    // Another user's upload, live or gone, does not exist as far as this user can tell.
    return found == UploadStore::Lookup::Gone && r.owner == request.user
               ? tusError(410, QStringLiteral("This upload was terminated or has expired."))
               : tusError(404, QStringLiteral("No such upload."));
}

void TusService::create(TusExchange &exchange)
{
    const HttpRequest &request = exchange.m_request;
    const auto fail = [&exchange](int status, const QString &why) {
        exchange.early = tusError(status, why);
    };
    std::optional<TusWire::UploadConcat> concat;
    if (request.has("upload-concat")) {
        concat = TusWire::parseUploadConcat(request.header("upload-concat"), request.header("host"),
                                            CollectionPath);
        if (!concat)
            return fail(400, QStringLiteral("Upload-Concat must be 'partial', or 'final;' and up "
                                            "to %1 distinct upload URLs of this server.")
                                 .arg(TusWire::MaxConcatParts));
    }
    const bool final = concat && !concat->partial;
    const bool hasLength = request.has("upload-length");
    const bool deferred = request.has("upload-defer-length");
    if (final && (hasLength || deferred))
        return fail(400, QStringLiteral("A final upload's length is the sum of its parts: send no "
                                        "Upload-Length or Upload-Defer-Length."));
    if (!final && hasLength == deferred)
        return fail(400,
                    QStringLiteral("Send exactly one of Upload-Length and Upload-Defer-Length."));
    if (deferred && request.header("upload-defer-length").trimmed() != "1")
        return fail(400, QStringLiteral("Upload-Defer-Length must be 1."));
    qint64 length = -1;
    if (hasLength) {
        const auto parsed = TusWire::parseUnsigned(request.header("upload-length"));
        if (!parsed)
            return fail(400, QStringLiteral("Upload-Length must be a non-negative integer."));
        length = *parsed;
        if (length > m_config.maxSize)
            return fail(413, QStringLiteral("The upload is larger than this server accepts (%1 "
                                            "bytes).")
                                 .arg(m_config.maxSize));
    }
    const QByteArray rawMetadata = request.header("upload-metadata").trimmed();
    if (rawMetadata.size() > MaxMetadataBytes)
        return fail(400, QStringLiteral("Upload-Metadata is too long."));
    const auto metadata = TusWire::parseMetadata(rawMetadata);
    if (!metadata)
        return fail(400, QStringLiteral("Upload-Metadata must be comma-separated '<key> <base64>' "
                                        "pairs with unique keys."));
    QByteArray declaredSha256;
    if (InstantUploads::declared(*metadata, &declaredSha256) == InstantUploads::Declared::Invalid)
        return fail(400, QStringLiteral("The sha256 metadata must be 64 lower-case hex digits."));
    QString filename;
    for (const auto &[key, value] : *metadata) {
        if (key == "filename" || (key == "name" && filename.isEmpty()))
            filename = sanitiseFilename(value);
    }
    const bool withBody = request.mayHaveBody();
    if (final) {
        if (withBody)
            return fail(400,
                        QStringLiteral("A final upload takes no body: its parts are its bytes."));
        exchange.early = m_concat->createFinal(request, concat->ids, rawMetadata, filename);
        return;
    }
    if (withBody && !isOffsetStream(request.header("content-type")))
        return fail(415, QStringLiteral("An upload body needs Content-Type: %1.")
                             .arg(QLatin1String(TusWire::OffsetContentType)));
    const qint64 limit = length >= 0 ? length : m_config.maxSize;
    if (request.contentLength > limit)
        return fail(413, QStringLiteral("The body is longer than the upload."));
    HttpResponse error;
    auto checksum = tusChecksumFrom(request, &error);
    if (!checksum) {
        exchange.early = error;
        return;
    }
    StoreFailure failure;
    UploadStore::Refusal refusal;
    const auto record = m_store.create(
        length, rawMetadata, filename, request.user,
        concat ? UploadRecord::Concat::Partial : UploadRecord::Concat::None,
        {exchange.m_quota, exchange.m_maxUnfinished, exchange.m_maxUploads}, &refusal, &failure);
    if (!record && refusal.inUse >= 0) {
        exchange.early = overQuota(exchange, refusal.inUse, length);
        return;
    }
    if (!record && refusal.uploads >= 0) {
        if (m_config.metrics)
            m_config.metrics->refused(HoistdMetrics::Refusal::Uploads);
        exchange.early = uploadLimitError(exchange.m_maxUploads, refusal.uploads);
        return;
    }
    if (!record && refusal.unfinished >= 0) {
        // 429, not 403: the refusal lifts by itself as this user's uploads finish or expire,
        // and clients wait and retry on 429 where 403 tells them nothing will help.
        if (m_config.verbose)
            log(QStringLiteral("429 POST %1: %2 unfinished uploads")
                    .arg(request.user.isEmpty() ? QStringLiteral("(anonymous)") : request.user)
                    .arg(refusal.unfinished));
        if (m_config.metrics)
            m_config.metrics->refused(HoistdMetrics::Refusal::UnfinishedUploads);
        fail(429, QStringLiteral("Limit of %1 unfinished uploads reached (%2 now): finish or "
                                 "delete some before creating more; abandoned ones expire.")
                      .arg(exchange.m_maxUnfinished)
                      .arg(refusal.unfinished));
        exchange.early->set("Retry-After", QByteArray::number(UnfinishedRetryAfterSeconds));
        return;
    }
    if (!record) {
        exchange.early = m_failures->answer(failure, QStringLiteral("create an upload"));
        return;
    }
    if (m_config.verbose)
        log(QStringLiteral("POST created %1 length %2%3")
                .arg(record->id)
                .arg(length)
                .arg(concat ? QStringLiteral(" partial") : QString()));
    if (!withBody) {
        HttpResponse r = tusResponse(201);
        r.set("Location", CollectionPath + record->id.toLatin1());
        r.set("Upload-Offset", "0");
        addExpiry(r, *record);
        if (record->isFinished()) {
            QByteArray stored;
            if (auto rejected = m_instant->verifyFinished(*record, &stored)) {
                exchange.early = *rejected;
                return;
            }
            TusInstant::addContentHash(r, stored);
            m_log.finished(*record);
        }
        m_instant->offerChallenge(r, *record, declaredSha256);
        exchange.early = r;
        return;
    }
    m_store.tryLock(record->id); // new: nobody else knows the id yet
    exchange.m_lockedId = record->id;
    exchange.m_creating = true;
    exchange.m_writer = std::make_unique<UploadWriter>(
        m_store, *record, limit, std::move(checksum->hasher), checksum->digest);
    if (!exchange.m_writer->open()) {
        exchange.early = m_failures->answer(exchange.m_writer->failure(),
                                            QStringLiteral("open new upload %1").arg(record->id));
        exchange.m_writer.reset();
        m_store.remove(record->id);
        return;
    }
    m_instant->attachContentHasher(*exchange.m_writer);
}

HttpResponse TusService::head(const HttpRequest &request, const QString &id) const
{
    UploadRecord r;
    if (const auto found = m_store.findLatest(id, request.user, &r);
        found != UploadStore::Lookup::Found || r.owner != request.user) {
        HttpResponse gone = uploadGone(request, id, found, r);
        gone.set("Cache-Control", "no-store");
        return gone;
    }
    HttpResponse out = tusResponse(200);
    out.set("Cache-Control", "no-store");
    out.set("Upload-Offset", QByteArray::number(r.offset));
    if (r.lengthDeferred())
        out.set("Upload-Defer-Length", "1");
    else
        out.set("Upload-Length", QByteArray::number(r.length));
    if (!r.metadata.isEmpty())
        out.set("Upload-Metadata", r.metadata);
    if (r.concat != UploadRecord::Concat::None)
        out.set("Upload-Concat", TusConcat::header(r));
    if (r.isFinished())
        TusInstant::addContentHash(out, r.contentHash);
    addExpiry(out, r);
    return out;
}

void TusService::patch(TusExchange &exchange, const QString &id)
{
    const HttpRequest &request = exchange.m_request;
    const auto fail = [&exchange](int status, const QString &why) {
        exchange.early = tusError(status, why);
    };
    UploadRecord r;
    if (const auto found = m_store.find(id, &r);
        found != UploadStore::Lookup::Found || r.owner != request.user) {
        exchange.early = uploadGone(request, id, found, r);
        return;
    }
    if (r.concat == UploadRecord::Concat::Final)
        return fail(403, QStringLiteral("A final upload is complete when made: no PATCH."));
    if (!isOffsetStream(request.header("content-type")))
        return fail(415, QStringLiteral("PATCH needs Content-Type: %1.")
                             .arg(QLatin1String(TusWire::OffsetContentType)));
    const auto offset = TusWire::parseUnsigned(request.header("upload-offset"));
    if (!offset)
        return fail(400, QStringLiteral("Upload-Offset must be a non-negative integer."));
    std::optional<qint64> newLength;
    if (request.has("upload-length")) {
        newLength = TusWire::parseUnsigned(request.header("upload-length"));
        if (!newLength)
            return fail(400, QStringLiteral("Upload-Length must be a non-negative integer."));
    }
    HttpResponse error;
    auto checksum = tusChecksumFrom(request, &error);
    if (!checksum) {
        exchange.early = error;
        return;
    }
    if (!m_store.tryLock(id)) {
        // A store of many instances takes a lease to lock: refused for an outage, that is 503.
        if (m_store.find(id, &r) == UploadStore::Lookup::Unavailable) {
            exchange.early = m_failures->lookupFailed(id);
            return;
        }
        return fail(423, QStringLiteral("Another request is writing to this upload."));
    }
    exchange.m_lockedId = id;
    // Read again under the lock: a PATCH that just finished may have moved the offset.
    if (const auto found = m_store.find(id, &r); found != UploadStore::Lookup::Found) {
        exchange.early = uploadGone(request, id, found, r);
        return;
    }
    if (*offset != r.offset)
        return fail(409, QStringLiteral("Upload-Offset is %1 but the upload is at %2.")
                             .arg(*offset)
                             .arg(r.offset));
    if (auto answered = m_instant->answerProof(request, r)) {
        exchange.early = std::move(answered);
        return;
    }
    if (newLength) {
        if (!r.lengthDeferred() && *newLength != r.length)
            return fail(400, QStringLiteral("Upload-Length cannot change once set."));
        if (*newLength > m_config.maxSize)
            return fail(413, QStringLiteral("The upload is larger than this server accepts (%1 "
                                            "bytes).")
                                 .arg(m_config.maxSize));
        if (*newLength < r.offset)
            return fail(400, QStringLiteral("Upload-Length is below the bytes already stored."));
    }
    const qint64 length = newLength ? *newLength : r.length;
    qint64 limit = (length >= 0 ? length : m_config.maxSize) - r.offset;
    if (request.contentLength > limit)
        return fail(413, QStringLiteral("The body goes past the end of the upload."));
    if (r.lengthDeferred() && newLength) {
        qint64 inUse = -1;
        StoreFailure failure = StoreFailure::storage(QStringLiteral("the store did not say why"));
        if (!m_store.setLength(id, *newLength, exchange.m_quota, &inUse, &failure)) {
            if (inUse >= 0) {
                exchange.early = overQuota(exchange, inUse, *newLength - r.offset);
                return;
            }
            // PostgreSQL or the bucket away: 503, and the client declares it again; another
            // instance took the upload over: 409, as for its bytes.
            exchange.early = m_failures->answer(
                failure, QStringLiteral("record Upload-Length %1 of %2").arg(*newLength).arg(id));
            return;
        }
        r.length = *newLength;
    } else if (r.lengthDeferred()) {
        // Bytes so far are all a deferred upload counts, so this body must fit the quota's room;
        // the room is held for it until the request ends, so parallel bodies cannot overshoot.
        const qint64 wanted = request.contentLength >= 0 ? request.contentLength : limit;
        const qint64 granted = m_store.reserveGrowth(id, wanted, exchange.m_quota);
        if (granted < wanted) {
            if (request.contentLength >= 0) {
                exchange.early = overQuota(exchange, m_store.usage(request.user) - granted,
                                           request.contentLength);
                return;
            }
            limit = granted;
            exchange.m_quotaBound = true;
        }
    }
    exchange.m_writer = std::make_unique<UploadWriter>(
        m_store, r, limit, std::move(checksum->hasher), checksum->digest);
    if (!exchange.m_writer->open()) {
        exchange.early = m_failures->answer(exchange.m_writer->failure(),
                                            QStringLiteral("open upload %1").arg(id));
        exchange.m_writer.reset();
        return;
    }
    m_instant->attachContentHasher(*exchange.m_writer);
}

HttpResponse TusService::terminate(const HttpRequest &request, const QString &id)
{
    UploadRecord r;
    if (const auto found = m_store.find(id, &r);
        found != UploadStore::Lookup::Found || r.owner != request.user)
        return uploadGone(request, id, found, r);
    if (!m_store.terminate(id))
        return tusError(500, QStringLiteral("The server could not delete the upload."));
    if (m_config.verbose)
        log(QStringLiteral("DELETE %1").arg(id));
    return tusResponse(204);
}

HttpResponse TusService::finishBody(TusExchange &exchange)
{
    UploadWriter &writer = *exchange.m_writer;
    const UploadWriter::Outcome outcome = writer.finish();
    m_instant->keepContentHasher(writer);
    const UploadRecord &r = writer.record();
    if (m_config.verbose) {
        static const char *const outcomes[] = {"stored", "checksum mismatch", "too large",
                                               "I/O error"};
        log(QStringLiteral("%1 %2 +%3 bytes, offset %4, %5%6")
                .arg(QString::fromLatin1(exchange.m_request.method), r.id)
                .arg(writer.received())
                .arg(r.offset)
                .arg(QLatin1String(outcomes[int(outcome)]))
                .arg(writer.checksumName().isEmpty()
                         ? QString()
                         : QStringLiteral(", checksum ")
                               + QString::fromLatin1(writer.checksumName())));
    }
    const auto failed = [&](const HttpResponse &answer) {
        if (exchange.m_creating)
            m_store.remove(r.id);
        return answer;
    };
    switch (outcome) {
    case UploadWriter::Outcome::ChecksumMismatch:
        return failed(tusError(TusWire::ChecksumMismatchStatus,
                               QStringLiteral("Checksum mismatch: nothing of this request was "
                                              "stored.")));
    case UploadWriter::Outcome::TooLarge:
        if (exchange.m_quotaBound) {
            // A chunked body: how much more it had is unknown.
            return overQuota(exchange, m_store.usage(exchange.m_request.user), -1);
        }
        return failed(tusError(413, QStringLiteral("The body goes past the end of the upload.")));
    case UploadWriter::Outcome::IoError:
        return failed(m_failures->answer(
            writer.failure(), QStringLiteral("store %1 %2 at offset %3")
                                  .arg(QString::fromLatin1(exchange.m_request.method), r.id)
                                  .arg(r.offset)));
    case UploadWriter::Outcome::Stored:
        break;
    }
    if (writer.received() > 0)
        m_failures->stored();
    QByteArray stored;
    if (r.isFinished()) {
        if (auto rejected = m_instant->verifyFinished(r, &stored))
            return *rejected;
    }
    HttpResponse out = tusResponse(exchange.m_creating ? 201 : 204);
    TusInstant::addContentHash(out, stored);
    if (exchange.m_creating)
        out.set("Location", CollectionPath + r.id.toLatin1());
    out.set("Upload-Offset", QByteArray::number(r.offset));
    addExpiry(out, r);
    if (r.isFinished() && writer.received() > 0)
        m_log.finished(r);
    return out;
}
