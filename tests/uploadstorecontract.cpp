#include "uploadstorecontract.h"
#include "testfiles.h"

#include <QCryptographicHash>
#include <QRegularExpression>
#include <QTest>

#include <unistd.h>

namespace {
using std::chrono::seconds;

QByteArray sha256(const QByteArray &bytes)
{
    return QCryptographicHash::hash(bytes, QCryptographicHash::Sha256);
}

QByteArray readSource(UploadSource &source)
{
    QByteArray out;
    QByteArray piece(4093, Qt::Uninitialized); // odd-sized: reads across any block size
    for (qint64 at = 0; at < source.length();) {
        const qint64 got = source.read(at, piece.data(), piece.size());
        if (got <= 0)
            return out + "<read failed>";
        out.append(piece.constData(), got);
        at += got;
    }
    return out;
}
} // namespace

UploadStoreContract::UploadStoreContract(Factory factory, QObject *parent)
    : QObject(parent)
    , m_factory(std::move(factory))
{
}

void UploadStoreContract::init()
{
    fresh();
}

void UploadStoreContract::cleanup()
{
    m_store.reset();
}

UploadStore &UploadStoreContract::fresh(seconds expireAfter, seconds keepFinished)
{
    m_store.reset();
    m_store = m_factory(expireAfter, keepFinished);
    QString error;
    if (!m_store->open(&error))
        qFatal("cannot open the store under test: %s", qPrintable(error));
    return *m_store;
}

std::optional<UploadRecord> UploadStoreContract::make(qint64 length, const QString &owner,
                                                      UploadRecord::Concat concat)
{
    UploadStore::Refusal refusal;
    StoreFailure error;
    auto made = m_store->create(length, "filename dGVzdA==", QStringLiteral("test"), owner, concat,
                                {}, &refusal, &error);
    if (!made)
        qWarning("create failed: %s", qPrintable(error.text));
    return made;
}

std::optional<UploadRecord> UploadStoreContract::store(const UploadRecord &record,
                                                       const QByteArray &bytes)
{
    if (!m_store->tryLock(record.id))
        return std::nullopt;
    StoreFailure error;
    std::optional<UploadRecord> out;
    if (auto sink = m_store->openSink(record, &error); sink && sink->write(bytes, bytes.size()))
        out = sink->commit();
    m_store->unlock(record.id);
    return out;
}

QByteArray UploadStoreContract::readAll(const UploadRecord &record)
{
    const auto source = m_store->openSource(record);
    if (!source)
        return "<no source>";
    if (source->length() != record.length)
        return "<wrong length>";
    return readSource(*source);
}

void UploadStoreContract::createFindCount()
{
    const auto made = make(10, QStringLiteral("alice"));
    QVERIFY(made);
    QVERIFY(QRegularExpression(QStringLiteral("^[0-9a-f]{32}$")).match(made->id).hasMatch());
    QCOMPARE(made->offset, 0);
    QVERIFY(made->created.isValid() && made->expires > made->created);
    UploadRecord found;
    QCOMPARE(m_store->find(made->id, &found), UploadStore::Lookup::Found);
    QCOMPARE(found.length, 10);
    QCOMPARE(found.owner, QStringLiteral("alice"));
    QCOMPARE(found.metadata, QByteArray("filename dGVzdA=="));
    QCOMPARE(m_store->find(QString(32, QLatin1Char('0')), &found), UploadStore::Lookup::Missing);
    QVERIFY(make(20, QStringLiteral("alice")));
    QCOMPARE(m_store->count(), 2);
    QCOMPARE(m_store->countByState().unfinished, 2);
    QCOMPARE(m_store->countByState().finished, 0);
}

void UploadStoreContract::emptyUploadIsFinishedAtOnce()
{
    const auto made = make(0);
    QVERIFY(made && made->isFinished() && made->finished.isValid());
    QCOMPARE(m_store->countByState().finished, 1);
    QCOMPARE(readAll(*made), QByteArray());
}

void UploadStoreContract::sinkCommitsInPiecesAndSourceReadsBack()
{
    const QByteArray bytes = testContent(300000, 'a');
    const auto made = make(bytes.size());
    QVERIFY(made);
    QVERIFY(m_store->tryLock(made->id));
    StoreFailure error;
    auto sink = m_store->openSink(*made, &error);
    QVERIFY2(sink, qPrintable(error.text));
    QCOMPARE(sink->offset(), 0);
    for (int i = 0; i < 3; ++i)
        QVERIFY(sink->write(bytes.constData() + i * 50000, 50000));
    QCOMPARE(sink->offset(), 150000);
    UploadRecord found;
    QCOMPARE(m_store->find(made->id, &found), UploadStore::Lookup::Found);
    QCOMPARE(found.offset, 0); // written is not committed
    auto committed = sink->commit();
    QVERIFY(committed);
    QCOMPARE(committed->offset, 150000);
    QCOMPARE(m_store->find(made->id, &found), UploadStore::Lookup::Found);
    QCOMPARE(found.offset, 150000);
    QVERIFY(sink->write(bytes.constData() + 150000, 150000));
    committed = sink->commit();
    QVERIFY(committed && committed->isFinished() && committed->finished.isValid());
    sink.reset();
    m_store->unlock(made->id);
    QCOMPARE(m_store->countByState().finished, 1);

    QCOMPARE(readAll(*committed), bytes);
    auto source = m_store->openSource(*committed);
    QVERIFY(source);
    char tail[100];
    QCOMPARE(source->read(bytes.size() - 10, tail, sizeof tail), 10); // fewer only at the end
    QCOMPARE(QByteArray(tail, 10), bytes.right(10));
    QCOMPARE(source->read(bytes.size(), tail, sizeof tail), 0);
    // A descriptor, where the store offers one, holds the same bytes at the same offsets.
    if (const int fd = source->takeFileDescriptor(); fd >= 0) {
        char some[16];
        QCOMPARE(::pread(fd, some, sizeof some, 1000), ssize_t(sizeof some));
        ::close(fd);
        QCOMPARE(QByteArray(some, sizeof some), bytes.mid(1000, sizeof some));
    }
}

void UploadStoreContract::rollBackDiscardsWhatWasNotCommitted()
{
    const auto made = make(100);
    QVERIFY(made && m_store->tryLock(made->id));
    StoreFailure error;
    auto sink = m_store->openSink(*made, &error);
    QVERIFY(sink);
    QVERIFY(sink->write(QByteArray(40, 'A'), 40));
    QVERIFY(sink->commit());
    QVERIFY(sink->write(QByteArray(30, 'B'), 30));
    sink->rollBack();
    QCOMPARE(sink->offset(), 40);
    UploadRecord found;
    QCOMPARE(m_store->find(made->id, &found), UploadStore::Lookup::Found);
    QCOMPARE(found.offset, 40);
    QVERIFY(sink->write(QByteArray(60, 'C'), 60));
    const auto done = sink->commit();
    QVERIFY(done && done->isFinished());
    sink.reset();
    m_store->unlock(made->id);
    QCOMPARE(readAll(*done), QByteArray(40, 'A') + QByteArray(60, 'C'));
}

void UploadStoreContract::sinkDestroyedUncommittedKeepsNothing()
{
    const auto made = make(100);
    QVERIFY(made && m_store->tryLock(made->id));
    StoreFailure error;
    auto sink = m_store->openSink(*made, &error);
    QVERIFY(sink && sink->write(QByteArray(50, 'X'), 50));
    sink.reset();
    UploadRecord found;
    QCOMPARE(m_store->find(made->id, &found), UploadStore::Lookup::Found);
    QCOMPARE(found.offset, 0);
    sink = m_store->openSink(found, &error);
    QVERIFY(sink);
    QCOMPARE(sink->offset(), 0);
    QVERIFY(sink->write(QByteArray(30, 'E'), 30));
    QVERIFY(sink->commit());
    sink.reset();
    m_store->unlock(made->id);
    QCOMPARE(m_store->find(made->id, &found), UploadStore::Lookup::Found);
    QCOMPARE(found.offset, 30);
    const auto done = store(found, QByteArray(70, 'F'));
    QVERIFY(done && done->isFinished());
    QCOMPARE(readAll(*done), QByteArray(30, 'E') + QByteArray(70, 'F'));
}

void UploadStoreContract::commitWithNothingNewPushesExpiryOn()
{
    const auto made = make(10);
    QVERIFY(made && m_store->tryLock(made->id));
    StoreFailure error;
    auto sink = m_store->openSink(*made, &error);
    QVERIFY(sink);
    const auto again = sink->commit();
    QVERIFY(again);
    QCOMPARE(again->offset, 0);
    QVERIFY(again->expires >= made->expires);
    sink.reset();
    m_store->unlock(made->id);
}

void UploadStoreContract::lockIsExclusive()
{
    const auto made = make(10);
    QVERIFY(made);
    QVERIFY(m_store->tryLock(made->id));
    QVERIFY(!m_store->tryLock(made->id));
    m_store->unlock(made->id);
    QVERIFY(m_store->tryLock(made->id));
    m_store->unlock(made->id);
}

void UploadStoreContract::terminateWaitsForTheWriter()
{
    const auto made = make(10, QStringLiteral("erin"));
    QVERIFY(made && m_store->tryLock(made->id));
    QVERIFY(m_store->terminate(made->id));
    UploadRecord found;
    QCOMPARE(m_store->find(made->id, &found), UploadStore::Lookup::Gone);
    QCOMPARE(found.owner, QStringLiteral("erin")); // 410 to the owner only
    QVERIFY(!m_store->terminate(made->id));
    m_store->unlock(made->id);
    QCOMPARE(m_store->count(), 0);
    QCOMPARE(m_store->find(made->id, &found), UploadStore::Lookup::Gone);
}

void UploadStoreContract::removeForgetsAtOnce()
{
    const auto made = make(5, QStringLiteral("bob"));
    QVERIFY(made);
    const auto done = store(*made, "hello");
    QVERIFY(done && done->isFinished());
    auto early = m_store->openSource(*done);
    QVERIFY(early);
    QVERIFY(m_store->remove(done->id));
    UploadRecord found;
    QCOMPARE(m_store->find(done->id, &found), UploadStore::Lookup::Gone);
    QCOMPARE(found.owner, QStringLiteral("bob"));
    QVERIFY(!m_store->openSource(*done));
    QCOMPARE(readSource(*early), QByteArray("hello")); // a source opened before keeps its bytes
    QCOMPARE(m_store->count(), 0);
}

void UploadStoreContract::quotaAndUnfinishedLimits()
{
    const QString alice = QStringLiteral("alice");
    UploadStore::Limits quota;
    quota.quota = 100;
    UploadStore::Refusal refusal;
    StoreFailure error;
    QVERIFY(
        m_store->create(60, {}, {}, alice, UploadRecord::Concat::None, quota, &refusal, &error));
    QVERIFY(
        !m_store->create(50, {}, {}, alice, UploadRecord::Concat::None, quota, &refusal, &error));
    QCOMPARE(refusal.inUse, 60);
    QVERIFY(error.text.isEmpty());
    QVERIFY(
        m_store->create(40, {}, {}, alice, UploadRecord::Concat::None, quota, &refusal, &error));
    QCOMPARE(m_store->usage(alice), 100);
    QVERIFY(m_store->create(100, {}, {}, QStringLiteral("bob"), UploadRecord::Concat::None, quota,
                            &refusal, &error)); // per owner

    UploadStore::Limits two;
    two.maxUnfinished = 2;
    UploadStore::Refusal atLimit;
    QVERIFY(!m_store->create(1, {}, {}, alice, UploadRecord::Concat::None, two, &atLimit, &error));
    QCOMPARE(atLimit.unfinished, 2);
    QVERIFY(m_store->create(0, {}, {}, alice, UploadRecord::Concat::None, two, &atLimit, &error));
}

void UploadStoreContract::uploadLimitCountsFinishedAndEmptyOnes()
{
    // A byte quota alone lets empty uploads pile up without end (issue 20): the bound on uploads
    // held counts them, finished or not.
    const QString carol = QStringLiteral("carol");
    UploadStore::Limits limits;
    limits.quota = 1000;
    limits.maxUploads = 3;
    StoreFailure error;
    QStringList made;
    for (const qint64 length : {0, 0, 10}) {
        UploadStore::Refusal refusal;
        const auto record = m_store->create(length, {}, {}, carol, UploadRecord::Concat::None,
                                            limits, &refusal, &error);
        QVERIFY2(record, qPrintable(error.text));
        made << record->id;
    }
    UploadStore::Refusal refusal;
    QVERIFY(
        !m_store->create(0, {}, {}, carol, UploadRecord::Concat::None, limits, &refusal, &error));
    QCOMPARE(refusal.uploads, 3);
    QCOMPARE(refusal.inUse, -1);
    QCOMPARE(refusal.unfinished, -1);
    QVERIFY(error.text.isEmpty());
    QCOMPARE(m_store->usage(carol), 10);
    QVERIFY(m_store->create(0, {}, {}, QStringLiteral("dave"), UploadRecord::Concat::None, limits,
                            &refusal, &error)); // per owner
    // A removed upload makes room again.
    QVERIFY(m_store->remove(made.first()));
    UploadStore::Refusal again;
    QVERIFY(m_store->create(0, {}, {}, carol, UploadRecord::Concat::None, limits, &again, &error));
    QVERIFY(!m_store->create(0, {}, {}, carol, UploadRecord::Concat::None, limits, &again, &error));
    QCOMPARE(again.uploads, 3);
}

void UploadStoreContract::deferredLengthAndGrowth()
{
    const QString alice = QStringLiteral("alice");
    const auto made = make(-1, alice);
    QVERIFY(made && made->lengthDeferred());
    QVERIFY(m_store->tryLock(made->id));
    QCOMPARE(m_store->reserveGrowth(made->id, 100, 60), 60);
    QCOMPARE(m_store->usage(alice), 60);
    StoreFailure error;
    auto sink = m_store->openSink(*made, &error);
    QVERIFY(sink && sink->write(QByteArray(30, 'g'), 30));
    QVERIFY(sink->commit());
    sink.reset();
    m_store->unlock(made->id);
    QCOMPARE(m_store->usage(alice), 30); // the grant ends with the lock
    QVERIFY(m_store->setLength(made->id, 30));
    UploadRecord found;
    QCOMPARE(m_store->find(made->id, &found), UploadStore::Lookup::Found);
    QVERIFY(found.isFinished());
    QCOMPARE(readAll(found), QByteArray(30, 'g'));

    const auto other = make(-1, alice);
    QVERIFY(other);
    qint64 inUse = -1;
    QVERIFY(!m_store->setLength(other->id, 100, 50, &inUse));
    QCOMPARE(inUse, 30);
    QCOMPARE(m_store->find(other->id, &found), UploadStore::Lookup::Found);
    QVERIFY(found.lengthDeferred());
}

void UploadStoreContract::concatenateJoinsPartsInOrder()
{
    const QString carol = QStringLiteral("carol");
    const auto p1 = make(5, carol, UploadRecord::Concat::Partial);
    const auto p2 = make(6, carol, UploadRecord::Concat::Partial);
    QVERIFY(p1 && p2);
    QVERIFY(store(*p1, "hello") && store(*p2, " world"));
    QByteArray seen;
    const auto check = [&seen](UploadSource &joined, QByteArray *verified) {
        seen = readSource(joined);
        *verified = sha256(seen);
        return true;
    };
    UploadRecord final;
    StoreFailure error;
    QCOMPARE(m_store->concatenate({p2->id, p1->id}, "k dg==", QStringLiteral("f"), carol, check,
                                  &final, &error),
             UploadStore::ConcatOutcome::Done);
    QCOMPARE(seen, QByteArray(" worldhello"));
    QVERIFY(final.isFinished());
    QCOMPARE(final.length, 11);
    QCOMPARE(final.concat, UploadRecord::Concat::Final);
    QCOMPARE(final.parts, QStringList({p2->id, p1->id}));
    QCOMPARE(final.contentHash, sha256(" worldhello"));
    QCOMPARE(readAll(final), QByteArray(" worldhello"));
    UploadRecord found;
    QCOMPARE(m_store->find(p1->id, &found), UploadStore::Lookup::Gone);
    QCOMPARE(m_store->count(), 1);

    // Another owner's part, and a part another request holds.
    const auto p3 = make(1, QStringLiteral("dave"), UploadRecord::Concat::Partial);
    QVERIFY(p3 && store(*p3, "z"));
    QCOMPARE(m_store->concatenate({p3->id}, {}, {}, carol, {}, &final, &error),
             UploadStore::ConcatOutcome::PartsChanged);
    QVERIFY(m_store->tryLock(p3->id));
    QCOMPARE(m_store->concatenate({p3->id}, {}, {}, QStringLiteral("dave"), {}, &final, &error),
             UploadStore::ConcatOutcome::Busy);
    m_store->unlock(p3->id);
}

void UploadStoreContract::concatenateRefusedKeepsParts()
{
    const auto p1 = make(3, {}, UploadRecord::Concat::Partial);
    QVERIFY(p1 && store(*p1, "abc"));
    UploadRecord final;
    StoreFailure error;
    const auto refuse = [](UploadSource &joined, QByteArray *) { return joined.length() != 3; };
    QCOMPARE(m_store->concatenate({p1->id}, {}, {}, {}, refuse, &final, &error),
             UploadStore::ConcatOutcome::Refused);
    UploadRecord found;
    QCOMPARE(m_store->find(p1->id, &found), UploadStore::Lookup::Found);
    QCOMPARE(m_store->count(), 1);
    QVERIFY(m_store->tryLock(p1->id)); // let go again
    m_store->unlock(p1->id);
}

void UploadStoreContract::instantCompletionFromVerifiedContent()
{
    const QByteArray digest = sha256("abcde");
    const auto a = make(5, QStringLiteral("x"));
    QVERIFY(a);
    QVERIFY(!m_store->setContentHash(a->id, digest)); // unfinished: nothing to vouch for
    const auto done = store(*a, "abcde");
    QVERIFY(done);
    QVERIFY(m_store->setContentHash(a->id, digest));
    const auto held = m_store->findVerified(digest, 5, {});
    QVERIFY(held && held->id == a->id);
    QVERIFY(!m_store->findVerified(digest, 5, a->id));
    QVERIFY(!m_store->findVerified(digest, 6, {}));

    const auto b = make(5, QStringLiteral("y"));
    QVERIFY(b && m_store->tryLock(b->id));
    StoreFailure error;
    const auto completed = m_store->completeFrom(b->id, a->id, digest, &error);
    m_store->unlock(b->id);
    QVERIFY2(completed, qPrintable(error.text));
    QVERIFY(completed->isFinished());
    QCOMPARE(completed->contentHash, digest);
    QCOMPARE(readAll(*completed), QByteArray("abcde"));
    QVERIFY(m_store->remove(a->id)); // the copy does not depend on its source
    QCOMPARE(readAll(*completed), QByteArray("abcde"));
}

void UploadStoreContract::sweepsSkipLockedUploads()
{
    fresh(seconds(60), seconds(60));
    const auto u1 = make(10);
    const auto u2 = make(10);
    const auto f = make(3);
    QVERIFY(u1 && u2 && f && store(*f, "abc"));
    const QDateTime later = QDateTime::currentDateTimeUtc().addSecs(120);
    QVERIFY(m_store->tryLock(u2->id));
    QCOMPARE(m_store->sweepExpired(later), 1);
    UploadRecord found;
    QCOMPARE(m_store->find(u1->id, &found), UploadStore::Lookup::Gone);
    QCOMPARE(m_store->find(u2->id, &found), UploadStore::Lookup::Found);
    QCOMPARE(m_store->sweepFinished(later), 1);
    QCOMPARE(m_store->find(f->id, &found), UploadStore::Lookup::Gone);
    m_store->unlock(u2->id);
    QCOMPARE(m_store->sweepExpired(later), 1);
    QCOMPARE(m_store->count(), 0);
}
