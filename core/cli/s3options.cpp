#include "s3options.h"

#include "awscredentialsfile.h"
#include "s3target.h"

#include <QUrlQuery>

namespace {
constexpr char ProfileVariable[] = "AWS_PROFILE";
constexpr char KeyIdVariable[] = "AWS_ACCESS_KEY_ID";
constexpr char SecretVariable[] = "AWS_SECRET_ACCESS_KEY";

void setItem(QUrlQuery *query, const QString &name, const QString &value)
{
    query->removeAllQueryItems(name);
    query->addQueryItem(name, value);
}
} // namespace

QString resolveS3Endpoint(const QUrl &endpoint, const S3Arguments &arguments, QUrl *target,
                          const QString &option)
{
    if (!arguments.style.isEmpty() && arguments.style != QLatin1String("path")
        && arguments.style != QLatin1String("virtual"))
        return QStringLiteral("--s3-style must be path or virtual");
    QUrl url = endpoint;
    QUrlQuery query(url);
    if (!arguments.service.isEmpty()) {
        const QUrl service(arguments.service, QUrl::StrictMode);
        setItem(&query, QStringLiteral("endpoint"), service.toString(QUrl::FullyEncoded));
    }
    if (!arguments.region.isEmpty())
        setItem(&query, QStringLiteral("region"), arguments.region);
    if (!arguments.style.isEmpty())
        setItem(&query, QStringLiteral("style"), arguments.style);
    url.setQuery(query);
    QString problem;
    const std::optional<S3Target> parsed = S3Target::fromUrl(url, &problem);
    if (!parsed)
        return QStringLiteral("%1 %2: %3")
            .arg(option, endpoint.toString(QUrl::RemoveQuery | QUrl::RemoveUserInfo), problem);
    *target = parsed->toUrl();
    return {};
}

QString readS3Credentials(const S3Arguments &arguments, const QProcessEnvironment &environment,
                          S3Credentials *credentials, QStringList *warnings)
{
    if (!arguments.credentialsFile.isEmpty()) {
        QString profile = environment.value(QLatin1String(ProfileVariable));
        if (profile.isEmpty())
            profile = QString::fromLatin1(AwsCredentialsFile::DefaultProfile);
        QString problem;
        const std::optional<S3Credentials> read =
            AwsCredentialsFile::read(arguments.credentialsFile, profile, &problem);
        if (!read)
            return QStringLiteral("--s3-credentials %1: %2")
                .arg(arguments.credentialsFile, problem);
        if (AwsCredentialsFile::readableByOthers(arguments.credentialsFile))
            warnings->append(QStringLiteral("%1 holds a secret key and other users may read it "
                                            "(chmod 600 %1)")
                                 .arg(arguments.credentialsFile));
        *credentials = *read;
        return {};
    }
    const QString id = environment.value(QLatin1String(KeyIdVariable));
    const QString secret = environment.value(QLatin1String(SecretVariable));
    if (id.isEmpty() != secret.isEmpty())
        return QStringLiteral("%1 is set but %2 is not: set both, or give --s3-credentials FILE")
            .arg(QLatin1String(id.isEmpty() ? SecretVariable : KeyIdVariable),
                 QLatin1String(id.isEmpty() ? KeyIdVariable : SecretVariable));
    credentials->accessKeyId = id;
    credentials->secretAccessKey = secret.toUtf8();
    return {};
}
