#pragma once

#include "s3credentials.h"

#include <QByteArray>
#include <QDateTime>
#include <QList>
#include <QPair>
#include <QString>
#include <QUrl>

// Header names and values as they go on the wire (the same type as HttpHeaders in transfer.h).
using SigV4Headers = QList<QPair<QByteArray, QByteArray>>;

// One request to sign: what the server will see, in decoded form. The signer encodes.
struct SigV4Request {
    QByteArray method;                    // "GET", "PUT", ...
    QString path = QStringLiteral("/");   // decoded, as an S3 key is: "/bucket/a b/ü.txt"
    QList<QPair<QString, QString>> query; // decoded names and values, in any order
    SigV4Headers headers;                 // every header to sign, Host included
    QByteArray payloadHash;               // the body's SHA-256, lower-case hex, or UnsignedPayload

    // The path, query and Host header of `url`, the Host as QNetworkAccessManager writes it
    // (an explicit port kept, IPv6 in brackets, IDN in ACE form).
    static SigV4Request forUrl(const QByteArray &method, const QUrl &url,
                               const QByteArray &payloadHash);
};

// What signing gives: the intermediate strings (for tests and for reading a server's
// SignatureDoesNotMatch answer, which quotes them) and the headers to send.
struct SigV4Signature {
    QByteArray canonicalRequest;
    QByteArray stringToSign;
    QByteArray signature;     // 64 lower-case hex digits; empty when the request was refused
    QByteArray authorization; // the Authorization header's value
    // The request's headers, then x-amz-date, x-amz-content-sha256 (S3 only), Authorization.
    SigV4Headers headers;

    bool isValid() const { return !signature.isEmpty(); }
};

// AWS Signature Version 4 with S3's rules: the path is encoded once, segment by segment, '/'
// kept, and never normalized ("//a/../b" is signed as it is: S3 keys may hold such names).
// Query parameters are sorted by encoded name, then value; header names lower-cased, values
// trimmed with inner runs of blanks collapsed; every header given is signed. For service "s3"
// the x-amz-content-sha256 header is added, as S3 requires. The secret stays inside: nothing
// here logs, returns or prints it.
class SigV4Signer final {
public:
    static constexpr char UnsignedPayload[] = "UNSIGNED-PAYLOAD";
    static constexpr char Algorithm[] = "AWS4-HMAC-SHA256";

    explicit SigV4Signer(S3Credentials credentials, QString region,
                         QString service = QStringLiteral("s3"));

    const QString &accessKeyId() const { return m_credentials.accessKeyId; }
    const QString &region() const { return m_region; }
    const QString &service() const { return m_service; }

    // Signs `request` as sent at `time` (any time zone). Invalid (empty) when the payload hash is
    // neither 64 lower-case hex digits nor UnsignedPayload, the method is empty or the time is
    // invalid.
    SigV4Signature sign(const SigV4Request &request, const QDateTime &time) const;

    // "20130524T000000Z" and "20130524", in UTC.
    static QByteArray amzDate(const QDateTime &time);
    static QByteArray dateStamp(const QDateTime &time);
    // "20130524/us-east-1/s3/aws4_request".
    static QByteArray credentialScope(const QByteArray &dateStamp, const QString &region,
                                      const QString &service);
    // HMAC chain "AWS4"+secret -> date -> region -> service -> "aws4_request": 32 raw bytes.
    static QByteArray signingKey(const QByteArray &secret, const QByteArray &dateStamp,
                                 const QString &region, const QString &service);

    // RFC 3986 percent-encoding as SigV4 wants it: all but A-Z a-z 0-9 - _ . ~ as %XX (upper
    // case), '/' too unless `keepSlash`.
    static QByteArray uriEncode(const QByteArray &utf8, bool keepSlash = false);
    static QByteArray canonicalUri(const QString &path);
    static QByteArray canonicalQuery(const QList<QPair<QString, QString>> &query);
    static QByteArray sha256Hex(const QByteArray &bytes);
    static bool isPayloadHash(const QByteArray &hash);

private:
    S3Credentials m_credentials;
    QString m_region;
    QString m_service;
};
