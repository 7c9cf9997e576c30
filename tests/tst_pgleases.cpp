#include "pglistener.h"
#include "pgschema.h"
#include "tst_pgindexfixture.h"

#include <QSignalSpy>
#include <QTest>

using namespace std::chrono_literals;
using namespace PgIndexTest;

// The fenced single writer across instances (PgLeases), the hand-over's notifications
// (PgListener, PgConnection::waitForNotifications) and the sweeps' advisory lock
// (PgAdvisoryLock) against the shared PostgreSQL 15 of the test run, each test function in a
// database of its own.
class TestPgLeases : public QObject {
    Q_OBJECT
    Fixture m_pg;
    std::unique_ptr<PgIndex> &m_index = m_pg.index;
    std::unique_ptr<PgTestPeer> &m_peer = m_pg.peer;

    std::unique_ptr<PgIndex> openIndex() { return m_pg.openIndex(); }
    std::unique_ptr<PgConnection> direct() { return m_pg.direct(); }
    PgUpload find(const QString &id) { return m_pg.find(id); }

private Q_SLOTS:
    void init()
    {
        QString why;
        QVERIFY2(m_pg.start(&why), qPrintable(why));
    }
    void cleanup() { m_pg.stop(); }

    void leaseTakeRenewExpire()
    {
        PgError error;
        PgUploads::Usage usage;
        const UploadRecord r = recordOf(QString(), 100);
        QCOMPARE(m_index->uploads().create(r, {}, &usage, &error), PgUploads::Outcome::Done);
        PgLeases &leases = m_index->leases();
        const auto a = leases.take(r.id, QStringLiteral("aaa"), 10s, &error);
        QVERIFY(a.taken);
        QCOMPARE(a.generation, 1);
        const auto b = leases.take(r.id, QStringLiteral("bbb"), 10s, &error);
        QVERIFY(!b.taken);
        QCOMPARE(b.holder, QStringLiteral("aaa"));
        QVERIFY(b.remaining > 5s && b.remaining <= 10s);
        QVERIFY(leases.release(r.id, QStringLiteral("aaa"), 1, &error));
        const auto b2 = leases.take(r.id, QStringLiteral("bbb"), 300ms, &error);
        QVERIFY(b2.taken);
        QCOMPARE(b2.generation, 2);
        // The old holder can neither renew nor release it.
        QVERIFY(!leases.renew(r.id, QStringLiteral("aaa"), 1, 10s, &error));
        QVERIFY(!leases.release(r.id, QStringLiteral("aaa"), 1, &error));
        QVERIFY(leases.renew(r.id, QStringLiteral("bbb"), 2, 300ms, &error));
        // Left to run out, it goes to the next asker with generation + 1.
        // (Not QTRY_VERIFY: it evaluates its expression once more after success.)
        PgLeases::Taken c;
        QVERIFY(QTest::qWaitFor(
            [&] { return (c = leases.take(r.id, QStringLiteral("ccc"), 10s, &error)).taken; },
            5000));
        QCOMPARE(c.generation, 3);
        QVERIFY(!leases.renew(r.id, QStringLiteral("bbb"), 2, 10s, &error));
        QCOMPARE(find(r.id).leaseHolder, QStringLiteral("ccc"));
        // Hostile holders and ids never reach a statement.
        QVERIFY(!leases.take(r.id, QStringLiteral("x'; --"), 10s, &error).taken);
        QCOMPARE(error.kind, PgError::Kind::Invalid);
        QVERIFY(!leases.take(QStringLiteral("no such"), QStringLiteral("ddd"), 10s, &error).taken);
    }

    void fencedCommitRefusedAfterTakeover()
    {
        PgError error;
        PgUploads::Usage usage;
        const UploadRecord r = recordOf(QStringLiteral("fay"), 20 << 20);
        QCOMPARE(m_index->uploads().create(r, {}, &usage, &error), PgUploads::Outcome::Done);
        PgLeases &leases = m_index->leases();
        const QString a = QStringLiteral("aaa");
        const QString b = QStringLiteral("bbb");
        const auto first = leases.take(r.id, a, 200ms, &error);
        QVERIFY(first.taken);
        QVERIFY(leases.setMultipartId(r.id, a, first.generation, QStringLiteral("mp-1"), &error));
        QCOMPARE(leases.allocatePart(r.id, a, first.generation, &error), 1);
        PgLeases::Commit one{0,  5 << 20, {{1, QStringLiteral("\"e1\""), 5 << 20, 0, 0}},
                             {}, 0,       3600s};
        QCOMPARE(leases.commit(r.id, a, first.generation, one, &error),
                 PgLeases::Outcome::Committed);
        QCOMPARE(leases.allocatePart(r.id, a, first.generation, &error), 2);
        // a stalls; its lease runs out and b takes over.
        PgLeases::Taken second;
        QVERIFY(QTest::qWaitFor([&] { return (second = leases.take(r.id, b, 10s, &error)).taken; },
                                5000));
        QCOMPARE(second.generation, first.generation + 1);
        // a wakes up: its commit of part 2 and a tail is refused, and nothing changed.
        PgLeases::Commit late{5 << 20,
                              12 << 20,
                              {{2, QStringLiteral("\"late\""), 5 << 20, 5 << 20, 0}},
                              QStringLiteral("t/x.1.2"),
                              2 << 20,
                              3600s};
        QCOMPARE(leases.commit(r.id, a, first.generation, late, &error), PgLeases::Outcome::Fenced);
        QVERIFY(!error);
        QVERIFY(!leases.allocatePart(r.id, a, first.generation, &error));
        QVERIFY(!leases.renew(r.id, a, first.generation, 10s, &error));
        PgUpload u = find(r.id);
        QCOMPARE(u.record.offset, 5 << 20);
        QVERIFY(u.tailKey.isEmpty());
        QCOMPARE(u.multipartId, QStringLiteral("mp-1"));
        QCOMPARE(leases.parts(r.id, &error).size(), 1);
        // b never reuses a number a may have sent to S3 (2 went to a).
        QCOMPARE(leases.allocatePart(r.id, b, second.generation, &error), 3);
        // A commit from a stale offset is refused too, even by the holder.
        PgLeases::Commit stale{0, 6 << 20, {}, {}, 0, 3600s};
        QCOMPARE(leases.commit(r.id, b, second.generation, stale, &error),
                 PgLeases::Outcome::Fenced);
        PgLeases::Commit mine{5 << 20,
                              10 << 20,
                              {{3, QStringLiteral("\"e3\""), 5 << 20, 5 << 20, 0}},
                              QStringLiteral("t/x.2.4"),
                              1234,
                              3600s};
        QCOMPARE(leases.commit(r.id, b, second.generation, mine, &error),
                 PgLeases::Outcome::Committed);
        u = find(r.id);
        QCOMPARE(u.record.offset, 10 << 20);
        QCOMPARE(u.tailKey, QStringLiteral("t/x.2.4"));
        QCOMPARE(u.tailSize, 1234);
        const QList<PgPart> parts = leases.parts(r.id, &error);
        QCOMPARE(parts.size(), 2);
        QCOMPARE(parts.at(0).number, 1);
        QCOMPARE(parts.at(0).generation, first.generation);
        QCOMPARE(parts.at(1).number, 3);
        QCOMPARE(parts.at(1).etag, QStringLiteral("\"e3\""));
        QCOMPARE(parts.at(1).offset, 5 << 20);
        QCOMPARE(parts.at(1).generation, second.generation);
    }

    void notifyReachesHolder()
    {
        // The holder's side on this thread's event loop.
        PgListener listener(m_peer->address(), PgLeases::channel(QStringLiteral("holder1")));
        QVERIFY2(listener.start(), qPrintable(listener.lastError().message));
        QSignalSpy notified(&listener, &PgListener::notified);
        PgError error;
        const QString id = newId();
        QVERIFY(m_index->leases().askToRelease(QStringLiteral("holder1"), id, &error));
        QVERIFY(m_index->leases().askToRelease(QStringLiteral("other"), newId(), &error));
        QVERIFY(notified.wait(5000));
        QCOMPARE(notified.size(), 1);
        QCOMPARE(notified.at(0).at(0).toString(), id);
        // The blocking form, for a thread without an event loop.
        PgConnection waiter(m_peer->address());
        QVERIFY(waiter.listen(PgLeases::channel(QStringLiteral("holder2"))));
        QVERIFY(waiter.waitForNotifications(100ms).isEmpty());
        QVERIFY(m_index->leases().askToRelease(QStringLiteral("holder2"), id, &error));
        const auto got = waiter.waitForNotifications(5s);
        QCOMPARE(got.size(), 1);
        QCOMPARE(got.at(0).payload, id);
        // After a server restart the listener comes back and hears again.
        QSignalSpy reconnected(&listener, &PgListener::reconnected);
        QVERIFY2(m_peer->restartServer(), qPrintable(m_peer->errorString()));
        QVERIFY(reconnected.wait(15000));
        QVERIFY(m_index->leases().askToRelease(QStringLiteral("holder1"), id, &error));
        QTRY_COMPARE_WITH_TIMEOUT(notified.size(), 2, 5000);
    }

    void advisoryLockHeldByOneOnly()
    {
        auto other = openIndex();
        PgAdvisoryLock mine(m_index->pool(), PgSchema::ExpirySweepLock);
        PgAdvisoryLock theirs(other->pool(), PgSchema::ExpirySweepLock);
        PgAdvisoryLock unrelated(other->pool(), PgSchema::FinishedSweepLock);
        PgError error;
        QVERIFY(mine.tryLock(&error));
        QVERIFY(!theirs.tryLock(&error));
        QVERIFY(!error);
        QVERIFY(unrelated.tryLock(&error));
        QVERIFY(mine.tryLock(&error)); // still mine
        mine.unlock();
        QVERIFY(theirs.tryLock(&error));
        QVERIFY(!mine.tryLock(&error));
        // An instance that dies loses it with its connection.
        auto c = direct();
        QVERIFY(c->run("SELECT pg_terminate_backend(pid) FROM pg_locks "
                       "WHERE locktype = 'advisory' AND objid = $1::int",
                       {int(PgSchema::ExpirySweepLock)}));
        QVERIFY(QTest::qWaitFor([&] { return mine.tryLock(&error); }, 5000));
    }
};

QTEST_GUILESS_MAIN(TestPgLeases)
#include "tst_pgleases.moc"
