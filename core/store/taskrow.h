#pragma once

#include "taskrecord.h"

#include <QList>
#include <QString>
#include <QUrl>
#include <QVariant>

class QSqlQuery;

// A TaskRecord as a row of TaskStore's tasks table: its columns in order, the values bound to
// them and read back. Values outside an enum's range (a damaged row, a newer Hoist) are read as a
// safe one, never UB.
namespace TaskRow {
// The columns of schema 1, which an older store must have before it is brought up to date.
extern const QString ColumnsV1;
// Every column this Hoist reads and writes, in the order of read() and bind().
extern const QString Columns;
constexpr int ColumnCount = 30;

TaskRecord read(const QSqlQuery &query);
// Binds the record to positional placeholders 0..ColumnCount-1, in the order of Columns.
void bind(QSqlQuery &query, const TaskRecord &record);
// A URL column's value, and a URL list column's (one URL a line; NULL when empty).
QString urlValue(const QUrl &url);
QVariant urlListValue(const QList<QUrl> &urls);
} // namespace TaskRow
