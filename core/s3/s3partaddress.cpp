#include "s3partaddress.h"

#include <QUrlQuery>

namespace {
constexpr char UploadIdItem[] = "uploadId";
constexpr char PartNumberItem[] = "partNumber";
constexpr int MaxPartNumber = 10000;
} // namespace

QUrl S3PartAddress::toUrl() const
{
    QUrl url = target.toUrl();
    url.setPath(QLatin1Char('/') + key, QUrl::DecodedMode);
    QUrlQuery query(url);
    query.addQueryItem(QString::fromLatin1(UploadIdItem),
                       QString::fromUtf8(QUrl::toPercentEncoding(uploadId)));
    query.addQueryItem(QString::fromLatin1(PartNumberItem), QString::number(partNumber));
    url.setQuery(query);
    return url;
}

std::optional<S3PartAddress> S3PartAddress::fromUrl(const QUrl &url)
{
    if (!S3Target::isS3(url))
        return std::nullopt;
    QUrlQuery query(url);
    const QString uploadId =
        query.queryItemValue(QString::fromLatin1(UploadIdItem), QUrl::FullyDecoded);
    bool ok = false;
    const int partNumber = query.queryItemValue(QString::fromLatin1(PartNumberItem)).toInt(&ok);
    const QString key = url.path(QUrl::FullyDecoded).mid(1);
    if (uploadId.isEmpty() || !ok || partNumber < 1 || partNumber > MaxPartNumber || key.isEmpty())
        return std::nullopt;
    query.removeAllQueryItems(QString::fromLatin1(UploadIdItem));
    query.removeAllQueryItems(QString::fromLatin1(PartNumberItem));
    QUrl targetUrl = url;
    targetUrl.setPath(QString());
    targetUrl.setQuery(query);
    std::optional<S3Target> target = S3Target::fromUrl(targetUrl);
    if (!target)
        return std::nullopt;
    return S3PartAddress{*target, key, uploadId, partNumber};
}

QString S3PartAddress::uploadKey() const
{
    return target.bucketUrl().toString() + QLatin1Char(' ') + key + QLatin1Char(' ') + uploadId;
}
