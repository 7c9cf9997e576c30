// ClusterUploadStore across instances (issue 20): two store instances on one PostgreSQL
// database and one bucket prefix, as two hoistd instances are. A holder that stalls past its
// lease (its S3 requests held in a FaultProxy) and wakes up after another instance took the
// upload over can neither write nor complete: the object is byte-identical to what the new
// holder wrote. A completion decided and then left (its holder dead) is finished by the next
// holder, idempotently; the late holder finishing it again changes nothing.
#include "clusteruploadsink.h"
#include "clusteruploadstore.h"
#include "faultproxy.h"
#include "pgtestpeer.h"
#include "rgwtestpeer.h"

#include <QElapsedTimer>
#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QTest>

#include <future>

namespace {
constexpr qint64 MiB = 1024 * 1024;
constexpr std::chrono::milliseconds ShortLease{800};
constexpr int TakeOverWaitMs = 15000;

QByteArray pattern(qint64 size, char seed)
{
    QByteArray out(size, Qt::Uninitialized);
    for (qint64 i = 0; i < size; ++i)
        out[i] = char(seed + (i * 13 + i / 4099) % 71);
    return out;
}

QString randomName()
{
    return QString::number(QRandomGenerator::global()->generate64(), 36);
}

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
    void staleSmallCompletionCannotReplaceTheObject();
    void staleWriteIsRefused();
    void leftCompletionIsFinishedByFind();
    void leftSmallCompletionIsFinishedByTheNextHolder();
    void idleHolderHandsOver();
    void writingHolderHandsOverWhatItHas();
    void lockedHolderWithoutSinkLetsGo();
    void deadHoldersLeaseRunsOut();

private:
    // An instance on the test's database and the current prefix; its S3 requests go through
    // `proxy` when one is given.
    std::unique_ptr<ClusterUploadStore> makeStore(const QString &instance,
                                                  std::chrono::milliseconds lease,
                                                  const FaultProxy *proxy = nullptr);
    // Waits until `store` takes `id` (the holder's lease ran out).
    bool takeOver(ClusterUploadStore &store, const QString &id);
    QByteArray object(ClusterUploadStore &store, const QString &id) const;
    // What a holder does up to its decision to complete, without completing: the rest of the
    // upload sent (one part, or the whole as a tail), then "completing" recorded.
    bool decideOnly(ClusterUploadStore &holder, const QString &id, const QByteArray &rest,
                    qint64 from, bool asPart);

    std::unique_ptr<RgwTestPeer> m_rgw;
    std::unique_ptr<PgTestPeer> m_pg;
    QTemporaryDir m_spool;
    QString m_prefix;
};

bool TestClusterFencing::start(QString *why)
{
    if (!RgwTestPeer::available(why) || !PgTestPeer::available(why))
        return false;
    m_rgw = std::make_unique<RgwTestPeer>();
    if (!m_rgw->start()) {
        *why = m_rgw->errorString();
        return false;
    }
    m_pg = std::make_unique<PgTestPeer>();
    if (!m_pg->start()) {
        *why = m_pg->errorString();
        return false;
    }
    return m_spool.isValid();
}

void TestClusterFencing::initTestCase()
{
    QVERIFY(m_rgw && m_pg);
}

void TestClusterFencing::cleanupTestCase()
{
    m_pg.reset();
    m_rgw.reset();
}

void TestClusterFencing::init()
{
    m_prefix = QStringLiteral("f") + randomName();
}

std::unique_ptr<ClusterUploadStore> TestClusterFencing::makeStore(const QString &instance,
                                                                  std::chrono::milliseconds lease,
                                                                  const FaultProxy *proxy)
{
    QUrl service = m_rgw->service();
    if (proxy)
        service.setPort(proxy->port());
    S3Bucket::Config bucket(S3Target(service, m_rgw->region(), m_rgw->bucket()),
                            m_rgw->credentials());
    bucket.transport.connectTimeoutMs = 3000;
    bucket.retry.firstBackoffMs = 50;
    ClusterUploadStore::Config config;
    config.instanceId = instance;
    config.prefix = m_prefix;
    config.spoolDir = m_spool.path() + QLatin1Char('/') + instance;
    config.lease = lease;
    return std::make_unique<ClusterUploadStore>(m_pg->address(), PgIndex::Options(),
                                                std::move(bucket), std::move(config));
}

bool TestClusterFencing::takeOver(ClusterUploadStore &store, const QString &id)
{
    return QTest::qWaitFor([&] { return store.tryLock(id); }, TakeOverWaitMs);
}

QByteArray TestClusterFencing::object(ClusterUploadStore &store, const QString &id) const
{
    bool found = false;
    const QByteArray bytes = m_rgw->object(store.objects().objectKey(id), &found);
    return found ? bytes : QByteArray("<no object>");
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
    QVERIFY2(proxy.start(m_rgw->service().host(), quint16(m_rgw->service().port())),
             qPrintable(proxy.errorString()));
    auto first = makeStore(QStringLiteral("first"), ShortLease, &proxy);
    auto second = makeStore(QStringLiteral("second"), std::chrono::seconds(10));
    QString error;
    StoreFailure failure;
    QVERIFY2(first->open(&error) && second->open(&error), qPrintable(error));
    const QByteArray stale(3 * MiB, 'A');
    const QByteArray fresh = pattern(3 * MiB, 'b');
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
    QTRY_VERIFY(m_rgw->keys(second->objects().tailsPrefix()).isEmpty());
}

void TestClusterFencing::staleWriteIsRefused()
{
    // A part of 6 MiB committed by the first instance; its last 2 MiB stall in the proxy while
    // the second takes over and finishes with its own 2 MiB.
    FaultProxy proxy;
    QVERIFY2(proxy.start(m_rgw->service().host(), quint16(m_rgw->service().port())),
             qPrintable(proxy.errorString()));
    auto first = makeStore(QStringLiteral("first"), ShortLease, &proxy);
    auto second = makeStore(QStringLiteral("second"), std::chrono::seconds(10));
    QString error;
    StoreFailure failure;
    QVERIFY2(first->open(&error) && second->open(&error), qPrintable(error));
    const QByteArray head = pattern(6 * MiB, 'c');
    const QByteArray fresh = pattern(2 * MiB, 'd');
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
    auto first = makeStore(QStringLiteral("first"), ShortLease);
    auto second = makeStore(QStringLiteral("second"), std::chrono::seconds(10));
    QString error;
    StoreFailure failure;
    QVERIFY2(first->open(&error) && second->open(&error), qPrintable(error));
    const QByteArray bytes = pattern(7 * MiB + 5, 'e');
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
    QVERIFY(m_rgw->multipartUploads().filter(m_prefix + QLatin1Char('/')).isEmpty());

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
    auto first = makeStore(QStringLiteral("first"), ShortLease);
    auto second = makeStore(QStringLiteral("second"), std::chrono::seconds(10));
    QString error;
    StoreFailure failure;
    QVERIFY2(first->open(&error) && second->open(&error), qPrintable(error));
    const QByteArray bytes = pattern(MiB + 3, 'f');
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
    QVERIFY(m_rgw->keys(second->objects().tailsPrefix()).isEmpty());
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
    auto first = makeStore(QStringLiteral("first"), std::chrono::seconds(10));
    auto second = makeStore(QStringLiteral("second"), std::chrono::seconds(10));
    QString error;
    StoreFailure failure;
    QVERIFY2(first->open(&error) && second->open(&error), qPrintable(error));
    QVERIFY(first->handOver().isListening() && second->handOver().isListening());
    const QByteArray bytes = pattern(8 * MiB, 'g');
    UploadStore::Refusal refusal;
    const auto made =
        first->create(bytes.size(), {}, {}, {}, UploadRecord::Concat::None, {}, &refusal, &failure);
    QVERIFY2(made, qPrintable(failure.text));
    QVERIFY(first->tryLock(made->id));
    auto sink = first->openSink(*made, &failure);
    QVERIFY2(sink, qPrintable(failure.text));
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

void TestClusterFencing::writingHolderHandsOverWhatItHas()
{
    // The first instance's sink is written to from a request thread, chunk after chunk, when
    // the second asks: the first commits what its sink took (between two chunks, or idle when
    // the writer was through) and refuses the rest; the object is those bytes and the second's.
    auto first = makeStore(QStringLiteral("first"), std::chrono::seconds(10));
    auto second = makeStore(QStringLiteral("second"), std::chrono::seconds(10));
    QString error;
    StoreFailure failure;
    QVERIFY2(first->open(&error) && second->open(&error), qPrintable(error));
    const QByteArray bytes = pattern(48 * MiB, 'h');
    UploadStore::Refusal refusal;
    const auto made =
        first->create(bytes.size(), {}, {}, {}, UploadRecord::Concat::None, {}, &refusal, &failure);
    QVERIFY2(made, qPrintable(failure.text));
    QVERIFY(first->tryLock(made->id));
    auto sink = first->openSink(*made, &failure);
    QVERIFY2(sink, qPrintable(failure.text));
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
    QVERIFY(m_rgw->multipartUploads().filter(m_prefix + QLatin1Char('/')).isEmpty());
}

void TestClusterFencing::lockedHolderWithoutSinkLetsGo()
{
    // Locked by a request that has not opened its sink (or closed it): nothing to commit, the
    // lease goes at once; the first's own late openSink is refused.
    auto first = makeStore(QStringLiteral("first"), std::chrono::seconds(10));
    auto second = makeStore(QStringLiteral("second"), std::chrono::seconds(10));
    QString error;
    StoreFailure failure;
    QVERIFY2(first->open(&error) && second->open(&error), qPrintable(error));
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

void TestClusterFencing::deadHoldersLeaseRunsOut()
{
    // A holder that is gone answers no request: the asker is told busy after its wait, and
    // takes the upload once the 10 s lease ran out.
    auto second = makeStore(QStringLiteral("second"), std::chrono::seconds(10));
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
