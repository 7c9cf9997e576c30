#include "s3callsigner.h"

void S3Call::setHeader(const QByteArray &name, const QByteArray &value)
{
    for (auto &header : headers) {
        if (header.first.compare(name, Qt::CaseInsensitive) == 0) {
            header.second = value;
            return;
        }
    }
    headers.append({name, value});
}

S3CallSigner::S3CallSigner(S3Target target, S3Credentials credentials)
    : m_target(std::move(target))
    , m_signer(std::move(credentials), m_target.region())
{
}

S3SignedCall S3CallSigner::sign(const S3Call &call, const QDateTime &now) const
{
    const QUrl url = call.key.isEmpty() ? m_target.bucketUrl() : m_target.objectUrl(call.key);
    SigV4Request request = SigV4Request::forUrl(call.method, url, call.payloadHash);
    request.query = call.query;
    request.headers.append(call.headers);
    const SigV4Signature signature = m_signer.sign(request, now);

    S3SignedCall out;
    out.url = url.scheme().toLatin1() + "://" + request.headers.first().second
              + SigV4Signer::canonicalUri(request.path);
    const QByteArray query = SigV4Signer::canonicalQuery(request.query);
    if (!query.isEmpty())
        out.url += '?' + query;
    for (const auto &[name, value] : signature.headers)
        out.headerLines.append(name + ": " + value);
    return out;
}

QByteArray S3CallSigner::copySource(const QString &key) const
{
    return SigV4Signer::uriEncode(m_target.bucket().toUtf8()) + '/'
           + SigV4Signer::uriEncode(key.toUtf8(), true);
}
