#include "endpointheaders.h"

#include <QUrlQuery>

#include <algorithm>

namespace {
// An s3:// target (core/s3/s3target.h) names its bucket as the host and its prefix as the path;
// the service and region are in the query. Two targets differ when any of them does, so the
// query is kept, its items sorted and the service normalized like any http(s) endpoint.
QString s3KeyOf(const QUrl &endpoint)
{
    QList<QPair<QString, QString>> items = QUrlQuery(endpoint).queryItems(QUrl::FullyDecoded);
    for (auto &[name, value] : items) {
        if (name == QLatin1String("endpoint"))
            value = EndpointHeaders::keyOf(QUrl(value));
    }
    std::sort(items.begin(), items.end());
    QUrlQuery query;
    query.setQueryItems(items);
    QString prefix = endpoint.path(QUrl::FullyDecoded);
    while (prefix.endsWith(QLatin1Char('/')))
        prefix.chop(1);
    QUrl url;
    url.setScheme(QStringLiteral("s3"));
    url.setHost(endpoint.host(QUrl::FullyDecoded), QUrl::DecodedMode);
    url.setPath(prefix.isEmpty() || prefix.startsWith(QLatin1Char('/')) ? prefix
                                                                        : QLatin1Char('/') + prefix,
                QUrl::DecodedMode);
    url.setQuery(query);
    return url.toString(QUrl::FullyEncoded);
}
} // namespace

QString EndpointHeaders::keyOf(const QUrl &endpoint)
{
    if (endpoint.scheme().compare(QLatin1String("s3"), Qt::CaseInsensitive) == 0)
        return endpoint.host().isEmpty() ? QString() : s3KeyOf(endpoint);
    QUrl url = endpoint.adjusted(QUrl::RemoveUserInfo | QUrl::RemoveQuery | QUrl::RemoveFragment
                                 | QUrl::NormalizePathSegments | QUrl::StripTrailingSlash);
    if (url.host().isEmpty())
        return {};
    const QString scheme = url.scheme().toLower();
    url.setScheme(scheme);
    url.setHost(url.host().toLower());
    const int defaultPort = scheme == QLatin1String("https")  ? 443
                            : scheme == QLatin1String("http") ? 80
                                                              : -1;
    if (url.port() == defaultPort)
        url.setPort(-1);
    QString path = url.path(QUrl::FullyEncoded);
    while (path.endsWith(QLatin1Char('/')))
        path.chop(1);
    url.setPath(path.isEmpty() ? QStringLiteral("/") : path, QUrl::TolerantMode);
    return url.toString(QUrl::FullyEncoded);
}

void EndpointHeaders::set(const QUrl &endpoint, const HttpHeaders &headers)
{
    const QString key = keyOf(endpoint);
    if (key.isEmpty())
        return;
    if (headers.isEmpty())
        m_byKey.remove(key);
    else
        m_byKey.insert(key, headers);
}

HttpHeaders EndpointHeaders::of(const QUrl &endpoint) const
{
    if (m_byKey.isEmpty())
        return {};
    return m_byKey.value(keyOf(endpoint));
}

HttpHeaders EndpointHeaders::merged(const HttpHeaders &common, const QUrl &endpoint) const
{
    const HttpHeaders own = of(endpoint);
    if (own.isEmpty())
        return common;
    HttpHeaders result;
    for (const HttpHeader &header : common) {
        const bool replaced = std::any_of(own.cbegin(), own.cend(), [&](const HttpHeader &o) {
            return o.first.compare(header.first, Qt::CaseInsensitive) == 0;
        });
        if (!replaced)
            result.append(header);
    }
    return result + own;
}

void EndpointHeaders::setHeld(const QUrl &endpoint, bool held)
{
    const QString key = keyOf(endpoint);
    if (key.isEmpty())
        return;
    if (held)
        m_held.insert(key);
    else
        m_held.remove(key);
}

bool EndpointHeaders::isHeld(const QUrl &endpoint) const
{
    return !m_held.isEmpty() && m_held.contains(keyOf(endpoint));
}
