#include "s3target.h"

#include <QCoreApplication>
#include <QRegularExpression>
#include <QUrlQuery>

#include <algorithm>

namespace {

constexpr char DefaultRegion[] = "us-east-1";
constexpr int MaxBucketBytes = 255;

QString tr(const char *text)
{
    return QCoreApplication::translate("S3Target", text);
}

// scheme://host[:port]: no path, query, fragment or trailing slash.
QUrl serviceBase(const QUrl &url)
{
    QUrl base;
    base.setScheme(url.scheme().toLower());
    base.setHost(url.host().toLower());
    base.setPort(url.port());
    if ((base.scheme() == QLatin1String("http") && base.port() == 80)
        || (base.scheme() == QLatin1String("https") && base.port() == 443))
        base.setPort(-1);
    return base;
}

QUrl awsService(const QString &region)
{
    return QUrl(QStringLiteral("https://s3.%1.amazonaws.com").arg(region));
}

} // namespace

S3Target::S3Target(QUrl service, QString region, QString bucket, QString prefix, bool virtualHosted)
    : m_service(serviceBase(service))
    , m_region(region.isEmpty() ? QString::fromLatin1(DefaultRegion) : std::move(region))
    , m_bucket(std::move(bucket))
    , m_virtualHosted(virtualHosted)
{
    while (prefix.startsWith(QLatin1Char('/')))
        prefix.remove(0, 1);
    if (!prefix.isEmpty() && !prefix.endsWith(QLatin1Char('/')))
        prefix.append(QLatin1Char('/'));
    m_prefix = std::move(prefix);
}

std::optional<S3Target> S3Target::fromUrl(const QUrl &url, QString *problem)
{
    const auto fail = [problem](const QString &why) -> std::optional<S3Target> {
        if (problem)
            *problem = why;
        return std::nullopt;
    };
    if (!isS3(url))
        return fail(tr("An S3 target starts with s3://"));
    if (!url.userInfo().isEmpty())
        return fail(tr("Keys do not belong in the address; give them as credentials."));
    // QUrl lower-cases the host; a bucket's name is taken as written.
    const QString bucket = url.host(QUrl::FullyDecoded);
    if (!isUsableBucketName(bucket))
        return fail(tr("\"%1\" is not a bucket name.").arg(bucket));
    const QUrlQuery query(url);
    const QString region = query.queryItemValue(QStringLiteral("region"), QUrl::FullyDecoded);
    const QString style = query.queryItemValue(QStringLiteral("style"), QUrl::FullyDecoded);
    const QString endpoint = query.queryItemValue(QStringLiteral("endpoint"), QUrl::FullyDecoded);
    QUrl service;
    bool virtualHosted = style == QLatin1String("virtual");
    if (endpoint.isEmpty()) {
        const QString named = region.isEmpty() ? QString::fromLatin1(DefaultRegion) : region;
        service = awsService(named);
        virtualHosted = style != QLatin1String("path");
        // The region names AWS's host ("eu-west-1"): one with blanks, slashes or '?' would name
        // none, or another host.
        static const QRegularExpression regionName(
            QRegularExpression::anchoredPattern(QStringLiteral("[A-Za-z0-9-]{1,63}")));
        if (!regionName.match(named).hasMatch() || !service.isValid() || service.host().isEmpty())
            return fail(tr("\"%1\" is not a region name.").arg(region));
    } else {
        service = QUrl(endpoint, QUrl::StrictMode);
        const QString scheme = service.scheme().toLower();
        if (!service.isValid() || service.host().isEmpty()
            || (scheme != QLatin1String("http") && scheme != QLatin1String("https")))
            return fail(
                tr("The S3 service \"%1\" is not an http:// or https:// address.").arg(endpoint));
        if (!service.userInfo().isEmpty())
            return fail(tr("Keys do not belong in the address; give them as credentials."));
    }
    S3Target target(service, region, bucket, url.path(QUrl::FullyDecoded), virtualHosted);
    // Virtual-hosted, the bucket is part of a host name, which "::1" for one could not be.
    if (const QUrl bucketUrl = target.bucketUrl();
        !bucketUrl.isValid() || bucketUrl.host().isEmpty())
        return fail(
            tr("\"%1\" cannot be part of a host name; use path-style addressing.").arg(bucket));
    return target;
}

QUrl S3Target::toUrl() const
{
    QUrl url;
    url.setScheme(QString::fromLatin1(Scheme));
    url.setHost(m_bucket, QUrl::DecodedMode);
    if (!m_prefix.isEmpty())
        url.setPath(QLatin1Char('/') + m_prefix, QUrl::DecodedMode);
    QUrlQuery query;
    query.addQueryItem(QStringLiteral("endpoint"), m_service.toString(QUrl::FullyEncoded));
    query.addQueryItem(QStringLiteral("region"), m_region);
    if (m_virtualHosted)
        query.addQueryItem(QStringLiteral("style"), QStringLiteral("virtual"));
    url.setQuery(query);
    return url;
}

QString S3Target::displayName() const
{
    const QString where = m_service.port() > 0
                              ? QStringLiteral("%1:%2").arg(m_service.host()).arg(m_service.port())
                              : m_service.host();
    return tr("%1/%2 on %3").arg(m_bucket, m_prefix, where);
}

QString S3Target::keyFor(const QString &relativePath) const
{
    QString path = relativePath;
    while (path.startsWith(QLatin1Char('/')))
        path.remove(0, 1);
    return m_prefix + path;
}

QUrl S3Target::bucketUrl() const
{
    QUrl url = m_service;
    if (m_virtualHosted) {
        url.setHost(m_bucket + QLatin1Char('.') + m_service.host());
        url.setPath(QStringLiteral("/"));
    } else {
        url.setPath(QLatin1Char('/') + m_bucket + QLatin1Char('/'), QUrl::DecodedMode);
    }
    return url;
}

QUrl S3Target::objectUrl(const QString &key) const
{
    QUrl url = bucketUrl();
    url.setPath(url.path(QUrl::FullyDecoded) + key, QUrl::DecodedMode);
    return url;
}

bool S3Target::isUsableBucketName(const QString &bucket)
{
    if (bucket.isEmpty() || bucket.toUtf8().size() > MaxBucketBytes)
        return false;
    return std::all_of(bucket.cbegin(), bucket.cend(), [](QChar c) {
        const char16_t u = c.unicode();
        return (u >= 'a' && u <= 'z') || (u >= '0' && u <= '9') || u == '.' || u == '-' || u == '_';
    });
}
