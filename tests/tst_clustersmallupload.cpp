// What one small upload costs hoistd's cluster store (issue 20's "500 files of 1 MiB" row): its
// whole body in one PATCH is put as its object once, with If-None-Match (no tail object, no
// copy, no DELETE), and recorded finished in one fenced commit; counted from the instance's own
// /metrics. An object found at the key already (a stalled holder's late PUT) is replaced the
// safe way, through a tail and the recorded completion. Its requests wait on threads of their
// own, not on one a core. Real components: the run's PostgreSQL
// and Ceph RGW, the hoistd binary (HoistdCluster).
#include "clusteruploadstore.h"
#include "hoistdcluster.h"
#include "rawhttp.h"
#include "s3bucket.h"
#include "testfiles.h"

#include <QTest>

namespace {
constexpr qint64 MiB = 1024 * 1024;
// PostgreSQL statements one PATCH of a whole small upload may cost: the lease taken, the row
// read, one commit (BEGIN, the fenced UPDATE, the owner's count, COMMIT), the row read back,
// the lease given back. The tail way took 15 (two commits, the completion's reads).
constexpr qint64 MaxPatchStatements = 12;

// The sum of the samples of /metrics whose line starts with `prefix`.
qint64 sumOf(const QByteArray &metrics, const QByteArray &prefix)
{
    qint64 sum = 0;
    for (const QByteArray &line : metrics.split('\n')) {
        if (line.startsWith(prefix))
            sum += line.mid(line.lastIndexOf(' ') + 1).toLongLong();
    }
    return sum;
}
} // namespace

class tst_ClusterSmallUpload : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanup();
    void wholeBodyIsOnePutAndOneCommit();
    void objectFoundAtTheKeyIsReplacedByTheRecordedBytes();
    void requestsWaitOnTheirOwnThreads();

private:
    struct Costs {
        qint64 puts = 0;
        qint64 deletes = 0;
        qint64 statements = 0;
    };
    Costs costs();
    // A new upload of `body`'s length; its path ("/files/<id>"), empty when refused.
    QByteArray create(qint64 length);
    RawResponse patch(const QByteArray &path, const QByteArray &body);

    std::unique_ptr<HoistdCluster> m_cluster;
};

void tst_ClusterSmallUpload::initTestCase()
{
    HoistdCluster::startForTest(m_cluster, 1);
}

void tst_ClusterSmallUpload::cleanup()
{
    if (m_cluster)
        m_cluster->warnIfFailed();
}

tst_ClusterSmallUpload::Costs tst_ClusterSmallUpload::costs()
{
    const RawResponse r = rawRequest(m_cluster->instance(0).port(), "GET", "/metrics", {});
    Costs out;
    out.puts = sumOf(r.body, "hoistd_s3_request_duration_seconds_count{method=\"PUT\"");
    out.deletes = sumOf(r.body, "hoistd_s3_request_duration_seconds_count{method=\"DELETE\"");
    out.statements = sumOf(r.body, "hoistd_pg_statement_duration_seconds_count{");
    return out;
}

QByteArray tst_ClusterSmallUpload::create(qint64 length)
{
    const RawResponse made =
        rawRequest(m_cluster->instance(0).port(), "POST", "/files/",
                   {{"Tus-Resumable", "1.0.0"}, {"Upload-Length", QByteArray::number(length)}});
    if (made.status != 201)
        return {};
    return QUrl(QString::fromLatin1(made.header("location"))).path().toLatin1();
}

RawResponse tst_ClusterSmallUpload::patch(const QByteArray &path, const QByteArray &body)
{
    return rawRequest(m_cluster->instance(0).port(), "PATCH", path,
                      {{"Tus-Resumable", "1.0.0"},
                       {"Upload-Offset", "0"},
                       {"Content-Type", "application/offset+octet-stream"}},
                      body, 30000);
}

void tst_ClusterSmallUpload::wholeBodyIsOnePutAndOneCommit()
{
    // Two uploads, the fewer statements counted: the instance's timed work (an expiry sweep)
    // may fall inside one window, hardly inside both.
    qint64 statements = -1;
    for (char seed : {'a', 'b'}) {
        const QByteArray body = testContent(MiB, seed);
        const QByteArray path = create(body.size());
        QVERIFY(!path.isEmpty());
        const Costs before = costs();
        const RawResponse done = patch(path, body);
        const Costs after = costs();
        QCOMPARE(done.status, 204);
        QCOMPARE(done.header("upload-offset"), QByteArray::number(body.size()));

        // One PutObject, nothing deleted (the tail way: a tail PUT, a copy PUT, a DELETE).
        QCOMPARE(after.puts - before.puts, 1);
        QCOMPARE(after.deletes - before.deletes, 0);
        const qint64 these = after.statements - before.statements;
        statements = statements < 0 ? these : qMin(statements, these);

        const QUrl upload = m_cluster->endpoint().resolved(QUrl(QString::fromLatin1(path)));
        QCOMPARE(m_cluster->object(upload), body);
        QVERIFY(m_cluster->rgw().keys(m_cluster->prefix() + QStringLiteral("/.hoistd/")).isEmpty());
        const auto row = m_cluster->sql(
            "SELECT finished IS NOT NULL, completing IS NULL, tail_key IS NULL FROM uploads "
            "WHERE id = $1",
            {m_cluster->objectKey(upload).section(QLatin1Char('/'), -1)});
        QVERIFY2(row && !row->isEmpty(), qPrintable(m_cluster->errorString()));
        QVERIFY(row->at(0, 0).toBool() && row->at(0, 1).toBool() && row->at(0, 2).toBool());
    }
    QVERIFY2(statements <= MaxPatchStatements, qPrintable(QString::number(statements)));
}

void tst_ClusterSmallUpload::objectFoundAtTheKeyIsReplacedByTheRecordedBytes()
{
    // A holder that stalled past its lease and whose PutObject landed late, before anyone made
    // the object: the conditional PUT is refused, and the upload goes the tail way, whose copy
    // replaces what is there with the bytes this holder recorded.
    const QByteArray body = testContent(3 * MiB, 'k');
    const QByteArray path = create(body.size());
    QVERIFY(!path.isEmpty());
    const QUrl upload = m_cluster->endpoint().resolved(QUrl(QString::fromLatin1(path)));
    S3Bucket bucket(S3Bucket::Config(
        S3Target(m_cluster->rgw().service(), m_cluster->rgw().region(), m_cluster->rgw().bucket()),
        m_cluster->rgw().credentials()));
    QVERIFY(
        bucket.putObject(m_cluster->objectKey(upload), S3Body::fromBytes(testContent(MiB, 'z')), {})
            .ok());

    const Costs before = costs();
    const RawResponse done = patch(path, body);
    const Costs after = costs();
    QCOMPARE(done.status, 204);
    QCOMPARE(done.header("upload-offset"), QByteArray::number(body.size()));
    QCOMPARE(after.puts - before.puts, 3); // refused, the tail, the copy
    QCOMPARE(m_cluster->object(upload), body);
    QTRY_VERIFY(m_cluster->rgw().keys(m_cluster->prefix() + QStringLiteral("/.hoistd/")).isEmpty());
}

void tst_ClusterSmallUpload::requestsWaitOnTheirOwnThreads()
{
    // A request's store calls block its HTTP thread while S3 and PostgreSQL answer: on one
    // thread a core (two here) the uploads of a folder of small files waited for each other.
    const QString line =
        QStringLiteral("; %1 worker threads").arg(ClusterUploadStore::RequestThreads);
    QVERIFY2(m_cluster->instance(0).serverLog().contains(line),
             qPrintable(m_cluster->instance(0).serverLog()));
}

QTEST_GUILESS_MAIN(tst_ClusterSmallUpload)
#include "tst_clustersmallupload.moc"
