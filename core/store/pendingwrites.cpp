#include "pendingwrites.h"

#include "sqliteresult.h"
#include "taskrow.h"

#include <QDateTime>
#include <QSqlError>
#include <QSqlQuery>

namespace {
template <typename Hash>
void dropColumnsOf(Hash *columns, TaskId id)
{
    for (auto it = columns->begin(); it != columns->end();)
        it = it.key().first == id ? columns->erase(it) : std::next(it);
}

bool failed(const QSqlQuery &q, QString *error, int *code)
{
    *error = SqliteResult::textOf(q.lastError());
    *code = SqliteResult::primaryCode(q.lastError());
    return false;
}
} // namespace

void PendingWrites::save(const QList<TaskRecord> &records)
{
    for (const TaskRecord &r : records) {
        m_records.insert(r.id, r);
        m_removed.remove(r.id);
        if (!m_columns.isEmpty())
            dropColumnsOf(&m_columns, r.id);
    }
}

void PendingWrites::remove(const QList<TaskId> &ids)
{
    for (TaskId id : ids) {
        m_records.remove(id);
        if (!m_columns.isEmpty())
            dropColumnsOf(&m_columns, id);
        m_removed.insert(id);
    }
}

void PendingWrites::setColumn(TaskId id, const QString &column, const QVariant &value)
{
    m_columns.insert({id, column}, value);
}

bool PendingWrites::isEmpty() const
{
    return m_records.isEmpty() && m_removed.isEmpty() && m_columns.isEmpty();
}

qsizetype PendingWrites::size() const
{
    return m_records.size() + m_removed.size() + m_columns.size();
}

QList<PendingWrites::ColumnUpdate> PendingWrites::columnUpdates() const
{
    QList<ColumnUpdate> updates;
    updates.reserve(m_columns.size());
    for (auto it = m_columns.cbegin(); it != m_columns.cend(); ++it)
        updates.append({it.key().first, it.key().second, it.value()});
    return updates;
}

void PendingWrites::clear()
{
    m_records.clear();
    m_removed.clear();
    m_columns.clear();
}

bool PendingWrites::writeTo(const QSqlDatabase &db, QString *error, int *code) const
{
    QSqlQuery q(db);
    if (!m_removed.isEmpty()) {
        if (!q.prepare(QStringLiteral("DELETE FROM tasks WHERE id = ?")))
            return failed(q, error, code);
        for (TaskId id : m_removed) {
            q.bindValue(0, qint64(id));
            if (!q.exec())
                return failed(q, error, code);
        }
    }
    if (!m_records.isEmpty()) {
        if (!q.prepare(QStringLiteral("INSERT OR REPLACE INTO tasks (%1) VALUES (?%2)")
                           .arg(TaskRow::Columns,
                                QStringLiteral(", ?").repeated(TaskRow::ColumnCount - 1))))
            return failed(q, error, code);
        for (const TaskRecord &r : m_records) {
            TaskRow::bind(q, r);
            if (!q.exec())
                return failed(q, error, code);
        }
    }
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    for (auto it = m_columns.cbegin(); it != m_columns.cend(); ++it) {
        // The column names are TaskStore's own, never from outside.
        if (!q.prepare(QStringLiteral("UPDATE tasks SET %1 = ?, updated_ms = ? WHERE id = ?")
                           .arg(it.key().second)))
            return failed(q, error, code);
        q.bindValue(0, it.value());
        q.bindValue(1, now);
        q.bindValue(2, qint64(it.key().first));
        if (!q.exec())
            return failed(q, error, code);
    }
    return true;
}
