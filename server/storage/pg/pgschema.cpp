#include "pgschema.h"

namespace {
// Version 1. Limits on lengths are the clients' limits again, as a last line: ids are made by
// hoistd, owners are configured user names, keys are made by hoistd.
const char *const V1[] = {
    R"(CREATE TABLE uploads (
        id text PRIMARY KEY CHECK (length(id) BETWEEN 1 AND 64),
        owner text NOT NULL DEFAULT '' CHECK (length(owner) <= 256),
        length bigint NOT NULL DEFAULT -1 CHECK (length >= -1),
        "offset" bigint NOT NULL DEFAULT 0 CHECK ("offset" >= 0),
        metadata bytea NOT NULL DEFAULT '',
        filename text NOT NULL DEFAULT '',
        created timestamptz NOT NULL DEFAULT now(),
        expires timestamptz,
        finished timestamptz,
        content_hash bytea,
        concat smallint NOT NULL DEFAULT 0,
        concat_parts text[] NOT NULL DEFAULT '{}',
        named_path text NOT NULL DEFAULT '',
        multipart_id text,
        tail_key text,
        tail_size bigint NOT NULL DEFAULT 0,
        next_part integer NOT NULL DEFAULT 1 CHECK (next_part BETWEEN 1 AND 10001),
        lease_holder text,
        lease_generation bigint NOT NULL DEFAULT 0,
        lease_expires timestamptz,
        counted_bytes bigint NOT NULL DEFAULT 0,
        completing bigint))",
    // The sweeps and instant upload look rows up by these, never walk the table.
    "CREATE INDEX uploads_expiry ON uploads (expires) WHERE finished IS NULL",
    "CREATE INDEX uploads_finished ON uploads (finished) WHERE finished IS NOT NULL",
    "CREATE INDEX uploads_content ON uploads (content_hash, length) "
    "WHERE content_hash IS NOT NULL AND finished IS NOT NULL",
    "CREATE INDEX uploads_multipart ON uploads (multipart_id) WHERE multipart_id IS NOT NULL",
    "CREATE INDEX uploads_tail ON uploads (tail_key) WHERE tail_key IS NOT NULL",
    R"(CREATE TABLE parts (
        upload text NOT NULL REFERENCES uploads (id) ON DELETE CASCADE,
        number integer NOT NULL CHECK (number BETWEEN 1 AND 10000),
        etag text NOT NULL,
        size bigint NOT NULL CHECK (size >= 0),
        "offset" bigint NOT NULL CHECK ("offset" >= 0),
        generation bigint NOT NULL,
        PRIMARY KEY (upload, number)))",
    R"(CREATE TABLE owners (
        owner text PRIMARY KEY CHECK (length(owner) <= 256),
        bytes bigint NOT NULL DEFAULT 0,
        uploads integer NOT NULL DEFAULT 0,
        unfinished integer NOT NULL DEFAULT 0))",
    // Terminated or expired uploads, so that every instance answers 410 to their owner.
    R"(CREATE TABLE gone (
        id text PRIMARY KEY,
        owner text NOT NULL,
        at timestamptz NOT NULL DEFAULT now()))",
    "CREATE INDEX gone_at ON gone (at)",
    R"(CREATE TABLE challenges (
        owner text NOT NULL,
        hash bytea NOT NULL,
        length bigint NOT NULL,
        nonce bytea NOT NULL,
        count integer NOT NULL,
        size bigint NOT NULL,
        expires timestamptz NOT NULL,
        PRIMARY KEY (owner, hash, length)))",
    R"(CREATE TABLE attempts (
        owner text PRIMARY KEY,
        failed integer NOT NULL DEFAULT 0,
        window_ends timestamptz NOT NULL))",
};

// Version 2: a hand-over request is recorded with the NOTIFY that carries it, so that a holder
// whose listener was reconnecting (and missed the NOTIFY) finds it when it listens again.
const char *const V2[] = {
    "ALTER TABLE uploads ADD COLUMN lease_wanted boolean NOT NULL DEFAULT false",
};

template <std::size_t N>
bool runAll(PgConnection &c, const char *const (&statements)[N], QString *error)
{
    for (const char *sql : statements) {
        if (!c.run(sql)) {
            *error = c.lastError().message;
            return false;
        }
    }
    return true;
}

bool step(PgConnection &c, int to, QString *error)
{
    if ((to == 1 && !runAll(c, V1, error)) || (to == 2 && !runAll(c, V2, error)))
        return false;
    if (!c.run("UPDATE schema_version SET version = $1::int", {to})) {
        *error = c.lastError().message;
        return false;
    }
    return true;
}
} // namespace

int PgSchema::version(PgConnection &c, bool *ok)
{
    const auto rows = c.exec("SELECT version FROM schema_version");
    *ok = rows.has_value();
    return rows && !rows->isEmpty() ? int(rows->at(0, 0).toLongLong()) : 0;
}

bool PgSchema::migrate(PgConnection &c, QString *error)
{
    bool newer = false;
    const bool ok = c.transaction([&](PgConnection &t) {
        if (!t.run("SELECT pg_advisory_xact_lock($1::int, $2::int)", {LockClass, MigrateLock})
            || !t.run("CREATE TABLE IF NOT EXISTS schema_version (version integer NOT NULL)")
            || !t.run("INSERT INTO schema_version SELECT 0 WHERE NOT EXISTS "
                      "(SELECT 1 FROM schema_version)")) {
            *error = t.lastError().message;
            return false;
        }
        bool read = false;
        const int at = version(t, &read);
        if (!read) {
            *error = t.lastError().message;
            return false;
        }
        if (at > Current) {
            newer = true;
            *error = QStringLiteral("the index is at schema version %1, newer than this hoistd "
                                    "knows (%2)")
                         .arg(at)
                         .arg(Current);
            return false;
        }
        for (int to = at + 1; to <= Current; ++to) {
            if (!step(t, to, error))
                return false;
        }
        return true;
    });
    if (!ok && !newer && error->isEmpty())
        *error = c.lastError().message;
    return ok;
}
