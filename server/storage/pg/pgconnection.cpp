#include "pgconnection.h"

#include "pgvalues.h"

#include <QElapsedTimer>
#include <QRegularExpression>

#include <libpq-fe.h>
#include <poll.h>

namespace {
// How often a connection is read before a statement to see whether the server closed it.
constexpr int ReadsBeforeStatement = 3;

// The server's notices (a FATAL before it closes a connection, WARNINGs) would go to stderr;
// what matters of them reaches the caller as an error.
void ignoreNotice(void *, const char *) {}

// SQLSTATEs (PostgreSQL's appendix A) that decide what the caller does.
PgError::Kind kindOf(const QString &state)
{
    if (state == QLatin1String("40001") || state == QLatin1String("40P01"))
        return PgError::Kind::Retry; // serialization_failure, deadlock_detected
    if (state == QLatin1String("57014") || state == QLatin1String("55P03"))
        return PgError::Kind::Timeout; // query_canceled (statement_timeout), lock_not_available
    if (state == QLatin1String("23505"))
        return PgError::Kind::Unique;
    if (state.startsWith(QLatin1String("08")) || state == QLatin1String("57P01")
        || state == QLatin1String("57P02") || state == QLatin1String("57P03"))
        return PgError::Kind::Unreachable; // connection exceptions, shutdown, starting up
    return PgError::Kind::Other;
}
} // namespace

PgConnection::PgConnection(PgAddress address, Options options)
    : m_address(std::move(address))
    , m_options(std::move(options))
{
}

PgConnection::PgConnection(PgAddress address)
    : PgConnection(std::move(address), Options())
{
}

PgConnection::~PgConnection()
{
    close();
}

bool PgConnection::isOpen() const
{
    return m_conn && PQstatus(m_conn) == CONNECTION_OK;
}

void PgConnection::close()
{
    if (m_conn)
        PQfinish(m_conn);
    m_conn = nullptr;
    m_depth = 0;
}

void PgConnection::fail(PgError::Kind kind, const QString &sqlState, const QString &message)
{
    m_error.kind = kind;
    m_error.sqlState = sqlState;
    m_error.message = m_address.redact(message);
}

void PgConnection::failFromConnection(const QString &what)
{
    const QString cause = m_conn ? QString::fromUtf8(PQerrorMessage(m_conn)).trimmed()
                                 : QStringLiteral("no connection");
    fail(PgError::Kind::Unreachable, {},
         QStringLiteral("PostgreSQL is unreachable (%1): %2: %3")
             .arg(m_address.describe(), what, cause.simplified()));
    close();
}

bool PgConnection::open()
{
    m_error = {};
    if (isOpen())
        return true;
    close();
    const auto keywords = m_address.keywords(
        {{"connect_timeout", QByteArray::number(qint64(m_options.connectTimeout.count()))},
         {"application_name", m_options.applicationName.toUtf8()},
         {"client_encoding", "UTF8"}});
    QList<const char *> keys;
    QList<const char *> values;
    for (const auto &kv : keywords) {
        keys.append(kv.first.constData());
        values.append(kv.second.constData());
    }
    keys.append(nullptr);
    values.append(nullptr);
    m_conn = PQconnectdbParams(keys.constData(), values.constData(), 0);
    if (!m_conn || PQstatus(m_conn) != CONNECTION_OK) {
        failFromConnection(QStringLiteral("cannot connect"));
        return false;
    }
    PQsetNoticeProcessor(m_conn, ignoreNotice, nullptr);
    // Constants only; every session reads and writes times in UTC, ISO style.
    const QByteArray setup = "SET TimeZone = 'UTC'; SET DateStyle = 'ISO, YMD'; "
                             "SET statement_timeout = "
                             + QByteArray::number(qint64(m_options.statementTimeout.count()));
    PGresult *result = PQexec(m_conn, setup.constData());
    const bool ok = PQresultStatus(result) == PGRES_COMMAND_OK;
    PQclear(result);
    if (!ok) {
        failFromConnection(QStringLiteral("cannot set up the session"));
        return false;
    }
    ++m_connects;
    return true;
}

bool PgConnection::stillConnected()
{
    // Reads what the server sent meanwhile without waiting: a server that shut down or restarted
    // has sent a FATAL and closed this connection, which shows here rather than on a statement.
    // The end of the stream comes after the FATAL, so read until nothing more is readable.
    for (int i = 0; i < ReadsBeforeStatement; ++i) {
        if (!PQconsumeInput(m_conn) || PQstatus(m_conn) != CONNECTION_OK)
            return false;
        pollfd fd{PQsocket(m_conn), POLLIN, 0};
        if (::poll(&fd, 1, 0) <= 0)
            return true;
    }
    return true;
}

bool PgConnection::ensureOpen()
{
    m_error = {};
    if (m_conn && PQstatus(m_conn) == CONNECTION_OK) {
        if (stillConnected())
            return true;
        if (m_depth > 0) { // the transaction is lost with it
            failFromConnection(QStringLiteral("the connection broke during a transaction"));
            return false;
        }
    }
    if (m_depth > 0) {
        fail(PgError::Kind::Unreachable, {},
             QStringLiteral("PostgreSQL is unreachable (%1): the connection broke during a "
                            "transaction")
                 .arg(m_address.describe()));
        return false;
    }
    return open();
}

std::optional<PgRows> PgConnection::exec(const char *sql, const QVariantList &params)
{
    if (!ensureOpen())
        return std::nullopt;
    PgParams bound;
    QString invalid;
    if (!bound.bind(params, &invalid)) {
        fail(PgError::Kind::Invalid, {}, invalid);
        return std::nullopt;
    }
    QElapsedTimer timer;
    timer.start();
    PGresult *result = PQexecParams(m_conn, sql, bound.count(), bound.types(), bound.values(),
                                    bound.lengths(), bound.formats(), 0);
    const ExecStatusType status = PQresultStatus(result);
    if (m_options.observer)
        m_options.observer(std::chrono::nanoseconds(timer.nsecsElapsed()),
                           status == PGRES_TUPLES_OK || status == PGRES_COMMAND_OK);
    if (status == PGRES_TUPLES_OK || status == PGRES_COMMAND_OK) {
        PgRows rows = pgRowsOf(result);
        PQclear(result);
        return rows;
    }
    const QString state = QString::fromLatin1(PQresultErrorField(result, PG_DIAG_SQLSTATE));
    const QString message = QString::fromUtf8(PQresultErrorMessage(result)).trimmed();
    PQclear(result);
    if (PQstatus(m_conn) != CONNECTION_OK) {
        failFromConnection(QStringLiteral("the connection broke"));
        if (!state.isEmpty())
            m_error.sqlState = state;
        return std::nullopt;
    }
    const PgError::Kind kind = kindOf(state);
    if (kind == PgError::Kind::Unreachable) {
        fail(kind, state,
             QStringLiteral("PostgreSQL is unreachable (%1): %2")
                 .arg(m_address.describe(), message.simplified()));
        close();
        return std::nullopt;
    }
    fail(kind, state, message.simplified());
    return std::nullopt;
}

bool PgConnection::run(const char *sql, const QVariantList &params)
{
    return exec(sql, params).has_value();
}

bool PgConnection::transaction(const std::function<bool(PgConnection &)> &body, int attempts,
                               const char *isolation)
{
    const QByteArray begin = QByteArray("BEGIN ISOLATION LEVEL ") + isolation;
    for (int attempt = 1;; ++attempt) {
        if (!run(begin.constData()))
            return false;
        m_depth = 1;
        bool ok = body(*this);
        if (ok) {
            ok = run("COMMIT");
        } else if (isOpen()) {
            const PgError error = m_error;
            run("ROLLBACK");
            if (!m_error)
                m_error = error;
        }
        m_depth = 0;
        if (ok)
            return true;
        if (m_error.kind != PgError::Kind::Retry || attempt >= attempts)
            return false;
    }
}

bool PgConnection::isChannelName(const QString &name)
{
    static const QRegularExpression pattern(
        QRegularExpression::anchoredPattern(QStringLiteral("[a-z0-9_]{1,63}")));
    return pattern.match(name).hasMatch();
}

bool PgConnection::listen(const QString &channel)
{
    if (!isChannelName(channel)) {
        fail(PgError::Kind::Invalid, {}, QStringLiteral("not a channel name"));
        return false;
    }
    // LISTEN takes no parameter; the name was checked to be a plain lower-case identifier.
    return run(("LISTEN " + channel.toLatin1()).constData());
}

bool PgConnection::notify(const QString &channel, const QString &payload)
{
    if (!isChannelName(channel)) {
        fail(PgError::Kind::Invalid, {}, QStringLiteral("not a channel name"));
        return false;
    }
    return run("SELECT pg_notify($1, $2)", {channel, payload});
}

int PgConnection::socket() const
{
    return m_conn ? PQsocket(m_conn) : -1;
}

QList<PgConnection::Notification> PgConnection::takeNotifications()
{
    QList<Notification> out;
    m_error = {};
    if (!m_conn)
        return out;
    if (!PQconsumeInput(m_conn) || PQstatus(m_conn) != CONNECTION_OK) {
        failFromConnection(QStringLiteral("the connection broke"));
        return out;
    }
    while (PGnotify *n = PQnotifies(m_conn)) {
        out.append({QString::fromUtf8(n->relname), QString::fromUtf8(n->extra), n->be_pid});
        PQfreemem(n);
    }
    return out;
}

QList<PgConnection::Notification>
PgConnection::waitForNotifications(std::chrono::milliseconds timeout)
{
    m_error = {};
    QList<Notification> out = takeNotifications();
    if (!out.isEmpty() || !m_conn)
        return out;
    pollfd fd{PQsocket(m_conn), POLLIN, 0};
    if (::poll(&fd, 1, int(timeout.count())) > 0)
        out = takeNotifications();
    return out;
}
