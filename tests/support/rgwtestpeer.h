#pragma once

#include "rgwpeer.h"
#include "s3credentials.h"
#include "testpeer.h"

#include <QJsonObject>
#include <QStringList>

// The shared Ceph RGW of the test run (tests/support/rgw/rgw.sh, ctest fixture `rgw`) as a
// TestPeer: start() makes a fresh bucket of the test's own; kill() and restart() stop and start
// radosgw alone on its port (rgw.sh kill-rgw / restart-rgw: suites doing that take
// RESOURCE_LOCK rgw); stats() are read from radosgw's access log, this bucket's requests only.
// An upload is an object, named by its HTTP URL (S3Target::objectUrl, which a headless run's
// success line gives). It looks at what the server holds (objects, multipart uploads in progress
// and their parts) through RgwPeer, a signed client of its own.
class RgwTestPeer final : public TestPeer {
public:
    RgwTestPeer();
    ~RgwTestPeer() override;

    // Whether HOIST_RGW_ENV names a running fixture; false with the reason in errorString().
    static bool available(QString *why = nullptr);

    Kind kind() const override { return Kind::Rgw; }
    // A new bucket; `port` and `maxSize` mean nothing here (the fixture's RGW is already up).
    bool start(quint16 port = 0, qint64 maxSize = 0) override;
    void kill() override;
    bool restart() override;
    bool isRunning() const override;
    quint16 port() const override;
    QUrl endpoint() const override { return target(); }

    // The bucket's s3:// target URL with `prefix` (path-style, the fixture's service and region),
    // and the same through another service address (a proxy in front of RGW).
    QUrl target(const QString &prefix = {}) const;
    QUrl targetVia(const QUrl &service, const QString &prefix = {}) const;
    QUrl service() const;
    QString region() const;
    S3Credentials credentials() const;
    const QString &bucket() const { return m_bucket; }

    // The object's bytes (empty when there is none; `found` says which).
    QByteArray object(const QString &key, bool *found = nullptr) const;
    QStringList keys(const QString &prefix = {}) const; // ListObjectsV2, every page
    // ListMultipartUploads: the keys of uploads begun and neither completed nor aborted.
    QStringList multipartUploads() const;
    // ListParts of the one multipart upload in progress for `key`: its part numbers.
    QList<int> listedParts(const QString &key) const;
    // Part numbers of every UploadPart of `key` the log shows answered with 200, in order.
    QList<int> partsSent(const QString &key) const;
    // HeadObject as the aws CLI reads it (a third party's view of the metadata and ETag): its
    // JSON answer, empty when there is no such object.
    QJsonObject headObjectByAws(const QString &key) const;

    QString storedPath(const QUrl &objectUrl) const override;
    QList<QUrl> uploads() const override;
    bool eraseStored(const QUrl &objectUrl) override;
    QMap<QString, QString> metadata(const QUrl &) const override { return {}; }
    PeerStats stats() const override;
    void resetStats() override;
    QString errorString() const override { return m_error; }
    QString serverLog() const override;

private:
    QString keyOf(const QUrl &objectUrl) const;
    bool rgw(const QString &command);
    QString dir() const;
    QString logPath() const { return dir() + QStringLiteral("/log/client.rgw.log"); }
    // ListMultipartUploads: "key uploadId" each.
    QStringList uploadsInProgress() const;

    std::optional<RgwEnv> m_env;
    std::unique_ptr<RgwPeer> m_client;
    QString m_bucket;
    qint64 m_logStart = 0; // stats() count the log from here
    mutable QString m_error;
    std::unique_ptr<class QTemporaryDir> m_downloads;
};
