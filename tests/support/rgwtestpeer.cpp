#include "rgwtestpeer.h"

#include "s3target.h"
#include "sigv4signer.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QDebug>
#include <QDir>
#include <QEventLoop>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QProcess>
#include <QProcessEnvironment>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTimer>
#include <QUrlQuery>
#include <QXmlStreamReader>

#include <algorithm>

namespace {
constexpr int ScriptTimeoutMs = 150000;

QString rgwScript()
{
    return QStringLiteral(HOIST_TEST_SOURCE_DIR "/support/rgw/rgw.sh");
}

// Every <Name>text</Name> in an XML answer, in order.
QStringList elements(const QByteArray &xml, const QString &name)
{
    QStringList found;
    QXmlStreamReader reader(xml);
    while (!reader.atEnd()) {
        if (reader.readNext() == QXmlStreamReader::StartElement && reader.name() == name)
            found << reader.readElementText(QXmlStreamReader::IncludeChildElements);
    }
    return found;
}

// One access line of radosgw's beast frontend:
// ... beast: 0x..: 127.0.0.1 - user [23/Nov/2026:16:54:07.620 +0000] "PUT /b/k HTTP/1.1" 200 3 -
// "agent" - latency=0.039999999s
struct AccessLine {
    QByteArray method;
    QByteArray target; // path and query, encoded
    int status = 0;
    qint64 bytes = 0;
    qint64 startMs = 0;
    qint64 endMs = 0;
};

std::optional<AccessLine> parseAccess(const QByteArray &line)
{
    static const QRegularExpression pattern(QStringLiteral(
        R"(beast: \S+ \S+ - \S+ \[([^\]]+)\] "(\S+) (\S+) [^"]*" (\d+) (\d+) .*latency=([0-9.]+)s)"));
    const QRegularExpressionMatch m = pattern.match(QString::fromUtf8(line));
    if (!m.hasMatch())
        return std::nullopt;
    AccessLine a;
    const QDateTime start = QDateTime::fromString(m.captured(1).section(QLatin1Char(' '), 0, 0),
                                                  QStringLiteral("dd/MMM/yyyy:HH:mm:ss.zzz"));
    a.startMs = start.toMSecsSinceEpoch();
    a.endMs = a.startMs + qint64(m.captured(6).toDouble() * 1000);
    a.method = m.captured(2).toLatin1();
    a.target = m.captured(3).toLatin1();
    a.status = m.captured(4).toInt();
    a.bytes = m.captured(5).toLongLong();
    return a;
}
} // namespace

RgwTestPeer::RgwTestPeer()
    : m_downloads(std::make_unique<QTemporaryDir>())
{
}
RgwTestPeer::~RgwTestPeer() = default;

bool RgwTestPeer::available(QString *why)
{
    return RgwEnv::load(why).has_value();
}

QString RgwTestPeer::dir() const
{
    return QFileInfo(qEnvironmentVariable("HOIST_RGW_ENV")).absolutePath();
}

bool RgwTestPeer::start(quint16, qint64)
{
    m_env = RgwEnv::load(&m_error);
    if (!m_env)
        return false;
    m_client = std::make_unique<RgwPeer>(*m_env);
    m_bucket = RgwPeer::uniqueBucketName(QStringLiteral("t"));
    resetStats();
    if (!m_client->createBucket(m_bucket)) {
        m_error = QStringLiteral("CreateBucket %1 failed").arg(m_bucket);
        return false;
    }
    return true;
}

bool RgwTestPeer::rgw(const QString &command)
{
    QProcess script;
    script.start(QStringLiteral("bash"), {rgwScript(), command, dir()});
    if (!script.waitForFinished(ScriptTimeoutMs) || script.exitCode() != 0) {
        m_error = QStringLiteral("rgw.sh %1: %2")
                      .arg(command, QString::fromLocal8Bit(script.readAllStandardError()));
        return false;
    }
    return true;
}

void RgwTestPeer::kill()
{
    rgw(QStringLiteral("kill-rgw"));
}

bool RgwTestPeer::restart()
{
    return rgw(QStringLiteral("restart-rgw"));
}

bool RgwTestPeer::isRunning() const
{
    QFile pidFile(dir() + QStringLiteral("/pids/rgw.pid"));
    if (!pidFile.open(QIODevice::ReadOnly))
        return false;
    // A killed daemon nobody reaped yet (a zombie) has no command line any more.
    QFile cmdline(
        QStringLiteral("/proc/%1/cmdline").arg(QString::fromLatin1(pidFile.readAll().trimmed())));
    return cmdline.open(QIODevice::ReadOnly) && !cmdline.readAll().isEmpty();
}

quint16 RgwTestPeer::port() const
{
    return quint16(service().port());
}

QUrl RgwTestPeer::service() const
{
    return m_env ? m_env->endpoint : QUrl();
}

QString RgwTestPeer::region() const
{
    return m_env ? m_env->region : QString();
}

S3Credentials RgwTestPeer::credentials() const
{
    return m_env ? m_env->keys : S3Credentials();
}

QUrl RgwTestPeer::target(const QString &prefix) const
{
    return targetVia(service(), prefix);
}

QUrl RgwTestPeer::targetVia(const QUrl &service, const QString &prefix) const
{
    return S3Target(service, region(), m_bucket, prefix).toUrl();
}

QByteArray RgwTestPeer::object(const QString &key, bool *found) const
{
    const std::optional<QByteArray> bytes = m_client->getObject(m_bucket, key);
    if (found)
        *found = bytes.has_value();
    return bytes.value_or(QByteArray());
}

QJsonObject RgwTestPeer::headObjectByAws(const QString &key) const
{
    QProcess aws;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("AWS_ACCESS_KEY_ID"), credentials().accessKeyId);
    env.insert(QStringLiteral("AWS_SECRET_ACCESS_KEY"),
               QString::fromUtf8(credentials().secretAccessKey));
    env.insert(QStringLiteral("AWS_CONFIG_FILE"),
               m_downloads->filePath(QStringLiteral("no-config")));
    env.insert(QStringLiteral("AWS_SHARED_CREDENTIALS_FILE"),
               m_downloads->filePath(QStringLiteral("no-credentials")));
    aws.setProcessEnvironment(env);
    aws.start(QStringLiteral("/usr/bin/aws"),
              {QStringLiteral("--endpoint-url"), service().toString(), QStringLiteral("--region"),
               region(), QStringLiteral("--output"), QStringLiteral("json"),
               QStringLiteral("s3api"), QStringLiteral("head-object"), QStringLiteral("--bucket"),
               bucket(), QStringLiteral("--key"), key});
    if (!aws.waitForFinished(60000) || aws.exitCode() != 0) {
        qWarning() << "aws head-object" << key << aws.readAllStandardError();
        return {};
    }
    return QJsonDocument::fromJson(aws.readAllStandardOutput()).object();
}

QStringList RgwTestPeer::keys(const QString &prefix) const
{
    QStringList all;
    QString token;
    for (;;) {
        QList<QPair<QString, QString>> query{{QStringLiteral("list-type"), QStringLiteral("2")},
                                             {QStringLiteral("prefix"), prefix}};
        if (!token.isEmpty())
            query.append({QStringLiteral("continuation-token"), token});
        const RgwPeer::Answer reply = m_client->request("GET", QLatin1Char('/') + m_bucket, query);
        if (!reply.ok()) {
            m_error = QStringLiteral("ListObjectsV2: HTTP %1").arg(reply.status);
            return all;
        }
        all += elements(reply.body, QStringLiteral("Key"));
        token = elements(reply.body, QStringLiteral("NextContinuationToken")).value(0);
        if (token.isEmpty())
            return all;
    }
}

QStringList RgwTestPeer::uploadsInProgress() const
{
    const std::optional<QStringList> uploads = m_client->multipartUploads(m_bucket);
    return uploads ? *uploads : QStringList{QStringLiteral("(could not list) -")};
}

QStringList RgwTestPeer::multipartUploads() const
{
    QStringList keys;
    for (const QString &upload : uploadsInProgress())
        keys << upload.left(upload.lastIndexOf(QLatin1Char(' '))); // a key may hold blanks
    return keys;
}

QList<int> RgwTestPeer::listedParts(const QString &key) const
{
    QStringList ids;
    for (const QString &upload : uploadsInProgress()) {
        const qsizetype blank = upload.lastIndexOf(QLatin1Char(' '));
        if (upload.left(blank) == key)
            ids << upload.mid(blank + 1);
    }
    if (ids.size() != 1)
        return {};
    const RgwPeer::Answer parts =
        m_client->request("GET", QLatin1Char('/') + m_bucket + QLatin1Char('/') + key,
                          {{QStringLiteral("uploadId"), ids.first()}});
    QList<int> numbers;
    for (const QString &n : elements(parts.body, QStringLiteral("PartNumber")))
        numbers << n.toInt();
    return numbers;
}

QList<int> RgwTestPeer::partsSent(const QString &key) const
{
    QList<int> numbers;
    const QByteArray path =
        '/' + m_bucket.toUtf8() + '/' + SigV4Signer::canonicalUri(key).mid(1) + '?';
    const QJsonArray log = stats().log;
    for (const QJsonValue &entry : log) {
        const QJsonObject o = entry.toObject();
        const QByteArray target = o.value(QLatin1String("url")).toString().toUtf8();
        if (o.value(QLatin1String("method")).toString() != QLatin1String("PUT")
            || o.value(QLatin1String("status")).toInt() != 200 || !target.startsWith(path))
            continue;
        static const QRegularExpression part(QStringLiteral("[?&]partNumber=(\\d+)"));
        const QRegularExpressionMatch m = part.match(QString::fromUtf8(target));
        if (m.hasMatch())
            numbers << m.captured(1).toInt();
    }
    return numbers;
}

QString RgwTestPeer::keyOf(const QUrl &objectUrl) const
{
    const QString prefix = QLatin1Char('/') + m_bucket + QLatin1Char('/');
    const QString path = objectUrl.path(QUrl::FullyDecoded);
    return path.startsWith(prefix) ? path.mid(prefix.size()) : QString();
}

QString RgwTestPeer::storedPath(const QUrl &objectUrl) const
{
    bool found = false;
    const QByteArray bytes = object(keyOf(objectUrl), &found);
    if (!found)
        return {};
    static int serial = 0;
    const QString path = m_downloads->filePath(QString::number(++serial));
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size())
        return {};
    return path;
}

QList<QUrl> RgwTestPeer::uploads() const
{
    QList<QUrl> urls;
    const S3Target bucket(service(), region(), m_bucket);
    for (const QString &key : keys())
        urls << bucket.objectUrl(key);
    return urls;
}

bool RgwTestPeer::eraseStored(const QUrl &objectUrl)
{
    return m_client
        ->request("DELETE", QLatin1Char('/') + m_bucket + QLatin1Char('/') + keyOf(objectUrl))
        .ok();
}

PeerStats RgwTestPeer::stats() const
{
    PeerStats stats;
    QFile log(logPath());
    if (!log.open(QIODevice::ReadOnly) || !log.seek(qMin(m_logStart, log.size())))
        return stats;
    const QByteArray mine = '/' + m_bucket.toUtf8();
    QList<QPair<qint64, int>> edges; // body-carrying requests: +1 at start, -1 at end
    while (!log.atEnd()) {
        const QByteArray line = log.readLine();
        if (!line.contains(" beast: "))
            continue;
        const std::optional<AccessLine> a = parseAccess(line.trimmed());
        if (!a
            || !(a->target == mine || a->target.startsWith(mine + '/')
                 || a->target.startsWith(mine + '?')))
            continue;
        stats.byMethod[QString::fromLatin1(a->method)] += 1;
        QJsonObject entry;
        entry.insert(QLatin1String("method"), QString::fromLatin1(a->method));
        entry.insert(QLatin1String("url"), QString::fromUtf8(a->target));
        entry.insert(QLatin1String("status"), a->status);
        stats.log.append(entry);
        // PutObject and UploadPart carry the file's bytes; the bucket's own PUT does not.
        if (a->method == "PUT" && a->target.startsWith(mine + '/')) {
            stats.bodyBytes += a->bytes;
            edges.append({a->startMs, 1});
            edges.append({a->endMs, -1});
        }
    }
    std::sort(edges.begin(), edges.end()); // an end before a start at the same ms
    int now = 0;
    for (const auto &edge : edges)
        stats.maxInFlight = qMax(stats.maxInFlight, now += edge.second);
    return stats;
}

void RgwTestPeer::resetStats()
{
    m_logStart = QFileInfo(logPath()).size();
}

QString RgwTestPeer::serverLog() const
{
    QFile log(logPath());
    if (!log.open(QIODevice::ReadOnly))
        return {};
    log.seek(qMax<qint64>(0, log.size() - 16384));
    return QString::fromUtf8(log.readAll());
}
