// ClusterUploadStore (PostgreSQL + S3) against the shared PostgreSQL and Ceph RGW: the UploadStore
// contract (uploadstorecontract.h), then what only the cluster store promises: a commit after
// another instance took the lease is refused and changes nothing; a sink crossing the 5 MiB
// boundary several times keeps parts and a tail whose bytes are exact; empty and tiny uploads
// are one object each. Bytes are checked through the store's source and through RgwTestPeer,
// a client of its own.
#include "clusterpeers.h"
#include "clusteruploadsink.h"
#include "loadaverage.h"
#include "testfiles.h"
#include "uploadstorecontract.h"

#include <QElapsedTimer>
#include <QFile>
#include <QJsonObject>
#include <QTest>

namespace {
constexpr qint64 MiB = 1024 * 1024;
} // namespace

class TestClusterUploadStore final : public QObject {
    Q_OBJECT
public:
    // Starts the peers (a bucket and a database of the test's own); false and why otherwise.
    bool start(QString *why);
    // The contract's fresh stores: the database emptied, a new prefix.
    std::unique_ptr<UploadStore> contractStore(std::chrono::seconds expireAfter,
                                               std::chrono::seconds keepFinished);

private slots:
    void initTestCase();
    void cleanupTestCase();
    void fencedCommitChangesNothing();
    void fencedSmallUploadIsNotPut();
    void sinkCrossesPartBoundariesWithATail();
    void emptyAndTinyUploadsAreOneObject();
    void reconciliationRemovesOnlyOrphans();
    void largePartsAreJoinedByCopy();
    void timedWorkRoundsAreMeasured();

private:
    // A store on the test's database, emptied first when `empty`; `prefix` empty: a new one.
    std::unique_ptr<ClusterUploadStore>
    makeStore(const QString &instance, QString prefix = {},
              std::chrono::seconds expireAfter = std::chrono::hours(1),
              std::chrono::seconds keepFinished = UploadStore::KeepForever,
              std::chrono::milliseconds lease = std::chrono::seconds(10));
    void emptyDatabase();
    QByteArray readAll(UploadStore &store, const UploadRecord &record);
    // The keys of multipart uploads in progress under `prefix`.
    QStringList multipartUploadsUnder(const QString &prefix) const;

    ClusterPeers m_peers;
    QString m_prefix; // of the last store made
};

bool TestClusterUploadStore::start(QString *why)
{
    return m_peers.start(why);
}

void TestClusterUploadStore::initTestCase()
{
    QVERIFY(m_peers.isStarted());
}

void TestClusterUploadStore::cleanupTestCase()
{
    m_peers.stop();
}

std::unique_ptr<ClusterUploadStore> TestClusterUploadStore::makeStore(
    const QString &instance, QString prefix, std::chrono::seconds expireAfter,
    std::chrono::seconds keepFinished, std::chrono::milliseconds lease)
{
    ClusterUploadStore::Config config = m_peers.config(
        instance, prefix.isEmpty() ? QStringLiteral("c") + ClusterPeers::randomName() : prefix);
    config.expireAfter = expireAfter;
    config.keepFinished = keepFinished;
    config.lease = lease;
    config.handOverWait = std::chrono::milliseconds(0); // hand-over: tst_clusterfencing
    m_prefix = config.prefix;
    return m_peers.store(std::move(config));
}

void TestClusterUploadStore::emptyDatabase()
{
    PgConnection c(m_peers.pg().address());
    if (!c.run("DO $$ BEGIN IF to_regclass('uploads') IS NOT NULL THEN "
               "TRUNCATE uploads, parts, owners, gone, challenges, attempts; END IF; END $$"))
        qFatal("cannot empty the database: %s", qPrintable(c.lastError().message));
}

QStringList TestClusterUploadStore::multipartUploadsUnder(const QString &prefix) const
{
    QStringList out;
    for (const QString &key : m_peers.rgw().multipartUploads()) {
        if (key.startsWith(prefix + QLatin1Char('/')))
            out.append(key);
    }
    return out;
}

QByteArray TestClusterUploadStore::readAll(UploadStore &store, const UploadRecord &record)
{
    const auto source = store.openSource(record);
    if (!source)
        return "<no source>";
    QByteArray out(source->length(), Qt::Uninitialized);
    for (qint64 at = 0; at < out.size();) {
        const qint64 got = source->read(at, out.data() + at, qMin<qint64>(300001, out.size() - at));
        if (got <= 0)
            return "<read failed>";
        at += got;
    }
    return out;
}

std::unique_ptr<UploadStore>
TestClusterUploadStore::contractStore(std::chrono::seconds expireAfter,
                                      std::chrono::seconds keepFinished)
{
    emptyDatabase();
    return makeStore(QStringLiteral("contract"), {}, expireAfter, keepFinished);
}

void TestClusterUploadStore::fencedCommitChangesNothing()
{
    emptyDatabase();
    // Two instances on one database and prefix; the first's lease is short and never renewed.
    auto first = makeStore(QStringLiteral("first"), {}, std::chrono::hours(1),
                           UploadStore::KeepForever, std::chrono::milliseconds(800));
    auto second = makeStore(QStringLiteral("second"), m_prefix);
    QString error;
    StoreFailure failure;
    QVERIFY2(first->open(&error) && second->open(&error), qPrintable(error));
    const QByteArray bytes = testContent(10 * MiB + 3, 'a');
    UploadStore::Refusal refusal;
    const auto made = first->create(bytes.size(), "filename eA==", QStringLiteral("x"), {},
                                    UploadRecord::Concat::None, {}, &refusal, &failure);
    QVERIFY2(made, qPrintable(failure.text));
    QVERIFY(first->tryLock(made->id));
    auto sink = first->openSink(*made, &failure);
    QVERIFY2(sink, qPrintable(failure.text));
    QVERIFY(sink->write(bytes.constData(), 6 * MiB));
    QVERIFY(sink->commit()); // one part of 6 MiB
    QVERIFY(sink->write(QByteArray(MiB, 'X'), MiB));

    // "Another instance" takes the upload once the first one's lease ran out.
    QVERIFY(!second->tryLock(made->id));
    bool taken = false; // QTRY_ evaluates once more at the end: keep the first success
    QTRY_VERIFY_WITH_TIMEOUT(taken = taken || second->tryLock(made->id), 10000);

    QVERIFY(!sink->commit()); // a tail: refused
    auto *clusterSink = dynamic_cast<ClusterUploadSink *>(sink.get());
    QVERIFY(clusterSink && clusterSink->fenced());
    sink.reset();
    // A late finishing commit of the first instance: refused before it touches the object.
    auto late = first->openSink(*made, &failure);
    QVERIFY2(late, qPrintable(failure.text));
    QCOMPARE(late->offset(), 6 * MiB);
    QVERIFY(late->write(QByteArray(4 * MiB + 3, 'X'), 4 * MiB + 3));
    QVERIFY(!late->commit());
    late.reset();

    PgUpload row;
    PgError pgError;
    QCOMPARE(second->index().uploads().find(made->id, &row, &pgError), PgUploads::Lookup::Found);
    QCOMPARE(row.record.offset, 6 * MiB);
    QVERIFY(row.tailKey.isEmpty());
    QCOMPARE(row.leaseHolder, QStringLiteral("second"));
    const auto parts = second->index().leases().parts(made->id, &pgError);
    QCOMPARE(parts.size(), 1);
    QCOMPARE(parts.first().size, 6 * MiB);
    const QString key = second->objects().objectKey(made->id);
    bool found = true;
    m_peers.rgw().object(key, &found);
    QVERIFY(!found);
    QVERIFY(m_peers.rgw().keys(second->objects().tailsPrefix()).isEmpty());

    // The second instance finishes it; the object is its bytes alone.
    UploadRecord now;
    QCOMPARE(second->find(made->id, &now), UploadStore::Lookup::Found);
    auto taking = second->openSink(now, &failure);
    QVERIFY2(taking, qPrintable(failure.text));
    QVERIFY(taking->write(bytes.constData() + 6 * MiB, bytes.size() - 6 * MiB));
    const auto done = taking->commit();
    QVERIFY(done && done->isFinished());
    taking.reset();
    second->unlock(made->id);
    first->unlock(made->id); // its stale lease: nothing to release
    QCOMPARE(m_peers.rgw().object(key, &found), bytes);
    QCOMPARE(readAll(*first, *done), bytes);
    QVERIFY(multipartUploadsUnder(m_prefix).isEmpty());
}

void TestClusterUploadStore::fencedSmallUploadIsNotPut()
{
    emptyDatabase();
    auto first = makeStore(QStringLiteral("first"), {}, std::chrono::hours(1),
                           UploadStore::KeepForever, std::chrono::milliseconds(800));
    auto second = makeStore(QStringLiteral("second"), m_prefix);
    QString error;
    StoreFailure failure;
    QVERIFY2(first->open(&error) && second->open(&error), qPrintable(error));
    UploadStore::Refusal refusal;
    const auto made =
        first->create(3 * MiB, {}, {}, {}, UploadRecord::Concat::None, {}, &refusal, &failure);
    QVERIFY2(made && first->tryLock(made->id), qPrintable(failure.text));
    auto stale = first->openSink(*made, &failure);
    QVERIFY(stale && stale->write(QByteArray(3 * MiB, 'X'), 3 * MiB));
    bool taken = false;
    QTRY_VERIFY_WITH_TIMEOUT(taken = taken || second->tryLock(made->id), 10000);
    // Its one PutObject would replace what the new holder finishes: refused before it.
    QVERIFY(!stale->commit());
    stale.reset();
    const QString key = second->objects().objectKey(made->id);
    bool found = true;
    m_peers.rgw().object(key, &found);
    QVERIFY(!found);

    const QByteArray bytes = testContent(3 * MiB, 'b');
    auto sink = second->openSink(*made, &failure);
    QVERIFY(sink && sink->write(bytes.constData(), bytes.size()));
    QVERIFY(sink->commit());
    sink.reset();
    second->unlock(made->id);
    first->unlock(made->id);
    QCOMPARE(m_peers.rgw().object(key), bytes);
}

void TestClusterUploadStore::sinkCrossesPartBoundariesWithATail()
{
    emptyDatabase();
    auto store = makeStore(QStringLiteral("crossing"));
    QString error;
    StoreFailure failure;
    QVERIFY2(store->open(&error), qPrintable(error));
    const QList<qint64> pieces = {3 * MiB, 3 * MiB, 4 * MiB,    2 * MiB,
                                  2 * MiB, 4 * MiB, 5 * MiB + 5};
    qint64 total = 0;
    for (const qint64 p : pieces)
        total += p;
    const QByteArray bytes = testContent(total, 'k');
    UploadStore::Refusal refusal;
    const auto made = store->create(total, "filename eQ==", QStringLiteral("y"), {},
                                    UploadRecord::Concat::None, {}, &refusal, &failure);
    QVERIFY2(made, qPrintable(failure.text));
    // Spool after each commit: 3 (tail), 6 (part), 4 (tail), 6 (part), 2 (tail) | new lock:
    // 2 read back + 4 = 6 (part), 5 MiB + 5 (the last part).
    const QList<qint64> tails = {3 * MiB, 0, 4 * MiB, 0, 2 * MiB, 0};
    qint64 at = 0;
    std::unique_ptr<UploadSink> sink;
    UploadRecord record = *made;
    for (int i = 0; i < pieces.size(); ++i) {
        if (i == 0 || i == 5) {
            sink.reset();
            if (i == 5)
                store->unlock(made->id);
            QVERIFY(store->tryLock(made->id));
            sink = store->openSink(record, &failure);
            QVERIFY2(sink, qPrintable(failure.text));
            QCOMPARE(sink->offset(), at);
        }
        QVERIFY(sink->write(bytes.constData() + at, pieces.at(i)));
        at += pieces.at(i);
        const auto committed = sink->commit();
        QVERIFY(committed);
        QCOMPARE(committed->offset, at);
        record = *committed;
        if (i < tails.size()) {
            PgUpload row;
            PgError pgError;
            QCOMPARE(store->index().uploads().find(made->id, &row, &pgError),
                     PgUploads::Lookup::Found);
            QCOMPARE(row.tailSize, tails.at(i));
            if (tails.at(i) > 0)
                QCOMPARE(m_peers.rgw().object(row.tailKey),
                         bytes.mid(at - tails.at(i), tails.at(i)));
        }
    }
    QVERIFY(record.isFinished());
    sink.reset();
    store->unlock(made->id);
    PgError pgError;
    const auto parts = store->index().leases().parts(made->id, &pgError);
    QCOMPARE(parts.size(), 4);
    qint64 partsEnd = 0;
    for (const PgPart &p : parts) {
        QCOMPARE(p.offset, partsEnd);
        partsEnd += p.size;
        QVERIFY(p.size >= 5 * MiB);
    }
    QCOMPARE(partsEnd, total);
    QCOMPARE(m_peers.rgw().object(store->objects().objectKey(made->id)), bytes);
    QCOMPARE(readAll(*store, record), bytes);
    QVERIFY(m_peers.rgw().keys(store->objects().tailsPrefix()).isEmpty());
    QVERIFY(multipartUploadsUnder(m_prefix).isEmpty());
}

void TestClusterUploadStore::emptyAndTinyUploadsAreOneObject()
{
    emptyDatabase();
    auto store = makeStore(QStringLiteral("tiny"));
    QString error;
    StoreFailure failure;
    QVERIFY2(store->open(&error), qPrintable(error));
    UploadStore::Refusal refusal;
    const auto empty = store->create(0, "filename ZW1wdHk=", QStringLiteral("empty"), {},
                                     UploadRecord::Concat::None, {}, &refusal, &failure);
    QVERIFY2(empty && empty->isFinished(), qPrintable(failure.text));
    bool found = false;
    QCOMPARE(m_peers.rgw().object(store->objects().objectKey(empty->id), &found), QByteArray());
    QVERIFY(found);
    QCOMPARE(readAll(*store, *empty), QByteArray());

    const auto tiny = store->create(3, "filename dGlueQ==,x", QStringLiteral("tiny"), {},
                                    UploadRecord::Concat::None, {}, &refusal, &failure);
    QVERIFY2(tiny, qPrintable(failure.text));
    QVERIFY(store->tryLock(tiny->id));
    auto sink = store->openSink(*tiny, &failure);
    QVERIFY(sink && sink->write("abc", 3));
    const auto done = sink->commit();
    sink.reset();
    store->unlock(tiny->id);
    QVERIFY(done && done->isFinished());
    const QString key = store->objects().objectKey(tiny->id);
    QCOMPARE(m_peers.rgw().object(key), QByteArray("abc"));
    QCOMPARE(readAll(*store, *done), QByteArray("abc"));
    const QJsonObject head = m_peers.rgw().headObjectByAws(key);
    QCOMPARE(head.value(QStringLiteral("Metadata"))
                 .toObject()
                 .value(QStringLiteral("tus-metadata"))
                 .toString(),
             QStringLiteral("filename dGlueQ==,x"));
    QVERIFY(multipartUploadsUnder(m_prefix).isEmpty());
    QVERIFY(m_peers.rgw().keys(store->objects().tailsPrefix()).isEmpty());
}

void TestClusterUploadStore::reconciliationRemovesOnlyOrphans()
{
    emptyDatabase();
    auto store = makeStore(QStringLiteral("reconcile"));
    QString error;
    StoreFailure failure;
    QVERIFY2(store->open(&error), qPrintable(error));
    // A live upload with a committed part and a tail: named by its record, kept.
    UploadStore::Refusal refusal;
    const auto live =
        store->create(20 * MiB, {}, {}, {}, UploadRecord::Concat::None, {}, &refusal, &failure);
    QVERIFY2(live && store->tryLock(live->id), qPrintable(failure.text));
    auto sink = store->openSink(*live, &failure);
    const QByteArray bytes = testContent(7 * MiB, 'r');
    QVERIFY(sink && sink->write(bytes.constData(), 6 * MiB) && sink->commit());
    QVERIFY(sink->write(bytes.constData() + 6 * MiB, MiB) && sink->commit());
    sink.reset();
    store->unlock(live->id);
    PgUpload row;
    PgError pgError;
    QCOMPARE(store->index().uploads().find(live->id, &row, &pgError), PgUploads::Lookup::Found);
    QVERIFY(!row.multipartId.isEmpty() && !row.tailKey.isEmpty());

    // What a crash or a fenced writer leaves: named by no record.
    S3Bucket &bucket = store->objects().bucket();
    const QString orphanKey = store->objects().objectKey(QStringLiteral("orphan"));
    QVERIFY(bucket.createMultipartUpload(orphanKey, {}).ok());
    const QString orphanTail = store->objects().tailKey(live->id, 99, 5);
    QVERIFY(bucket.putObject(orphanTail, S3Body::fromBytes("late"), {}).ok());
    QCOMPARE(multipartUploadsUnder(m_prefix).size(), 2);
    // A whole body's PUT that landed after its upload was removed: an upload's object, no record.
    const QString strayObject = store->objects().objectKey(ClusterObjects::newUploadId());
    QVERIFY(bucket.putObject(strayObject, S3Body::fromBytes("landed late"), {}).ok());
    // Kept: a finished upload's object, and a key that is not an upload's.
    const auto finished =
        store->create(3, {}, {}, {}, UploadRecord::Concat::None, {}, &refusal, &failure);
    QVERIFY2(finished && store->tryLock(finished->id), qPrintable(failure.text));
    sink = store->openSink(*finished, &failure);
    QVERIFY(sink && sink->write("abc", 3));
    const auto made = sink->commit();
    QVERIFY(made && made->isFinished());
    sink.reset();
    store->unlock(finished->id);
    const QString finishedObject = store->objects().objectKey(finished->id);
    const QString notAnUpload = store->objects().objectKey(QStringLiteral("README.txt"));
    QVERIFY(bucket.putObject(notAnUpload, S3Body::fromBytes("someone's"), {}).ok());
    const auto objects = [&] {
        QStringList keys;
        for (const QString &key : m_peers.rgw().keys(store->objects().objectKey({}))) {
            if (!key.startsWith(store->objects().tailsPrefix()))
                keys.append(key);
        }
        keys.sort();
        return keys;
    };
    QStringList before = {strayObject, finishedObject, notAnUpload};
    before.sort();
    QCOMPARE(objects(), before);

    QCOMPARE(store->reconcile(std::chrono::hours(1)), 0); // all younger than the grace
    QCOMPARE(store->reconcile(std::chrono::seconds(0)), 3);
    QCOMPARE(multipartUploadsUnder(m_prefix), QStringList({store->objects().objectKey(live->id)}));
    QCOMPARE(m_peers.rgw().keys(store->objects().tailsPrefix()), QStringList({row.tailKey}));
    QStringList after = {finishedObject, notAnUpload};
    after.sort();
    QCOMPARE(objects(), after);
    QCOMPARE(m_peers.rgw().object(finishedObject), QByteArray("abc"));

    // The live upload still finishes, byte-identical.
    QVERIFY(store->tryLock(live->id));
    UploadRecord now;
    QCOMPARE(store->find(live->id, &now), UploadStore::Lookup::Found);
    sink = store->openSink(now, &failure);
    const QByteArray rest = testContent(13 * MiB, 's');
    QVERIFY(sink && sink->write(rest.constData(), rest.size()));
    const auto done = sink->commit();
    QVERIFY(done && done->isFinished());
    sink.reset();
    store->unlock(live->id);
    QCOMPARE(m_peers.rgw().object(store->objects().objectKey(live->id)), bytes + rest);
}

void TestClusterUploadStore::largePartsAreJoinedByCopy()
{
    emptyDatabase();
    auto store = makeStore(QStringLiteral("join"));
    QString error;
    StoreFailure failure;
    QVERIFY2(store->open(&error), qPrintable(error));
    const QList<QByteArray> contents = {testContent(5 * MiB, 'p'), testContent(6 * MiB + 1, 'q'),
                                        testContent(3, 'z')};
    QStringList ids;
    for (const QByteArray &bytes : contents) {
        UploadStore::Refusal refusal;
        const auto part = store->create(bytes.size(), {}, {}, QStringLiteral("o"),
                                        UploadRecord::Concat::Partial, {}, &refusal, &failure);
        QVERIFY2(part && store->tryLock(part->id), qPrintable(failure.text));
        auto sink = store->openSink(*part, &failure);
        QVERIFY(sink && sink->write(bytes.constData(), bytes.size()) && sink->commit());
        sink.reset();
        store->unlock(part->id);
        ids.append(part->id);
    }
    const QByteArray joined = contents.at(0) + contents.at(1) + contents.at(2);
    // The check reads the joined bytes (from the parts' objects, while they are copied).
    QByteArray seen;
    const auto readAllOf = [&seen](UploadSource &source) {
        seen.clear();
        QByteArray block(64 * 1024, Qt::Uninitialized);
        for (qint64 at = 0; at < source.length();) {
            const qint64 got = source.read(at, block.data(), block.size());
            if (got <= 0)
                return false;
            seen.append(block.constData(), got);
            at += got;
        }
        return true;
    };
    UploadRecord final;
    // Refused: nothing made, the parts kept, no multipart upload left.
    const auto refuse = [&](UploadSource &source, QByteArray *) {
        readAllOf(source);
        return false;
    };
    QCOMPARE(store->concatenate(ids, {}, {}, QStringLiteral("o"), refuse, &final, &failure),
             UploadStore::ConcatOutcome::Refused);
    QCOMPARE(seen, joined);
    QVERIFY(multipartUploadsUnder(m_prefix).isEmpty());
    const qint64 requestsBefore = store->objects().bucket().requestsSent();
    const auto check = [&](UploadSource &source, QByteArray *) { return readAllOf(source); };
    const auto outcome =
        store->concatenate(ids, {}, {}, QStringLiteral("o"), check, &final, &failure);
    QVERIFY2(outcome == UploadStore::ConcatOutcome::Done, qPrintable(failure.text));
    QCOMPARE(seen, joined);
    // Create, three UploadPartCopy, Complete, the check's three GETs (one a part: each under
    // ClusterUploadSource::Window), three parts' drops (tail and object: their multipart
    // uploads were completed, none to abort).
    QVERIFY(store->objects().bucket().requestsSent() - requestsBefore <= 14);
    QCOMPARE(m_peers.rgw().object(store->objects().objectKey(final.id)), joined);
    QCOMPARE(readAll(*store, final), joined);
    bool found = true;
    m_peers.rgw().object(store->objects().objectKey(ids.first()), &found);
    QVERIFY(!found);
    QVERIFY(multipartUploadsUnder(m_prefix).isEmpty());
}

void TestClusterUploadStore::timedWorkRoundsAreMeasured()
{
    // How long one round of the timed work takes over many uploads, each with a tail (what
    // TimedWork keeps off hoistd's main thread): a reconciliation pass, then an expiry sweep of
    // one batch. A measurement, run only when asked: HOIST_MEASURE_UPLOADS=1000.
    const int count = qEnvironmentVariableIntValue("HOIST_MEASURE_UPLOADS");
    if (count <= 0)
        QSKIP("a measurement: set HOIST_MEASURE_UPLOADS to the number of uploads");
    emptyDatabase();
    auto store = makeStore(QStringLiteral("measure"), {}, std::chrono::seconds(1));
    QString error;
    StoreFailure failure;
    QVERIFY2(store->open(&error), qPrintable(error));
    for (int i = 0; i < count; ++i) {
        UploadStore::Refusal refusal;
        const auto made =
            store->create(100, {}, {}, {}, UploadRecord::Concat::None, {}, &refusal, &failure);
        QVERIFY2(made && store->tryLock(made->id), qPrintable(failure.text));
        auto sink = store->openSink(*made, &failure);
        QVERIFY(sink && sink->write("0123456789", 10) && sink->commit());
        sink.reset();
        store->unlock(made->id);
    }
    QElapsedTimer timer;
    timer.start();
    QCOMPARE(store->reconcile(std::chrono::seconds(0)), 0); // every tail is named
    const qint64 reconcileMs = timer.elapsed();
    PgConnection c(m_peers.pg().address());
    const auto expired = [&c] {
        const auto rows = c.exec("SELECT count(*) FROM uploads WHERE expires <= now()");
        return rows && !rows->isEmpty() ? rows->at(0, 0).toLongLong() : -1;
    };
    QTRY_VERIFY_WITH_TIMEOUT(expired() == count, 10000); // their 1 s expiry passed
    timer.restart();
    const int swept = store->sweepExpired(QDateTime::currentDateTimeUtc());
    const qint64 sweepMs = timer.elapsed();
    qInfo().noquote() << QStringLiteral("%1 uploads with a tail: reconcile %2 ms, one expiry "
                                        "sweep of %3 uploads %4 ms (load %5)")
                             .arg(count)
                             .arg(reconcileMs)
                             .arg(swept)
                             .arg(sweepMs)
                             .arg(QString::fromLatin1(loadAverage()));
    QVERIFY(swept > 0);
}

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    TestClusterUploadStore cluster;
    QString why;
    if (!cluster.start(&why))
        qFatal("cannot start the peers: %s", qPrintable(why));
    UploadStoreContract contract(
        [&cluster](std::chrono::seconds expireAfter, std::chrono::seconds keepFinished) {
            return cluster.contractStore(expireAfter, keepFinished);
        });
    int status = QTest::qExec(&contract, argc, argv);
    status |= QTest::qExec(&cluster, argc, argv);
    return status;
}
#include "tst_clusteruploadstore.moc"
