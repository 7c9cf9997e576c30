#include "sigv4signer.h"

#include "opensslruntime.h"

#include <QMap>
#include <QUrlQuery>

#include <openssl/evp.h>
#include <openssl/hmac.h>

#include <algorithm>
#include <utility>

namespace {
constexpr char AmzDateHeader[] = "x-amz-date";
constexpr char ContentSha256Header[] = "x-amz-content-sha256";
constexpr char Terminator[] = "aws4_request";
constexpr int Sha256Bytes = 32;

QByteArray hmacSha256(const QByteArray &key, const QByteArray &data)
{
    unsigned char out[EVP_MAX_MD_SIZE];
    unsigned int length = 0;
    if (!HMAC(EVP_sha256(), key.constData(), int(key.size()),
              reinterpret_cast<const unsigned char *>(data.constData()), size_t(data.size()), out,
              &length))
        return {};
    return QByteArray(reinterpret_cast<const char *>(out), int(length));
}

bool isBlank(char c)
{
    return c == ' ' || c == '\t';
}

// Leading and trailing blanks dropped, every inner run of blanks one space.
QByteArray trimAll(const QByteArray &value)
{
    QByteArray out;
    out.reserve(value.size());
    bool pendingSpace = false;
    for (const char c : value) {
        if (isBlank(c)) {
            pendingSpace = !out.isEmpty();
            continue;
        }
        if (pendingSpace)
            out += ' ';
        pendingSpace = false;
        out += c;
    }
    return out;
}

bool sameName(const QByteArray &a, const char *b)
{
    return a.trimmed().compare(b, Qt::CaseInsensitive) == 0;
}

// The request's headers with x-amz-date (and for S3 x-amz-content-sha256) set by the signer:
// a caller's own copy is replaced, so what is signed and what is sent cannot differ.
SigV4Headers headersToSign(const SigV4Headers &given, const QByteArray &amzDate,
                           const QByteArray *contentSha256)
{
    SigV4Headers headers;
    headers.reserve(given.size() + 2);
    for (const auto &header : given) {
        if (sameName(header.first, AmzDateHeader)
            || (contentSha256 && sameName(header.first, ContentSha256Header)))
            continue;
        headers.append(header);
    }
    headers.append({AmzDateHeader, amzDate});
    if (contentSha256)
        headers.append({ContentSha256Header, *contentSha256});
    return headers;
}

struct CanonicalHeaders {
    QByteArray lines;       // "name:value\n" for each, sorted by name
    QByteArray signedNames; // "name;name;..."
};

// Names lower-cased and sorted; repeated names joined into one line, values in the order given
// and separated by commas (the get-header-key-duplicate vector).
CanonicalHeaders canonicalHeaders(const SigV4Headers &headers)
{
    QMap<QByteArray, QList<QByteArray>> byName;
    for (const auto &[name, value] : headers)
        byName[name.trimmed().toLower()].append(trimAll(value));
    CanonicalHeaders out;
    for (auto it = byName.cbegin(); it != byName.cend(); ++it) {
        out.lines += it.key() + ':' + it.value().join(',') + '\n';
        if (!out.signedNames.isEmpty())
            out.signedNames += ';';
        out.signedNames += it.key();
    }
    return out;
}
} // namespace

SigV4Request SigV4Request::forUrl(const QByteArray &method, const QUrl &url,
                                  const QByteArray &payloadHash)
{
    SigV4Request request;
    request.method = method;
    request.path = url.path(QUrl::FullyDecoded);
    request.query = QUrlQuery(url).queryItems(QUrl::FullyDecoded);
    request.payloadHash = payloadHash;

    // FullyEncoded: an IDN in ACE form; an IPv6 address comes without brackets.
    QByteArray host = url.host(QUrl::FullyEncoded).toLatin1();
    if (host.contains(':'))
        host = '[' + host + ']';
    if (url.port() != -1)
        host += ':' + QByteArray::number(url.port());
    request.headers.append({"host", host});
    return request;
}

SigV4Signer::SigV4Signer(S3Credentials credentials, QString region, QString service)
    : m_credentials(std::move(credentials))
    , m_region(std::move(region))
    , m_service(std::move(service))
{
}

SigV4Signature SigV4Signer::sign(const SigV4Request &request, const QDateTime &time) const
{
    if (request.method.isEmpty() || !time.isValid() || !isPayloadHash(request.payloadHash))
        return {};
    const QByteArray date = amzDate(time);
    const QByteArray day = dateStamp(time);
    const bool s3 = m_service == QLatin1String("s3");
    const SigV4Headers headers =
        headersToSign(request.headers, date, s3 ? &request.payloadHash : nullptr);
    const CanonicalHeaders canonical = canonicalHeaders(headers);

    SigV4Signature out;
    out.canonicalRequest = request.method + '\n' + canonicalUri(request.path) + '\n'
                           + canonicalQuery(request.query) + '\n' + canonical.lines + '\n'
                           + canonical.signedNames + '\n' + request.payloadHash;
    const QByteArray scope = credentialScope(day, m_region, m_service);
    out.stringToSign =
        QByteArray(Algorithm) + '\n' + date + '\n' + scope + '\n' + sha256Hex(out.canonicalRequest);
    const QByteArray key = signingKey(m_credentials.secretAccessKey, day, m_region, m_service);
    out.signature = hmacSha256(key, out.stringToSign).toHex();
    if (out.signature.isEmpty())
        return {};
    out.authorization = QByteArray(Algorithm) + " Credential=" + m_credentials.accessKeyId.toUtf8()
                        + '/' + scope + ", SignedHeaders=" + canonical.signedNames
                        + ", Signature=" + out.signature;
    out.headers = headers;
    out.headers.append({"Authorization", out.authorization});
    return out;
}

QByteArray SigV4Signer::amzDate(const QDateTime &time)
{
    const QDateTime utc = time.toUTC();
    const QDate d = utc.date();
    const QTime t = utc.time();
    return QString::asprintf("%04d%02d%02dT%02d%02d%02dZ", d.year(), d.month(), d.day(), t.hour(),
                             t.minute(), t.second())
        .toLatin1();
}

QByteArray SigV4Signer::dateStamp(const QDateTime &time)
{
    return amzDate(time).left(8);
}

QByteArray SigV4Signer::credentialScope(const QByteArray &dateStamp, const QString &region,
                                        const QString &service)
{
    return dateStamp + '/' + region.toUtf8() + '/' + service.toUtf8() + '/' + Terminator;
}

QByteArray SigV4Signer::signingKey(const QByteArray &secret, const QByteArray &dateStamp,
                                   const QString &region, const QString &service)
{
    const QByteArray date = hmacSha256("AWS4" + secret, dateStamp);
    const QByteArray inRegion = hmacSha256(date, region.toUtf8());
    const QByteArray forService = hmacSha256(inRegion, service.toUtf8());
    return hmacSha256(forService, Terminator);
}

QByteArray SigV4Signer::uriEncode(const QByteArray &utf8, bool keepSlash)
{
    static constexpr char Hex[] = "0123456789ABCDEF";
    QByteArray out;
    out.reserve(utf8.size() * 3);
    for (const char c : utf8) {
        const auto u = static_cast<unsigned char>(c);
        const bool unreserved = (u >= 'A' && u <= 'Z') || (u >= 'a' && u <= 'z')
                                || (u >= '0' && u <= '9') || u == '-' || u == '_' || u == '.'
                                || u == '~';
        if (unreserved || (keepSlash && u == '/')) {
            out += c;
        } else {
            out += '%';
            out += Hex[u >> 4];
            out += Hex[u & 0xf];
        }
    }
    return out;
}

QByteArray SigV4Signer::canonicalUri(const QString &path)
{
    if (path.isEmpty())
        return "/";
    const QByteArray encoded = uriEncode(path.toUtf8(), true);
    return encoded.startsWith('/') ? encoded : '/' + encoded;
}

QByteArray SigV4Signer::canonicalQuery(const QList<QPair<QString, QString>> &query)
{
    QList<QPair<QByteArray, QByteArray>> encoded;
    encoded.reserve(query.size());
    for (const auto &[name, value] : query)
        encoded.append({uriEncode(name.toUtf8()), uriEncode(value.toUtf8())});
    std::sort(encoded.begin(), encoded.end());
    QByteArray out;
    for (const auto &[name, value] : std::as_const(encoded)) {
        if (!out.isEmpty())
            out += '&';
        out += name + '=' + value;
    }
    return out;
}

QByteArray SigV4Signer::sha256Hex(const QByteArray &bytes)
{
    unsigned char digest[EVP_MAX_MD_SIZE];
    unsigned int length = 0;
    if (EVP_Digest(bytes.constData(), size_t(bytes.size()), digest, &length, EVP_sha256(), nullptr)
        != 1)
        return {};
    return QByteArray(reinterpret_cast<const char *>(digest), int(length)).toHex();
}

bool SigV4Signer::isPayloadHash(const QByteArray &hash)
{
    if (hash == UnsignedPayload)
        return true;
    return hash.size() == 2 * Sha256Bytes && std::all_of(hash.cbegin(), hash.cend(), [](char c) {
               return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f');
           });
}
