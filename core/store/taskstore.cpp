#include "taskstore.h"

#include "damagedrows.h"
#include "sqliteresult.h"
#include "taskrow.h"
#include "taskschema.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QLoggingCategory>
#include <QSqlError>
#include <QSqlQuery>
#include <QSysInfo>
#include <atomic>

Q_LOGGING_CATEGORY(lcStore, "hoist.store")

namespace {
constexpr int BusyTimeoutMs = 5000;
// quick_check lists at most this many problems; a few are enough to say why.
constexpr int MaxReportedProblems = 5;

const QString DatabaseFile = QStringLiteral("hoist.db");
const QString LockFileName = QStringLiteral("hoist.lock");

// SQLite's primary result codes that mean "this file is not a database we can read".
constexpr int SqliteError = 1;
constexpr int SqliteCorrupt = 11;
constexpr int SqliteNotADatabase = 26;
// While writes fail (a full disk), what is pending is tried again this often.
constexpr int RetryIntervalMs = 1000;

std::atomic<quint64> nextConnection{0};
} // namespace

TaskStore::TaskStore(const QString &directory, QObject *parent)
    : QObject(parent)
    , m_directory(QDir(directory).absolutePath())
    , m_connectionName(QStringLiteral("hoist-store-%1").arg(nextConnection.fetch_add(1)))
    , m_lock(QDir(m_directory).filePath(LockFileName))
    , m_retry(this) // a child, so that moveToThread() takes it along
{
    // Age alone never makes a lock stale: a Hoist may run for days. A lock whose process is gone
    // (killed, crashed) is still taken over, by pid; flock() guards the holder meanwhile.
    m_lock.setStaleLockTime(0);
    m_retry.setSingleShot(true);
    m_retry.setInterval(RetryIntervalMs);
    connect(&m_retry, &QTimer::timeout, this, &TaskStore::retryPending);
}

TaskStore::~TaskStore()
{
    close();
}

QString TaskStore::databasePath() const
{
    return QDir(m_directory).filePath(DatabaseFile);
}

bool TaskStore::isOpen() const
{
    return m_open;
}

TaskStore::OpenResult TaskStore::open()
{
    OpenResult result;
    if (m_open) {
        result.error = tr("The task store in %1 is already open.").arg(m_directory);
        return result;
    }
    if (!QDir().mkpath(m_directory)) {
        result.error = tr("Cannot create the directory %1.").arg(m_directory);
        return result;
    }
    if (!m_lock.tryLock(0)) {
        result.error = lockError();
        return result;
    }

    QString error;
    QList<DamagedRows::Row> damaged;
    const Attempt first = openDatabase(&error, &result.tasks, &damaged);
    if (first == Attempt::Unreadable) {
        closeDatabase();
        result.tasks.clear();
        damaged.clear();
        QString movedTo;
        QString moveError;
        if (!moveAside(&movedTo, &moveError)) {
            m_lock.unlock();
            result.error = tr("The task database %1 is unreadable (%2) and could not be moved "
                              "aside: %3")
                               .arg(databasePath(), error, moveError);
            return result;
        }
        qCWarning(lcStore) << "unreadable database moved to" << movedTo << ":" << error;
        result.movedAside = movedTo;
        result.notice = tr("The task database %1 was unreadable (%2). It was moved to %3 and an "
                           "empty queue started.")
                            .arg(databasePath(), error, movedTo);
        if (openDatabase(&error, &result.tasks, &damaged) != Attempt::Ok) {
            closeDatabase();
            m_lock.unlock();
            result.error = tr("Cannot start a new task database in %1: %2").arg(m_directory, error);
            return result;
        }
    } else if (first == Attempt::Failed) {
        closeDatabase();
        m_lock.unlock();
        result.error = error;
        return result;
    }
    m_open = true;
    result.ok = true;
    if (!damaged.isEmpty()) {
        result.damagedRows = int(damaged.size());
        result.notice = DamagedRows::keepAside(m_db, damaged, databasePath());
    }
    return result;
}

QString TaskStore::lockError() const
{
    switch (m_lock.error()) {
    case QLockFile::LockFailedError: {
        qint64 pid = 0;
        QString host;
        QString app;
        if (!m_lock.getLockInfo(&pid, &host, &app))
            return tr("Another Hoist is using %1.").arg(m_directory);
        if (!host.isEmpty() && host != QSysInfo::machineHostName())
            return tr("Another Hoist (pid %1 on %2) is using %3.").arg(pid).arg(host, m_directory);
        return tr("Another Hoist (pid %1) is using %2.").arg(pid).arg(m_directory);
    }
    case QLockFile::PermissionError:
        return tr("Cannot create the lock file in %1: permission denied.").arg(m_directory);
    case QLockFile::NoError:
    case QLockFile::UnknownError:
        break;
    }
    return tr("Cannot lock %1.").arg(m_directory);
}

namespace {
// Whether an error means the file is not a database this Hoist can read. `schemaStep`: a plain
// SQL error while reading the schema means the schema is not ours, not a bug here.
bool meansUnreadable(const QSqlError &e, bool schemaStep)
{
    const int code = SqliteResult::primaryCode(e);
    return code == SqliteCorrupt || code == SqliteNotADatabase
           || (schemaStep && code == SqliteError);
}
} // namespace

TaskStore::Attempt TaskStore::checkExisting(QString *error, bool *empty) const
{
    // Read-only, so that nothing is written to a file that may not be ours, and a WAL is never
    // checkpointed into a damaged file or deleted on close: what goes aside is what was found.
    const QString name = m_connectionName + QStringLiteral("-check");
    Attempt attempt = Attempt::Failed;
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), name);
        db.setDatabaseName(databasePath());
        db.setConnectOptions(QStringLiteral("QSQLITE_OPEN_READONLY"));
        if (db.open())
            attempt = checkSchema(db, error, empty);
        else
            *error =
                tr("Cannot open %1: %2").arg(databasePath(), SqliteResult::textOf(db.lastError()));
        db.close();
    }
    QSqlDatabase::removeDatabase(name);
    return attempt;
}

TaskStore::Attempt TaskStore::checkSchema(const QSqlDatabase &db, QString *error, bool *empty) const
{
    QSqlQuery q(db);
    auto failed = [&](bool schemaStep) {
        *error = SqliteResult::textOf(q.lastError());
        return meansUnreadable(q.lastError(), schemaStep) ? Attempt::Unreadable : Attempt::Failed;
    };
    if (!q.exec(QStringLiteral("PRAGMA busy_timeout = %1").arg(BusyTimeoutMs))
        || !q.exec(QStringLiteral("PRAGMA quick_check(%1)").arg(MaxReportedProblems)))
        return failed(false);
    QStringList problems;
    while (q.next())
        problems.append(q.value(0).toString());
    if (problems != QStringList{QStringLiteral("ok")}) {
        *error = tr("quick_check: %1").arg(problems.join(QLatin1String("; ")));
        return Attempt::Unreadable;
    }

    // No tables at all: a first open that stopped before its schema was committed.
    if (!q.exec(QStringLiteral("SELECT count(*) FROM sqlite_master")) || !q.next())
        return failed(false);
    *empty = q.value(0).toLongLong() == 0;
    if (*empty)
        return Attempt::Ok;

    if (!q.exec(QStringLiteral("SELECT value FROM meta WHERE key = 'version'")))
        return failed(true);
    bool isNumber = false;
    const int version = q.next() ? q.value(0).toInt(&isNumber) : 0;
    if (!isNumber || version < 1) {
        *error = tr("no schema version");
        return Attempt::Unreadable;
    }
    if (version > TaskSchema::Version) {
        // Not damaged, only newer than this Hoist: moving it aside would lose a good queue.
        *error = tr("The task database %1 was written by a newer Hoist (schema %2; this one "
                    "reads %3).")
                     .arg(databasePath())
                     .arg(version)
                     .arg(TaskSchema::Version);
        return Attempt::Failed;
    }
    // Every column this Hoist reads must be there, or be added by migrate().
    if (!q.exec(QStringLiteral("SELECT %1 FROM tasks LIMIT 0")
                    .arg(version < TaskSchema::Version ? TaskRow::ColumnsV1 : TaskRow::Columns)))
        return failed(true);
    return Attempt::Ok;
}

TaskStore::Attempt TaskStore::openDatabase(QString *error, QList<TaskRecord> *tasks,
                                           QList<DamagedRows::Row> *damaged)
{
    const QFileInfo file(databasePath());
    const QFileInfo wal(databasePath() + QStringLiteral("-wal"));
    bool fresh = !file.exists() || file.size() == 0;
    if (!fresh) {
        const Attempt checked = checkExisting(error, &fresh);
        if (checked != Attempt::Ok)
            return checked;
    } else if (wal.exists() && wal.size() > 0) {
        // SQLite would delete a journal whose database is empty: keep it for a person instead.
        *error = tr("a journal without its database");
        return Attempt::Unreadable;
    }

    m_db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), m_connectionName);
    m_db.setDatabaseName(databasePath());
    if (!m_db.open()) {
        *error =
            tr("Cannot open %1: %2").arg(databasePath(), SqliteResult::textOf(m_db.lastError()));
        return Attempt::Failed;
    }
    QSqlQuery q(m_db);
    auto failed = [&](bool schemaStep) {
        *error = SqliteResult::textOf(q.lastError());
        return meansUnreadable(q.lastError(), schemaStep) ? Attempt::Unreadable : Attempt::Failed;
    };
    if (!q.exec(QStringLiteral("PRAGMA busy_timeout = %1").arg(BusyTimeoutMs)))
        return failed(false);
    if (!q.exec(QStringLiteral("PRAGMA journal_mode = WAL")))
        return failed(false);
    if (q.next() && q.value(0).toString().compare(QLatin1String("wal"), Qt::CaseInsensitive) != 0)
        qCWarning(lcStore) << "WAL unavailable for" << databasePath() << "; journal mode is"
                           << q.value(0).toString();
    if (!q.exec(QStringLiteral("PRAGMA synchronous = NORMAL"))
        || !q.exec(QStringLiteral("PRAGMA foreign_keys = ON")))
        return failed(false);

    if (fresh) {
        if (!m_db.transaction()) {
            *error = SqliteResult::textOf(m_db.lastError());
            return Attempt::Failed;
        }
        for (const QString &statement : TaskSchema::creation()) {
            if (!q.exec(statement)) {
                const Attempt attempt = failed(false);
                m_db.rollback();
                return attempt;
            }
        }
        if (!m_db.commit()) {
            *error = SqliteResult::textOf(m_db.lastError());
            m_db.rollback();
            return Attempt::Failed;
        }
    } else if (const Attempt migrated = migrate(error); migrated != Attempt::Ok) {
        return migrated;
    }

    q.setForwardOnly(true);
    if (!q.exec(QStringLiteral("SELECT %1, rowid FROM tasks ORDER BY sequence, id")
                    .arg(TaskRow::Columns)))
        return failed(true);
    // A damaged row is left out (and moved aside by open()), never read as a made-up task.
    if (!DamagedRows::read(q, tasks, damaged))
        return failed(true);
    return Attempt::Ok;
}

TaskStore::Attempt TaskStore::migrate(QString *error)
{
    QSqlQuery q(m_db);
    if (!q.exec(QStringLiteral("SELECT value FROM meta WHERE key = 'version'")) || !q.next()) {
        *error = SqliteResult::textOf(q.lastError());
        return Attempt::Failed;
    }
    const int version = q.value(0).toInt();
    if (version >= TaskSchema::Version)
        return Attempt::Ok;
    // All steps or none: a crash halfway leaves the old schema, which the next start migrates.
    if (!m_db.transaction()) {
        *error = SqliteResult::textOf(m_db.lastError());
        return Attempt::Failed;
    }
    for (int v = version; v < TaskSchema::Version; ++v) {
        for (const QString &statement : TaskSchema::stepFrom(v)) {
            if (!q.exec(statement)) {
                *error = tr("Cannot bring the task database up to schema %1: %2")
                             .arg(v + 1)
                             .arg(SqliteResult::textOf(q.lastError()));
                m_db.rollback();
                return Attempt::Failed;
            }
        }
    }
    if (!q.exec(QStringLiteral("UPDATE meta SET value = '%1' WHERE key = 'version'")
                    .arg(TaskSchema::Version))
        || !m_db.commit()) {
        *error = SqliteResult::textOf(q.lastError().isValid() ? q.lastError() : m_db.lastError());
        m_db.rollback();
        return Attempt::Failed;
    }
    qCInfo(lcStore) << "task database" << databasePath() << "migrated from schema" << version
                    << "to" << TaskSchema::Version;
    return Attempt::Ok;
}

void TaskStore::closeDatabase()
{
    if (m_db.isValid())
        m_db.close();
    m_db = QSqlDatabase();
    if (QSqlDatabase::contains(m_connectionName))
        QSqlDatabase::removeDatabase(m_connectionName);
}

bool TaskStore::moveAside(QString *movedTo, QString *error) const
{
    const QString source = databasePath();
    const QString base = source + QStringLiteral(".corrupt-")
                         + QDateTime::currentDateTime().toString(QStringLiteral("yyyyMMdd-HHmmss"));
    QString target = base;
    for (int n = 2; QFile::exists(target) || QFile::exists(target + QLatin1String("-wal")); ++n)
        target = base + QLatin1Char('-') + QString::number(n);

    if (QFile::exists(source) && !QFile::rename(source, target)) {
        *error = tr("cannot rename %1 to %2").arg(source, target);
        return false;
    }
    // The journal files go along under matching names, so SQLite can still open the copy with
    // them; one left behind would be replayed into the fresh database.
    for (const QLatin1String suffix : {QLatin1String("-wal"), QLatin1String("-shm")}) {
        if (QFile::exists(source + suffix) && !QFile::rename(source + suffix, target + suffix)
            && !QFile::remove(source + suffix)) {
            *error = tr("cannot move %1 out of the way").arg(source + suffix);
            return false;
        }
    }
    *movedTo = target;
    return true;
}

void TaskStore::close()
{
    m_retry.stop();
    if (m_open && writePending(Write::Retry) != Written::Yes) {
        qCWarning(lcStore) << m_pending.size()
                           << "changes to the upload queue could not be saved in" << databasePath();
        m_lost = QueueLoss::of(m_pending, m_db, m_cause);
    }
    m_pending.clear();
    closeDatabase();
    if (m_lock.isLocked())
        m_lock.unlock();
    m_open = false;
}

TaskStore::Written TaskStore::writePending(Write write)
{
    if (m_pending.isEmpty())
        return Written::Yes;
    if (!m_open) {
        m_pending.clear();
        Q_EMIT writeFailed(tr("Could not save the upload queue: the task store is not open."));
        return Written::Reported;
    }
    // While the disk is full, only the retry (and closing) tries: a write per change would bind
    // the whole pending queue again for every file, and fail the same way.
    if (m_failing && write == Write::Queued)
        return Written::Kept;
    QSqlQuery pragma(m_db);
    if (write == Write::Durable)
        pragma.exec(QStringLiteral("PRAGMA synchronous = FULL"));
    QString detail;
    int code = -1;
    bool ok = m_db.transaction();
    if (!ok) {
        detail = SqliteResult::textOf(m_db.lastError());
        code = SqliteResult::primaryCode(m_db.lastError());
    }
    if (ok && !m_pending.writeTo(m_db, &detail, &code)) {
        m_db.rollback();
        ok = false;
    }
    if (ok && !m_db.commit()) {
        detail = SqliteResult::textOf(m_db.lastError());
        code = SqliteResult::primaryCode(m_db.lastError());
        m_db.rollback();
        ok = false;
    }
    if (!ok && code < 0)
        code = SqliteResult::codeOfText(detail);
    if (write == Write::Durable)
        pragma.exec(QStringLiteral("PRAGMA synchronous = NORMAL"));
    if (ok) {
        m_pending.clear();
        if (m_failing) {
            m_failing = false;
            m_retry.stop();
            qCWarning(lcStore) << "the upload queue is saved again in" << databasePath();
            Q_EMIT savingResumed();
        }
        return Written::Yes;
    }
    const QString message =
        tr("Could not save the upload queue in %1: %2").arg(databasePath(), detail);
    if (!SqliteResult::passes(code)) {
        // Wrong in the data itself (a constraint): trying again would fail the same way, and
        // hold every later write with it. Dropped, as one failed batch always was.
        qCWarning(lcStore) << "write failed:" << databasePath() << detail << "( SQLite" << code
                           << ")";
        m_pending.clear();
        Q_EMIT writeFailed(message);
        return Written::Reported;
    }
    m_retry.start();
    if (m_failing)
        return Written::Kept;
    // Once per outage, not once per write: the retry goes on quietly until one succeeds.
    m_failing = true;
    qCWarning(lcStore) << "write failed:" << databasePath() << detail << "; keeping"
                       << m_pending.size() << "changes and trying again every" << RetryIntervalMs
                       << "ms";
    m_cause = code == SqliteResult::SqliteFull ? tr("disk full") : detail;
    Q_EMIT savingFailed(m_cause);
    Q_EMIT writeFailed(message);
    return Written::Reported;
}

void TaskStore::retryPending()
{
    writePending(Write::Retry);
}

void TaskStore::save(const TaskRecord &record)
{
    saveAll({record});
}

void TaskStore::saveAll(const QList<TaskRecord> &records)
{
    if (records.isEmpty())
        return;
    m_pending.save(records);
    writePending(Write::Queued);
}

void TaskStore::remove(TaskId id)
{
    removeAll({id});
}

void TaskStore::removeAll(const QList<TaskId> &ids)
{
    if (ids.isEmpty())
        return;
    m_pending.remove(ids);
    writePending(Write::Queued);
}

void TaskStore::saveUploadUrl(TaskId id, const QUrl &url, quint64 token)
{
    saveDurably(id, QStringLiteral("upload_url"), TaskRow::urlValue(url), token);
}

void TaskStore::saveUploadParts(TaskId id, const UploadParts &parts, quint64 token)
{
    saveDurably(id, QStringLiteral("parts"), QString::fromLatin1(encodeUploadParts(parts)), token);
}

void TaskStore::saveUploadsToDelete(TaskId id, const QList<QUrl> &urls, quint64 token)
{
    saveDurably(id, QStringLiteral("to_delete"), TaskRow::urlListValue(urls), token);
}

void TaskStore::saveDurably(TaskId id, const QString &column, const QVariant &value, quint64 token)
{
    // Losing this URL means a second upload of the same file, so this one commit is synced to
    // disk even under power loss; progress (NORMAL) only needs to survive a crash.
    m_pending.setColumn(id, column, value);
    const Written written = writePending(m_failing ? Write::Queued : Write::Durable);
    if (written == Written::Yes) {
        Q_EMIT uploadUrlSaved(id, token);
    } else if (written == Written::Kept) {
        // Kept for the retry; the transfer waiting for this save goes on meanwhile (it is told,
        // and says that this upload may not survive a crash).
        Q_EMIT writeFailed(
            tr("Could not save the upload URL of task %1 in %2.").arg(id).arg(databasePath()));
    }
}

QString TaskStore::integrityCheck()
{
    if (!m_open)
        return tr("the task store is not open");
    QSqlQuery q(m_db);
    if (!q.exec(QStringLiteral("PRAGMA integrity_check")))
        return SqliteResult::textOf(q.lastError());
    QStringList lines;
    while (q.next())
        lines.append(q.value(0).toString());
    return lines.join(QLatin1Char('\n'));
}
