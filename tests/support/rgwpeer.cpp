#include "rgwpeer.h"

#include "sigv4signer.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QEventLoop>
#include <QFile>
#include <QNetworkReply>
#include <QTimer>
#include <QUrlQuery>
#include <QXmlStreamReader>

QList<QPair<QString, QString>> RgwEnv::parseShellAssignments(const QByteArray &text)
{
    QList<QPair<QString, QString>> values;
    for (QByteArray line : text.split('\n')) {
        line = line.trimmed();
        if (line.startsWith("export "))
            line = line.mid(7).trimmed();
        const qsizetype eq = line.indexOf('=');
        if (line.isEmpty() || line.startsWith('#') || eq <= 0)
            continue;
        QByteArray value = line.mid(eq + 1).trimmed();
        if (value.size() >= 2
            && ((value.startsWith('\'') && value.endsWith('\''))
                || (value.startsWith('"') && value.endsWith('"'))))
            value = value.mid(1, value.size() - 2);
        values.append({QString::fromUtf8(line.left(eq)), QString::fromUtf8(value)});
    }
    return values;
}

std::optional<RgwEnv> RgwEnv::load(QString *problem)
{
    const auto fail = [problem](const QString &why) -> std::optional<RgwEnv> {
        if (problem)
            *problem = why;
        return std::nullopt;
    };
    const QString path = qEnvironmentVariable("HOIST_RGW_ENV");
    if (path.isEmpty())
        return fail(QStringLiteral("HOIST_RGW_ENV is not set (run through ctest: fixture rgw)"));
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return fail(QStringLiteral("cannot read %1: the rgw fixture did not start").arg(path));
    QHash<QString, QString> values;
    for (const auto &pair : parseShellAssignments(file.readAll()))
        values.insert(pair.first, pair.second);
    RgwEnv env;
    env.endpoint = QUrl(values.value(QStringLiteral("HOIST_S3_ENDPOINT")));
    env.region = values.value(QStringLiteral("HOIST_S3_REGION"));
    env.keys.accessKeyId = values.value(QStringLiteral("HOIST_S3_ACCESS_KEY"));
    env.keys.secretAccessKey = values.value(QStringLiteral("HOIST_S3_SECRET_KEY")).toUtf8();
    if (!env.endpoint.isValid() || env.endpoint.host().isEmpty() || env.region.isEmpty()
        || !env.keys.isComplete())
        return fail(QStringLiteral("%1 lacks HOIST_S3_ENDPOINT, _REGION, _ACCESS_KEY or "
                                   "_SECRET_KEY")
                        .arg(path));
    return env;
}

QUrl RgwEnv::targetUrl(const QString &bucket, const QString &prefix) const
{
    return target(bucket, prefix).toUrl();
}

S3Target RgwEnv::target(const QString &bucket, const QString &prefix) const
{
    return S3Target(endpoint, region, bucket, prefix);
}

RgwPeer::RgwPeer(RgwEnv env)
    : m_env(std::move(env))
{
}

QString RgwPeer::uniqueBucketName(const QString &prefix)
{
    static int counter = 0;
    return QStringLiteral("%1-%2-%3-%4")
        .arg(prefix.toLower())
        .arg(QDateTime::currentMSecsSinceEpoch())
        .arg(QCoreApplication::applicationPid())
        .arg(++counter);
}

RgwPeer::Answer RgwPeer::request(const QByteArray &method, const QString &path,
                                 const QList<QPair<QString, QString>> &query,
                                 const QByteArray &body, int timeoutMs)
{
    QUrl url = m_env.endpoint;
    url.setPath(path, QUrl::DecodedMode);
    QUrlQuery q;
    for (const auto &item : query)
        q.addQueryItem(item.first, QString::fromUtf8(QUrl::toPercentEncoding(item.second)));
    url.setQuery(q);
    const SigV4Signer signer(m_env.keys, m_env.region);
    const SigV4Signature signature =
        signer.sign(SigV4Request::forUrl(method, url, SigV4Signer::sha256Hex(body)),
                    QDateTime::currentDateTimeUtc());
    QNetworkRequest request(url);
    request.setAttribute(QNetworkRequest::Http2AllowedAttribute, false);
    for (const auto &header : signature.headers) {
        if (header.first.compare("host", Qt::CaseInsensitive) != 0)
            request.setRawHeader(header.first, header.second);
    }
    QNetworkReply *reply = body.isEmpty() && method != "PUT" && method != "POST"
                               ? m_network.sendCustomRequest(request, method)
                               : m_network.sendCustomRequest(request, method, body);
    QEventLoop loop;
    QObject::connect(reply, &QNetworkReply::finished, &loop, &QEventLoop::quit);
    QTimer::singleShot(timeoutMs, &loop, &QEventLoop::quit);
    if (!reply->isFinished())
        loop.exec();
    Answer answer;
    if (reply->isFinished()) {
        answer.status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
        answer.body = reply->readAll();
    } else {
        reply->abort();
    }
    reply->deleteLater();
    return answer;
}

bool RgwPeer::createBucket(const QString &bucket)
{
    return request("PUT", QLatin1Char('/') + bucket).ok();
}

std::optional<QByteArray> RgwPeer::getObject(const QString &bucket, const QString &key)
{
    const Answer answer = request("GET", QLatin1Char('/') + bucket + QLatin1Char('/') + key);
    if (!answer.ok())
        return std::nullopt;
    return answer.body;
}

std::optional<QStringList> RgwPeer::multipartUploads(const QString &bucket)
{
    const Answer answer = request("GET", QLatin1Char('/') + bucket + QLatin1Char('/'),
                                  {{QStringLiteral("uploads"), {}}});
    if (!answer.ok())
        return std::nullopt;
    QStringList uploads;
    QXmlStreamReader xml(answer.body);
    QString key;
    QString element;
    while (!xml.atEnd()) {
        const auto token = xml.readNext();
        if (token == QXmlStreamReader::StartElement)
            element = xml.name().toString();
        else if (token == QXmlStreamReader::EndElement)
            element.clear();
        else if (token == QXmlStreamReader::Characters && element == QLatin1String("Key"))
            key = xml.text().toString();
        else if (token == QXmlStreamReader::Characters && element == QLatin1String("UploadId"))
            uploads << key + QLatin1Char(' ') + xml.text().toString();
    }
    if (xml.hasError())
        return std::nullopt;
    return uploads;
}
