#pragma once

#include "s3credentials.h"
#include "s3target.h"
#include "sigv4signer.h"

#include <QByteArray>
#include <QDateTime>
#include <QList>
#include <QPair>
#include <QString>

// One S3 request as S3Bucket's operations describe it: the object (or the bucket), the query,
// the headers to sign and the payload's hash.
struct S3Call {
    QByteArray method;
    QString key; // the object's full key, decoded; empty: the bucket itself
    QList<QPair<QString, QString>> query;
    SigV4Headers headers; // signed and sent (Content-MD5, Content-Type, x-amz-*, Range)
    QByteArray payloadHash = SigV4Signer::sha256Hex({}); // hex, or UnsignedPayload

    void setHeader(const QByteArray &name, const QByteArray &value);
};

// What goes on the wire: the URL and every header line, Host and Authorization included.
struct S3SignedCall {
    QByteArray url;
    QList<QByteArray> headerLines; // "Name: value"
};

// Builds and signs S3Calls for one bucket (path-style or virtual-hosted, as its S3Target says).
// The path and query on the wire are encoded exactly as SigV4 encodes them for signing, so a key
// with any characters signs as it is sent. Thread-safe (const); the secret never leaves it.
class S3CallSigner final {
public:
    S3CallSigner(S3Target target, S3Credentials credentials);

    const S3Target &target() const { return m_target; }
    S3SignedCall sign(const S3Call &call, const QDateTime &now) const;
    // "bucket/key", encoded as x-amz-copy-source wants it.
    QByteArray copySource(const QString &key) const;

private:
    S3Target m_target;
    SigV4Signer m_signer;
};
