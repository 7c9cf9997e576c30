#include "pgschema.h"
#include "tst_pgindexfixture.h"

#include <QAtomicInt>
#include <QTest>

using namespace std::chrono_literals;
using namespace PgIndexTest;

// PgIndex's records, usage and quotas, sweeps, reconciliation and challenges (PgUploads,
// PgChallenges) against the shared PostgreSQL 15 of the test run, each test function in a
// database of its own. Leases and hand-over: tst_pgleases.
class TestPgIndex : public QObject {
    Q_OBJECT
    Fixture m_pg;
    std::unique_ptr<PgIndex> &m_index = m_pg.index;

    std::unique_ptr<PgIndex> openIndex(int maxAttempts = 10) { return m_pg.openIndex(maxAttempts); }
    std::unique_ptr<PgConnection> direct() { return m_pg.direct(); }
    PgUpload find(const QString &id) { return m_pg.find(id); }

private Q_SLOTS:
    void init()
    {
        QString why;
        QVERIFY2(m_pg.start(&why), qPrintable(why));
    }
    void cleanup() { m_pg.stop(); }

    void migratesOnceAndRefusesNewer()
    {
        auto c = direct();
        bool ok = false;
        QCOMPARE(PgSchema::version(*c, &ok), PgSchema::Current);
        QVERIFY(ok);
        // Again (a second instance starting): nothing to do, nothing broken.
        QString error;
        QVERIFY2(openIndex()->open(&error), qPrintable(error));
        QCOMPARE(c->exec("SELECT count(*) FROM schema_version")->at(0, 0).toLongLong(), 1);
        QVERIFY(c->run("UPDATE schema_version SET version = 99"));
        PgIndex later(m_pg.peer->address(), {});
        QVERIFY(!later.open(&error));
        QVERIFY2(error.contains(QLatin1String("newer")), qPrintable(error));
    }

    void recordRoundTrip()
    {
        UploadRecord r = recordOf(QStringLiteral("alice ✓"), 12345);
        r.metadata = QByteArray("filename ZmlsZS50eHQ=,x \0\xff", 24);
        r.filename = QStringLiteral("file'); DROP TABLE uploads; --.txt");
        r.concat = UploadRecord::Concat::Partial;
        r.parts = {QStringLiteral("a"), QStringLiteral("b,c")};
        PgError error;
        PgUploads::Usage usage;
        QCOMPARE(m_index->uploads().create(r, {}, &usage, &error), PgUploads::Outcome::Done);
        const PgUpload u = find(r.id);
        QCOMPARE(u.record.id, r.id);
        QCOMPARE(u.record.owner, r.owner);
        QCOMPARE(u.record.length, 12345);
        QCOMPARE(u.record.offset, 0);
        QCOMPARE(u.record.metadata, r.metadata);
        QCOMPARE(u.record.filename, r.filename);
        QCOMPARE(u.record.concat, UploadRecord::Concat::Partial);
        QCOMPARE(u.record.parts, r.parts);
        QCOMPARE(u.record.expires.toSecsSinceEpoch(), r.expires.toSecsSinceEpoch());
        QVERIFY(u.record.created.isValid());
        QVERIFY(qAbs(u.record.created.secsTo(QDateTime::currentDateTimeUtc())) < 60);
        QVERIFY(!u.record.finished.isValid());
        QVERIFY(u.leaseHolder.isEmpty());
        QCOMPARE(u.nextPart, 1);
        QCOMPARE(u.countedBytes, 12345);
        // The same id twice is refused.
        QCOMPARE(m_index->uploads().create(r, {}, &usage, &error), PgUploads::Outcome::Failed);
        QCOMPARE(error.kind, PgError::Kind::Unique);
        // Content hash, found by instant upload once finished only.
        const QByteArray digest(32, '\x5a');
        QVERIFY(m_index->uploads().setContentHash(r.id, digest, &error));
        QVERIFY(!m_index->uploads().findVerified(digest, 12345, {}, &error));
        // Gone: 410 to its owner from any instance.
        QCOMPARE(m_index->uploads().remove(r.id, true, &error), PgUploads::Outcome::Done);
        PgUpload gone;
        QCOMPARE(m_index->uploads().find(r.id, &gone, &error), PgUploads::Lookup::Gone);
        QCOMPARE(gone.record.owner, r.owner);
        QCOMPARE(m_index->uploads().find(newId(), &gone, &error), PgUploads::Lookup::Missing);
        QCOMPARE(m_index->uploads().usage(r.owner, &error).bytes, 0);
        // Hostile ids never reach a statement; a long owner is refused.
        QCOMPARE(m_index->uploads().find(QStringLiteral("../x' OR 1=1"), &gone, &error),
                 PgUploads::Lookup::Missing);
        UploadRecord longOwner = recordOf(QString(300, QLatin1Char('o')), 1);
        QCOMPARE(m_index->uploads().create(longOwner, {}, &usage, &error),
                 PgUploads::Outcome::Failed);
        QCOMPARE(error.kind, PgError::Kind::Invalid);
    }

    void quotaReservedAtomically_data()
    {
        QTest::addColumn<int>("instances");
        QTest::newRow("one instance, 8 connections") << 1;
        QTest::newRow("two instances, 4 connections each") << 2;
    }
    void quotaReservedAtomically()
    {
        QFETCH(int, instances);
        std::vector<std::unique_ptr<PgIndex>> indexes;
        for (int i = 0; i < instances; ++i)
            indexes.push_back(openIndex());
        // 8 threads race 100 reservations of 10 bytes each against a quota of 1,000 bytes and
        // 120 uploads: exactly 100 pass, by bytes; then zero-byte ones up to the count.
        constexpr int Threads = 8;
        PgUploads::Limits limits{1000, 120, PgUploads::NoLimit};
        QAtomicInt done;
        QAtomicInt refused;
        QAtomicInt failed;
        onThreads(Threads, [&](int t) {
            PgIndex &index = *indexes.at(t % instances);
            for (int n = 0; n < 100; ++n) {
                PgError error;
                PgUploads::Usage usage;
                const auto outcome = index.uploads().create(
                    recordOf(QStringLiteral("bob"), n % 2 ? 10 : 0) /* half free */, limits, &usage,
                    &error);
                if (outcome == PgUploads::Outcome::Done)
                    done.fetchAndAddRelaxed(1);
                else if (outcome == PgUploads::Outcome::Refused)
                    refused.fetchAndAddRelaxed(1);
                else
                    failed.fetchAndAddRelaxed(1);
            }
        });
        QCOMPARE(failed.loadRelaxed(), 0);
        QCOMPARE(done.loadRelaxed() + refused.loadRelaxed(), Threads * 100);
        PgError error;
        const PgUploads::Usage usage = m_index->uploads().usage(QStringLiteral("bob"), &error);
        QVERIFY(usage.bytes <= 1000);
        QCOMPARE(usage.uploads, 120); // the count bounds zero-byte uploads too
        QCOMPARE(done.loadRelaxed(), 120);
        auto c = direct();
        const auto rows = c->exec("SELECT count(*), coalesce(sum(length), 0) FROM uploads");
        QCOMPARE(rows->at(0, 0).toLongLong(), 120);
        QCOMPARE(rows->at(0, 1).toLongLong(), usage.bytes);
        QCOMPARE(usage.unfinished, rows->at(0, 1).toLongLong() / 10); // the 10-byte ones
    }

    void byteQuotaNeverOvershoots()
    {
        constexpr int Threads = 8;
        QAtomicInt done;
        onThreads(Threads, [&](int) {
            for (int n = 0; n < 100; ++n) {
                PgError error;
                PgUploads::Usage usage;
                if (m_index->uploads().create(recordOf(QStringLiteral("carol"), 7),
                                              {1000, PgUploads::NoLimit, PgUploads::NoLimit},
                                              &usage, &error)
                    == PgUploads::Outcome::Done)
                    done.fetchAndAddRelaxed(1);
            }
        });
        QCOMPARE(done.loadRelaxed(), 1000 / 7);
        PgError error;
        QCOMPARE(m_index->uploads().usage(QStringLiteral("carol"), &error).bytes, 7 * (1000 / 7));
    }

    void unfinishedLimitAndFinishing()
    {
        PgError error;
        PgUploads::Usage usage;
        const PgUploads::Limits limits{PgUploads::NoLimit, PgUploads::NoLimit, 2};
        const UploadRecord a = recordOf(QStringLiteral("dan"), 5);
        QCOMPARE(m_index->uploads().create(a, limits, &usage, &error), PgUploads::Outcome::Done);
        QCOMPARE(
            m_index->uploads().create(recordOf(QStringLiteral("dan"), 5), limits, &usage, &error),
            PgUploads::Outcome::Done);
        QCOMPARE(
            m_index->uploads().create(recordOf(QStringLiteral("dan"), 5), limits, &usage, &error),
            PgUploads::Outcome::Refused);
        QCOMPARE(usage.unfinished, 2);
        // An empty upload is finished at once: the limit does not stop it.
        QCOMPARE(
            m_index->uploads().create(recordOf(QStringLiteral("dan"), 0), limits, &usage, &error),
            PgUploads::Outcome::Done);
        // Finishing one (a fenced commit to its length) makes room.
        const auto lease = m_index->leases().take(a.id, QStringLiteral("i1"), 10s, &error);
        QVERIFY(lease.taken);
        PgLeases::Commit commit;
        commit.to = 5;
        commit.tailKey = QStringLiteral("t/x.1.1");
        commit.tailSize = 5;
        QCOMPARE(
            m_index->leases().commit(a.id, QStringLiteral("i1"), lease.generation, commit, &error),
            PgLeases::Outcome::Committed);
        QVERIFY(find(a.id).record.finished.isValid());
        QCOMPARE(m_index->uploads().usage(QStringLiteral("dan"), &error).unfinished, 1);
        QCOMPARE(
            m_index->uploads().create(recordOf(QStringLiteral("dan"), 5), limits, &usage, &error),
            PgUploads::Outcome::Done);
        // Now instant upload finds it by its verified content.
        const QByteArray digest(32, '\x11');
        QVERIFY(m_index->uploads().setContentHash(a.id, digest, &error));
        const auto held = m_index->uploads().findVerified(digest, 5, newId(), &error);
        QVERIFY(held);
        QCOMPARE(held->record.id, a.id);
        QVERIFY(!m_index->uploads().findVerified(digest, 5, a.id, &error));
        QVERIFY(!m_index->uploads().findVerified(digest, 6, {}, &error));
    }

    void deferredLengthCountsWhatItGrows()
    {
        PgError error;
        PgUploads::Usage usage;
        const UploadRecord r = recordOf(QStringLiteral("erin"), -1);
        QCOMPARE(m_index->uploads().create(r, {}, &usage, &error), PgUploads::Outcome::Done);
        QCOMPARE(m_index->uploads().setCounted(r.id, 600, 1000, &error), PgUploads::Outcome::Done);
        QCOMPARE(m_index->uploads().setCounted(r.id, 1200, 1000, &error),
                 PgUploads::Outcome::Refused);
        QCOMPARE(m_index->uploads().usage(QStringLiteral("erin"), &error).bytes, 600);
        QCOMPARE(m_index->uploads().setLength(r.id, 2000, 1000, &error),
                 PgUploads::Outcome::Refused);
        QCOMPARE(m_index->uploads().setLength(r.id, 900, 1000, &error), PgUploads::Outcome::Done);
        QCOMPARE(find(r.id).record.length, 900);
        QCOMPARE(m_index->uploads().usage(QStringLiteral("erin"), &error).bytes, 900);
        // Once only.
        QCOMPARE(m_index->uploads().setLength(r.id, 800, 1000, &error),
                 PgUploads::Outcome::Missing);
    }

    void sweepsFindDueRowsByIndex()
    {
        PgError error;
        PgUploads::Usage usage;
        const QDateTime now = QDateTime::currentDateTimeUtc();
        QStringList expired;
        for (int i = 0; i < 3; ++i) {
            UploadRecord r = recordOf(QStringLiteral("gus"), 10);
            r.expires = now.addSecs(-100 + i);
            QCOMPARE(m_index->uploads().create(r, {}, &usage, &error), PgUploads::Outcome::Done);
            expired << r.id;
        }
        UploadRecord fresh = recordOf(QStringLiteral("gus"), 10);
        QCOMPARE(m_index->uploads().create(fresh, {}, &usage, &error), PgUploads::Outcome::Done);
        UploadRecord held = recordOf(QStringLiteral("gus"), 10);
        held.expires = now.addSecs(-500);
        QCOMPARE(m_index->uploads().create(held, {}, &usage, &error), PgUploads::Outcome::Done);
        QVERIFY(m_index->leases().take(held.id, QStringLiteral("busy"), 60s, &error).taken);
        QCOMPARE(m_index->uploads().expired(10, &error), expired); // oldest first, held skipped
        QCOMPARE(m_index->uploads().expired(2, &error), expired.mid(0, 2));
        // Finished ones: an empty upload finishes at once.
        UploadRecord done = recordOf(QStringLiteral("gus"), 0);
        QCOMPARE(m_index->uploads().create(done, {}, &usage, &error), PgUploads::Outcome::Done);
        QVERIFY(m_index->uploads().finishedBefore(now.addSecs(-60), 10, &error).isEmpty());
        QCOMPARE(m_index->uploads().finishedBefore(now.addSecs(60), 10, &error),
                 QStringList{done.id});
        // Both are index scans, not walks (the planner told to avoid walks where it can).
        auto c = direct();
        QVERIFY(c->run("SET enable_seqscan = off"));
        const auto plan = [&](const char *sql) {
            QString text;
            const std::optional<PgRows> rows = c->exec(sql);
            for (const auto &row : rows.value_or(PgRows()).rows)
                text += row.at(0).toString() + QLatin1Char('\n');
            return text;
        };
        const QString expiry = plan("EXPLAIN SELECT id FROM uploads WHERE finished IS NULL "
                                    "AND expires <= now() ORDER BY expires LIMIT 10");
        QVERIFY2(expiry.contains(QLatin1String("uploads_expiry")), qPrintable(expiry));
        const QString finished = plan("EXPLAIN SELECT id FROM uploads WHERE finished IS NOT NULL "
                                      "AND finished < now() ORDER BY finished LIMIT 10");
        QVERIFY2(finished.contains(QLatin1String("uploads_finished")), qPrintable(finished));
        // Gone ids are pruned by age.
        QCOMPARE(m_index->uploads().remove(expired.first(), true, &error),
                 PgUploads::Outcome::Done);
        QCOMPARE(m_index->uploads().pruneGone(now.addSecs(-60), &error), 0);
        QCOMPARE(m_index->uploads().pruneGone(now.addSecs(60), &error), 1);
    }

    void reconciliationNamesUnknownObjects()
    {
        PgError error;
        PgUploads::Usage usage;
        const UploadRecord r = recordOf(QStringLiteral("hal"), 10 << 20);
        QCOMPARE(m_index->uploads().create(r, {}, &usage, &error), PgUploads::Outcome::Done);
        const auto lease = m_index->leases().take(r.id, QStringLiteral("i1"), 10s, &error);
        QVERIFY(m_index->leases().setMultipartId(r.id, QStringLiteral("i1"), lease.generation,
                                                 QStringLiteral("known"), &error));
        PgLeases::Commit c{0, 10, {}, QStringLiteral("tails/known.1.1"), 10, 60s};
        QCOMPARE(m_index->leases().commit(r.id, QStringLiteral("i1"), lease.generation, c, &error),
                 PgLeases::Outcome::Committed);
        QCOMPARE(m_index->uploads().unknownMultipartIds(
                     {QStringLiteral("known"), QStringLiteral("orphan\"{,}")}, &error),
                 QStringList{QStringLiteral("orphan\"{,}")});
        QCOMPARE(
            m_index->uploads().unknownTailKeys(
                {QStringLiteral("tails/known.1.1"), QStringLiteral("tails/known.1.0")}, &error),
            QStringList{QStringLiteral("tails/known.1.0")});
    }

    void concatenationReplacesParts()
    {
        PgError error;
        PgUploads::Usage usage;
        QStringList parts;
        for (const qint64 length : {qint64(3), qint64(4)}) {
            UploadRecord p = recordOf(QStringLiteral("lee"), length);
            p.concat = UploadRecord::Concat::Partial;
            QCOMPARE(m_index->uploads().create(p, {}, &usage, &error), PgUploads::Outcome::Done);
            const auto lease = m_index->leases().take(p.id, QStringLiteral("i1"), 10s, &error);
            PgLeases::Commit c{0, length, {}, {}, 0, 60s};
            QCOMPARE(
                m_index->leases().commit(p.id, QStringLiteral("i1"), lease.generation, c, &error),
                PgLeases::Outcome::Committed);
            parts << p.id;
        }
        UploadRecord unfinished = recordOf(QStringLiteral("lee"), 5);
        unfinished.concat = UploadRecord::Concat::Partial;
        QCOMPARE(m_index->uploads().create(unfinished, {}, &usage, &error),
                 PgUploads::Outcome::Done);
        UploadRecord final = recordOf(QStringLiteral("lee"), 3 + 4 + 3);
        final.contentHash = QByteArray(32, '\x7f');
        // An unfinished part, another owner's view, or lengths that do not add up: refused,
        // nothing changed.
        QCOMPARE(m_index->uploads().createFinal(final, {parts.at(0), unfinished.id}, &error),
                 PgUploads::Outcome::Refused);
        UploadRecord theirs = final;
        theirs.owner = QStringLiteral("mallory");
        QCOMPARE(m_index->uploads().createFinal(theirs, parts + QStringList{parts.at(0)}, &error),
                 PgUploads::Outcome::Refused);
        UploadRecord wrong = final;
        wrong.length = 7;
        QCOMPARE(m_index->uploads().createFinal(wrong, parts + QStringList{parts.at(0)}, &error),
                 PgUploads::Outcome::Refused);
        QCOMPARE(m_index->uploads().usage(QStringLiteral("lee"), &error).uploads, 3);
        // A part may repeat.
        const QStringList order = parts + QStringList{parts.at(0)};
        QCOMPARE(m_index->uploads().createFinal(final, order, &error), PgUploads::Outcome::Done);
        const PgUpload u = find(final.id);
        QCOMPARE(u.record.length, 10);
        QCOMPARE(u.record.offset, 10);
        QVERIFY(u.record.finished.isValid());
        QCOMPARE(u.record.concat, UploadRecord::Concat::Final);
        QCOMPARE(u.record.parts, order);
        QCOMPARE(u.record.contentHash, final.contentHash);
        PgUpload gone;
        // Gone (410), as UploadStore's contract says of joined parts.
        QCOMPARE(m_index->uploads().find(parts.at(0), &gone, &error), PgUploads::Lookup::Gone);
        QCOMPARE(gone.record.owner, QStringLiteral("lee"));
        const PgUploads::Usage after = m_index->uploads().usage(QStringLiteral("lee"), &error);
        QCOMPARE(after.uploads, 2); // the final and the unfinished partial
        QCOMPARE(after.bytes, 10 + 5);
        QCOMPARE(after.unfinished, 1);
        QVERIFY(m_index->uploads().findVerified(final.contentHash, 10, {}, &error));
    }

    void removeUnderLease()
    {
        PgError error;
        PgUploads::Usage usage;
        const UploadRecord r = recordOf(QStringLiteral("max"), 10);
        QCOMPARE(m_index->uploads().create(r, {}, &usage, &error), PgUploads::Outcome::Done);
        const auto lease = m_index->leases().take(r.id, QStringLiteral("writer"), 10s, &error);
        QVERIFY(lease.taken);
        // A sweeper that does not hold the lease removes nothing.
        QCOMPARE(m_index->uploads().remove(r.id, true, &error, QStringLiteral("sweeper"), 1),
                 PgUploads::Outcome::Missing);
        QCOMPARE(find(r.id).record.id, r.id);
        QCOMPARE(m_index->uploads().remove(r.id, true, &error, QStringLiteral("writer"),
                                           lease.generation),
                 PgUploads::Outcome::Done);
        const PgUploads::Usage after = m_index->uploads().usage(QStringLiteral("max"), &error);
        QCOMPARE(after.bytes, 0);
        QCOMPARE(after.uploads, 0);
        QCOMPARE(after.unfinished, 0);
    }

    void challengesSharedAndCounted()
    {
        auto other = openIndex(2); // a second instance; both allow 2 attempts
        auto mine = openIndex(2);
        int made = 0;
        const auto make = [&] {
            ++made;
            return PgChallenges::Challenge{QByteArray(16, char('a' + made)), 288, 4096};
        };
        PgError error;
        const QByteArray d1(32, '\x01');
        const QByteArray d2(32, '\x02');
        const QByteArray d3(32, '\x03');
        const auto c1 = mine->challenges().issue(QStringLiteral("ivy"), d1, 1 << 20, make, &error);
        QVERIFY(c1);
        // The same challenge whichever instance is asked.
        const auto again =
            other->challenges().issue(QStringLiteral("ivy"), d1, 1 << 20, make, &error);
        QVERIFY(again);
        QCOMPARE(*again, *c1);
        QCOMPARE(made, 1);
        QVERIFY(other->challenges().issue(QStringLiteral("ivy"), d2, 1 << 20, make, &error));
        QCOMPARE(mine->challenges().attempts(QStringLiteral("ivy"), &error), 2);
        // Out of attempts: no third challenge, for anyone asking.
        QVERIFY(!mine->challenges().issue(QStringLiteral("ivy"), d3, 1 << 20, make, &error));
        QVERIFY(!error);
        // Taking spends it; a wrong proof counts; settling frees the other.
        QString why;
        const auto taken =
            other->challenges().take(QStringLiteral("ivy"), d1, 1 << 20, &why, &error);
        QVERIFY(taken);
        QCOMPARE(*taken, *c1);
        QVERIFY(!mine->challenges().take(QStringLiteral("ivy"), d1, 1 << 20, &why, &error));
        QVERIFY(why.contains(QLatin1String("no challenge")));
        QVERIFY(mine->challenges().failed(QStringLiteral("ivy"), &error));
        QVERIFY(mine->challenges().settle(QStringLiteral("ivy"), d2, 1 << 20, &error));
        QCOMPARE(mine->challenges().attempts(QStringLiteral("ivy"), &error), 1);
        // Another user is not affected.
        QCOMPARE(mine->challenges().attempts(QStringLiteral("jo"), &error), 0);
        // An expired challenge counts as failed.
        PgChallenges quick(mine->pool(), 5, 0s);
        QVERIFY(quick.issue(QStringLiteral("kim"), d1, 100, make, &error));
        QVERIFY(!quick.take(QStringLiteral("kim"), d1, 100, &why, &error));
        QVERIFY2(why.contains(QLatin1String("expired")), qPrintable(why));
        QCOMPARE(quick.attempts(QStringLiteral("kim"), &error), 1);
    }
};

QTEST_GUILESS_MAIN(TestPgIndex)
#include "tst_pgindex.moc"
