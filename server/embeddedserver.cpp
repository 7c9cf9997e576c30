#include "embeddedserver.h"

#include "hoistdinstance.h"
#include "uploadstorefactory.h"

#include <QCoreApplication>
#include <QHostAddress>
#include <QList>

EmbeddedServer::EmbeddedServer(const QString &dataDir, const QString &namedDir)
    : m_dataDir(dataDir)
    , m_namedDir(namedDir)
{
}

EmbeddedServer::~EmbeddedServer() = default;

bool EmbeddedServer::start(QString *error, quint16 preferredPort)
{
    if (isRunning())
        return true;
    HoistdOptions options;
    options.address = QHostAddress(QHostAddress::LocalHost);
    options.dataDir = m_dataDir;
    options.namedDir = m_namedDir;
    TusConfig tus; // no users: the anonymous one, which is why only loopback
    tus.maxSize = options.maxSize;
    // A storage error fails both tries the same way; only a taken port differs.
    const QList<quint16> ports =
        preferredPort ? QList<quint16>{preferredPort, 0} : QList<quint16>{0};
    for (const quint16 port : ports) {
        options.port = port;
        auto store = makeDiskUploadStore(options);
        m_store = store.get();
        m_instance = std::make_unique<HoistdInstance>(options, tus, std::move(store));
        if (m_instance->start(error))
            return true;
        stop();
    }
    return false;
}

void EmbeddedServer::stop()
{
    m_instance.reset();
    m_store = nullptr;
}

bool EmbeddedServer::isRunning() const
{
    return m_instance && m_instance->isRunning();
}

quint16 EmbeddedServer::port() const
{
    return isRunning() ? m_instance->port() : 0;
}

QUrl EmbeddedServer::endpoint() const
{
    return isRunning() ? m_instance->endpoint() : QUrl();
}

DiskUploadStore *EmbeddedServer::store() const
{
    return isRunning() ? m_store : nullptr;
}

QString EmbeddedServer::namedFile(const QString &id) const
{
    DiskUploadStore *uploads = store();
    UploadRecord record;
    if (!uploads || !uploads->namedFiles() || !UploadFiles::isUploadId(id)
        || uploads->find(id, &record) != UploadStore::Lookup::Found || record.namedPath.isEmpty())
        return {};
    return uploads->namedFiles()->absolutePath(record.namedPath);
}

bool EmbeddedServer::remove(const QString &id, QString *error)
{
    DiskUploadStore *uploads = store();
    UploadRecord record;
    if (!uploads || !UploadFiles::isUploadId(id)
        || uploads->find(id, &record) != UploadStore::Lookup::Found) {
        *error = QCoreApplication::translate("EmbeddedServer",
                                             "This computer no longer holds that upload.");
        return false;
    }
    // terminate(): an upload a request is still using goes when that request lets go.
    if (!uploads->terminate(id)) {
        *error =
            QCoreApplication::translate("EmbeddedServer", "The stored file could not be deleted.");
        return false;
    }
    return true;
}
