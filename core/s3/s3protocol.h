#pragma once

#include "networkpool.h"
#include "s3credentials.h"
#include "s3target.h"
#include "sigv4signer.h"
#include "transfer.h"

#include <QDateTime>
#include <QHash>
#include <QLoggingCategory>

class QNetworkAccessManager;
class S3Request;

Q_DECLARE_LOGGING_CATEGORY(lcS3)

// S3 (and S3-compatible services: Ceph RGW, MinIO, R2, ...) behind TransferProtocol. A job's
// endpoint is an S3Target URL (s3://BUCKET/PREFIX?endpoint=...&region=...); the object's key is
// the prefix plus the job's relativePath metadata (else the file's name).
//
// Files up to one part go as one PutObject (S3PutTransfer), larger ones as a multipart upload
// (S3MultipartTransfer), whose parts are reported through partsCreated() with part addresses
// (S3PartAddress) as their URLs: terminate() on any of them aborts the multipart upload, once.
//
// Keys are set per bucket or per service (setCredentials); a transfer to a target without keys
// fails at once, saying so. The clock offset from each service's RequestTimeTooSkewed answer is
// remembered for every later request to it.
class S3Protocol final : public TransferProtocol {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(S3Protocol)
public:
    static constexpr int DefaultListPartsPageSize = 1000;

    explicit S3Protocol(QNetworkAccessManager *network, QObject *parent = nullptr);
    ~S3Protocol() override;

    // Keys for `where`: an s3:// target URL (then for its bucket on its service), or a service
    // URL (http(s)://host:port: for every bucket there without keys of its own). Incomplete
    // credentials forget what was set.
    void setCredentials(const QUrl &where, const S3Credentials &credentials);
    // The keys a request to `target` signs with: its bucket's, else its service's.
    std::optional<S3Credentials> credentialsFor(const S3Target &target) const;
    bool hasCredentials(const QUrl &endpoint) const;

    std::unique_ptr<Transfer> createTransfer(const TransferJob &job) override;
    // `uploadUrl` is a part address (S3PartAddress): AbortMultipartUpload for its upload, sent
    // once per upload; every part address asked reports that one answer. NoSuchUpload counts
    // as deleted.
    void terminate(const QUrl &uploadUrl, const HttpHeaders &headers) override;
    // HEAD of the target's bucket: any answer of the service but a gateway's says it is there.
    void checkServer(const QUrl &endpoint, const HttpHeaders &headers) override;
    void dropConnections() override { m_pool.dropConnections(); }

    // The network manager for requests outside transfers, and a lease for one part's requests.
    QNetworkAccessManager *network() const { return m_pool.primary(); }
    NetworkLease lease(const QUrl &url) { return m_pool.lease(NetworkPool::serverOf(url)); }
    // Certificates a person trusted for one server (see CertificateTrust); null: none.
    void setCertificateTrust(CertificateTrust *trust) { m_pool.setCertificateTrust(trust); }

    // The time to sign a request to `service` with: this machine's clock, corrected by what the
    // service said when it refused a request as RequestTimeTooSkewed.
    QDateTime now(const QUrl &service) const;
    // The correction now() applies for `service` (ms to add to this machine's clock).
    qint64 clockOffsetMs(const QUrl &service) const;
    // The service's clock read `serverTime` when now() read `local` with the correction
    // `offsetUsedMs`: requests refused at once, all signed with one offset, all learn the same.
    void learnClockOffset(const QUrl &service, const QDateTime &serverTime, const QDateTime &local,
                          qint64 offsetUsedMs);
    // A signer for `target` with its keys; nullopt without keys.
    std::optional<SigV4Signer> signerFor(const S3Target &target) const;

    // The ListParts page size (max-parts) a resumed upload asks for; tests make it small.
    void setListPartsPageSize(int parts);
    int listPartsPageSize() const { return m_listPartsPageSize; }
    // Tests: pretend this machine's clock is `ms` off (RequestTimeTooSkewed on purpose).
    void setClockSkewForTest(qint64 ms) { m_testSkewMs = ms; }

    // An aborted transfer's CreateMultipartUpload whose request has left: its answer is awaited
    // and the upload it made, if any, aborted at once, so that none is left behind.
    void abortWhenCreated(S3Request *request, const S3Target &target, const QString &key);

Q_SIGNALS:
    // A request was refused as RequestTimeTooSkewed and is sent again with this offset.
    void clockCorrected(const QUrl &service, qint64 offsetMs);

private:
    struct Abort; // one AbortMultipartUpload and the part addresses waiting for its answer
    void sendAbort(const QString &uploadKey, const S3Target &target, const QString &key,
                   const QString &uploadId);

    NetworkPool m_pool;
    QHash<QString, S3Credentials> m_credentials; // by credentialsKey()
    QHash<QString, qint64> m_clockOffsetMs;      // by NetworkPool::serverOf(service)
    QHash<QString, QList<QUrl>> m_aborting;      // upload -> part addresses awaiting the answer
    QHash<QString, bool> m_aborted;              // upload -> its Abort's outcome
    int m_listPartsPageSize = DefaultListPartsPageSize;
    qint64 m_testSkewMs = 0;
};
