// ClusterUploadStore across instances (issue 20): two store instances on one PostgreSQL
// database and one bucket prefix, as two hoistd instances are. A holder that stalls past its
// lease (its S3 requests held in a FaultProxy) and wakes up after another instance took the
// upload over can neither write nor complete: the object is byte-identical to what the new
// holder wrote. A completion decided and then left (its holder dead) is finished by the next
// holder, idempotently; the late holder finishing it again changes nothing.
#include "clusterpeers.h"
#include "clusteruploadsink.h"
#include "faultproxy.h"
#include "testfiles.h"

#include <QElapsedTimer>
#include <QTest>

#include <future>

namespace {
constexpr qint64 MiB = 1024 * 1024;
constexpr std::chrono::milliseconds ShortLease{800};
constexpr std::chrono::milliseconds Lease{10000};
constexpr std::chrono::milliseconds LongLease{30000}; // outlasts any wait of a test
constexpr int TakeOverWaitMs = 15000;

template <typename T>
bool ready(const std::future<T> &f)
{
    return f.wait_for(std::chrono::seconds(0)) == std::future_status::ready;
}
} // namespace

class TestClusterFencing final : public QObject {
    Q_OBJECT
public:
    bool start(QString *why);

private slots:
    void initTestCase();
    void cleanupTestCase();
    void init();
    void cleanup();
    void staleSmallCompletionCannotReplaceTheObject();
    void staleWriteIsRefused();
    void leftCompletionIsFinishedByFind();
    void leftSmallCompletionIsFinishedByTheNextHolder();
    void idleHolderHandsOver();
    void checksummedBodyIsNotKeptAtHandOver();
    void writingHolderHandsOverWhatItHas();
    void lockedHolderWithoutSinkLetsGo();
    void requestMissedWhileReconnectingIsAnswered();
    void staleLengthDeclarationIsRefused();
    void deadHoldersLeaseRunsOut();

private:
    // The instances "first" and "second" on the current prefix (ClusterPeers::openTwo()).
    bool openTwo(ClusterUploadStore **first, ClusterUploadStore **second,
                 std::chrono::milliseconds firstLease, std::chrono::milliseconds secondLease,
                 const FaultProxy *proxy = nullptr)
    {
        return m_peers.openTwo(m_prefix, firstLease, secondLease, first, second,
                               proxy ? proxy->port() : 0);
    }
    // Waits until `store` takes `id` (the holder's lease ran out).
    bool takeOver(ClusterUploadStore &store, const QString &id);
    QByteArray object(ClusterUploadStore &store, const QString &id) const
    {
        return m_peers.object(store, id);
    }
    // What a holder does up to its decision to complete, without completing: the rest of the
    // upload sent (one part, or the whole as a tail), then "completing" recorded.
    bool decideOnly(ClusterUploadStore &holder, const QString &id, const QByteArray &rest,
                    qint64 from, bool asPart);

    ClusterPeers m_peers;
    QString m_prefix;
};

bool TestClusterFencing::start(QString *why)
{
    return m_peers.start(why);
}

void TestClusterFencing::initTestCase()
{
    QVERIFY(m_peers.isStarted());
}

void TestClusterFencing::cleanupTestCase()
{
    m_peers.stop();
}

void TestClusterFencing::init()
{
    m_prefix = QStringLiteral("f") + ClusterPeers::randomName();
}

void TestClusterFencing::cleanup()
{
    m_peers.dropStores();
}

bool TestClusterFencing::takeOver(ClusterUploadStore &store, const QString &id)
{
    return QTest::qWaitFor([&] { return store.tryLock(id); }, TakeOverWaitMs);
}

bool TestClusterFencing::decideOnly(ClusterUploadStore &holder, const QString &id,
                                    const QByteArray &rest, qint64 from, bool asPart)
{
    const QString instance = holder.config().instanceId;
    const qint64 generation = holder.heldGeneration(id);
    PgUpload row;
    PgError error;
    if (generation == 0
        || holder.index().uploads().find(id, &row, &error) != PgUploads::Lookup::Found)
        return false;
    PgLeases::Commit commit;
    commit.from = from;
    commit.to = from + rest.size();
    commit.completing = true;
    S3Bucket &bucket = holder.objects().bucket();
    if (asPart) {
        const auto number = holder.index().leases().allocatePart(id, instance, generation, &error);
        if (!number)
            return false;
        const auto sent = bucket.uploadPart(holder.objects().objectKey(id), row.multipartId,
                                            *number, S3Body::fromBytes(rest));
        if (!sent.ok())
            return false;
        commit.parts.append(
            {*number, QString::fromLatin1(sent.value), rest.size(), from, generation});
    } else {
        commit.tailKey = holder.objects().tailKey(id, generation, commit.to);
        commit.tailSize = rest.size();
        if (!bucket.putObject(commit.tailKey, S3Body::fromBytes(rest), {}).ok())
            return false;
    }
    return holder.index().leases().commit(id, instance, generation, commit, &error)
           == PgLeases::Outcome::Committed;
}

void TestClusterFencing::staleSmallCompletionCannotReplaceTheObject()
{
    // The first instance's S3 requests pass a proxy that the test stalls just as it completes:
    // its request is held while its lease runs out and the second instance writes the upload
    // through; then it is let go. Before the fenced completion (a lease renewal, then
    // PutObject of the object) the late PutObject replaced the second's object.
    FaultProxy proxy;
    QVERIFY2(proxy.start(m_peers.rgw().service().host(), quint16(m_peers.rgw().service().port())),
             qPrintable(proxy.errorString()));
    ClusterUploadStore *first = nullptr;
    ClusterUploadStore *second = nullptr;
    QVERIFY(openTwo(&first, &second, ShortLease, Lease, &proxy));
    StoreFailure failure;
    const QByteArray stale(3 * MiB, 'A');
    const QByteArray fresh = testContent(3 * MiB, 'b');
    UploadStore::Refusal refusal;
    const auto made = first->create(fresh.size(), "filename eA==", QStringLiteral("x"), {},
                                    UploadRecord::Concat::None, {}, &refusal, &failure);
    QVERIFY2(made, qPrintable(failure.text));
    QVERIFY(first->tryLock(made->id));
    auto sink = first->openSink(*made, &failure);
    QVERIFY2(sink, qPrintable(failure.text));
    QVERIFY(sink->write(stale.constData(), stale.size()));

    proxy.setStalled(true);
    auto late = std::async(std::launch::async, [&sink] { return sink->commit(); });
    QVERIFY(takeOver(*second, made->id));
    UploadRecord now;
    QCOMPARE(second->find(made->id, &now), UploadStore::Lookup::Found);
    QCOMPARE(now.offset, 0);
    auto taking = second->openSink(now, &failure);
    QVERIFY2(taking, qPrintable(failure.text));
    QVERIFY(taking->write(fresh.constData(), fresh.size()));
    const auto done = taking->commit();
    QVERIFY(done && done->isFinished());
    taking.reset();
    second->unlock(made->id);
    QCOMPARE(object(*second, made->id), fresh);
    QVERIFY(!ready(late)); // still held in the proxy

    proxy.setStalled(false);
    QTRY_VERIFY_WITH_TIMEOUT(ready(late), 60000);
    QVERIFY(!late.get());
    QVERIFY(dynamic_cast<ClusterUploadSink &>(*sink).fenced());
    sink.reset();
    first->unlock(made->id);
    QCOMPARE(object(*second, made->id), fresh);
    PgUpload row;
    PgError pgError;
    QCOMPARE(second->index().uploads().find(made->id, &row, &pgError), PgUploads::Lookup::Found);
    QVERIFY(row.record.isFinished());
    QCOMPARE(row.completing, 0);
    QCOMPARE(row.leaseHolder, QString()); // released by the second
    // The stale tail the first put went again (it is named by no record).
    QTRY_VERIFY(m_peers.rgw().keys(second->objects().tailsPrefix()).isEmpty());
}

void TestClusterFencing::staleWriteIsRefused()
{
    // A part of 6 MiB committed by the first instance; its last 2 MiB stall in the proxy while
    // the second takes over and finishes with its own 2 MiB.
    FaultProxy proxy;
    QVERIFY2(proxy.start(m_peers.rgw().service().host(), quint16(m_peers.rgw().service().port())),
             qPrintable(proxy.errorString()));
    ClusterUploadStore *first = nullptr;
    ClusterUploadStore *second = nullptr;
    QVERIFY(openTwo(&first, &second, ShortLease, Lease, &proxy));
    StoreFailure failure;
    const QByteArray head = testContent(6 * MiB, 'c');
    const QByteArray fresh = testContent(2 * MiB, 'd');
    UploadStore::Refusal refusal;
    const auto made =
        first->create(8 * MiB, {}, {}, {}, UploadRecord::Concat::None, {}, &refusal, &failure);
    QVERIFY2(made, qPrintable(failure.text));
    QVERIFY(first->tryLock(made->id));
    auto sink = first->openSink(*made, &failure);
    QVERIFY2(sink, qPrintable(failure.text));
    QVERIFY(sink->write(head.constData(), head.size()));
    QVERIFY(sink->commit());
    QVERIFY(sink->write(QByteArray(2 * MiB, 'X'), 2 * MiB));

    proxy.setStalled(true);
    auto late = std::async(std::launch::async, [&sink] { return sink->commit(); });
    QVERIFY(takeOver(*second, made->id));
    UploadRecord now;
    QCOMPARE(second->find(made->id, &now), UploadStore::Lookup::Found);
    QCOMPARE(now.offset, 6 * MiB);
    auto taking = second->openSink(now, &failure);
    QVERIFY2(taking, qPrintable(failure.text));
    QVERIFY(taking->write(fresh.constData(), fresh.size()));
    const auto done = taking->commit();
    QVERIFY(done && done->isFinished());
    taking.reset();
    second->unlock(made->id);

    proxy.setStalled(false);
    QTRY_VERIFY_WITH_TIMEOUT(ready(late), 60000);
    QVERIFY(!late.get());
    sink.reset();
    first->unlock(made->id);
    QCOMPARE(object(*second, made->id), head + fresh);
    PgError pgError;
    const auto parts = second->index().leases().parts(made->id, &pgError);
    QCOMPARE(parts.size(), 2);
    QCOMPARE(parts.at(1).size, 2 * MiB);
    QVERIFY(parts.at(1).generation > parts.at(0).generation);
}

void TestClusterFencing::leftCompletionIsFinishedByFind()
{
    // The first instance decides to complete (its last part sent, "completing" recorded) and
    // dies before CompleteMultipartUpload. A client asking the second about the upload (HEAD)
    // gets it finished; the first waking up and completing again changes nothing.
    ClusterUploadStore *first = nullptr;
    ClusterUploadStore *second = nullptr;
    QVERIFY(openTwo(&first, &second, ShortLease, Lease));
    StoreFailure failure;
    const QByteArray bytes = testContent(7 * MiB + 5, 'e');
    UploadStore::Refusal refusal;
    const auto made =
        first->create(bytes.size(), {}, {}, {}, UploadRecord::Concat::None, {}, &refusal, &failure);
    QVERIFY2(made, qPrintable(failure.text));
    QVERIFY(first->tryLock(made->id));
    const qint64 firstGeneration = first->heldGeneration(made->id);
    {
        auto sink = first->openSink(*made, &failure);
        QVERIFY2(sink, qPrintable(failure.text));
        QVERIFY(sink->write(bytes.constData(), 6 * MiB));
        QVERIFY(sink->commit());
    }
    QVERIFY(decideOnly(*first, made->id, bytes.mid(6 * MiB), 6 * MiB, true));
    PgUpload decided;
    PgError pgError;
    QCOMPARE(first->index().uploads().find(made->id, &decided, &pgError), PgUploads::Lookup::Found);
    QCOMPARE(decided.completing, firstGeneration);
    QCOMPARE(decided.record.offset, 6 * MiB); // the client is not told before the object exists
    QVERIFY(!decided.record.isFinished());
    QCOMPARE(object(*second, made->id), QByteArray("<no object>"));

    // While the first's lease lasts, the second leaves it alone; then finishes it.
    UploadRecord seen;
    QTRY_VERIFY_WITH_TIMEOUT(second->find(made->id, &seen) == UploadStore::Lookup::Found
                                 && seen.isFinished(),
                             TakeOverWaitMs);
    QCOMPARE(seen.offset, bytes.size());
    QCOMPARE(object(*second, made->id), bytes);
    QVERIFY(m_peers.rgw().multipartUploads().filter(m_prefix + QLatin1Char('/')).isEmpty());

    // The first wakes up and finishes what it decided: the object is made again, the same
    // (or the multipart upload is gone), and recording it is refused.
    QCOMPARE(first->completion().finish(decided, firstGeneration),
             ClusterCompletion::Outcome::Fenced);
    QCOMPARE(object(*second, made->id), bytes);
    PgUpload row;
    QCOMPARE(second->index().uploads().find(made->id, &row, &pgError), PgUploads::Lookup::Found);
    QVERIFY(row.record.isFinished());
    QCOMPARE(row.completing, 0);
    QVERIFY(row.generation > firstGeneration);
    first->unlock(made->id);
}

void TestClusterFencing::leftSmallCompletionIsFinishedByTheNextHolder()
{
    // Below 5 MiB: the holder's bytes are one tail object whose key carries its generation;
    // the decision names it. The next holder (a PATCH's tryLock) copies exactly that.
    ClusterUploadStore *first = nullptr;
    ClusterUploadStore *second = nullptr;
    QVERIFY(openTwo(&first, &second, ShortLease, Lease));
    StoreFailure failure;
    const QByteArray bytes = testContent(MiB + 3, 'f');
    UploadStore::Refusal refusal;
    const auto made = first->create(bytes.size(), "filename eQ==", QStringLiteral("y"), {},
                                    UploadRecord::Concat::None, {}, &refusal, &failure);
    QVERIFY2(made, qPrintable(failure.text));
    QVERIFY(first->tryLock(made->id));
    QVERIFY(decideOnly(*first, made->id, bytes, 0, false));

    QVERIFY(takeOver(*second, made->id));
    UploadRecord now;
    QCOMPARE(second->find(made->id, &now), UploadStore::Lookup::Found);
    QVERIFY(now.isFinished());
    QCOMPARE(now.offset, bytes.size());
    second->unlock(made->id);
    QCOMPARE(object(*second, made->id), bytes);
    QVERIFY(m_peers.rgw().keys(second->objects().tailsPrefix()).isEmpty());
    const auto source = second->openSource(now);
    QVERIFY(source);
    QCOMPARE(source->length(), bytes.size());
    first->unlock(made->id);
}

void TestClusterFencing::idleHolderHandsOver()
{
    // The first instance holds the upload with 1 MiB written, not committed, and no write
    // running. The second asks for it (a PATCH's tryLock, on a request thread): the first
    // commits the 1 MiB and lets go, the second goes on from there.
    ClusterUploadStore *first = nullptr;
    ClusterUploadStore *second = nullptr;
    QVERIFY(openTwo(&first, &second, Lease, Lease));
    StoreFailure failure;
    QVERIFY(first->handOver().isListening() && second->handOver().isListening());
    const QByteArray bytes = testContent(8 * MiB, 'g');
    UploadStore::Refusal refusal;
    const auto made =
        first->create(bytes.size(), {}, {}, {}, UploadRecord::Concat::None, {}, &refusal, &failure);
    QVERIFY2(made, qPrintable(failure.text));
    QVERIFY(first->tryLock(made->id));
    auto sink = first->openSink(*made, &failure);
    QVERIFY2(sink, qPrintable(failure.text));
    sink->keepWhatArrives(); // a body without a checksum, as UploadWriter opens it
    QVERIFY(sink->write(bytes.constData(), MiB));

    QElapsedTimer asked;
    asked.start();
    auto taking = std::async(std::launch::async, [&] { return second->tryLock(made->id); });
    QTRY_VERIFY_WITH_TIMEOUT(ready(taking), 10000);
    QVERIFY(taking.get());
    QVERIFY2(asked.elapsed() < 4000, qPrintable(QString::number(asked.elapsed()))); // no expiry
    auto &clusterSink = dynamic_cast<ClusterUploadSink &>(*sink);
    QVERIFY(clusterSink.handedOver());
    QVERIFY(!sink->write("late", 4)); // takes nothing more
    QVERIFY(!sink->commit());
    QCOMPARE(sink->failure().kind, StoreFailure::Kind::Fenced); // 409, as a fenced write
    sink.reset();
    first->unlock(made->id); // frees nothing: the lease is the second's
    PgUpload row;
    PgError pgError;
    QCOMPARE(second->index().uploads().find(made->id, &row, &pgError), PgUploads::Lookup::Found);
    QCOMPARE(row.record.offset, MiB);
    QCOMPARE(row.leaseHolder, QStringLiteral("second"));
    QCOMPARE(row.generation, second->heldGeneration(made->id));

    UploadRecord now;
    QCOMPARE(second->find(made->id, &now), UploadStore::Lookup::Found);
    auto rest = second->openSink(now, &failure);
    QVERIFY2(rest, qPrintable(failure.text));
    QCOMPARE(rest->offset(), MiB);
    QVERIFY(rest->write(bytes.constData() + MiB, bytes.size() - MiB));
    const auto done = rest->commit();
    QVERIFY(done && done->isFinished());
    rest.reset();
    second->unlock(made->id);
    QCOMPARE(object(*second, made->id), bytes);
}

void TestClusterFencing::checksummedBodyIsNotKeptAtHandOver()
{
    // A checksummed body is all or nothing: a holder asked to let go in its middle keeps none
    // of it (unverified), and the next writer goes on from what was committed before.
    ClusterUploadStore *first = nullptr;
    ClusterUploadStore *second = nullptr;
    QVERIFY(openTwo(&first, &second, Lease, Lease));
    StoreFailure failure;
    const QByteArray bytes = testContent(2 * MiB, 'k');
    UploadStore::Refusal refusal;
    const auto made =
        first->create(bytes.size(), {}, {}, {}, UploadRecord::Concat::None, {}, &refusal, &failure);
    QVERIFY2(made, qPrintable(failure.text));
    QVERIFY(first->tryLock(made->id));
    auto sink = first->openSink(*made, &failure); // no keepWhatArrives(): checksummed
    QVERIFY2(sink, qPrintable(failure.text));
    QVERIFY(sink->write(bytes.constData(), MiB));
    auto taking = std::async(std::launch::async, [&] { return second->tryLock(made->id); });
    QTRY_VERIFY_WITH_TIMEOUT(ready(taking), 10000);
    QVERIFY(taking.get());
    QVERIFY(dynamic_cast<ClusterUploadSink &>(*sink).handedOver());
    sink.reset();
    first->unlock(made->id);
    UploadRecord now;
    QCOMPARE(second->find(made->id, &now), UploadStore::Lookup::Found);
    QCOMPARE(now.offset, 0);
    auto whole = second->openSink(now, &failure);
    QVERIFY2(whole, qPrintable(failure.text));
    QVERIFY(whole->write(bytes.constData(), bytes.size()));
    const auto done = whole->commit();
    QVERIFY(done && done->isFinished());
    whole.reset();
    second->unlock(made->id);
    QCOMPARE(object(*second, made->id), bytes);
}

void TestClusterFencing::writingHolderHandsOverWhatItHas()
{
    // The first instance's sink is written to from a request thread, chunk after chunk, when
    // the second asks: the first commits what its sink took (between two chunks, or idle when
    // the writer was through) and refuses the rest; the object is those bytes and the second's.
    ClusterUploadStore *first = nullptr;
    ClusterUploadStore *second = nullptr;
    QVERIFY(openTwo(&first, &second, Lease, Lease));
    StoreFailure failure;
    const QByteArray bytes = testContent(48 * MiB, 'h');
    UploadStore::Refusal refusal;
    const auto made =
        first->create(bytes.size(), {}, {}, {}, UploadRecord::Concat::None, {}, &refusal, &failure);
    QVERIFY2(made, qPrintable(failure.text));
    QVERIFY(first->tryLock(made->id));
    auto sink = first->openSink(*made, &failure);
    QVERIFY2(sink, qPrintable(failure.text));
    sink->keepWhatArrives(); // a body without a checksum, as UploadWriter opens it
    constexpr qint64 Written = 40 * MiB;
    auto taking = std::async(std::launch::async, [&] { return second->tryLock(made->id); });
    auto writer = std::async(std::launch::async, [&] {
        constexpr qint64 Chunk = 64 * 1024;
        qint64 at = 0;
        while (at < Written && sink->write(bytes.constData() + at, Chunk))
            at += Chunk;
        return at;
    });
    QTRY_VERIFY_WITH_TIMEOUT(ready(taking), 10000);
    QVERIFY(taking.get());
    QTRY_VERIFY_WITH_TIMEOUT(ready(writer), 30000);
    const qint64 accepted = writer.get();
    qInfo() << "the writer was" << (accepted < Written ? "stopped between chunks" : "through")
            << "at" << accepted;
    QVERIFY(dynamic_cast<ClusterUploadSink &>(*sink).handedOver());
    sink.reset();
    first->unlock(made->id);

    UploadRecord now;
    QCOMPARE(second->find(made->id, &now), UploadStore::Lookup::Found);
    QCOMPARE(now.offset, accepted);
    auto rest = second->openSink(now, &failure);
    QVERIFY2(rest, qPrintable(failure.text));
    QVERIFY(rest->write(bytes.constData() + accepted, bytes.size() - accepted));
    const auto done = rest->commit();
    QVERIFY(done && done->isFinished());
    rest.reset();
    second->unlock(made->id);
    QCOMPARE(object(*second, made->id), bytes);
    QVERIFY(m_peers.rgw().multipartUploads().filter(m_prefix + QLatin1Char('/')).isEmpty());
}

void TestClusterFencing::lockedHolderWithoutSinkLetsGo()
{
    // Locked by a request that has not opened its sink (or closed it): nothing to commit, the
    // lease goes at once; the first's own late openSink is refused.
    ClusterUploadStore *first = nullptr;
    ClusterUploadStore *second = nullptr;
    QVERIFY(openTwo(&first, &second, Lease, Lease));
    StoreFailure failure;
    UploadStore::Refusal refusal;
    const auto made =
        first->create(10, {}, {}, {}, UploadRecord::Concat::None, {}, &refusal, &failure);
    QVERIFY2(made, qPrintable(failure.text));
    QVERIFY(first->tryLock(made->id));
    auto taking = std::async(std::launch::async, [&] { return second->tryLock(made->id); });
    QTRY_VERIFY_WITH_TIMEOUT(ready(taking), 10000);
    QVERIFY(taking.get());
    QVERIFY(!first->openSink(*made, &failure));
    QVERIFY(!first->tryLock(made->id)); // still its own request's until unlock()
    first->unlock(made->id);
    PgUpload row;
    PgError pgError;
    QCOMPARE(second->index().uploads().find(made->id, &row, &pgError), PgUploads::Lookup::Found);
    QCOMPARE(row.leaseHolder, QStringLiteral("second"));
    second->unlock(made->id);
}

void TestClusterFencing::requestMissedWhileReconnectingIsAnswered()
{
    // The first's listener connection is cut (pg_terminate_backend) and the second asks for an
    // upload the first holds while the first is not listening, so the NOTIFY reaches nobody.
    // Listening again, the first finds the request where the second recorded it and lets go:
    // the second gets the upload within its wait, not after the 30 s lease.
    ClusterUploadStore *first = nullptr;
    ClusterUploadStore *second = nullptr;
    QVERIFY(openTwo(&first, &second, LongLease, LongLease));
    StoreFailure failure;
    QVERIFY(first->handOver().isListening());
    UploadStore::Refusal refusal;
    const auto made =
        first->create(10, {}, {}, {}, UploadRecord::Concat::None, {}, &refusal, &failure);
    QVERIFY2(made, qPrintable(failure.text));
    QVERIFY(first->tryLock(made->id));

    PgConnection admin(m_peers.pg().address());
    QVERIFY2(admin.open(), qPrintable(admin.lastError().message));
    const auto cut = admin.exec(R"(SELECT pg_terminate_backend(pid) FROM pg_stat_activity
                                   WHERE application_name = 'hoistd-listener'
                                     AND query = 'LISTEN hoistd_first')");
    QVERIFY2(cut && cut->size() == 1, qPrintable(admin.lastError().message));
    QTRY_VERIFY_WITH_TIMEOUT(!first->handOver().isListening(), 10000);
    // The test hears the first's channel instead; the first's event loop (its listener's
    // reconnection) does not run until the second's NOTIFY went out.
    PgConnection ears(m_peers.pg().address());
    QVERIFY(ears.open() && ears.listen(PgLeases::channel(QStringLiteral("first"))));
    QElapsedTimer asked;
    asked.start();
    auto taking = std::async(std::launch::async, [&] { return second->tryLock(made->id); });
    bool notified = false;
    while (!notified && asked.elapsed() < 10000) {
        for (const auto &n : ears.waitForNotifications(std::chrono::milliseconds(500)))
            notified = notified || n.payload == made->id;
    }
    QVERIFY(notified);
    QVERIFY(!first->handOver().isListening());
    QTRY_VERIFY_WITH_TIMEOUT(ready(taking), 15000);
    QVERIFY2(taking.get(), qPrintable(QString::number(asked.elapsed())));
    QVERIFY2(asked.elapsed() < 4500, qPrintable(QString::number(asked.elapsed())));
    QVERIFY(first->handOver().isListening());
    PgUpload row;
    PgError pgError;
    QCOMPARE(second->index().uploads().find(made->id, &row, &pgError), PgUploads::Lookup::Found);
    QCOMPARE(row.leaseHolder, QStringLiteral("second"));
    first->unlock(made->id);
    second->unlock(made->id);
}

void TestClusterFencing::staleLengthDeclarationIsRefused()
{
    // A deferred-length upload with 1 MiB committed (a tail). Its first holder stalls past its
    // lease and the second takes it; the first then declares the length as the committed bytes,
    // which would finish the upload: refused (fenced), nothing made. The second's declaration
    // finishes it, byte-identical.
    ClusterUploadStore *first = nullptr;
    ClusterUploadStore *second = nullptr;
    QVERIFY(openTwo(&first, &second, ShortLease, Lease));
    StoreFailure failure;
    const QByteArray bytes = testContent(MiB, 'k');
    UploadStore::Refusal refusal;
    const auto made =
        first->create(-1, {}, {}, {}, UploadRecord::Concat::None, {}, &refusal, &failure);
    QVERIFY2(made && made->lengthDeferred(), qPrintable(failure.text));
    QVERIFY(first->tryLock(made->id));
    {
        auto sink = first->openSink(*made, &failure);
        QVERIFY2(sink, qPrintable(failure.text));
        QVERIFY(sink->write(bytes.constData(), bytes.size()));
        QVERIFY(sink->commit());
    }
    QVERIFY(takeOver(*second, made->id));

    QVERIFY(!first->setLength(made->id, bytes.size()));
    PgUpload row;
    PgError pgError;
    QCOMPARE(second->index().uploads().find(made->id, &row, &pgError), PgUploads::Lookup::Found);
    QVERIFY(row.record.lengthDeferred());
    QVERIFY(!row.record.isFinished());
    QCOMPARE(row.completing, 0);
    QCOMPARE(object(*second, made->id), QByteArray("<no object>"));

    QVERIFY(second->setLength(made->id, bytes.size()));
    UploadRecord now;
    QCOMPARE(second->find(made->id, &now), UploadStore::Lookup::Found);
    QVERIFY(now.isFinished());
    QCOMPARE(now.length, bytes.size());
    QCOMPARE(object(*second, made->id), bytes);
    QVERIFY(m_peers.rgw().keys(second->objects().tailsPrefix()).isEmpty());
    first->unlock(made->id);
    second->unlock(made->id);
}

void TestClusterFencing::deadHoldersLeaseRunsOut()
{
    // A holder that is gone answers no request: the asker is told busy after its wait, and
    // takes the upload once the 10 s lease ran out.
    auto second = m_peers.store(m_peers.config(QStringLiteral("second"), m_prefix)); // 10 s
    QString error;
    StoreFailure failure;
    QVERIFY2(second->open(&error), qPrintable(error));
    UploadStore::Refusal refusal;
    const auto made =
        second->create(10, {}, {}, {}, UploadRecord::Concat::None, {}, &refusal, &failure);
    QVERIFY2(made, qPrintable(failure.text));
    PgError pgError;
    QElapsedTimer held;
    held.start();
    QVERIFY(second->index()
                .leases()
                .take(made->id, QStringLiteral("dead"), std::chrono::seconds(10), &pgError)
                .taken);
    QVERIFY(!second->tryLock(made->id)); // asked, waited 5 s: busy (423)
    QVERIFY(held.elapsed() >= 4900);
    QVERIFY(QTest::qWaitFor([&] { return second->tryLock(made->id); }, 15000));
    qInfo() << "taken after" << held.elapsed() << "ms";
    QVERIFY(held.elapsed() >= 9900);
    QVERIFY2(held.elapsed() < 13000, qPrintable(QString::number(held.elapsed())));
    second->unlock(made->id);
}

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    TestClusterFencing test;
    QString why;
    if (!test.start(&why))
        qFatal("cannot start the peers: %s", qPrintable(why));
    return QTest::qExec(&test, argc, argv);
}

#include "tst_clusterfencing.moc"
