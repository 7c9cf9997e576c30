#pragma once

#include "pgaddress.h"

#include <QByteArray>
#include <QList>
#include <QString>
#include <QVariant>

#include <chrono>
#include <functional>
#include <optional>

typedef struct pg_conn PGconn;

// Why a statement failed, as the caller must act on it.
struct PgError {
    enum class Kind {
        None,
        Unreachable, // no connection (server down, restarting, network): 503 + Retry-After
        Retry,       // serialization failure or deadlock: run the transaction again
        Timeout,     // statement_timeout or lock_timeout cancelled it
        Unique,      // a unique constraint refused the row
        Invalid,     // a parameter hoistd refuses to send (a NUL in a text)
        Other,       // anything else: a bug or a broken schema
    };
    Kind kind = Kind::None;
    QString sqlState; // five characters, as PostgreSQL reports it; empty when none
    QString message;  // for the log: never the password
    explicit operator bool() const { return kind != Kind::None; }
};

// The rows a statement returned, converted by column type: int2/4/8 -> qint64, bool -> bool,
// bytea -> QByteArray, timestamptz -> QDateTime (UTC), float -> double, anything else ->
// QString; SQL NULL -> an invalid QVariant.
struct PgRows {
    QList<QList<QVariant>> rows;
    qint64 affected = 0; // rows an INSERT/UPDATE/DELETE touched
    int size() const { return int(rows.size()); }
    bool isEmpty() const { return rows.isEmpty(); }
    const QVariant &at(int row, int column) const { return rows.at(row).at(column); }
};

// One libpq connection to hoistd's index. Used by one thread at a time (libpq's rule; PgPool
// hands it out); blocking. Statements are parameterised only: exec() sends client-given values
// as $1, $2... (QString as text, QByteArray as bytea, integers, bool, QDateTime, null), never
// spliced into SQL. Every session runs in UTC with ISO dates, the given statement_timeout, and
// connect_timeout for each connection attempt.
//
// The server going away: a connection found broken before a statement (the server closed it:
// restart, crash, idle kill) is reopened first, at no cost to the caller; one that breaks during
// a statement fails that statement with Kind::Unreachable (its outcome is unknown outside a
// transaction), and the next call connects again. Error texts go through PgAddress::redact().
class PgConnection final {
    Q_DISABLE_COPY_MOVE(PgConnection)
public:
    struct Options {
        std::chrono::seconds connectTimeout{5};
        std::chrono::milliseconds statementTimeout{10000};
        QString applicationName = QStringLiteral("hoistd");
        // Told how long each statement took and whether it succeeded (for /metrics'
        // PostgreSQL request durations); called on the calling thread, so it must be
        // thread-safe (HoistdMetrics is lock-free).
        std::function<void(std::chrono::nanoseconds, bool ok)> observer;
    };
    PgConnection(PgAddress address, Options options);
    PgConnection(PgAddress address);
    ~PgConnection();

    // Connects unless connected; false with lastError() set.
    bool open();
    void close();
    bool isOpen() const;
    const PgError &lastError() const { return m_error; }
    const PgAddress &address() const { return m_address; }

    // One statement with parameters $1...; nullopt on failure (lastError()).
    std::optional<PgRows> exec(const char *sql, const QVariantList &params = {});
    // The same for statements that return nothing worth reading; false on failure.
    bool run(const char *sql, const QVariantList &params = {});

    // BEGIN; `body`; COMMIT. `body` returns false to roll back (lastError() stays as it left
    // it). A serialization failure or deadlock (Kind::Retry), in the body or at COMMIT, runs
    // the whole transaction again, up to `attempts` times. `isolation`: e.g. "SERIALIZABLE".
    bool transaction(const std::function<bool(PgConnection &)> &body, int attempts = 5,
                     const char *isolation = "READ COMMITTED");
    bool inTransaction() const { return m_depth > 0; }

    // LISTEN/NOTIFY. A channel name: [a-z0-9_]{1,63}, checked (LISTEN cannot take a parameter).
    bool listen(const QString &channel);
    bool notify(const QString &channel, const QString &payload);
    struct Notification {
        QString channel;
        QString payload;
        int senderPid = 0;
    };
    // Notifications already received, then waits up to `timeout` for one (poll() on the
    // connection's socket; no event loop needed). Empty on timeout or error. A connection that
    // was reopened has lost its LISTENs: reconnected() tells, and listen() must be called again.
    QList<Notification> waitForNotifications(std::chrono::milliseconds timeout);
    // The socket to watch for notifications (PQsocket); -1 when not connected.
    int socket() const;
    // Reads what arrived on socket() and returns the notifications in it (for a QSocketNotifier
    // owner); a broken connection sets lastError() to Unreachable.
    QList<Notification> takeNotifications();
    // How many times the connection was (re)opened; a listener compares it to re-LISTEN.
    int connects() const { return m_connects; }

    static bool isChannelName(const QString &name);

private:
    bool ensureOpen();
    bool stillConnected();
    void fail(PgError::Kind kind, const QString &sqlState, const QString &message);
    void failFromConnection(const QString &what);

    PgAddress m_address;
    Options m_options;
    PGconn *m_conn = nullptr;
    PgError m_error;
    int m_depth = 0;
    int m_connects = 0;
};
