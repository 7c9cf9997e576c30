#include "pgtestpeer.h"

#include "pgconnection.h"

#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QRandomGenerator>
#include <QUrl>

namespace {
constexpr int ScriptTimeoutMs = 90000;

QString pgScript()
{
    return QStringLiteral(HOIST_TEST_SOURCE_DIR "/support/pg/pg.sh");
}

// KEY=VALUE lines of the fixture's env file.
std::optional<QHash<QString, QString>> readEnv(QString *why)
{
    const QString path = qEnvironmentVariable("HOIST_PG_ENV");
    if (path.isEmpty()) {
        *why = QStringLiteral("HOIST_PG_ENV is not set (run through ctest: fixture pg)");
        return std::nullopt;
    }
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        *why = QStringLiteral("cannot read %1 (did pg_peer_start run?)").arg(path);
        return std::nullopt;
    }
    QHash<QString, QString> env;
    for (const QByteArray &line : file.readAll().split('\n')) {
        const qsizetype eq = line.indexOf('=');
        if (line.startsWith('#') || eq < 1)
            continue;
        env.insert(QString::fromUtf8(line.left(eq)), QString::fromUtf8(line.mid(eq + 1)));
    }
    return env;
}
} // namespace

PgTestPeer::PgTestPeer() = default;

PgTestPeer::~PgTestPeer()
{
    if (!m_database.isEmpty())
        admin("DROP DATABASE IF EXISTS " + m_database.toLatin1() + " WITH (FORCE)");
}

bool PgTestPeer::available(QString *why)
{
    QString reason;
    const bool ok = readEnv(&reason).has_value();
    if (why)
        *why = reason;
    return ok;
}

bool PgTestPeer::start()
{
    const auto env = readEnv(&m_error);
    if (!env)
        return false;
    m_dir = QFileInfo(qEnvironmentVariable("HOIST_PG_ENV")).absolutePath();
    m_host = env->value(QStringLiteral("HOIST_PG_HOST"));
    m_port = quint16(env->value(QStringLiteral("HOIST_PG_PORT")).toUInt());
    m_socketDir = env->value(QStringLiteral("HOIST_PG_SOCKET_DIR"));
    m_user = env->value(QStringLiteral("HOIST_PG_USER"));
    m_password = env->value(QStringLiteral("HOIST_PG_PASSWORD"));
    const QString name = QStringLiteral("t_%1").arg(QRandomGenerator::system()->generate64(), 16,
                                                    16, QLatin1Char('0'));
    if (!admin("CREATE DATABASE " + name.toLatin1()))
        return false;
    m_database = name;
    return true;
}

bool PgTestPeer::clear()
{
    if (m_database.isEmpty())
        return false;
    // Our own names only: nothing from outside.
    if (!admin("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '"
               + m_database.toLatin1() + "' AND pid <> pg_backend_pid()"))
        return false;
    QString error;
    const auto address = PgAddress::parse(socketSpec(), &error);
    if (!address) {
        m_error = error;
        return false;
    }
    PgConnection c(*address);
    // TRUNCATE waits for the locks of sessions still ending; one statement for all tables, so
    // that their foreign keys need no order.
    if (!c.run(R"(DO $$
                  DECLARE tables text;
                  BEGIN
                    SELECT string_agg(quote_ident(tablename), ', ') INTO tables
                      FROM pg_tables
                     WHERE schemaname = 'public' AND tablename <> 'schema_version';
                    IF tables IS NOT NULL THEN
                      EXECUTE 'TRUNCATE ' || tables;
                    END IF;
                  END $$)")) {
        m_error = c.lastError().message;
        return false;
    }
    return true;
}

bool PgTestPeer::admin(const QByteArray &sql)
{
    QString error;
    const auto address = PgAddress::parse(QStringLiteral("host=%1 port=%2 dbname=postgres user=%3")
                                              .arg(m_socketDir)
                                              .arg(m_port)
                                              .arg(m_user),
                                          &error);
    if (!address) {
        m_error = error;
        return false;
    }
    PgConnection c(*address);
    if (!c.run(sql.constData())) { // our own names only: nothing from outside
        m_error = c.lastError().message;
        return false;
    }
    return true;
}

QString PgTestPeer::url() const
{
    return urlWithPassword(m_password);
}

QString PgTestPeer::urlWithPassword(const QString &password) const
{
    // Concatenated: the encoded password holds '%', which arg() would take for a placeholder.
    return QStringLiteral("postgresql://") + m_user + QLatin1Char(':')
           + QString::fromLatin1(QUrl::toPercentEncoding(password)) + QLatin1Char('@') + m_host
           + QLatin1Char(':') + QString::number(m_port) + QLatin1Char('/') + m_database;
}

QString PgTestPeer::socketSpec() const
{
    return QStringLiteral("host=%1 port=%2 dbname=%3 user=%4")
        .arg(m_socketDir)
        .arg(m_port)
        .arg(m_database, m_user);
}

PgAddress PgTestPeer::address() const
{
    QString error;
    return *PgAddress::parse(url(), &error);
}

bool PgTestPeer::script(const QString &command)
{
    QProcess process;
    process.start(QStringLiteral("bash"), {pgScript(), command, m_dir});
    if (!process.waitForFinished(ScriptTimeoutMs) || process.exitCode() != 0) {
        m_error = QStringLiteral("pg.sh %1: %2")
                      .arg(command, QString::fromLocal8Bit(process.readAllStandardError()));
        return false;
    }
    return true;
}

bool PgTestPeer::stopServer()
{
    return script(QStringLiteral("stop-server"));
}

bool PgTestPeer::startServer()
{
    return script(QStringLiteral("start-server"));
}

bool PgTestPeer::restartServer()
{
    return script(QStringLiteral("restart"));
}
