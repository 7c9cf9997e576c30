#include "uploaddownload.h"

#include "byterange.h"
#include "contentdisposition.h"
#include "hoistdmetrics.h"
#include "tusservice.h"
#include "tuswire.h"
#include "uploadstore.h"
#include "userconfig.h"

#include <QRegularExpression>

namespace {
constexpr int MaxBasicBytes = 4096; // an Authorization header's Basic credentials, decoded
// As TusFailures says for PATCH: PostgreSQL or the bucket are usually back within seconds.
constexpr int UnavailableRetryAfterSeconds = 10;

HttpResponse plain(int status, const QString &text)
{
    HttpResponse r;
    r.status = status;
    r.set("Content-Type", "text/plain; charset=utf-8");
    r.set("Cache-Control", "no-store");
    r.body = text.toUtf8() + '\n';
    return r;
}

// PostgreSQL or the bucket cannot be reached now: the upload is not gone, ask again later.
HttpResponse unavailable(std::chrono::seconds retryAfter)
{
    HttpResponse out = plain(503, QStringLiteral("The server's storage cannot be reached now."));
    const qint64 seconds =
        retryAfter.count() > 0 ? qint64(retryAfter.count()) : UnavailableRetryAfterSeconds;
    out.set("Retry-After", QByteArray::number(seconds));
    return out;
}

QString uploadIdIn(const QByteArray &path)
{
    static const QRegularExpression pattern(
        QRegularExpression::anchoredPattern(QStringLiteral("/files/([0-9a-f]{32})")));
    const auto match = pattern.match(QString::fromLatin1(path));
    return match.hasMatch() ? match.captured(1) : QString();
}

// The name a download gets: the client's filename, else the last part of its relativePath.
QString downloadName(const UploadRecord &r)
{
    if (!r.filename.isEmpty())
        return r.filename;
    const auto pairs = TusWire::parseMetadata(r.metadata);
    if (!pairs)
        return {};
    for (const auto &[key, value] : *pairs) {
        if (key == "relativePath")
            return sanitiseFilename(value);
    }
    return {};
}

// Whether an If-None-Match / If-Range list names `etag` (weak comparison for the first).
bool namesTag(const QByteArray &header, const QByteArray &etag)
{
    for (QByteArray tag : header.split(',')) {
        tag = tag.trimmed();
        if (tag.startsWith("W/"))
            tag = tag.mid(2);
        if (tag == "*" || tag == etag)
            return true;
    }
    return false;
}
} // namespace

UploadDownload::UploadDownload(const UploadStore &store, std::shared_ptr<const UserConfig> users,
                               HoistdMetrics *metrics)
    : m_store(store)
    , m_users(std::move(users))
    , m_metrics(metrics)
{
}

bool UploadDownload::handles(const HttpRequest &request)
{
    return request.method == "GET" && !uploadIdIn(request.path).isEmpty();
}

const HoistdUser *UploadDownload::userOf(const HttpRequest &request) const
{
    const QByteArray header = request.header("authorization").trimmed();
    const qsizetype space = header.indexOf(' ');
    if (space < 0 || header.left(space).toLower() != "basic")
        return m_users->authenticate(header);
    // "Basic base64(name:token)": the token is the password; the name is not asked for.
    const QByteArray encoded = header.mid(space + 1).trimmed();
    if (encoded.size() > MaxBasicBytes)
        return nullptr;
    const auto decoded =
        QByteArray::fromBase64Encoding(encoded, QByteArray::AbortOnBase64DecodingErrors);
    const qsizetype colon = decoded ? decoded.decoded.indexOf(':') : -1;
    if (colon < 0)
        return nullptr;
    const QByteArray token = decoded.decoded.mid(colon + 1);
    if (token.isEmpty())
        return nullptr;
    return m_users->authenticate("Bearer " + token);
}

HttpResponse UploadDownload::unauthorised(const HttpRequest &request) const
{
    if (m_metrics)
        m_metrics->refused(HoistdMetrics::Refusal::Auth);
    const bool sent = request.has("authorization");
    HttpResponse r = plain(401, sent ? QStringLiteral("The token is not valid here.")
                                     : QStringLiteral("This server needs your token: "
                                                      "Authorization: Bearer <token>, or Basic "
                                                      "with the token as the password."));
    // Basic first: a browser asks for a name and a password only when it is offered.
    r.set("WWW-Authenticate", R"(Basic realm="hoistd", charset="UTF-8")");
    r.set("WWW-Authenticate", sent ? QByteArray(R"(Bearer realm="hoistd", error="invalid_token")")
                                   : QByteArray(R"(Bearer realm="hoistd")"));
    return r;
}

HttpResponse UploadDownload::answer(const HttpRequest &request) const
{
    // Like every answer under /files/, so that a tus client reading it knows the server.
    HttpResponse r = respond(request);
    r.set("Tus-Resumable", TusWire::Version);
    return r;
}

HttpResponse UploadDownload::respond(const HttpRequest &request) const
{
    QString owner; // the anonymous user
    if (m_users) {
        const HoistdUser *user = userOf(request);
        if (!user)
            return unauthorised(request);
        owner = user->name;
    }
    const QString id = uploadIdIn(request.path);
    UploadRecord r;
    const UploadStore::Lookup found = m_store.find(id, &r);
    if (found == UploadStore::Lookup::Unavailable)
        return unavailable({});
    if (found != UploadStore::Lookup::Found || r.owner != owner)
        return plain(404, QStringLiteral("No such upload."));
    if (!r.isFinished()) {
        return plain(
            409,
            r.lengthDeferred()
                ? QStringLiteral("This upload is not finished yet: %1 bytes so far.").arg(r.offset)
                : QStringLiteral("This upload is not finished yet: %1 of %2 bytes.")
                      .arg(r.offset)
                      .arg(r.length));
    }
    const QByteArray etag = '"' + id.toLatin1() + '"';
    const QByteArray lastModified = r.finished.isValid() ? httpDate(r.finished) : QByteArray();
    HttpResponse out;
    out.set("ETag", etag);
    if (!lastModified.isEmpty())
        out.set("Last-Modified", lastModified);
    out.set("Cache-Control", "private, no-cache");
    if (request.has("if-none-match") && namesTag(request.header("if-none-match"), etag)) {
        out.status = 304;
        return out;
    }
    // If-Range: the range only while the file is the one the client had (strong ETag or the
    // exact date); else the whole file.
    const QByteArray ifRange = request.header("if-range").trimmed();
    const bool rangeApplies = ifRange.isEmpty() || ifRange == etag
                              || (!lastModified.isEmpty() && ifRange == lastModified);
    const ByteRange range =
        ByteRange::parse(rangeApplies ? request.header("range") : QByteArray(), r.length);
    if (range.kind == ByteRange::Kind::Unsatisfiable) {
        HttpResponse refused =
            plain(416, QStringLiteral("The range is outside the upload's %1 bytes.").arg(r.length));
        refused.set("Content-Range", range.contentRange(r.length));
        refused.set("Accept-Ranges", "bytes");
        return refused;
    }
    StoreFailure failure;
    std::shared_ptr<UploadSource> source = m_store.openSource(r, &failure);
    if (!source && failure.kind == StoreFailure::Kind::Unavailable) // not gone: unreadable now
        return unavailable(failure.retryAfter);
    if (!source) // deleted between the lookup and the open, or the storage lost it
        return plain(404, QStringLiteral("No such upload."));
    const bool part = range.kind == ByteRange::Kind::Part;
    const qint64 first = part ? range.first : 0;
    const qint64 length = part ? range.length : r.length;
    out.status = part ? 206 : 200;
    if (const int fd = source->takeFileDescriptor(); fd >= 0) {
        out.file = std::make_shared<HttpFileBody>(fd, first, length); // sendfile
    } else {
        out.stream = std::make_shared<HttpStreamBody>(
            length, [source, first](qint64 offset, char *data, qint64 size) {
                return source->read(first + offset, data, size);
            });
    }
    out.set("Content-Type", "application/octet-stream");
    out.set("X-Content-Type-Options", "nosniff");
    out.set("Content-Disposition", attachmentDisposition(downloadName(r)));
    out.set("Accept-Ranges", "bytes");
    if (part)
        out.set("Content-Range", range.contentRange(r.length));
    return out;
}
