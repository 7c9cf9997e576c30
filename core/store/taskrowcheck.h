#pragma once

#include <QString>

class QSqlQuery;

// Whether a row of the tasks table, as SQLite holds it, is one this Hoist wrote: the check made
// before TaskRow::read() turns it into a TaskRecord, so that a damaged row (a file edited by hand,
// a disk that returned wrong bytes, a bug of an older Hoist) is left out and reported rather than
// read as a made-up task. TaskRow::read() clamps what it cannot use to a safe value so that
// nothing is undefined; this says instead that the row cannot be trusted. Looked at: every
// column's SQLite type, each enum within its range, sizes and counts not negative, the bytes
// confirmed within the file, the chunk map (one known state per chunk of the file, or none at
// all), the parts (contiguous from byte 0 within the file), and the URLs. Not the content hash:
// it is checked against the file before any use, so a wrong one costs a hash, not a wrong upload.
namespace TaskRowCheck {
// Empty when the row at `query`'s position (columns in the order of TaskRow::Columns) is sound;
// else what is wrong with it, in a few words for the log and for a person reading the database.
QString problem(const QSqlQuery &query);
} // namespace TaskRowCheck
