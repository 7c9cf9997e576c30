#include "uploadstorefactory.h"

#include "clusteruploadstore.h"
#include "diskuploadstore.h"
#include "hoistdmetrics.h"
#include "hoistdoptions.h"

#include <QDir>
#include <QRandomGenerator>

namespace {
// 16 hex digits: the lease holder's name of this run (PgLimits::isHolder).
QString newInstanceId()
{
    return QString::fromLatin1(
        QByteArray::number(QRandomGenerator::system()->generate64(), 16).rightJustified(16, '0'));
}

std::unique_ptr<UploadStore> makeClusterUploadStore(const HoistdOptions &options,
                                                    const HoistdClusterOptions &cluster,
                                                    HoistdMetrics &metrics)
{
    BackendMetrics &backend = metrics.backend();
    backend.enable();
    PgIndex::Options index;
    index.maxProofAttempts = options.instantAttempts; // one budget for all the instances
    index.connection.observer = [&backend](std::chrono::nanoseconds took, bool ok) {
        backend.pgStatement(ok, took);
    };
    S3Bucket::Config bucket(cluster.target, cluster.credentials);
    bucket.observer = [&backend](const QByteArray &method, int status, qint64 ms) {
        backend.s3Request(method, status, std::chrono::milliseconds(ms));
    };
    ClusterUploadStore::Config config;
    config.instanceId = newInstanceId();
    config.prefix = cluster.prefix;
    config.spoolDir = QDir(options.dataDir).filePath(QStringLiteral("spool"));
    config.expireAfter = options.expireAfter;
    config.keepFinished = options.keepFinished;
    config.handedOver = [&backend] { backend.leaseHandedOver(); };
    return std::make_unique<ClusterUploadStore>(cluster.index, index, std::move(bucket),
                                                std::move(config));
}
} // namespace

std::unique_ptr<UploadStore> makeUploadStore(const HoistdOptions &options, HoistdMetrics &metrics)
{
    if (options.cluster)
        return makeClusterUploadStore(options, *options.cluster, metrics);
    return makeDiskUploadStore(options);
}

std::unique_ptr<DiskUploadStore> makeDiskUploadStore(const HoistdOptions &options)
{
    auto store = std::make_unique<DiskUploadStore>(options.dataDir, options.expireAfter,
                                                   options.keepFinished);
    store->setNamedFolder(options.namedDir);
    return store;
}
