#pragma once

#include "hoistdprocess.h"
#include "rgwtestpeer.h"

#include <QString>

#include <map>
#include <memory>
#include <vector>

class PgConnection;
class PgTestPeer;

// The cluster configuration under test suites written for a hoistd on its own disk (issue 20:
// the hostile-input suites must pass against it too). Installed when the test program runs with
// HOIST_TEST_HOISTD_STORE=cluster (a second ctest entry of the same program, hoist_test(...
// CLUSTER)): every HoistdProcess then gets --store s3://BUCKET/PREFIX and --index of a database
// of its own (PgTestPeer) on the run's RGW and PostgreSQL, with a prefix of its own in one bucket
// of the program's, kept across restarts (keyed by its data folder). A process gone for good
// leaves its database emptied (PgTestPeer::clear(): no row, no session) for the next one, so a
// program makes a database only for processes alive at once: creating and dropping one per
// process (each a copy of template1 and a checkpoint) took most of a .cluster run's time, and
// an emptied database is as clean, schema included (HOIST_TEST_PG_FRESH=1: a new database for
// every process, as before, to compare or to rule the reuse out). What a test reads back:
// storedFiles() are the upload records (a disk store has a file for each, finished or not);
// storedBytes() is the object of a finished upload; for an unfinished one whose bytes are all in
// its tail (below 5 MiB), the spool file of the request writing it (the tail's bytes and what
// came since, as a disk store's file holds them), else the tail object; nothing (with a warning)
// when they are in parts of a multipart upload, which S3 cannot read back before it is completed.
// Test functions that look at the disk store's own files (storedPath(), its folder layout) skip
// in this configuration: SKIP_ON_CLUSTER_STORE.
#define SKIP_ON_CLUSTER_STORE(why)                                                                 \
    do {                                                                                           \
        if (ClusterStoreView::wanted())                                                            \
            QSKIP("the cluster store: " why);                                                      \
    } while (false)

class ClusterStoreView final : public HoistdStoreView {
    Q_DISABLE_COPY_MOVE(ClusterStoreView)
public:
    ~ClusterStoreView() override;

    // Whether HOIST_TEST_HOISTD_STORE asks for the cluster configuration.
    static bool wanted();
    // The view, installed (HoistdProcess::setStoreView) until it goes; nullptr with the reason
    // in `why` when the fixtures are not there.
    static std::unique_ptr<ClusterStoreView> install(QString *why);

    QStringList args(const QString &dataDir) override;
    void release(const QString &dataDir) override;
    QByteArray storedBytes(const QString &dataDir, const QUrl &upload) const override;
    QStringList storedFiles(const QString &dataDir) const override;

private:
    struct Instance;
    ClusterStoreView();
    Instance *instance(const QString &dataDir) const;

    RgwTestPeer m_rgw;
    std::map<QString, std::unique_ptr<Instance>> m_instances;
    std::vector<std::unique_ptr<PgTestPeer>> m_spare; // emptied, for the next process
};
