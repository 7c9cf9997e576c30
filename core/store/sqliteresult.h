#pragma once

#include <QSqlError>
#include <QString>

// SQLite's primary result codes that TaskStore tells apart when a write fails, what to make of
// them, and what an error of Qt's SQLite driver says. Inline: a few constants and small functions.
namespace SqliteResult {
constexpr int SqliteFull = 13;

// Whether a failed write may succeed later as it is: the disk full or failing, the database busy
// or locked by another process, or the folder read-only for a while.
inline bool passes(int code)
{
    constexpr int Busy = 5, Locked = 6, ReadOnly = 8, IoError = 10, CantOpen = 14;
    return code == SqliteFull || code == Busy || code == Locked || code == ReadOnly
           || code == IoError || code == CantOpen;
}
// Qt's SQLite driver gives no result code for a failed COMMIT, only SQLite's words, which are
// SQLite's own fixed English (sqlite3ErrStr): the code again from them.
inline int codeOfText(const QString &text)
{
    if (text.contains(QLatin1String("database or disk is full")))
        return SqliteFull;
    if (text.contains(QLatin1String("disk I/O error")))
        return 10;
    if (text.contains(QLatin1String("database is locked")))
        return 5;
    return -1;
}
// SQLite's primary result code of `error` (its extended code's low byte); -1 when it has none.
inline int primaryCode(const QSqlError &error)
{
    bool ok = false;
    const int code = error.nativeErrorCode().toInt(&ok);
    return ok ? (code & 0xff) : -1;
}
// The SQLite message alone ("disk I/O error"), without Qt's "Unable to execute statement".
inline QString textOf(const QSqlError &error)
{
    return error.databaseText().isEmpty() ? error.text() : error.databaseText();
}
} // namespace SqliteResult
