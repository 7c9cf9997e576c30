#pragma once

#include "taskrecord.h"

#include <QHash>
#include <QList>
#include <QPair>
#include <QSet>
#include <QString>
#include <QVariant>

class QSqlDatabase;

// What TaskStore has been asked to write and has not written yet: every record, removal and
// single-column update until a transaction holding it commits. A write that fails (a full disk)
// stays here instead of being dropped, so that the next write, or the store's retry, writes the
// queue as it is now. Only the newest picture of each task is kept: memory is at most one record
// per task, however long the disk stays full.
//
// Order: removals, then records, then column updates. A record is the whole task as it was
// when sent, so it replaces the column updates of that task sent before it; a column update sent
// after it is newer, so it is written over it. A removal drops both.
class PendingWrites final {
public:
    struct ColumnUpdate {
        TaskId id = 0;
        QString column;
        QVariant value;
    };

    void save(const QList<TaskRecord> &records);
    void remove(const QList<TaskId> &ids);
    void setColumn(TaskId id, const QString &column, const QVariant &value);

    bool isEmpty() const;
    qsizetype size() const; // records + removals + column updates
    QList<TaskId> removals() const { return m_removed.values(); }
    QList<TaskRecord> records() const { return m_records.values(); }
    QList<ColumnUpdate> columnUpdates() const;
    // Writes everything into `db`, inside a transaction the caller opened and commits. False with
    // SQLite's words on `error` and its primary result code on `code` (13: the disk is full).
    bool writeTo(const QSqlDatabase &db, QString *error, int *code) const;
    // Once they are committed.
    void clear();

private:
    QHash<TaskId, TaskRecord> m_records;
    QSet<TaskId> m_removed;
    QHash<QPair<TaskId, QString>, QVariant> m_columns;
};
