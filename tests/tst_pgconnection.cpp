#include "pgconnection.h"
#include "pgpool.h"
#include "pgtestpeer.h"

#include <QAtomicInt>
#include <QDateTime>
#include <QElapsedTimer>
#include <QTest>
#include <QThread>
#include <QTimeZone>

#include <memory>
#include <vector>

using namespace std::chrono_literals;

// PgConnection against the shared PostgreSQL 15 of the test run (fixture pg), each test function
// in a database of its own.
class TestPgConnection : public QObject {
    Q_OBJECT
    std::unique_ptr<PgTestPeer> m_peer;

    PgAddress parse(const QString &spec)
    {
        QString error;
        const auto address = PgAddress::parse(spec, &error);
        if (!address)
            qWarning() << error;
        return address.value_or(PgAddress());
    }

private Q_SLOTS:
    void init()
    {
        QString why;
        if (!PgTestPeer::available(&why))
            QFAIL(qPrintable(why));
        m_peer = std::make_unique<PgTestPeer>();
        QVERIFY2(m_peer->start(), qPrintable(m_peer->errorString()));
    }
    void cleanup() { m_peer.reset(); }

    void opensFromUrl()
    {
        PgConnection c(parse(m_peer->url()));
        QVERIFY2(c.open(), qPrintable(c.lastError().message));
        const auto rows =
            c.exec("SELECT current_database(), current_user, $1::int8 + 1", {qint64(1) << 40});
        QVERIFY2(rows, qPrintable(c.lastError().message));
        QCOMPARE(rows->at(0, 0).toString(), m_peer->database());
        QCOMPARE(rows->at(0, 1).toString(), QStringLiteral("hoist"));
        QCOMPARE(rows->at(0, 2).toLongLong(), (qint64(1) << 40) + 1);
        // Over TCP, not the socket.
        const auto where = c.exec("SELECT inet_server_addr() IS NOT NULL");
        QVERIFY(where && where->at(0, 0).toBool());
    }

    void opensFromSocketKeywords()
    {
        PgConnection c(parse(m_peer->socketSpec()));
        const auto rows = c.exec("SELECT current_database(), inet_server_addr() IS NULL");
        QVERIFY2(rows, qPrintable(c.lastError().message));
        QCOMPARE(rows->at(0, 0).toString(), m_peer->database());
        QVERIFY(rows->at(0, 1).toBool()); // a Unix socket has no server address
    }

    void valuesRoundTrip()
    {
        PgConnection c(parse(m_peer->url()));
        QVERIFY(c.run("CREATE TABLE v (t text, b bytea, i bigint, f boolean, d timestamptz, "
                      "a text[], n text)"));
        const QString hostile = QStringLiteral("'); DROP TABLE v; -- \"quoted\" \\ ü ✓");
        const QByteArray bytes("\0\x01\xff'\\x", 6);
        const QDateTime when =
            QDateTime(QDate(2026, 11, 26), QTime(9, 50, 12, 345), QTimeZone::utc());
        const QStringList list{QStringLiteral("a,b"), QStringLiteral("{c}"),
                               QStringLiteral("d\"e\\"), QString(), QStringLiteral("NULL")};
        QVERIFY2(c.run("INSERT INTO v VALUES ($1, $2, $3, $4, $5, $6, $7)",
                       {hostile, bytes, qint64(-9007199254740993LL), true, when, list, QVariant()}),
                 qPrintable(c.lastError().message));
        const auto rows = c.exec("SELECT t, b, i, f, d, a, n FROM v");
        QVERIFY(rows);
        QCOMPARE(rows->size(), 1);
        QCOMPARE(rows->at(0, 0).toString(), hostile);
        QCOMPARE(rows->at(0, 1).toByteArray(), bytes);
        QCOMPARE(rows->at(0, 2).toLongLong(), qint64(-9007199254740993LL));
        QCOMPARE(rows->at(0, 3).toBool(), true);
        QCOMPARE(rows->at(0, 4).toDateTime(), when);
        QCOMPARE(rows->at(0, 5).toStringList(), list);
        QVERIFY(!rows->at(0, 6).isValid());
        // A NUL cannot be in a PostgreSQL text: refused before anything is sent.
        QVERIFY(!c.run("INSERT INTO v (t) VALUES ($1)", {QStringLiteral("a") + QChar(0)}));
        QCOMPARE(c.lastError().kind, PgError::Kind::Invalid);
        const auto count = c.exec("SELECT count(*) FROM v");
        QVERIFY(count);
        QCOMPARE(count->at(0, 0).toLongLong(), 1);
    }

    void wrongPasswordIsReadableAndHidden()
    {
        const QString secret = QStringLiteral("Sekr3t-Wr0ng:p@ss/word");
        PgConnection c(parse(m_peer->urlWithPassword(secret)));
        QVERIFY(!c.open());
        const QString message = c.lastError().message;
        QCOMPARE(c.lastError().kind, PgError::Kind::Unreachable);
        QVERIFY2(message.contains(QLatin1String("password authentication failed")),
                 qPrintable(message));
        QVERIFY2(message.contains(QLatin1String("PostgreSQL is unreachable")), qPrintable(message));
        QVERIFY2(!message.contains(QLatin1String("Sekr3t")), qPrintable(message));
        QVERIFY(!c.address().describe().contains(QLatin1String("Sekr3t")));
        // A statement on it says the same, without the password either.
        QVERIFY(!c.run("SELECT 1"));
        QVERIFY(!c.lastError().message.contains(QLatin1String("Sekr3t")));
        // Nor when the address itself is broken and libpq quotes it back.
        QString error;
        QVERIFY(!PgAddress::parse(
            QStringLiteral("postgresql://hoist:Sekr3t%zz@127.0.0.1:notaport/db"), &error));
        QVERIFY2(!error.isEmpty() && !error.contains(QLatin1String("Sekr3t")), qPrintable(error));
        QVERIFY(!PgAddress::parse(QStringLiteral("host=x password='Sekr3t' bogus=1"), &error));
        QVERIFY2(!error.contains(QLatin1String("Sekr3t")), qPrintable(error));
        // The right password works (the failure above was the password's).
        PgConnection right(parse(m_peer->url()));
        QVERIFY2(right.open(), qPrintable(right.lastError().message));
    }

    void statementTimeout()
    {
        PgConnection::Options options;
        options.statementTimeout = 300ms;
        int observed = 0;
        int observedFailures = 0;
        std::chrono::nanoseconds longest{0};
        options.observer = [&](std::chrono::nanoseconds took, bool ok) {
            ++observed;
            observedFailures += ok ? 0 : 1;
            longest = qMax(longest, took);
        };
        PgConnection c(parse(m_peer->url()), options);
        QElapsedTimer timer;
        timer.start();
        QVERIFY(!c.run("SELECT pg_sleep(20)"));
        QCOMPARE(c.lastError().kind, PgError::Kind::Timeout);
        QCOMPARE(c.lastError().sqlState, QStringLiteral("57014"));
        QVERIFY2(timer.elapsed() < 10000, qPrintable(QString::number(timer.elapsed())));
        // The connection stays usable.
        QVERIFY(c.run("SELECT 1"));
        QCOMPARE(c.connects(), 1);
        // Both statements were timed for /metrics, the cancelled one as a failure.
        QCOMPARE(observed, 2);
        QCOMPARE(observedFailures, 1);
        QVERIFY(longest >= 250ms);
    }

    void unreachableThenBack()
    {
        PgConnection c(parse(m_peer->url()));
        QVERIFY(c.run("CREATE TABLE r (n int)"));
        QCOMPARE(c.connects(), 1);
        // Restarted between two statements: the next one reconnects on its own.
        QVERIFY2(m_peer->restartServer(), qPrintable(m_peer->errorString()));
        QVERIFY2(c.run("INSERT INTO r VALUES (1)"), qPrintable(c.lastError().message));
        QCOMPARE(c.connects(), 2);
        // Down: a readable error the store can answer 503 with; back: the next call works.
        QVERIFY2(m_peer->stopServer(), qPrintable(m_peer->errorString()));
        QVERIFY(!c.run("INSERT INTO r VALUES (2)"));
        QCOMPARE(c.lastError().kind, PgError::Kind::Unreachable);
        QVERIFY2(c.lastError().message.startsWith(QLatin1String("PostgreSQL is unreachable")),
                 qPrintable(c.lastError().message));
        QVERIFY(!c.lastError().message.contains(m_peer->password()));
        QVERIFY2(m_peer->startServer(), qPrintable(m_peer->errorString()));
        QVERIFY2(c.run("INSERT INTO r VALUES (3)"), qPrintable(c.lastError().message));
        const auto rows = c.exec("SELECT n FROM r ORDER BY n");
        QVERIFY(rows);
        QCOMPARE(rows->size(), 2);
        QCOMPARE(rows->at(1, 0).toLongLong(), 3);
    }

    void restartMidTransactionLosesItWhole()
    {
        PgConnection c(parse(m_peer->url()));
        QVERIFY(c.run("CREATE TABLE m (n int)"));
        bool restarted = false;
        const bool ok = c.transaction([&](PgConnection &t) {
            if (!t.run("INSERT INTO m VALUES (1)"))
                return false;
            restarted = m_peer->restartServer();
            return t.run("INSERT INTO m VALUES (2)");
        });
        QVERIFY2(restarted, qPrintable(m_peer->errorString()));
        QVERIFY(!ok);
        QCOMPARE(c.lastError().kind, PgError::Kind::Unreachable);
        QVERIFY(!c.inTransaction());
        // Nothing of it was kept, and the next call works on a new connection.
        const auto rows = c.exec("SELECT count(*) FROM m");
        QVERIFY2(rows, qPrintable(c.lastError().message));
        QCOMPARE(rows->at(0, 0).toLongLong(), 0);
        QCOMPARE(c.connects(), 2);
    }

    void transactionRetriesSerializationFailure()
    {
        PgConnection a(parse(m_peer->url()));
        PgConnection b(parse(m_peer->url()));
        QVERIFY(a.run("CREATE TABLE c (id int PRIMARY KEY, v int)"));
        QVERIFY(a.run("INSERT INTO c VALUES (1, 0)"));
        int attempts = 0;
        const bool ok = a.transaction(
            [&](PgConnection &t) {
                ++attempts;
                if (!t.run("SELECT v FROM c WHERE id = 1"))
                    return false;
                // Another session changes the row after this snapshot, once.
                if (attempts == 1 && !b.run("UPDATE c SET v = v + 1 WHERE id = 1"))
                    return false;
                return t.run("UPDATE c SET v = v + 10 WHERE id = 1");
            },
            5, "REPEATABLE READ");
        QVERIFY2(ok, qPrintable(a.lastError().message));
        QCOMPARE(attempts, 2);
        const auto rows = a.exec("SELECT v FROM c");
        QCOMPARE(rows->at(0, 0).toLongLong(), 11);
        // A body that gives up rolls back.
        QVERIFY(!a.transaction([](PgConnection &t) {
            t.run("UPDATE c SET v = 0");
            return false;
        }));
        QCOMPARE(a.exec("SELECT v FROM c")->at(0, 0).toLongLong(), 11);
        QVERIFY(!a.inTransaction());
    }

    void poolHandsEachConnectionToOneThread()
    {
        PgPool pool(parse(m_peer->url()), {}, 3);
        QAtomicInt inUse;
        QAtomicInt most;
        QAtomicInt failures;
        std::vector<std::unique_ptr<QThread>> threads;
        for (int i = 0; i < 6; ++i) {
            threads.emplace_back(QThread::create([&] {
                for (int n = 0; n < 10; ++n) {
                    PgPool::Handle c = pool.acquire();
                    if (!c) {
                        failures.fetchAndAddRelaxed(1);
                        continue;
                    }
                    const int now = inUse.fetchAndAddOrdered(1) + 1;
                    int seen = most.loadAcquire();
                    while (now > seen && !most.testAndSetOrdered(seen, now))
                        seen = most.loadAcquire();
                    if (!c->run("SELECT pg_sleep(0.005)"))
                        failures.fetchAndAddRelaxed(1);
                    inUse.fetchAndAddOrdered(-1);
                }
            }));
            threads.back()->start();
        }
        for (auto &t : threads)
            QVERIFY(t->wait(60000));
        QCOMPARE(failures.loadRelaxed(), 0);
        QVERIFY(most.loadRelaxed() <= 3);
        QVERIFY(most.loadRelaxed() >= 2);
        QCOMPARE(pool.idle(), 3);
        // Only three sessions were ever opened.
        PgConnection c(parse(m_peer->url()));
        const auto rows = c.exec("SELECT count(*) FROM pg_stat_activity "
                                 "WHERE datname = current_database() AND pid <> pg_backend_pid()");
        QCOMPARE(rows->at(0, 0).toLongLong(), 3);
    }
};

QTEST_GUILESS_MAIN(TestPgConnection)
#include "tst_pgconnection.moc"
