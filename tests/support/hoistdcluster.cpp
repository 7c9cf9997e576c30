#include "hoistdcluster.h"

#include "rawhttp.h"

#include <QRandomGenerator>
#include <QTest>

#include <algorithm>

#include <signal.h>

HoistdCluster::HoistdCluster() = default;

HoistdCluster::~HoistdCluster()
{
    m_front.stop();
    for (int i : m_paused)
        ::kill(pid_t(m_instances[size_t(i)]->pid()), SIGCONT);
    m_sql.reset();
    m_instances.clear(); // before the database and the bucket go
}

bool HoistdCluster::available(QString *why)
{
    return RgwTestPeer::available(why) && PgTestPeer::available(why);
}

bool HoistdCluster::start(int instances, const QStringList &extraArgs)
{
    if (!m_pg.start()) {
        m_error = QStringLiteral("PostgreSQL: ") + m_pg.errorString();
        return false;
    }
    if (!m_rgw.start()) {
        m_error = QStringLiteral("RGW: ") + m_rgw.errorString();
        return false;
    }
    m_prefix = QStringLiteral("cluster%1").arg(QRandomGenerator::global()->generate() % 100000);
    const S3Credentials keys = m_rgw.credentials();
    qputenv("AWS_ACCESS_KEY_ID", keys.accessKeyId.toUtf8());
    qputenv("AWS_SECRET_ACCESS_KEY", keys.secretAccessKey);
    QList<quint16> ports;
    for (int i = 0; i < instances; ++i) {
        auto process = std::make_unique<HoistdProcess>();
        const QStringList args =
            QStringList{QStringLiteral("--store"),
                        QStringLiteral("s3://%1/%2").arg(m_rgw.bucket(), m_prefix),
                        QStringLiteral("--s3-endpoint"), m_rgw.service().toString(),
                        QStringLiteral("--region"), m_rgw.region(), QStringLiteral("--index"),
                        i == 0 ? m_pg.url() : m_pg.socketSpec(),
                        // Behind the front every client has nginx's address.
                        QStringLiteral("--max-connections-per-address"), QStringLiteral("0")}
            + extraArgs;
        if (!process->start(args)) {
            m_error = QStringLiteral("hoistd %1: %2\n%3")
                          .arg(i)
                          .arg(process->errorString(), process->serverLog().right(2000));
            return false;
        }
        ports << process->port();
        m_instances.push_back(std::move(process));
    }
    if (!m_front.start(ports)) {
        m_error = QStringLiteral("nginx: ") + m_front.errorString();
        return false;
    }
    return true;
}

HoistdProcess *HoistdCluster::instanceOn(quint16 port)
{
    for (const auto &instance : m_instances) {
        if (instance->port() == port)
            return instance.get();
    }
    return nullptr;
}

QString HoistdCluster::objectKey(const QUrl &upload) const
{
    return m_prefix + QLatin1Char('/') + upload.path().section(QLatin1Char('/'), -1);
}

QByteArray HoistdCluster::object(const QUrl &upload, bool *found) const
{
    return m_rgw.object(objectKey(upload), found);
}

QString HoistdCluster::logs(int lastChars) const
{
    QString text;
    for (size_t i = 0; i < m_instances.size(); ++i)
        text += QStringLiteral("--- hoistd %1 (port %2):\n%3\n")
                    .arg(i)
                    .arg(m_instances[i]->port())
                    .arg(m_instances[i]->serverLog().right(lastChars));
    return text;
}

bool HoistdCluster::pause(int i)
{
    const qint64 pid = instance(i).pid();
    if (pid <= 0 || ::kill(pid_t(pid), SIGSTOP) != 0)
        return false;
    m_paused.push_back(i);
    return true;
}

bool HoistdCluster::resume(int i)
{
    m_paused.erase(std::remove(m_paused.begin(), m_paused.end(), i), m_paused.end());
    const qint64 pid = instance(i).pid();
    return pid > 0 && ::kill(pid_t(pid), SIGCONT) == 0;
}

qint64 HoistdCluster::metric(int i, const QByteArray &sample)
{
    const RawResponse r = rawRequest(instance(i).port(), "GET", "/metrics", {});
    for (const QByteArray &line : r.body.split('\n')) {
        if (line.startsWith(sample + ' '))
            return line.mid(sample.size() + 1).toLongLong();
    }
    return -1;
}

std::optional<PgRows> HoistdCluster::sql(const char *statement, const QVariantList &params)
{
    if (!m_sql)
        m_sql = std::make_unique<PgConnection>(m_pg.address());
    std::optional<PgRows> rows = m_sql->exec(statement, params);
    if (!rows)
        m_error = m_sql->lastError().message;
    return rows;
}

void HoistdCluster::startForTest(std::unique_ptr<HoistdCluster> &cluster, int instances,
                                 const QStringList &extraArgs)
{
    QString why;
    if (!available(&why))
        QSKIP(qPrintable(why));
    cluster = std::make_unique<HoistdCluster>();
    QVERIFY2(cluster->start(instances, extraArgs), qPrintable(cluster->errorString()));
}

void HoistdCluster::warnIfFailed(int lastChars) const
{
    if (!QTest::currentTestFailed())
        return;
    qWarning("%s", qPrintable(logs(lastChars)));
    qWarning("nginx error log:\n%s", qPrintable(m_front.errorLog().right(2000)));
}
