#pragma once

#include "pgconnection.h"

// hoistd's tables in PostgreSQL, and their migration: schema_version holds the version the
// database is at; migrate() brings it to Current, one step per version, each step and its new
// version in one transaction under an advisory lock, so instances starting together migrate once.
// A database newer than this hoistd (a later version started there) is refused.
namespace PgSchema {
inline constexpr int Current = 2;
// The advisory lock class of hoistd (pg_advisory_lock(Class, key)): "Hois".
inline constexpr qint64 LockClass = 0x486f6973;
enum LockKey : int {
    MigrateLock = 1,
    ExpirySweepLock = 2,
    FinishedSweepLock = 3,
    ReconcileLock = 4
};

bool migrate(PgConnection &connection, QString *error);
int version(PgConnection &connection, bool *ok);
} // namespace PgSchema
