#pragma once

#include "existingfilequestion.h"
#include "ifexists.h"
#include "networkpool.h"
#include "transfer.h"
#include "webdavfolders.h"
#include "webdavlistings.h"

#include <QHash>
#include <QLoggingCategory>
#include <QPointer>

class QNetworkAccessManager;
class WebDavTarget;

Q_DECLARE_LOGGING_CATEGORY(lcWebDav)

// WebDAV (Apache mod_dav, nginx, NAS boxes, Nextcloud and ownCloud) behind TransferProtocol, for
// dav:// (HTTP) and davs:// (HTTPS) endpoints (WebDavTarget). A file goes to the endpoint's
// collection plus its relative path: folders made with MKCOL once per run (WebDavFolders), what
// a folder there already holds listed once (WebDavListings), the file sent as one streamed PUT,
// guarded by If-None-Match / If-Match as the existing-files setting says (IfExists), then checked
// with a PROPFIND of its size and, where the server offers one, its checksum (WebDavPutTransfer).
// Plain WebDAV keeps nothing of a PUT cut short: a retry sends the file again. A Nextcloud or
// ownCloud endpoint (…/remote.php/dav/files/USER/…) gets files larger than one chunk as chunked
// uploads v2 instead, resumable (WebDavChunkedTransfer).
//
// Authorisation: the job's headers (the window's token for the endpoint, the command line's
// -H) go out as they are, except that for an endpoint naming a user (dav://USER@HOST/...) a
// bearer token is taken as USER's password and sent as basic auth; setPassword() gives one
// from elsewhere (HOIST_DAV_PASSWORD). Neither is ever logged.
class WebDavProtocol final : public TransferProtocol {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(WebDavProtocol)
public:
    explicit WebDavProtocol(QNetworkAccessManager *network, QObject *parent = nullptr);
    ~WebDavProtocol() override;

    // Chunks of Nextcloud's chunked uploads (at least its 5 MB but the last; tests set less).
    static constexpr qint64 DefaultChunkSize = 10 * 1024 * 1024;
    void setChunkSize(qint64 bytes) { m_chunkSize = qMax<qint64>(1, bytes); }
    qint64 chunkSize() const { return m_chunkSize; }

    void setIfExists(IfExists mode) { m_ifExists = mode; }
    IfExists ifExists() const { return m_ifExists; }
    // Who IfExists::Ask asks; null: nobody (the file is skipped).
    void setExistingFileQuestion(ExistingFileQuestion *question) { m_question = question; }
    ExistingFileQuestion *existingFileQuestion() const { return m_question; }
    // The password of the user an endpoint names, for every endpoint of that user on its server.
    void setPassword(const QUrl &endpoint, const QString &password);

    std::unique_ptr<Transfer> createTransfer(const TransferJob &job) override;
    // Deletes a chunked upload's folder (WebDavChunkedTransfer); plain PUTs leave nothing.
    void terminate(const QUrl &uploadUrl, const HttpHeaders &headers) override;
    // OPTIONS of the collection: any answer but a gateway's says the server is there.
    void checkServer(const QUrl &endpoint, const HttpHeaders &headers) override;
    void dropConnections() override { m_pool.dropConnections(); }
    void setCertificateTrust(CertificateTrust *trust) { m_pool.setCertificateTrust(trust); }

    // The headers a request to `target` carries, authorisation made from `jobHeaders`.
    HttpHeaders headersFor(const WebDavTarget &target, const HttpHeaders &jobHeaders) const;
    QNetworkAccessManager *network() const { return m_pool.primary(); }
    NetworkLease lease(const QUrl &url) { return m_pool.lease(NetworkPool::serverOf(url)); }
    WebDavFolders *folders() { return &m_folders; }
    WebDavListings *listings() { return &m_listings; }

private:
    NetworkPool m_pool;
    WebDavFolders m_folders;
    WebDavListings m_listings;
    IfExists m_ifExists = IfExists::Overwrite;
    QPointer<ExistingFileQuestion> m_question;
    qint64 m_chunkSize = DefaultChunkSize;
    QHash<QString, QString> m_passwords; // "server user" -> password
};
