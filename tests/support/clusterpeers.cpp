#include "clusterpeers.h"

#include <QDebug>
#include <QRandomGenerator>

namespace {
constexpr int ConnectTimeoutMs = 3000;
constexpr int FirstBackoffMs = 50;
} // namespace

ClusterPeers::ClusterPeers() = default;

ClusterPeers::~ClusterPeers()
{
    stop();
}

bool ClusterPeers::available(QString *why)
{
    return RgwTestPeer::available(why) && PgTestPeer::available(why);
}

bool ClusterPeers::start(QString *why)
{
    if (!available(why))
        return false;
    m_rgw = std::make_unique<RgwTestPeer>();
    if (!m_rgw->start()) {
        *why = m_rgw->errorString();
        return false;
    }
    m_pg = std::make_unique<PgTestPeer>();
    if (!m_pg->start()) {
        *why = m_pg->errorString();
        return false;
    }
    if (!m_spool.isValid()) {
        *why = QStringLiteral("cannot make a temporary folder");
        return false;
    }
    return true;
}

void ClusterPeers::stop()
{
    m_stores.clear();
    m_pg.reset();
    m_rgw.reset();
}

ClusterUploadStore::Config ClusterPeers::config(const QString &instance,
                                                const QString &prefix) const
{
    ClusterUploadStore::Config config;
    config.instanceId = instance;
    config.prefix = prefix;
    config.spoolDir = m_spool.path() + QLatin1Char('/') + instance;
    return config;
}

std::unique_ptr<ClusterUploadStore> ClusterPeers::store(ClusterUploadStore::Config config,
                                                        quint16 s3Port) const
{
    QUrl service = m_rgw->service();
    if (s3Port != 0)
        service.setPort(s3Port);
    S3Bucket::Config bucket(S3Target(service, m_rgw->region(), m_rgw->bucket()),
                            m_rgw->credentials());
    bucket.transport.connectTimeoutMs = ConnectTimeoutMs;
    bucket.retry.firstBackoffMs = FirstBackoffMs;
    return std::make_unique<ClusterUploadStore>(m_pg->address(), PgIndex::Options(),
                                                std::move(bucket), std::move(config));
}

bool ClusterPeers::openTwo(const QString &prefix, std::chrono::milliseconds firstLease,
                           std::chrono::milliseconds secondLease, ClusterUploadStore **first,
                           ClusterUploadStore **second, quint16 firstS3Port)
{
    ClusterUploadStore::Config one = config(QStringLiteral("first"), prefix);
    one.lease = firstLease;
    ClusterUploadStore::Config two = config(QStringLiteral("second"), prefix);
    two.lease = secondLease;
    m_stores.push_back(store(std::move(one), firstS3Port));
    *first = m_stores.back().get();
    m_stores.push_back(store(std::move(two)));
    *second = m_stores.back().get();
    QString error;
    if ((*first)->open(&error) && (*second)->open(&error))
        return true;
    qWarning().noquote() << "cannot open the stores:" << error;
    return false;
}

void ClusterPeers::dropStores()
{
    m_stores.clear();
}

QByteArray ClusterPeers::object(ClusterUploadStore &store, const QString &id) const
{
    bool found = false;
    const QByteArray bytes = m_rgw->object(store.objects().objectKey(id), &found);
    return found ? bytes : QByteArray("<no object>");
}

QString ClusterPeers::randomName()
{
    return QString::number(QRandomGenerator::global()->generate64(), 36);
}
