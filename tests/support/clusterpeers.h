#pragma once

#include "clusteruploadstore.h"
#include "pgtestpeer.h"
#include "rgwtestpeer.h"

#include <QTemporaryDir>

#include <memory>
#include <vector>

// The peers of the cluster store's tests (issue 20): the shared Ceph RGW (a bucket of the test's
// own) and PostgreSQL (a database of the test's own), and ClusterUploadStore instances on them as
// hoistd instances would be (each its own instance id and spool folder; requests to S3 with a
// short connect timeout and back-off, so that an outage is seen soon).
class ClusterPeers final {
    Q_DISABLE_COPY_MOVE(ClusterPeers)
public:
    ClusterPeers();
    ~ClusterPeers();

    // Whether both fixtures are there; false with the reason.
    static bool available(QString *why);
    // A bucket and a database; false and why otherwise.
    bool start(QString *why);
    void stop();
    bool isStarted() const { return m_rgw && m_pg; }

    RgwTestPeer &rgw() const { return *m_rgw; }
    PgTestPeer &pg() const { return *m_pg; }

    // A store's configuration: `instance`, keys under `prefix`, its own spool folder.
    ClusterUploadStore::Config config(const QString &instance, const QString &prefix) const;
    // A store on the peers; its S3 requests go to `s3Port` on the RGW's host when not 0 (a
    // FaultProxy in front of the RGW).
    std::unique_ptr<ClusterUploadStore> store(ClusterUploadStore::Config config,
                                              quint16 s3Port = 0) const;
    // The instances "first" and "second" on keys under `prefix`, open, kept here until
    // dropStores() (what uses them must go first); the first's S3 requests go to `firstS3Port`
    // when not 0. False (and why in the log) when one did not open.
    bool openTwo(const QString &prefix, std::chrono::milliseconds firstLease,
                 std::chrono::milliseconds secondLease, ClusterUploadStore **first,
                 ClusterUploadStore **second, quint16 firstS3Port = 0);
    void dropStores();
    // The bytes of upload `id`'s object as the RGW holds them; "<no object>" when there is none.
    QByteArray object(ClusterUploadStore &store, const QString &id) const;
    // A name no other test of the run uses (prefixes).
    static QString randomName();

private:
    std::unique_ptr<RgwTestPeer> m_rgw;
    std::unique_ptr<PgTestPeer> m_pg;
    QTemporaryDir m_spool;
    std::vector<std::unique_ptr<ClusterUploadStore>> m_stores; // openTwo()'s
};
