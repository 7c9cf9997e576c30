#include "uploadindex.h"

#include <QSqlError>
#include <QSqlQuery>
#include <QVariant>

namespace {
constexpr int SchemaVersion = 4; // 2: concat, parts; 3: finished; 4: named

QVariant timeValue(const QDateTime &t)
{
    return t.isValid() ? QVariant(t.toMSecsSinceEpoch()) : QVariant();
}

// Qt binds a null QString or QByteArray as SQL NULL; these columns are NOT NULL, empty allowed.
QString text(const QString &s)
{
    return s.isNull() ? QStringLiteral("") : s;
}

QByteArray blob(const QByteArray &b)
{
    return b.isNull() ? QByteArray("") : b;
}

QDateTime timeFrom(const QVariant &v)
{
    return v.isNull() ? QDateTime() : QDateTime::fromMSecsSinceEpoch(v.toLongLong(), Qt::UTC);
}
} // namespace

UploadIndex::UploadIndex(const QString &databasePath, QObject *parent)
    : QObject(parent)
    , m_path(databasePath)
    , m_connection(QStringLiteral("hoistd-index-%1").arg(quintptr(this), 0, 16))
{
}

UploadIndex::~UploadIndex()
{
    close();
}

bool UploadIndex::open(QString *error)
{
    m_db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), m_connection);
    m_db.setDatabaseName(m_path);
    if (!m_db.open()) {
        *error = m_db.lastError().text();
        return false;
    }
    // FULL: the offset a client is told must survive a power cut, not only a crash.
    const bool ok =
        exec(QStringLiteral("PRAGMA journal_mode=WAL"))
        && exec(QStringLiteral("PRAGMA synchronous=FULL"))
        && exec(QStringLiteral("CREATE TABLE IF NOT EXISTS uploads ("
                               " id TEXT PRIMARY KEY,"
                               " length INTEGER NOT NULL," // -1: deferred
                               " offset INTEGER NOT NULL,"
                               " metadata BLOB NOT NULL,"
                               " filename TEXT NOT NULL,"
                               " created INTEGER NOT NULL,"
                               " expires INTEGER,"
                               " owner TEXT NOT NULL,"
                               " content_hash BLOB NOT NULL)"))
        && addColumn(QStringLiteral("concat"), QStringLiteral("INTEGER NOT NULL DEFAULT 0"))
        && addColumn(QStringLiteral("parts"), QStringLiteral("TEXT NOT NULL DEFAULT ''"))
        && addColumn(QStringLiteral("finished"), QStringLiteral("INTEGER"))
        && addColumn(QStringLiteral("named"), QStringLiteral("TEXT NOT NULL DEFAULT ''"))
        && exec(QStringLiteral("PRAGMA user_version=%1").arg(SchemaVersion));
    if (!ok)
        *error = m_lastError;
    return ok;
}

void UploadIndex::close()
{
    if (!m_db.isValid())
        return;
    m_db.close();
    m_db = QSqlDatabase();
    QSqlDatabase::removeDatabase(m_connection);
}

bool UploadIndex::exec(const QString &sql)
{
    QSqlQuery query(m_db);
    if (query.exec(sql))
        return true;
    noteError(query.lastError());
    return false;
}

bool UploadIndex::addColumn(const QString &name, const QString &type)
{
    // By name rather than by user_version, so an index from any earlier hoistd gains what it lacks.
    QSqlQuery query(m_db);
    if (!query.exec(QStringLiteral("PRAGMA table_info(uploads)"))) {
        noteError(query.lastError());
        return false;
    }
    while (query.next()) {
        if (query.value(1).toString() == name)
            return true;
    }
    return exec(QStringLiteral("ALTER TABLE uploads ADD COLUMN %1 %2").arg(name, type));
}

QList<UploadRecord> UploadIndex::all(bool *ok)
{
    QList<UploadRecord> out;
    QSqlQuery query(m_db);
    *ok = query.exec(QStringLiteral("SELECT id, length, offset, metadata, filename, created, "
                                    "expires, owner, content_hash, concat, parts, finished, "
                                    "named FROM uploads"));
    if (!*ok) {
        noteError(query.lastError());
        return out;
    }
    while (query.next()) {
        UploadRecord r;
        r.id = query.value(0).toString();
        r.length = query.value(1).toLongLong();
        r.offset = query.value(2).toLongLong();
        r.metadata = query.value(3).toByteArray();
        r.filename = query.value(4).toString();
        r.created = timeFrom(query.value(5));
        r.expires = timeFrom(query.value(6));
        r.owner = query.value(7).toString();
        r.contentHash = query.value(8).toByteArray();
        r.concat = UploadRecord::Concat(qBound(0, query.value(9).toInt(), 2));
        const QString parts = query.value(10).toString();
        if (!parts.isEmpty())
            r.parts = parts.split(QLatin1Char(' '));
        r.finished = timeFrom(query.value(11));
        r.namedPath = query.value(12).toString();
        out.append(r);
    }
    return out;
}

bool UploadIndex::insert(const UploadRecord &r)
{
    QSqlQuery query(m_db);
    query.prepare(QStringLiteral("INSERT INTO uploads (id, length, offset, metadata, filename, "
                                 "created, expires, owner, content_hash, concat, parts, finished, "
                                 "named) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"));
    query.addBindValue(r.id);
    query.addBindValue(r.length);
    query.addBindValue(r.offset);
    query.addBindValue(blob(r.metadata));
    query.addBindValue(text(r.filename));
    query.addBindValue(timeValue(r.created));
    query.addBindValue(timeValue(r.expires));
    query.addBindValue(text(r.owner));
    query.addBindValue(blob(r.contentHash));
    query.addBindValue(int(r.concat));
    query.addBindValue(text(r.parts.join(QLatin1Char(' '))));
    query.addBindValue(timeValue(r.finished));
    query.addBindValue(text(r.namedPath));
    if (query.exec())
        return true;
    noteError(query.lastError());
    return false;
}

bool UploadIndex::insertReplacing(const UploadRecord &record, const QStringList &replaced)
{
    if (!m_db.transaction()) {
        noteError(m_db.lastError());
        return false;
    }
    bool ok = insert(record);
    for (const QString &id : replaced)
        ok = ok && remove(id);
    if (ok && m_db.commit())
        return true;
    if (ok)
        noteError(m_db.lastError());
    m_db.rollback();
    return false;
}

bool UploadIndex::update(const UploadRecord &r)
{
    QSqlQuery query(m_db);
    query.prepare(QStringLiteral("UPDATE uploads SET length = ?, offset = ?, expires = ?, "
                                 "content_hash = ?, finished = ?, named = ? WHERE id = ?"));
    query.addBindValue(r.length);
    query.addBindValue(r.offset);
    query.addBindValue(timeValue(r.expires));
    query.addBindValue(blob(r.contentHash));
    query.addBindValue(timeValue(r.finished));
    query.addBindValue(text(r.namedPath));
    query.addBindValue(r.id);
    if (query.exec())
        return true;
    noteError(query.lastError());
    return false;
}

bool UploadIndex::remove(const QString &id)
{
    QSqlQuery query(m_db);
    query.prepare(QStringLiteral("DELETE FROM uploads WHERE id = ?"));
    query.addBindValue(id);
    if (query.exec())
        return true;
    noteError(query.lastError());
    return false;
}

void UploadIndex::noteError(const QSqlError &error)
{
    m_lastError = error.text();
    // SQLite's primary result code, also when the driver reports an extended one.
    constexpr int SqliteFull = 13;
    m_lastFull = (error.nativeErrorCode().toInt() & 0xff) == SqliteFull;
}

StoreFailure UploadIndex::failure(const QString &what) const
{
    return {m_lastFull ? StoreFailure::Kind::Full : StoreFailure::Kind::Storage,
            QStringLiteral("%1: %2").arg(what, m_lastError),
            {}};
}
