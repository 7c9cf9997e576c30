// Parts S3 holds under numbers no record names (issue 20), on the shared RGW and PostgreSQL. A
// part that succeeded after an earlier one failed, a fenced holder's part that landed late, a
// part upload cut after RGW kept something: each leaves a number allocated in PostgreSQL but
// not recorded, and RGW refused to complete a multipart upload whose list omits a part it holds
// (InvalidPart), so the upload could never finish. Now the completion overwrites those numbers,
// completes, and copies the object onto itself without them (ClusterStrayParts): the object is
// byte-identical to what the client sent, with the ETag a plain completion gives. A
// checksummed request's parts, sent while it arrives and rolled back, are written again by its
// retry under the same numbers where that keeps the order (ClusterReusableParts).
#include "clusterpeers.h"
#include "clusterstrayparts.h"
#include "clusteruploadsink.h"
#include "testfiles.h"

#include <QTest>

namespace {
constexpr qint64 MiB = 1024 * 1024;
constexpr std::chrono::milliseconds ShortLease{800};
constexpr std::chrono::milliseconds Lease{30000}; // outlasts any wait of a test
constexpr int TakeOverWaitMs = 15000;
constexpr int LongWaitMs = 60000;   // generous: CI runs two of these on two busy cores
constexpr qint64 Length = 21 * MiB; // one part of 8 MiB, then the rest
constexpr qint64 First = ClusterUploadSink::PartBytes;
} // namespace

class TestClusterStrayParts final : public QObject {
    Q_OBJECT
public:
    bool start(QString *why) { return m_peers.start(why); }

private slots:
    void initTestCase() { QVERIFY(m_peers.isStarted()); }
    void cleanupTestCase() { m_peers.stop(); }
    void init() { m_prefix = QStringLiteral("s") + ClusterPeers::randomName(); }
    void cleanup() { m_peers.dropStores(); }
    void partAfterAFailedOne_data();
    void partAfterAFailedOne();
    void staleHoldersLatePartIsLeftOut();
    void assembledObjectIsTrimmedLater();
    void checksummedRetryWritesItsNumbersAgain();
    void retryAfterAnotherInstanceWroteAllocatesAnew();

private:
    // Writes bytes[0, 2 parts) as a checksummed body (sent as it arrives, recorded only by a
    // commit) and rolls it back, as a checksum mismatch or a cut request does: parts 1 and 2 are
    // in S3, named by no record.
    void rolledBackChecksummedRequest(ClusterUploadStore &store, const QString &id,
                                      const QByteArray &bytes);
    QList<int> recordedNumbers(ClusterUploadStore &store, const QString &id);
    // A new upload of Length bytes on `store`, locked.
    std::optional<UploadRecord> lockedUpload(ClusterUploadStore &store);
    // The same with its first part committed.
    std::optional<UploadRecord> withFirstPart(ClusterUploadStore &store, const QByteArray &bytes);
    // Allocates the next part number under `store`'s lease, as a sink does before sending it.
    int allocate(ClusterUploadStore &store, const QString &id);
    // Sends `bytes` as part `number` of upload `id`'s multipart upload, outside any record.
    bool sendOutside(ClusterUploadStore &store, const QString &id, int number,
                     const QByteArray &bytes);
    // Writes bytes[from, Length) through a new sink and commits: the finished record or nullopt.
    std::optional<UploadRecord> finish(ClusterUploadStore &store, const QString &id,
                                       const QByteArray &bytes, StoreFailure *failure);
    // The object's bytes, its ETag as a plain completion of the recorded parts would give it,
    // and no multipart upload left behind.
    void verifyObject(ClusterUploadStore &store, const QString &id, const QByteArray &bytes);

    ClusterPeers m_peers;
    QString m_prefix;
};

std::optional<UploadRecord> TestClusterStrayParts::lockedUpload(ClusterUploadStore &store)
{
    StoreFailure failure;
    UploadStore::Refusal refusal;
    const auto made = store.create(Length, "filename c3RyYXk=", QStringLiteral("stray"), {},
                                   UploadRecord::Concat::None, {}, &refusal, &failure);
    if (!made || !store.tryLock(made->id))
        return std::nullopt;
    return made;
}

std::optional<UploadRecord> TestClusterStrayParts::withFirstPart(ClusterUploadStore &store,
                                                                 const QByteArray &bytes)
{
    const auto made = lockedUpload(store);
    if (!made)
        return std::nullopt;
    StoreFailure failure;
    auto sink = store.openSink(*made, &failure);
    if (!sink || !sink->write(bytes.constData(), size_t(First)))
        return std::nullopt;
    const auto committed = sink->commit();
    if (!committed || committed->offset != First)
        return std::nullopt;
    return committed;
}

int TestClusterStrayParts::allocate(ClusterUploadStore &store, const QString &id)
{
    PgError error;
    const auto number = store.index().leases().allocatePart(id, store.config().instanceId,
                                                            store.heldGeneration(id), &error);
    return number.value_or(0);
}

bool TestClusterStrayParts::sendOutside(ClusterUploadStore &store, const QString &id, int number,
                                        const QByteArray &bytes)
{
    PgUpload row;
    PgError error;
    if (store.index().uploads().find(id, &row, &error) != PgUploads::Lookup::Found
        || row.multipartId.isEmpty())
        return false;
    return store.objects()
        .bucket()
        .uploadPart(store.objects().objectKey(id), row.multipartId, number,
                    S3Body::fromBytes(bytes))
        .ok();
}

std::optional<UploadRecord> TestClusterStrayParts::finish(ClusterUploadStore &store,
                                                          const QString &id,
                                                          const QByteArray &bytes,
                                                          StoreFailure *failure)
{
    UploadRecord now;
    if (store.find(id, &now) != UploadStore::Lookup::Found)
        return std::nullopt;
    auto sink = store.openSink(now, failure);
    if (!sink || !sink->write(bytes.constData() + now.offset, size_t(Length - now.offset)))
        return std::nullopt;
    const auto done = sink->commit();
    if (!done)
        *failure = sink->failure();
    return done;
}

void TestClusterStrayParts::verifyObject(ClusterUploadStore &store, const QString &id,
                                         const QByteArray &bytes)
{
    QCOMPARE(m_peers.object(store, id), bytes);
    PgError error;
    QList<S3Bucket::Part> recorded;
    for (const PgPart &p : store.index().leases().parts(id, &error))
        recorded.append({p.number, p.etag.toLatin1()});
    const auto head = store.objects().bucket().headObject(store.objects().objectKey(id));
    QVERIFY(head.ok());
    if (!head.value.etag.isEmpty())
        QCOMPARE(head.value.etag, S3Bucket::multipartEtag(recorded));
    QVERIFY(m_peers.rgw().multipartUploads().filter(store.objects().objectKey(id)).isEmpty());
    QVERIFY(m_peers.rgw().keys(store.objects().tailsPrefix()).isEmpty());
}

void TestClusterStrayParts::partAfterAFailedOne_data()
{
    // What RGW holds under part 3, sent after part 2 failed (part 2: nothing held).
    QTest::addColumn<qint64>("strayBytes");
    QTest::newRow("a whole part") << ClusterUploadSink::PartBytes;
    QTest::newRow("a cut part, below 5 MiB") << qint64(MiB + 17);
    QTest::newRow("nothing") << qint64(0);
}

void TestClusterStrayParts::partAfterAFailedOne()
{
    // Parts 2 and 3 allocated and sent in the background; 2 failed, so 3 (which S3 took) was
    // never recorded. The client sends the rest again: parts 4 and 5, then the completion.
    QFETCH(qint64, strayBytes);
    ClusterUploadStore *store = nullptr;
    ClusterUploadStore *other = nullptr;
    QVERIFY(m_peers.openTwo(m_prefix, Lease, Lease, &store, &other));
    const QByteArray bytes = testContent(Length, 7);
    const auto made = withFirstPart(*store, bytes);
    QVERIFY(made);
    QCOMPARE(allocate(*store, made->id), 2);
    QCOMPARE(allocate(*store, made->id), 3);
    if (strayBytes > 0)
        QVERIFY(sendOutside(*store, made->id, 3, bytes.mid(2 * First, strayBytes)));
    StoreFailure failure;
    const auto done = finish(*store, made->id, bytes, &failure);
    QVERIFY2(done, qPrintable(failure.text));
    QVERIFY(done->isFinished());
    store->unlock(made->id);
    // The rest's 13 MiB: 8 MiB and 5 MiB.
    QCOMPARE(recordedNumbers(*store, made->id), QList<int>({1, 4, 5}));
    verifyObject(*store, made->id, bytes);
}

void TestClusterStrayParts::staleHoldersLatePartIsLeftOut()
{
    // The first instance allocated part 2 and stalled past its lease; the second took the upload
    // over; then the first's part upload (its own bytes, not the client's) landed. The second
    // finishes the upload: its bytes, none of the first's.
    ClusterUploadStore *first = nullptr;
    ClusterUploadStore *second = nullptr;
    QVERIFY(m_peers.openTwo(m_prefix, ShortLease, Lease, &first, &second));
    const QByteArray bytes = testContent(Length, 9);
    const auto made = withFirstPart(*first, bytes);
    QVERIFY(made);
    QCOMPARE(allocate(*first, made->id), 2);
    QVERIFY(QTest::qWaitFor([&] { return second->tryLock(made->id); }, TakeOverWaitMs));
    QVERIFY(sendOutside(*first, made->id, 2, QByteArray(First, 'X')));
    StoreFailure failure;
    const auto done = finish(*second, made->id, bytes, &failure);
    QVERIFY2(done, qPrintable(failure.text));
    QVERIFY(done->isFinished());
    second->unlock(made->id);
    first->unlock(made->id);
    verifyObject(*second, made->id, bytes);
}

void TestClusterStrayParts::assembledObjectIsTrimmedLater()
{
    // A holder filled the unrecorded number, completed the multipart upload with it and died
    // before trimming: the object has 5 MiB of zeros in it, and the upload is still completing.
    // Whoever looks the upload up next finishes it: trimmed, byte-identical.
    ClusterUploadStore *store = nullptr;
    ClusterUploadStore *other = nullptr;
    QVERIFY(m_peers.openTwo(m_prefix, ShortLease, Lease, &store, &other));
    const QByteArray bytes = testContent(Length, 11);
    const auto made = withFirstPart(*store, bytes);
    QVERIFY(made);
    const QString &id = made->id;
    const QString instance = store->config().instanceId;
    const qint64 generation = store->heldGeneration(id);
    QCOMPARE(allocate(*store, id), 2);
    QVERIFY(sendOutside(*store, id, 2, bytes.mid(First, First)));
    QCOMPARE(allocate(*store, id), 3);
    const QByteArray rest = bytes.mid(First);
    PgUpload row;
    PgError error;
    QCOMPARE(store->index().uploads().find(id, &row, &error), PgUploads::Lookup::Found);
    S3Bucket &bucket = store->objects().bucket();
    const QString key = store->objects().objectKey(id);
    const auto last = bucket.uploadPart(key, row.multipartId, 3, S3Body::fromBytes(rest));
    QVERIFY(last.ok());
    PgLeases::Commit commit;
    commit.from = First;
    commit.to = Length;
    commit.completing = true;
    commit.parts.append({3, QString::fromLatin1(last.value), rest.size(), First, generation});
    QCOMPARE(store->index().leases().commit(id, instance, generation, commit, &error),
             PgLeases::Outcome::Committed);
    const QByteArray zeros(ClusterStrayParts::FillBytes, '\0');
    const auto filled = bucket.uploadPart(key, row.multipartId, 2, S3Body::fromBytes(zeros));
    QVERIFY(filled.ok());
    const auto firstPart = store->index().leases().parts(id, &error).first();
    QVERIFY(bucket
                .completeMultipartUpload(
                    key, row.multipartId,
                    {{1, firstPart.etag.toLatin1()}, {2, filled.value}, {3, last.value}})
                .ok());
    QCOMPARE(m_peers.object(*store, id).size(), Length + zeros.size());
    store->unlock(id); // its lease goes: as if it had died after its lease ran out

    UploadRecord found;
    QTRY_VERIFY_WITH_TIMEOUT(
        other->find(id, &found) == UploadStore::Lookup::Found && found.isFinished(), LongWaitMs);
    QCOMPARE(found.offset, Length);
    verifyObject(*other, id, bytes);
}

void TestClusterStrayParts::rolledBackChecksummedRequest(ClusterUploadStore &store,
                                                         const QString &id, const QByteArray &bytes)
{
    UploadRecord now;
    QCOMPARE(store.find(id, &now), UploadStore::Lookup::Found);
    StoreFailure failure;
    auto sink = store.openSink(now, &failure);
    QVERIFY2(sink, qPrintable(failure.text));
    QVERIFY(sink->write(bytes.constData(), size_t(2 * First)));
    // Both parts went while the body arrived (numbers allocated, the multipart upload begun),
    // and nothing is recorded before the checksum is known.
    PgUpload row;
    PgError error;
    QCOMPARE(store.index().uploads().find(id, &row, &error), PgUploads::Lookup::Found);
    QCOMPARE(row.nextPart, 3);
    QVERIFY(!row.multipartId.isEmpty());
    QCOMPARE(row.record.offset, 0);
    sink->rollBack();
    sink.reset();
    QCOMPARE(store.find(id, &now), UploadStore::Lookup::Found);
    QCOMPARE(now.offset, 0);
    QVERIFY(recordedNumbers(store, id).isEmpty());
}

QList<int> TestClusterStrayParts::recordedNumbers(ClusterUploadStore &store, const QString &id)
{
    PgError error;
    QList<int> numbers;
    for (const PgPart &p : store.index().leases().parts(id, &error))
        numbers.append(p.number);
    return numbers;
}

void TestClusterStrayParts::checksummedRetryWritesItsNumbersAgain()
{
    // The client sends the request again, whole: its first two parts have the offsets and sizes
    // of the rolled-back ones, so they go under numbers 1 and 2 again, and the completion is a
    // plain one (no number left unrecorded, no copy).
    ClusterUploadStore *store = nullptr;
    ClusterUploadStore *other = nullptr;
    QVERIFY(m_peers.openTwo(m_prefix, Lease, Lease, &store, &other));
    const QByteArray bytes = testContent(Length, 13);
    const auto made = lockedUpload(*store);
    QVERIFY(made);
    rolledBackChecksummedRequest(*store, made->id, bytes);
    QCOMPARE(store->reusableParts().size(), 1);
    StoreFailure failure;
    const auto done = finish(*store, made->id, bytes, &failure);
    QVERIFY2(done, qPrintable(failure.text));
    QVERIFY(done->isFinished());
    store->unlock(made->id);
    QCOMPARE(recordedNumbers(*store, made->id), QList<int>({1, 2, 3}));
    PgUpload row;
    PgError error;
    QCOMPARE(store->index().uploads().find(made->id, &row, &error), PgUploads::Lookup::Found);
    QCOMPARE(row.nextPart, 4); // only the last part's number was allocated by the retry
    QCOMPARE(store->reusableParts().size(), 0);
    verifyObject(*store, made->id, bytes);
}

void TestClusterStrayParts::retryAfterAnotherInstanceWroteAllocatesAnew()
{
    // Between the rolled-back request and its retry, another instance held the upload and
    // recorded its first 8 MiB as part 3. The retry (back on the first instance) starts at
    // 8 MiB, where the kept part 2 started too; but writing number 2 after part 3's bytes
    // would put it first in the object, so nothing kept is used: new numbers, and the
    // completion leaves the unrecorded 1 and 2 out.
    ClusterUploadStore *store = nullptr;
    ClusterUploadStore *other = nullptr;
    QVERIFY(m_peers.openTwo(m_prefix, Lease, Lease, &store, &other));
    const QByteArray bytes = testContent(Length, 17);
    const auto made = lockedUpload(*store);
    QVERIFY(made);
    rolledBackChecksummedRequest(*store, made->id, bytes);
    store->unlock(made->id);
    QVERIFY(other->tryLock(made->id));
    StoreFailure failure;
    UploadRecord now;
    QCOMPARE(other->find(made->id, &now), UploadStore::Lookup::Found);
    {
        auto sink = other->openSink(now, &failure);
        QVERIFY2(sink, qPrintable(failure.text));
        sink->keepWhatArrives();
        QVERIFY(sink->write(bytes.constData(), size_t(First)));
        const auto committed = sink->commit();
        QVERIFY2(committed, qPrintable(sink->failure().text));
        QCOMPARE(committed->offset, First);
    }
    other->unlock(made->id);
    QCOMPARE(recordedNumbers(*store, made->id), QList<int>({3}));
    QVERIFY(store->tryLock(made->id));
    const auto done = finish(*store, made->id, bytes, &failure);
    QVERIFY2(done, qPrintable(failure.text));
    QVERIFY(done->isFinished());
    store->unlock(made->id);
    QCOMPARE(recordedNumbers(*store, made->id), QList<int>({3, 4, 5}));
    QCOMPARE(store->reusableParts().size(), 0);
    verifyObject(*store, made->id, bytes);
}

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    TestClusterStrayParts test;
    QString why;
    if (!test.start(&why))
        qFatal("cannot start the peers: %s", qPrintable(why));
    return QTest::qExec(&test, argc, argv);
}

#include "tst_clusterstrayparts.moc"
