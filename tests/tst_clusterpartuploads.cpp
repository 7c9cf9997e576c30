// The cluster store's parts sent in the background (issue 20's 512 MiB row): ClusterPartUploads
// alone (at most N parts in flight, uploaded parts taken only as an unbroken run in order, a
// failed part ends the run, spool files removed once answered), then ClusterUploadSink on the
// shared RGW and PostgreSQL: a request's bytes keep arriving while its parts go to S3 through a
// slow link (the old sink sent each part inside the request, so the link had carried a whole
// commit's bytes before the writes returned), a stalled S3 holds the writer back with the spool
// bounded by the parts in flight, and a roll-back after parts went reads the tail back.
#include "clusterpartuploads.h"
#include "clusterpeers.h"
#include "clusteruploadsink.h"
#include "delaylink.h"
#include "faultproxy.h"
#include "loadaverage.h"
#include "testfiles.h"
#include "uploadwriter.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QMutex>
#include <QSemaphore>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>
#include <QThreadPool>

#include <atomic>
#include <map>

namespace {
constexpr qint64 MiB = 1024 * 1024;
constexpr qint64 Piece = 256 * 1024; // what the HTTP layer hands over at most at a time
constexpr int LongWaitMs = 60000;    // generous: CI runs two of these on two busy cores
constexpr qint64 LinkBitsPerSecond = 24 * 1000 * 1000;

// Bytes in the spool files of `dir`.
qint64 spoolBytes(const QString &dir)
{
    qint64 out = 0;
    for (const QFileInfo &f : QDir(dir).entryInfoList({QStringLiteral("*.spool")}, QDir::Files))
        out += f.size();
    return out;
}

// An upload function for ClusterPartUploads whose calls wait for the test: part n answers once
// open(n) was called, with ETag "e<n>", or fails when fail(n) was.
class GatedUploads final {
public:
    ClusterPartUploads::Upload function()
    {
        return [this](const ClusterPartUploads::Part &part, StoreFailure *why) {
            const int n = part.part.number;
            const int now = ++m_running;
            int seen = m_mostAtOnce.load();
            while (now > seen && !m_mostAtOnce.compare_exchange_weak(seen, now)) {
            }
            gate(n).acquire();
            --m_running;
            QMutexLocker locked(&m_mutex);
            if (m_failing.contains(n)) {
                *why = StoreFailure::unavailable(QStringLiteral("part %1 refused").arg(n));
                return std::optional<QByteArray>();
            }
            return std::optional<QByteArray>("e" + QByteArray::number(n));
        };
    }
    void open(int n) { gate(n).release(); }
    void fail(int n)
    {
        {
            QMutexLocker locked(&m_mutex);
            m_failing.insert(n);
        }
        open(n);
    }
    int running() const { return m_running.load(); }
    int mostAtOnce() const { return m_mostAtOnce.load(); }

private:
    QSemaphore &gate(int n)
    {
        QMutexLocker locked(&m_mutex);
        return m_gates[n];
    }
    QMutex m_mutex;
    std::map<int, QSemaphore> m_gates;
    QSet<int> m_failing;
    std::atomic<int> m_running{0};
    std::atomic<int> m_mostAtOnce{0};
};

// A spool file of `size` bytes in `dir` for part `n`.
ClusterPartUploads::Part partFile(const QString &dir, int n, qint64 offset, qint64 size)
{
    ClusterPartUploads::Part part;
    part.part = {n, QString(), size, offset, 1};
    part.path = dir + QStringLiteral("/part%1.spool").arg(n);
    part.uploadId = QStringLiteral("u");
    QFile file(part.path);
    if (file.open(QIODevice::WriteOnly))
        file.write(QByteArray(size, 'p'));
    return part;
}

QList<int> numbers(const QList<PgPart> &parts)
{
    QList<int> out;
    for (const PgPart &p : parts)
        out.append(p.number);
    return out;
}
} // namespace

class TestClusterPartUploads final : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void cleanupTestCase();
    // ClusterPartUploads alone.
    void atMostMaxInFlightAtOnce();
    void uploadedPartsAreTakenAsAnUnbrokenRun();
    void failedPartEndsTheRun();
    void sendersBoundEverySinkTogether();
    // ClusterUploadSink on RGW and PostgreSQL.
    void bytesArriveWhilePartsGo();
    void stalledStoreHoldsTheWriterBack();
    void rollBack_data();
    void rollBack();

private:
    bool needPeers();
    std::unique_ptr<ClusterUploadStore> makeStore(const QString &instance, quint16 s3Port);
    // A new upload of `length` bytes, locked.
    std::optional<UploadRecord> lockedUpload(ClusterUploadStore &store, qint64 length);

    ClusterPeers m_peers;
    QString m_noPeers; // why the store cases skip
    QTemporaryDir m_dir;
    QThreadPool m_senders; // more threads than any case's parts: a store's pool, not the bound
};

void TestClusterPartUploads::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_senders.setMaxThreadCount(4);
    if (!m_peers.start(&m_noPeers) && m_noPeers.isEmpty())
        m_noPeers = QStringLiteral("the RGW or PostgreSQL did not start");
}

void TestClusterPartUploads::cleanupTestCase()
{
    m_peers.stop();
}

bool TestClusterPartUploads::needPeers()
{
    return m_peers.isStarted();
}

void TestClusterPartUploads::atMostMaxInFlightAtOnce()
{
    GatedUploads gated;
    ClusterPartUploads uploads(gated.function(), 2, m_senders);
    const QString dir = m_dir.path();
    QVERIFY(uploads.waitForSlot(std::chrono::milliseconds(0)));
    uploads.start(partFile(dir, 1, 0, 10));
    QVERIFY(uploads.waitForSlot(std::chrono::milliseconds(0)));
    uploads.start(partFile(dir, 2, 10, 10));
    QTRY_COMPARE_WITH_TIMEOUT(gated.running(), 2, LongWaitMs);
    // Both gates are shut: no slot can come free, however long it waits.
    QVERIFY(!uploads.waitForSlot(std::chrono::milliseconds(50)));
    QCOMPARE(uploads.inFlight(), 2);
    gated.open(1);
    QVERIFY(uploads.waitForSlot(std::chrono::milliseconds(LongWaitMs)));
    QVERIFY(!QFile::exists(dir + QStringLiteral("/part1.spool"))); // removed once answered
    QVERIFY(QFile::exists(dir + QStringLiteral("/part2.spool")));  // still being sent
    uploads.start(partFile(dir, 3, 20, 10));
    gated.open(2);
    gated.open(3);
    QVERIFY(uploads.waitForAll(std::chrono::milliseconds(LongWaitMs)));
    QCOMPARE(gated.mostAtOnce(), 2);
    const auto taken = uploads.takeUploaded();
    QCOMPARE(numbers(taken), QList<int>({1, 2, 3}));
    QCOMPARE(taken.at(1).etag, QStringLiteral("e2"));
    QCOMPARE(taken.at(2).offset, qint64(20));
    QVERIFY(uploads.takeUploaded().isEmpty());
    QVERIFY(!uploads.failure());
}

void TestClusterPartUploads::uploadedPartsAreTakenAsAnUnbrokenRun()
{
    GatedUploads gated;
    ClusterPartUploads uploads(gated.function(), 3, m_senders);
    for (int n = 1; n <= 3; ++n)
        uploads.start(partFile(m_dir.path(), n, (n - 1) * 10, 10));
    gated.open(3);
    gated.open(2);
    QTRY_COMPARE_WITH_TIMEOUT(uploads.inFlight(), 1, LongWaitMs);
    QVERIFY(uploads.takeUploaded().isEmpty()); // 1 is still on its way
    gated.open(1);
    QVERIFY(uploads.waitForAll(std::chrono::milliseconds(LongWaitMs)));
    QCOMPARE(numbers(uploads.takeUploaded()), QList<int>({1, 2, 3}));
}

void TestClusterPartUploads::failedPartEndsTheRun()
{
    GatedUploads gated;
    ClusterPartUploads uploads(gated.function(), 3, m_senders);
    for (int n = 1; n <= 3; ++n)
        uploads.start(partFile(m_dir.path(), n, (n - 1) * 10, 10));
    gated.open(1);
    gated.fail(2);
    gated.open(3);
    QVERIFY(uploads.waitForAll(std::chrono::milliseconds(LongWaitMs)));
    QCOMPARE(numbers(uploads.takeUploaded()), QList<int>({1}));
    QVERIFY(uploads.takeUploaded().isEmpty()); // never past the failed one
    QVERIFY(uploads.failure());
    QCOMPARE(uploads.failure()->kind, StoreFailure::Kind::Unavailable);
    QVERIFY(!QFile::exists(m_dir.path() + QStringLiteral("/part2.spool")));
    uploads.discard();
    QVERIFY(!uploads.failure());
    QVERIFY(uploads.takeUploaded().isEmpty());
}

void TestClusterPartUploads::sendersBoundEverySinkTogether()
{
    // Two sinks of one instance, each allowed two parts in flight, on a pool of two senders:
    // never more than two parts are sent at once, and the waiting ones go when a sender is free.
    GatedUploads gated;
    QThreadPool senders;
    senders.setMaxThreadCount(2);
    ClusterPartUploads one(gated.function(), 2, senders);
    ClusterPartUploads two(gated.function(), 2, senders);
    one.start(partFile(m_dir.path(), 1, 0, 10));
    one.start(partFile(m_dir.path(), 2, 10, 10));
    two.start(partFile(m_dir.path(), 3, 0, 10));
    two.start(partFile(m_dir.path(), 4, 10, 10));
    QTRY_COMPARE_WITH_TIMEOUT(gated.running(), 2, LongWaitMs);
    QVERIFY(!two.waitForSlot(std::chrono::milliseconds(0))); // its parts wait in the pool
    for (int n = 1; n <= 4; ++n)
        gated.open(n);
    QVERIFY(one.waitForAll(std::chrono::milliseconds(LongWaitMs)));
    QVERIFY(two.waitForAll(std::chrono::milliseconds(LongWaitMs)));
    QCOMPARE(gated.mostAtOnce(), 2);
    QCOMPARE(numbers(one.takeUploaded()), QList<int>({1, 2}));
    QCOMPARE(numbers(two.takeUploaded()), QList<int>({3, 4}));
}

std::unique_ptr<ClusterUploadStore> TestClusterPartUploads::makeStore(const QString &instance,
                                                                      quint16 s3Port)
{
    ClusterUploadStore::Config config =
        m_peers.config(instance, QStringLiteral("b") + ClusterPeers::randomName());
    config.lease = std::chrono::seconds(30);
    auto store = m_peers.store(std::move(config), s3Port);
    QString error;
    if (!store->open(&error)) {
        qWarning().noquote() << "cannot open the store:" << error;
        return nullptr;
    }
    return store;
}

std::optional<UploadRecord> TestClusterPartUploads::lockedUpload(ClusterUploadStore &store,
                                                                 qint64 length)
{
    UploadStore::Refusal refusal;
    StoreFailure failure;
    const auto made = store.create(length, "filename YmFja2dyb3VuZA==", QStringLiteral("bg"), {},
                                   UploadRecord::Concat::None, {}, &refusal, &failure);
    if (!made || !store.tryLock(made->id))
        return std::nullopt;
    return made;
}

void TestClusterPartUploads::bytesArriveWhilePartsGo()
{
    if (!needPeers())
        QSKIP(qPrintable(m_noPeers));
    // S3 behind a link of 24 Mbit/s: 16 MiB (what the old sink sent inside a write) take over
    // 5 s to cross it.
    DelayLink link;
    QVERIFY2(link.start(m_peers.rgw().service().host(), quint16(m_peers.rgw().service().port())),
             qPrintable(link.errorString()));
    link.setRate(LinkBitsPerSecond);
    auto store = makeStore(QStringLiteral("overlap"), link.port());
    QVERIFY(store);
    const qint64 length =
        (ClusterUploadSink::PartsInFlight + 2) * ClusterUploadSink::PartBytes + 12345;
    const QByteArray bytes = testContent(length, 'b');
    const auto made = lockedUpload(*store, length);
    QVERIFY(made);
    QElapsedTimer took;
    took.start();
    {
        UploadWriter writer(*store, *made, length, nullptr, {});
        QVERIFY2(writer.open(), qPrintable(writer.failure().text));
        // The bytes of as many parts as may be in flight at once: the writes must not wait for
        // the link. The old sink sent 16 MiB inside the write that reached them, so at least
        // that much had crossed when they returned.
        const qint64 early = ClusterUploadSink::PartsInFlight * ClusterUploadSink::PartBytes;
        for (qint64 at = 0; at < early; at += Piece)
            QVERIFY(writer.write(bytes.constData() + at, size_t(Piece)));
        const qint64 crossed = link.counters().bytesToServer;
        qInfo().noquote() << QStringLiteral("%1 MiB written after %2 ms, %3 bytes across the "
                                            "link; load %4")
                                 .arg(early / MiB)
                                 .arg(took.elapsed())
                                 .arg(crossed)
                                 .arg(QString::fromLatin1(loadAverage()));
        QVERIFY2(crossed < 2 * ClusterUploadSink::PartBytes,
                 qPrintable(QStringLiteral("%1 bytes had crossed").arg(crossed)));
        // Nothing is recorded before S3 answered for it.
        UploadRecord now;
        QCOMPARE(store->find(made->id, &now), UploadStore::Lookup::Found);
        QVERIFY(now.offset <= link.counters().bytesToServer);
        for (qint64 at = early; at < length; at += Piece)
            QVERIFY(writer.write(bytes.constData() + at, size_t(qMin(Piece, length - at))));
        QCOMPARE(writer.finish(), UploadWriter::Outcome::Stored);
        QVERIFY(writer.record().isFinished());
    }
    qInfo().noquote() << QStringLiteral("%1 MiB stored in %2 ms through the link (%3 ms at its "
                                        "rate alone)")
                             .arg(length / MiB)
                             .arg(took.elapsed())
                             .arg(length * 8 * 1000 / LinkBitsPerSecond);
    store->unlock(made->id);
    PgError pgError;
    const auto parts = store->index().leases().parts(made->id, &pgError);
    QCOMPARE(parts.size(), ClusterUploadSink::PartsInFlight + 3); // of 8 MiB, and the last
    qint64 partsEnd = 0;
    for (const PgPart &p : parts) {
        QCOMPARE(p.offset, partsEnd);
        partsEnd += p.size;
    }
    QCOMPARE(partsEnd, length);
    QCOMPARE(m_peers.object(*store, made->id), bytes);
    QCOMPARE(spoolBytes(store->config().spoolDir), qint64(0));
}

void TestClusterPartUploads::stalledStoreHoldsTheWriterBack()
{
    if (!needPeers())
        QSKIP(qPrintable(m_noPeers));
    FaultProxy proxy;
    QVERIFY2(proxy.start(m_peers.rgw().service().host(), quint16(m_peers.rgw().service().port())),
             qPrintable(proxy.errorString()));
    auto store = makeStore(QStringLiteral("stalled"), proxy.port());
    QVERIFY(store);
    // A part committed first, then the parts in flight, a full file and a part more.
    const qint64 length = (ClusterUploadSink::PartsInFlight + 4) * ClusterUploadSink::PartBytes;
    const QByteArray bytes = testContent(length, 's');
    const auto made = lockedUpload(*store, length);
    QVERIFY(made);
    StoreFailure failure;
    auto sink = store->openSink(*made, &failure);
    QVERIFY2(sink, qPrintable(failure.text));
    sink->keepWhatArrives(); // as UploadWriter says for a body without a checksum
    // A first part committed while S3 answers (the multipart upload is begun inside a request).
    const qint64 first = ClusterUploadSink::PartBytes;
    QVERIFY(sink->write(bytes.constData(), size_t(first)));
    QVERIFY2(sink->commit(), qPrintable(sink->failure().text));
    proxy.setStalled(true);
    std::atomic<qint64> written{first};
    std::atomic<bool> ok{true};
    QThread *sender = QThread::create([&] {
        for (qint64 at = first; at < length && ok; at += Piece) {
            ok = sink->write(bytes.constData() + at, size_t(Piece));
            written = at + Piece;
        }
    });
    sender->start();
    // The parts in flight and a full file: then the write that filled it waits for a slot.
    const qint64 bound = (ClusterUploadSink::PartsInFlight + 1) * ClusterUploadSink::PartBytes;
    const QString spool = store->config().spoolDir;
    QTRY_COMPARE_WITH_TIMEOUT(spoolBytes(spool), bound, LongWaitMs);
    QCOMPARE(written.load(), first + bound - Piece);
    QVERIFY(!sender->isFinished());
    proxy.setStalled(false);
    QVERIFY(sender->wait(LongWaitMs));
    delete sender;
    QVERIFY2(ok, qPrintable(sink->failure().text));
    QCOMPARE(written.load(), length);
    const auto committed = sink->commit();
    QVERIFY2(committed, qPrintable(sink->failure().text));
    QVERIFY(committed->isFinished());
    sink.reset();
    store->unlock(made->id);
    QCOMPARE(m_peers.object(*store, made->id), bytes);
    QCOMPARE(spoolBytes(spool), qint64(0));
}

void TestClusterPartUploads::rollBack_data()
{
    QTest::addColumn<bool>("keepWhatArrives");
    QTest::newRow("parts went") << true;
    QTest::newRow("checksummed") << false;
}

void TestClusterPartUploads::rollBack()
{
    // A committed tail of 3 MiB, then 17 MiB more and a roll-back (a body over its limit, a
    // failed commit; or a checksum that did not match). Parts S3 took stay recorded: a part S3
    // holds that no record names would make the upload impossible to complete on RGW, which
    // wants every uploaded part listed. A checksummed body's parts went too (as its bytes
    // arrived), but they are unverified: none is recorded, the offset stays, the tail is read
    // back into the spool, and the parts are kept for the request's retry
    // (ClusterReusableParts; here the same sink goes on instead, so they stay unrecorded and
    // the completion leaves them out).
    QFETCH(bool, keepWhatArrives);
    if (!needPeers())
        QSKIP(qPrintable(m_noPeers));
    auto store = makeStore(QStringLiteral("rollback"), 0);
    QVERIFY(store);
    const qint64 length = 30 * MiB;
    const QByteArray bytes = testContent(length, 'r');
    const auto made = lockedUpload(*store, length);
    QVERIFY(made);
    StoreFailure failure;
    PgError pgError;
    UploadRecord record = *made;
    {
        auto sink = store->openSink(record, &failure);
        QVERIFY2(sink, qPrintable(failure.text));
        QVERIFY(sink->write(bytes.constData(), size_t(3 * MiB)));
        const auto committed = sink->commit();
        QVERIFY2(committed, qPrintable(sink->failure().text));
        record = *committed;
    }
    const QString key = store->objects().objectKey(made->id);
    {
        auto sink = store->openSink(record, &failure);
        QVERIFY2(sink, qPrintable(failure.text));
        if (keepWhatArrives)
            sink->keepWhatArrives();
        QCOMPARE(sink->offset(), 3 * MiB);
        QVERIFY(sink->write(bytes.constData() + 3 * MiB, size_t(17 * MiB)));
        sink->rollBack();
        const qint64 kept = keepWhatArrives ? 2 * ClusterUploadSink::PartBytes : 3 * MiB;
        QCOMPARE(sink->offset(), kept);
        UploadRecord now;
        QCOMPARE(store->find(made->id, &now), UploadStore::Lookup::Found);
        QCOMPARE(now.offset, kept);
        if (!keepWhatArrives) {
            QCOMPARE(store->reusableParts().size(), 1);
            QVERIFY(store->index().leases().parts(made->id, &pgError).isEmpty());
            QCOMPARE(m_peers.rgw().multipartUploads().filter(key).size(), 1);
        }
        // The same sink goes on from there.
        QVERIFY(sink->write(bytes.constData() + kept, size_t(length - kept)));
        const auto committed = sink->commit();
        QVERIFY2(committed, qPrintable(sink->failure().text));
        QVERIFY(committed->isFinished());
    }
    store->unlock(made->id);
    QCOMPARE(m_peers.object(*store, made->id), bytes);
    QVERIFY(m_peers.rgw().keys(store->objects().tailsPrefix()).isEmpty());
    QCOMPARE(spoolBytes(store->config().spoolDir), qint64(0));
}

QTEST_GUILESS_MAIN(TestClusterPartUploads)
#include "tst_clusterpartuploads.moc"
