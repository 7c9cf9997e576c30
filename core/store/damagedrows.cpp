#include "damagedrows.h"

#include "sqliteresult.h"
#include "taskrow.h"
#include "taskrowcheck.h"

#include <QDateTime>
#include <QLoggingCategory>
#include <QSet>
#include <QSqlError>
#include <QSqlQuery>

Q_DECLARE_LOGGING_CATEGORY(lcStore)

namespace {
const QString Table = QStringLiteral("damaged_tasks");

// damaged_tasks with every column of tasks this Hoist knows (a later Hoist may add some).
bool prepareTable(QSqlQuery &q, QString *error)
{
    const QStringList columns = TaskRow::Columns.split(QStringLiteral(", "));
    if (!q.exec(QStringLiteral("CREATE TABLE IF NOT EXISTS %1 (found_ms INTEGER, problem TEXT, %2)")
                    .arg(Table, columns.join(QStringLiteral(", "))))
        || !q.exec(QStringLiteral("PRAGMA table_info(%1)").arg(Table))) {
        *error = SqliteResult::textOf(q.lastError());
        return false;
    }
    QSet<QString> present;
    while (q.next())
        present.insert(q.value(1).toString());
    for (const QString &column : columns) {
        if (!present.contains(column)
            && !q.exec(QStringLiteral("ALTER TABLE %1 ADD COLUMN %2").arg(Table, column))) {
            *error = SqliteResult::textOf(q.lastError());
            return false;
        }
    }
    return true;
}
} // namespace

bool DamagedRows::read(QSqlQuery &query, QList<TaskRecord> *tasks, QList<Row> *damaged)
{
    while (query.next()) {
        const QString problem = TaskRowCheck::problem(query);
        if (problem.isEmpty()) {
            tasks->append(TaskRow::read(query));
            continue;
        }
        const qint64 rowid = query.value(TaskRow::ColumnCount).toLongLong();
        qCWarning(lcStore) << "task row" << rowid
                           << "is damaged and left out of the queue:" << problem;
        damaged->append({rowid, problem});
    }
    return !query.lastError().isValid();
}

bool DamagedRows::move(const QSqlDatabase &db, const QList<Row> &rows, QString *error)
{
    QSqlDatabase database = db;
    if (!database.transaction()) {
        *error = SqliteResult::textOf(database.lastError());
        return false;
    }
    QSqlQuery q(database);
    bool ok = prepareTable(q, error);
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    QSqlQuery copy(database);
    QSqlQuery remove(database);
    ok = ok
         && copy.prepare(QStringLiteral("INSERT INTO %1 (found_ms, problem, %2) SELECT ?, ?, %2 "
                                        "FROM tasks WHERE rowid = ?")
                             .arg(Table, TaskRow::Columns))
         && remove.prepare(QStringLiteral("DELETE FROM tasks WHERE rowid = ?"));
    for (qsizetype i = 0; ok && i < rows.size(); ++i) {
        copy.bindValue(0, now);
        copy.bindValue(1, rows.at(i).problem);
        copy.bindValue(2, rows.at(i).rowid);
        remove.bindValue(0, rows.at(i).rowid);
        ok = copy.exec() && remove.exec();
    }
    if (ok && database.commit())
        return true;
    if (error->isEmpty()) {
        const QSqlError failure = copy.lastError().isValid()     ? copy.lastError()
                                  : remove.lastError().isValid() ? remove.lastError()
                                                                 : database.lastError();
        *error = SqliteResult::textOf(failure);
    }
    database.rollback();
    return false;
}

QString DamagedRows::keepAside(const QSqlDatabase &db, const QList<Row> &rows,
                               const QString &databasePath)
{
    QString error;
    if (move(db, rows, &error)) {
        return tr("%n upload(s) in the queue could not be read back: the record was damaged. "
                  "Left out of the queue, kept unchanged in the table damaged_tasks of %1.",
                  nullptr, int(rows.size()))
            .arg(databasePath);
    }
    // Left out all the same; said again at the next start.
    qCWarning(lcStore) << "damaged task rows could not be moved aside:" << error;
    return tr("%n upload(s) in the queue could not be read back: the record was damaged. Left "
              "out of the queue; they stay in %1 as they are.",
              nullptr, int(rows.size()))
        .arg(databasePath);
}

QString DamagedRows::tableName()
{
    return Table;
}
