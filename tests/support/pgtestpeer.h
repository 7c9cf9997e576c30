#pragma once

#include "pgaddress.h"

#include <QString>

#include <optional>

// The shared PostgreSQL of the test run (tests/support/pg/pg.sh, ctest fixture `pg`): start()
// makes a database of the test's own (a random name), dropped again when the peer goes, so that
// tests never see each other's rows. stopServer()/startServer()/restartServer() act on the whole
// server (pg.sh stop-server / start-server / restart): suites doing that take RESOURCE_LOCK pg,
// which every hoist_test(... PG) has.
class PgTestPeer final {
    Q_DISABLE_COPY_MOVE(PgTestPeer)
public:
    PgTestPeer();
    ~PgTestPeer();

    // Whether HOIST_PG_ENV names a running fixture; false with the reason in `why`.
    static bool available(QString *why = nullptr);

    bool start();
    // Empties the database for another test (ClusterStoreView's reuse, far cheaper than a new
    // database): ends every other session on it (a killed hoistd's, should one linger, with its
    // advisory locks and LISTENs) and truncates every table but schema_version, whose schema
    // stays. False (errorString()) when it could not: the database is then not to be reused.
    bool clear();
    QString errorString() const { return m_error; }
    QString database() const { return m_database; }

    // postgresql://USER:PASSWORD@127.0.0.1:PORT/DB (over TCP, password checked)
    QString url() const;
    // The same with another password (to see it refused).
    QString urlWithPassword(const QString &password) const;
    // host=/socket/dir port=PORT dbname=DB user=USER (over the Unix socket, trusted)
    QString socketSpec() const;
    PgAddress address() const;
    QString password() const { return m_password; }
    quint16 port() const { return m_port; }

    bool stopServer();
    bool startServer();
    bool restartServer();

private:
    bool script(const QString &command);
    bool admin(const QByteArray &sql); // on the `postgres` database

    QString m_dir;
    QString m_host;
    quint16 m_port = 0;
    QString m_socketDir;
    QString m_user;
    QString m_password;
    QString m_database;
    QString m_error;
};
