// One truth across three hoistd instances on one PostgreSQL and one bucket (issue 20): a user's
// byte quota holds when clients on all three instances create uploads at the same moment
// (exactly the creations that fit succeed, the rest are 413), and instant upload works across
// instances: content finished through one instance is offered by the others with the same proof
// challenge whichever is asked, and a right proof through another one completes the upload
// without a body byte. Each client addresses an instance directly (no front), so the test knows
// where every request went. Real components: the run's PostgreSQL and Ceph RGW, three hoistd.
#include "hoistdcluster.h"
#include "instantwire.h"
#include "rawhttp.h"
#include "testfiles.h"
#include "tuswire.h"
#include "waitfor.h"

#include <QBuffer>
#include <QCryptographicHash>
#include <QFile>
#include <QRegularExpression>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>

#include <atomic>
#include <thread>
#include <vector>

namespace {
const QByteArray QuotaToken = "quota-user-token-0123456789";
const QByteArray AliceToken = "alice-cluster-token-0123456789";
const QByteArray BobToken = "bob-cluster-token-abcdefghijkl";
constexpr qint64 Quota = 5500;
constexpr qint64 Each = 1000;
constexpr int ClientsPerInstance = 4;               // 12 creations at once, 5 fit
constexpr qint64 InstantSize = 2 * 1024 * 1024 + 3; // proved by ranges

RawHeaders as(const QByteArray &token, const RawHeaders &extra = {})
{
    return RawHeaders{{"Tus-Resumable", "1.0.0"}, {"Authorization", "Bearer " + token}} + extra;
}

QByteArray metadataFor(const QByteArray &content)
{
    const QByteArray hex = QCryptographicHash::hash(content, QCryptographicHash::Sha256).toHex();
    return TusWire::encodeMetadata({{"filename", "f.bin"}, {"sha256", hex}});
}

RawHeaders patchHeaders(const QByteArray &token, qint64 offset, const RawHeaders &extra = {})
{
    return as(token, {{"Upload-Offset", QByteArray::number(offset)},
                      {"Content-Type", QByteArray(TusWire::OffsetContentType)}})
           + extra;
}

QByteArray pathOf(const RawResponse &created)
{
    return QUrl(QString::fromLatin1(created.header("Location"))).path().toLatin1();
}
} // namespace

class tst_ClusterQuota : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanup();
    void quotaHoldsForClientsOnThreeInstances();
    void instantUploadAcrossInstances();

private:
    quint16 port(int i) { return m_cluster->instance(i).port(); }

    QTemporaryDir m_config;
    std::unique_ptr<HoistdCluster> m_cluster;
};

void tst_ClusterQuota::initTestCase()
{
    QString why;
    if (!HoistdCluster::available(&why))
        QSKIP(qPrintable(why));
    const QString users = m_config.filePath(QStringLiteral("users.json"));
    QFile file(users);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("{\"users\": [{\"name\": \"quser\", \"token\": \"" + QuotaToken + "\", \"quota\": "
               + QByteArray::number(Quota) + "}, {\"name\": \"alice\", \"token\": \"" + AliceToken
               + "\", \"quota\": 100000000}, {\"name\": \"bob\", \"token\": \"" + BobToken
               + "\", \"quota\": 100000000}]}\n");
    file.close();
    QVERIFY(file.setPermissions(QFile::ReadOwner | QFile::WriteOwner));
    m_cluster = std::make_unique<HoistdCluster>();
    QVERIFY2(m_cluster->start(3, {QStringLiteral("--config"), users, QStringLiteral("--verbose")}),
             qPrintable(m_cluster->errorString()));
}

void tst_ClusterQuota::cleanup()
{
    if (QTest::currentTestFailed() && m_cluster)
        qWarning("%s", qPrintable(m_cluster->logs(4000)));
}

void tst_ClusterQuota::quotaHoldsForClientsOnThreeInstances()
{
    // Twelve clients, four on each instance, released together: each asks for 1000 bytes of a
    // 5500-byte quota. The reservation is one statement in PostgreSQL, so exactly five fit,
    // whichever instances they came through.
    const int clients = ClientsPerInstance * m_cluster->size();
    std::vector<RawResponse> answers(static_cast<size_t>(clients));
    std::atomic<bool> go{false};
    std::vector<std::thread> threads;
    for (int c = 0; c < clients; ++c) {
        threads.emplace_back([&, c] {
            const quint16 to = port(c % m_cluster->size());
            while (!go.load())
                std::this_thread::yield();
            answers[size_t(c)] = rawRequest(to, "POST", "/files/",
                                            as(QuotaToken, {{"Upload-Length", "1000"}}), {}, 30000);
        });
    }
    go = true;
    for (std::thread &t : threads)
        t.join();
    QList<QByteArray> made;
    QMap<int, int> statuses;
    QSet<int> instancesThatMade;
    for (int c = 0; c < clients; ++c) {
        const RawResponse &a = answers[size_t(c)];
        ++statuses[a.status];
        if (a.status == 201) {
            made << pathOf(a);
            instancesThatMade.insert(c % m_cluster->size());
        } else {
            QVERIFY2(a.status == 413 && a.body.contains("uota"), qPrintable(a.raw.left(400)));
        }
    }
    QVERIFY2(statuses.value(201) == int(Quota / Each) && statuses.value(413) == clients - 5,
             qPrintable(QStringLiteral("201 x %1, 413 x %2")
                            .arg(statuses.value(201))
                            .arg(statuses.value(413))));
    qInfo("creations made through %lld instances", qint64(instancesThatMade.size()));
    const auto owner = m_cluster->sql("SELECT bytes FROM owners WHERE owner = 'quser'");
    QVERIFY2(owner && !owner->isEmpty(), qPrintable(m_cluster->errorString()));
    QCOMPARE(owner->at(0, 0).toLongLong(), Quota / Each * Each);

    // The reserved uploads take their bytes on any instance (the creation's elsewhere); the
    // quota stays as full: more than the 500 bytes left is refused on every instance.
    for (int u = 0; u < made.size(); ++u) {
        const QByteArray body = testContent(Each, quint32(60 + u));
        const RawResponse done = rawRequest(port((u + 1) % m_cluster->size()), "PATCH", made[u],
                                            patchHeaders(QuotaToken, 0), body);
        QVERIFY2(done.status == 204, qPrintable(done.raw.left(400)));
        bool found = false;
        QCOMPARE(m_cluster->object(QUrl(QString::fromLatin1(made[u])), &found), body);
        QVERIFY(found);
    }
    for (int i = 0; i < m_cluster->size(); ++i) {
        const RawResponse more =
            rawRequest(port(i), "POST", "/files/", as(QuotaToken, {{"Upload-Length", "501"}}));
        QCOMPARE(more.status, 413);
    }
}

void tst_ClusterQuota::instantUploadAcrossInstances()
{
    const QByteArray content = testContent(InstantSize, 77);
    const QByteArray metadata = metadataFor(content);
    const RawHeaders creation{{"Upload-Length", QByteArray::number(InstantSize)},
                              {"Upload-Metadata", metadata}};

    // Alice uploads the content whole through instance 0; its hash is verified and recorded.
    const RawResponse alices = rawRequest(port(0), "POST", "/files/", as(AliceToken, creation));
    QCOMPARE(alices.status, 201);
    QVERIFY(!alices.has(InstantWire::ChallengeHeader));
    const RawResponse sent =
        rawRequest(port(0), "PATCH", pathOf(alices), patchHeaders(AliceToken, 0), content, 60000);
    QCOMPARE(sent.status, 204);
    QCOMPARE(sent.header("Upload-Offset").toLongLong(), InstantSize);

    // Bob creates uploads of the same content through instances 1, 2 and 0: each is challenged,
    // with the same challenge (one per user and content, kept in PostgreSQL).
    QList<QByteArray> bobs;
    QByteArray challengeHeader;
    for (int i : {1, 2, 0}) {
        const RawResponse created = rawRequest(port(i), "POST", "/files/", as(BobToken, creation));
        QCOMPARE(created.status, 201);
        QCOMPARE(created.header("Upload-Offset"), QByteArray("0"));
        const QByteArray header = created.header(InstantWire::ChallengeHeader);
        QVERIFY2(!header.isEmpty(), qPrintable(QStringLiteral("instance %1").arg(i)));
        if (challengeHeader.isEmpty())
            challengeHeader = header;
        QCOMPARE(header, challengeHeader);
        bobs << pathOf(created);
    }
    const auto challenge = InstantWire::parseChallenge(challengeHeader, InstantSize);
    QVERIFY2(challenge, challengeHeader.constData());
    QCOMPARE(challenge->ranges.size(), InstantWire::RangeCount);

    // The proof, for the upload made through instance 1, sent through instance 2 with no body:
    // the upload completes from the content the bucket holds.
    QBuffer buffer;
    buffer.setData(content);
    QVERIFY(buffer.open(QIODevice::ReadOnly));
    const QByteArray proof = InstantWire::computeProof(buffer, *challenge).value_or(QByteArray());
    QVERIFY(!proof.isEmpty());
    const RawResponse proved = rawRequest(
        port(2), "PATCH", bobs[0],
        patchHeaders(BobToken, 0, {{InstantWire::ProofHeader, proof.toHex()}}), {}, 60000);
    QCOMPARE(proved.status, 204);
    QCOMPARE(proved.header("Upload-Offset").toLongLong(), InstantSize);
    const QString id = QString::fromLatin1(bobs[0].mid(bobs[0].lastIndexOf('/') + 1));
    const QString line = QStringLiteral("instant %1 %2 bytes").arg(id).arg(InstantSize);
    QVERIFY(waitFor([&] { return m_cluster->instance(2).serverLog().contains(line); }, 10000));
    // No body byte for it reached any instance (verbose logs say "PATCH <id> +N bytes").
    const QRegularExpression bodyLine(QStringLiteral("(PATCH|POST) %1 \\+[1-9]").arg(id));
    for (int i = 0; i < m_cluster->size(); ++i)
        QVERIFY2(!m_cluster->instance(i).serverLog().contains(bodyLine),
                 qPrintable(m_cluster->instance(i).serverLog().right(2000)));
    bool found = false;
    QVERIFY(m_cluster->object(QUrl(QString::fromLatin1(bobs[0])), &found) == content);
    QVERIFY(found);
    const RawResponse head = rawRequest(port(1), "HEAD", bobs[0], as(BobToken));
    QCOMPARE(head.header("Upload-Offset").toLongLong(), InstantSize);
}

QTEST_GUILESS_MAIN(tst_ClusterQuota)
#include "tst_clusterquota.moc"
