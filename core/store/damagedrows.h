#pragma once

#include "taskrecord.h"

#include <QCoreApplication>
#include <QList>
#include <QSqlDatabase>
#include <QString>

class QSqlQuery;

// The rows of the tasks table that TaskRowCheck finds damaged, as TaskStore reads the queue at
// start: left out of the queue, and moved, unchanged, into the table damaged_tasks of the same
// database (with when and why), so that nothing is deleted without a trace and a person can look
// at them, while the queue goes on without them. Moved rather than left in place: a row left in
// tasks would be reported at every start, and a new task given its id would silently replace it.
// damaged_tasks has the columns of tasks, untyped (each value kept as it was), and is never read
// by Hoist; an older Hoist ignores it.
class DamagedRows final {
    Q_DECLARE_TR_FUNCTIONS(DamagedRows)
public:
    struct Row {
        qint64 rowid = 0;
        QString problem;
    };

    // Reads every row of `query` (TaskRow::Columns, then rowid): the sound ones into `tasks`, the
    // others into `damaged`. False when SQLite failed to step through them.
    static bool read(QSqlQuery &query, QList<TaskRecord> *tasks, QList<Row> *damaged);
    // Moves `rows` out of tasks into damaged_tasks, in one transaction, and says so for a person:
    // how many uploads were left out, and where they are kept (or, when the database cannot be
    // written now, that they stay where they were).
    static QString keepAside(const QSqlDatabase &db, const QList<Row> &rows,
                             const QString &databasePath);
    static QString tableName();

private:
    static bool move(const QSqlDatabase &db, const QList<Row> &rows, QString *error);
};
