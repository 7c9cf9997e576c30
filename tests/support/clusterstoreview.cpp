#include "clusterstoreview.h"

#include "pgconnection.h"
#include "pgtestpeer.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRandomGenerator>

struct ClusterStoreView::Instance {
    std::unique_ptr<PgTestPeer> pg;
    QString prefix;
    std::unique_ptr<PgConnection> sql;
};

ClusterStoreView::ClusterStoreView() = default;

ClusterStoreView::~ClusterStoreView()
{
    HoistdProcess::setStoreView(nullptr);
}

bool ClusterStoreView::wanted()
{
    return qEnvironmentVariable("HOIST_TEST_HOISTD_STORE") == QLatin1String("cluster");
}

std::unique_ptr<ClusterStoreView> ClusterStoreView::install(QString *why)
{
    if (!RgwTestPeer::available(why) || !PgTestPeer::available(why))
        return nullptr;
    std::unique_ptr<ClusterStoreView> view(new ClusterStoreView);
    if (!view->m_rgw.start()) {
        *why = QStringLiteral("RGW: ") + view->m_rgw.errorString();
        return nullptr;
    }
    const S3Credentials keys = view->m_rgw.credentials();
    qputenv("AWS_ACCESS_KEY_ID", keys.accessKeyId.toUtf8());
    qputenv("AWS_SECRET_ACCESS_KEY", keys.secretAccessKey);
    HoistdProcess::setStoreView(view.get());
    return view;
}

QStringList ClusterStoreView::args(const QString &dataDir)
{
    Instance *known = instance(dataDir);
    if (!known) {
        auto made = std::make_unique<Instance>();
        if (!m_spare.empty()) {
            made->pg = std::move(m_spare.back());
            m_spare.pop_back();
        } else {
            made->pg = std::make_unique<PgTestPeer>();
            if (!made->pg->start()) {
                qWarning("PostgreSQL: %s", qPrintable(made->pg->errorString()));
                return {QStringLiteral("--store")}; // hoistd refuses to start, saying why
            }
        }
        made->prefix = QStringLiteral("h%1").arg(QRandomGenerator::global()->generate64(), 0, 36);
        known = made.get();
        m_instances[dataDir] = std::move(made);
    }
    return {QStringLiteral("--store"),
            QStringLiteral("s3://%1/%2").arg(m_rgw.bucket(), known->prefix),
            QStringLiteral("--s3-endpoint"),
            m_rgw.service().toString(),
            QStringLiteral("--region"),
            m_rgw.region(),
            QStringLiteral("--index"),
            known->pg->socketSpec()};
}

void ClusterStoreView::release(const QString &dataDir)
{
    const auto it = m_instances.find(dataDir);
    if (it == m_instances.end())
        return;
    std::unique_ptr<PgTestPeer> pg = std::move(it->second->pg);
    m_instances.erase(it); // its connection first
    if (qEnvironmentVariableIntValue("HOIST_TEST_PG_FRESH") == 1)
        return; // dropped
    if (pg->clear())
        m_spare.push_back(std::move(pg));
    else
        qWarning("PostgreSQL: %s (a new database for the next hoistd)",
                 qPrintable(pg->errorString()));
}

ClusterStoreView::Instance *ClusterStoreView::instance(const QString &dataDir) const
{
    const auto it = m_instances.find(dataDir);
    if (it == m_instances.end())
        return nullptr;
    if (!it->second->sql)
        it->second->sql = std::make_unique<PgConnection>(it->second->pg->address());
    return it->second.get();
}

QByteArray ClusterStoreView::storedBytes(const QString &dataDir, const QUrl &upload) const
{
    Instance *known = instance(dataDir);
    const QString id = upload.path().section(QLatin1Char('/'), -1);
    if (!known || id.isEmpty())
        return {};
    const auto rows = known->sql->exec(
        "SELECT finished IS NOT NULL, \"offset\", coalesce(tail_key, ''), multipart_id IS NULL "
        "FROM uploads WHERE id = $1",
        {id});
    if (!rows || rows->isEmpty())
        return {};
    const bool finished = rows->at(0, 0).toBool();
    const qint64 offset = rows->at(0, 1).toLongLong();
    const QString tail = rows->at(0, 2).toString();
    const bool noParts = rows->at(0, 3).toBool();
    if (finished)
        return m_rgw.object(known->prefix + QLatin1Char('/') + id);
    if (offset == 0)
        return QByteArray(""); // an empty upload: no bytes, but there
    if (noParts) {
        // A request writing it has a spool file <id>.<generation>.<random>.spool.
        const QFileInfoList spools =
            QDir(QDir(dataDir).filePath(QStringLiteral("spool")))
                .entryInfoList({id + QStringLiteral(".*.spool")}, QDir::Files, QDir::Time);
        if (!spools.isEmpty()) {
            QFile spool(spools.first().filePath());
            if (spool.open(QIODevice::ReadOnly))
                return spool.readAll();
        }
        if (!tail.isEmpty())
            return m_rgw.object(tail);
    }
    qWarning("%s: the committed bytes are in parts of a multipart upload, which S3 does not "
             "read back before it is completed",
             qPrintable(id));
    return {};
}

QStringList ClusterStoreView::storedFiles(const QString &dataDir) const
{
    Instance *known = instance(dataDir);
    if (!known)
        return {};
    const auto rows = known->sql->exec("SELECT id FROM uploads ORDER BY id");
    QStringList ids;
    for (int i = 0; rows && i < rows->rows.size(); ++i)
        ids << rows->at(i, 0).toString();
    return ids;
}
