#pragma once

#include "hoistdprocess.h"
#include "nginxfront.h"
#include "pgconnection.h"
#include "pgtestpeer.h"
#include "rgwtestpeer.h"

#include <QString>
#include <QStringList>
#include <QUrl>

#include <memory>
#include <vector>

// hoistd as many instances (issue 20) for a test: N HoistdProcess on one PostgreSQL database of
// the test's own (PgTestPeer) and one fresh bucket of the run's RGW (RgwTestPeer) under a key
// prefix, with NginxFront in front, round robin. Needs the `pg` and `rgw` ctest fixtures
// (hoist_test(... S3 PG)). Instance 0 reaches PostgreSQL by URL with the password over TCP, the
// others by the socket keyword form, so both of --index's forms are used. The S3 keys go to the
// instances through AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY, as an operator would pass them.
class HoistdCluster final {
    Q_DISABLE_COPY_MOVE(HoistdCluster)
public:
    HoistdCluster();
    ~HoistdCluster();

    // Whether both fixtures are there; false with the reason in `why`.
    static bool available(QString *why);
    // A cluster test's initTestCase(): skips it when the fixtures are not there, fails it when
    // the cluster does not start; else `cluster` is made and started with start()'s arguments.
    static void startForTest(std::unique_ptr<HoistdCluster> &cluster, int instances = 3,
                             const QStringList &extraArgs = {});
    // A cluster test's cleanup(): after a failed test function, the instances' last
    // `lastChars` of log and the end of nginx's error log, as warnings.
    void warnIfFailed(int lastChars = 2000) const;

    // Starts everything: `instances` hoistd processes with `extraArgs`, then the front. False
    // with the reason in errorString().
    bool start(int instances = 3, const QStringList &extraArgs = {});
    QString errorString() const { return m_error; }

    QUrl endpoint() const { return m_front.endpoint(); } // the front's http://127.0.0.1:P/files/
    int size() const { return int(m_instances.size()); }
    HoistdProcess &instance(int i) { return *m_instances[size_t(i)]; }
    // The instance listening on `port`; nullptr when none does.
    HoistdProcess *instanceOn(quint16 port);
    NginxFront &front() { return m_front; }
    RgwTestPeer &rgw() { return m_rgw; }
    PgTestPeer &pg() { return m_pg; }
    QString prefix() const { return m_prefix; }

    // The finished upload's object key (PREFIX/<id>, the id being the URL's last segment), and
    // its bytes as the bucket holds them (read with an S3 client of its own, not through hoistd).
    QString objectKey(const QUrl &upload) const;
    QByteArray object(const QUrl &upload, bool *found = nullptr) const;
    // The instances' logs, for a failing test's output.
    QString logs(int lastChars = 2000) const;

    // SIGSTOP / SIGCONT of instance `i`: a holder that stalls (a long GC pause, a frozen VM)
    // and wakes up later. The cluster continues every stopped instance before it goes.
    bool pause(int i);
    bool resume(int i);
    // One sample of instance `i`'s /metrics (e.g. `hoistd_store_failures_total{kind="fenced"}`),
    // asked directly, not through the front; -1 when it is not there.
    qint64 metric(int i, const QByteArray &sample);
    // A statement on the cluster's database (the test's own view of the records); nullopt with
    // the reason in errorString().
    std::optional<PgRows> sql(const char *statement, const QVariantList &params = {});

private:
    PgTestPeer m_pg;
    RgwTestPeer m_rgw;
    std::vector<std::unique_ptr<HoistdProcess>> m_instances;
    NginxFront m_front;
    std::unique_ptr<PgConnection> m_sql;
    std::vector<int> m_paused;
    QString m_prefix;
    QString m_error;
};
