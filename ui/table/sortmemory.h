#pragma once

#include <QString>

class QHeaderView;

// The table's sort column and order, kept across restarts in QSettings: restored onto `header`
// (none stored: the order things were added) and saved whenever the person changes it.
namespace SortMemory {
void restore(QHeaderView *header, const QString &columnKey, const QString &orderKey);
} // namespace SortMemory
