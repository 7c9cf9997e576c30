#include "taskschema.h"

#include "taskrecord.h"

namespace {
// With the columns of TaskRow::Columns.
const QString CreateTasks = QStringLiteral(
    "CREATE TABLE IF NOT EXISTS tasks ("
    " id INTEGER NOT NULL, sequence INTEGER NOT NULL, path TEXT, display_name TEXT,"
    " size INTEGER NOT NULL, modified_ms INTEGER NOT NULL, fingerprint BLOB, endpoint TEXT,"
    " upload_url TEXT, priority INTEGER NOT NULL, state INTEGER NOT NULL,"
    " confirmed_bytes INTEGER NOT NULL, chunk_size INTEGER NOT NULL, chunk_states BLOB,"
    " retries INTEGER NOT NULL, error_kind INTEGER NOT NULL, error_message TEXT,"
    " created_ms INTEGER NOT NULL, updated_ms INTEGER NOT NULL, content_hash BLOB,"
    " parts TEXT, instant INTEGER NOT NULL DEFAULT 0, rate_limit INTEGER NOT NULL DEFAULT 0,"
    " max_request INTEGER NOT NULL DEFAULT 0, to_delete TEXT,"
    " finished_ms INTEGER NOT NULL DEFAULT 0, check_outcome INTEGER NOT NULL DEFAULT 0,"
    " check_note TEXT, error_text TEXT, http_status INTEGER NOT NULL DEFAULT 0,"
    " PRIMARY KEY (id))");
// Each step takes the schema from version (index + 1) to the next, in TaskStore's transaction.
const QList<QStringList> Migrations = {
    {QStringLiteral("ALTER TABLE tasks ADD COLUMN content_hash BLOB")},
    {QStringLiteral("ALTER TABLE tasks ADD COLUMN parts TEXT")},
    {QStringLiteral("ALTER TABLE tasks ADD COLUMN instant INTEGER NOT NULL DEFAULT 0")},
    {QStringLiteral("ALTER TABLE tasks ADD COLUMN rate_limit INTEGER NOT NULL DEFAULT 0"),
     QStringLiteral("ALTER TABLE tasks ADD COLUMN max_request INTEGER NOT NULL DEFAULT 0")},
    {QStringLiteral("ALTER TABLE tasks ADD COLUMN to_delete TEXT")},
    // Tasks finished before it have no time: the last write to them is the best guess there is.
    {QStringLiteral("ALTER TABLE tasks ADD COLUMN finished_ms INTEGER NOT NULL DEFAULT 0"),
     QStringLiteral("UPDATE tasks SET finished_ms = updated_ms WHERE state IN (%1, %2)")
         .arg(int(TaskState::Success))
         .arg(int(TaskState::Error))},
    // Uploads done before it were never verified: Unchecked (0), which the table shows as "Done".
    {QStringLiteral("ALTER TABLE tasks ADD COLUMN check_outcome INTEGER NOT NULL DEFAULT 0"),
     QStringLiteral("ALTER TABLE tasks ADD COLUMN check_note TEXT")},
    // Rows failed before it keep their words in error_message, shown as they are.
    {QStringLiteral("ALTER TABLE tasks ADD COLUMN error_text TEXT")},
    // Rows refused with 401 before it said so only in their words (TusHttp's sentence, kept as
    // its untranslated source in error_text, or as English in error_message): found there, so
    // that saving a token still retries them.
    {QStringLiteral("ALTER TABLE tasks ADD COLUMN http_status INTEGER NOT NULL DEFAULT 0"),
     QStringLiteral("UPDATE tasks SET http_status = 401 WHERE state = %1 AND error_kind = %2"
                    " AND (error_text LIKE '%(HTTP 401)%' OR error_message LIKE '%(HTTP 401)%')")
         .arg(int(TaskState::Error))
         .arg(int(TransferError::Kind::Rejected))},
};
static_assert(TaskSchema::Version == 10, "a new schema version needs its step in Migrations");
const QString CreateMeta = QStringLiteral(
    "CREATE TABLE IF NOT EXISTS meta (key TEXT NOT NULL PRIMARY KEY, value TEXT NOT NULL)");
} // namespace

QStringList TaskSchema::creation()
{
    return {CreateMeta, CreateTasks,
            QStringLiteral("INSERT INTO meta (key, value) VALUES ('version', %1)").arg(Version)};
}

QStringList TaskSchema::stepFrom(int version)
{
    return Migrations.at(version - 1);
}
