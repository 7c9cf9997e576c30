#include "pguploads.h"

#include "pgcall.h"

#include <QHash>
#include <QRegularExpression>

#include <limits>

namespace {
constexpr int MaxCandidates = 10000; // reconciliation asks about a page of keys at a time

PgUploads::Usage usageOf(PgConnection &c, const QString &owner)
{
    PgUploads::Usage usage;
    const auto rows =
        c.exec("SELECT bytes, uploads, unfinished FROM owners WHERE owner = $1", {owner});
    if (rows && !rows->isEmpty())
        usage = {rows->at(0, 0).toLongLong(), rows->at(0, 1).toLongLong(),
                 rows->at(0, 2).toLongLong()};
    return usage;
}

PgError invalid(const QString &what)
{
    return {PgError::Kind::Invalid, {}, what};
}
} // namespace

std::optional<bool> PgUploads::moveBytes(PgConnection &t, const QVariant &owner, qint64 delta,
                                         qint64 quota)
{
    const auto moved = t.exec("UPDATE owners SET bytes = bytes + $2 WHERE owner = $1 "
                              "AND ($2 <= 0 OR $3 < 0 OR bytes + $2 <= $3)",
                              {owner, delta, quota});
    if (!moved)
        return std::nullopt;
    return moved->affected != 0;
}

bool PgLimits::isId(const QString &id)
{
    static const QRegularExpression pattern(
        QRegularExpression::anchoredPattern(QStringLiteral("[A-Za-z0-9_-]{1,64}")));
    return pattern.match(id).hasMatch();
}

bool PgLimits::isOwner(const QString &owner)
{
    if (owner.size() > MaxOwner)
        return false;
    for (const QChar ch : owner) {
        if (ch.category() == QChar::Other_Control)
            return false;
    }
    return true;
}

bool PgLimits::isHolder(const QString &holder)
{
    static const QRegularExpression pattern(
        QRegularExpression::anchoredPattern(QStringLiteral("[a-z0-9]{1,40}")));
    return pattern.match(holder).hasMatch();
}

PgUploads::PgUploads(PgPool &pool)
    : m_pool(pool)
{
}

PgUpload PgUploads::fromRow(const QList<QVariant> &row)
{
    PgUpload u;
    UploadRecord &r = u.record;
    r.id = row.at(0).toString();
    r.owner = row.at(1).toString();
    r.length = row.at(2).toLongLong();
    r.offset = row.at(3).toLongLong();
    r.metadata = row.at(4).toByteArray();
    r.filename = row.at(5).toString();
    r.created = row.at(6).toDateTime();
    r.expires = row.at(7).toDateTime();
    r.finished = row.at(8).toDateTime();
    r.contentHash = row.at(9).toByteArray();
    r.concat = UploadRecord::Concat(row.at(10).toInt());
    r.parts = row.at(11).toStringList();
    r.namedPath = row.at(12).toString();
    u.multipartId = row.at(13).toString();
    u.tailKey = row.at(14).toString();
    u.tailSize = row.at(15).toLongLong();
    u.nextPart = row.at(16).toInt();
    u.leaseHolder = row.at(17).toString();
    u.generation = row.at(18).toLongLong();
    u.leaseExpires = row.at(19).toDateTime();
    u.countedBytes = row.at(20).toLongLong();
    u.completing = row.at(21).toLongLong();
    return u;
}

PgUploads::Outcome PgUploads::create(const UploadRecord &record, const Limits &limits, Usage *usage,
                                     PgError *error)
{
    if (!PgLimits::isId(record.id) || !PgLimits::isOwner(record.owner)) {
        *error = invalid(QStringLiteral("not an upload id or owner"));
        return Outcome::Failed;
    }
    const qint64 cost = qMax<qint64>(0, record.length);
    const qint64 unfinished = record.length == 0 ? 0 : 1;
    bool refused = false;
    const bool ok = pgCall(m_pool, error, [&](PgConnection &c) {
        return c.transaction([&](PgConnection &t) {
            refused = false;
            // Checked and reserved in one statement: the row lock orders racing instances and
            // each sees the others' reservations in its WHERE.
            const auto reserved = t.exec(
                R"(INSERT INTO owners (owner, bytes, uploads, unfinished)
                   SELECT $1, $2, 1, $3
                   WHERE ($4 < 0 OR $2 <= $4) AND ($5 < 0 OR 1 <= $5)
                     AND ($6 < 0 OR $3 = 0 OR $3 <= $6)
                   ON CONFLICT (owner) DO UPDATE SET bytes = owners.bytes + EXCLUDED.bytes,
                       uploads = owners.uploads + 1,
                       unfinished = owners.unfinished + EXCLUDED.unfinished
                   WHERE ($4 < 0 OR owners.bytes + EXCLUDED.bytes <= $4)
                     AND ($5 < 0 OR owners.uploads < $5)
                     AND ($6 < 0 OR EXCLUDED.unfinished = 0 OR owners.unfinished < $6)
                   RETURNING bytes)",
                {record.owner, cost, unfinished, limits.quota, limits.maxUploads,
                 limits.maxUnfinished});
            if (!reserved)
                return false;
            if (reserved->isEmpty()) {
                refused = true;
                *usage = usageOf(t, record.owner);
                return false;
            }
            return t.run(
                R"(INSERT INTO uploads (id, owner, length, metadata, filename, concat,
                       concat_parts, expires, finished, counted_bytes)
                   VALUES ($1, $2, $3, $4, $5, $6, $7, $8,
                       CASE WHEN $3 = 0 THEN now() END, $9))",
                {record.id, record.owner, record.length, record.metadata, record.filename,
                 int(record.concat), record.parts,
                 record.expires.isValid() ? QVariant(record.expires) : QVariant(), cost});
        });
    });
    if (ok)
        return Outcome::Done;
    return refused ? Outcome::Refused : Outcome::Failed;
}

PgUploads::Lookup PgUploads::find(const QString &id, PgUpload *out, PgError *error)
{
    if (!PgLimits::isId(id))
        return Lookup::Missing; // never made by hoistd
    return pgCall(m_pool, error, [&](PgConnection &c) {
        const QByteArray sql = QByteArray("SELECT ") + Columns + " FROM uploads WHERE id = $1";
        const auto rows = c.exec(sql.constData(), {id});
        if (!rows)
            return Lookup::Failed;
        if (!rows->isEmpty()) {
            *out = fromRow(rows->rows.first());
            return Lookup::Found;
        }
        const auto gone = c.exec("SELECT owner FROM gone WHERE id = $1", {id});
        if (!gone)
            return Lookup::Failed;
        if (gone->isEmpty())
            return Lookup::Missing;
        *out = {};
        out->record.id = id;
        out->record.owner = gone->at(0, 0).toString();
        return Lookup::Gone;
    });
}

PgUploads::Outcome PgUploads::remove(const QString &id, bool gone, PgError *error,
                                     const QString &holder, qint64 generation)
{
    if (!PgLimits::isId(id))
        return Outcome::Missing;
    bool missing = false;
    const bool ok = pgCall(m_pool, error, [&](PgConnection &c) {
        return c.transaction([&](PgConnection &t) {
            const auto row = t.exec(R"(DELETE FROM uploads WHERE id = $1
                                       AND ($2 = '' OR (lease_holder = $2
                                                        AND lease_generation = $3))
                                       RETURNING owner, counted_bytes, finished IS NULL)",
                                    {id, holder, generation});
            if (!row)
                return false;
            missing = row->isEmpty();
            if (missing)
                return true;
            const QString owner = row->at(0, 0).toString();
            if (!t.run("UPDATE owners SET bytes = bytes - $2, uploads = uploads - 1, "
                       "unfinished = unfinished - $3 WHERE owner = $1",
                       {owner, row->at(0, 1), row->at(0, 2).toBool() ? 1 : 0}))
                return false;
            return !gone
                   || t.run("INSERT INTO gone (id, owner) VALUES ($1, $2) "
                            "ON CONFLICT (id) DO NOTHING",
                            {id, owner});
        });
    });
    if (!ok)
        return Outcome::Failed;
    return missing ? Outcome::Missing : Outcome::Done;
}

PgUploads::Outcome PgUploads::createFinal(const UploadRecord &final, const QStringList &parts,
                                          PgError *error)
{
    if (!PgLimits::isId(final.id) || !PgLimits::isOwner(final.owner) || parts.isEmpty()) {
        *error = invalid(QStringLiteral("not an upload id or owner"));
        return Outcome::Failed;
    }
    for (const QString &part : parts) {
        if (!PgLimits::isId(part))
            return Outcome::Refused;
    }
    bool refused = false;
    const bool ok = pgCall(m_pool, error, [&](PgConnection &c) {
        return c.transaction([&](PgConnection &t) {
            refused = false;
            const auto rows = t.exec(R"(SELECT id, length, counted_bytes FROM uploads
                                        WHERE id = ANY($1) AND owner = $2 AND concat = 1
                                          AND finished IS NOT NULL
                                        FOR UPDATE)",
                                     {parts, final.owner});
            if (!rows)
                return false;
            QHash<QString, qint64> lengths;
            qint64 counted = 0;
            for (const auto &row : rows->rows) {
                lengths.insert(row.at(0).toString(), row.at(1).toLongLong());
                counted += row.at(2).toLongLong();
            }
            qint64 total = 0;
            for (const QString &part : parts) {
                const auto it = lengths.constFind(part);
                if (it == lengths.cend() || *it > std::numeric_limits<qint64>::max() - total) {
                    refused = true;
                    return false;
                }
                total += *it;
            }
            if (total != final.length) {
                refused = true;
                return false;
            }
            // The joined parts answer 410 from now on, as the disk store's do.
            return t.run("DELETE FROM uploads WHERE id = ANY($1)", {parts})
                   && t.run("INSERT INTO gone (id, owner) SELECT DISTINCT unnest($1::text[]), $2 "
                            "ON CONFLICT (id) DO NOTHING",
                            {parts, final.owner})
                   && t.run(R"(UPDATE owners SET bytes = bytes - $2 + $3,
                                   uploads = uploads - $4 + 1 WHERE owner = $1)",
                            {final.owner, counted, total, qint64(lengths.size())})
                   && t.run(
                       R"(INSERT INTO uploads (id, owner, length, "offset", metadata,
                                   filename, concat, concat_parts, finished, content_hash,
                                   counted_bytes)
                               VALUES ($1, $2, $3, $3, $4, $5, 2, $6, now(), $7::bytea, $3))",
                       {final.id, final.owner, total, final.metadata, final.filename, parts,
                        final.contentHash.isEmpty() ? QVariant() : QVariant(final.contentHash)});
        });
    });
    if (ok)
        return Outcome::Done;
    return refused ? Outcome::Refused : Outcome::Failed;
}

PgUploads::Outcome PgUploads::setCounted(const QString &id, qint64 counted, qint64 quota,
                                         PgError *error)
{
    if (!PgLimits::isId(id))
        return Outcome::Missing;
    Outcome outcome = Outcome::Failed;
    pgCall(m_pool, error, [&](PgConnection &c) {
        return c.transaction([&](PgConnection &t) {
            outcome = Outcome::Failed;
            const auto row =
                t.exec("SELECT owner, counted_bytes FROM uploads WHERE id = $1 FOR UPDATE", {id});
            if (!row)
                return false;
            if (row->isEmpty()) {
                outcome = Outcome::Missing;
                return false;
            }
            const qint64 delta = counted - row->at(0, 1).toLongLong();
            const std::optional<bool> moved = moveBytes(t, row->at(0, 0), delta, quota);
            if (!moved)
                return false;
            if (!*moved) {
                outcome = Outcome::Refused;
                return false;
            }
            outcome = Outcome::Done;
            return t.run("UPDATE uploads SET counted_bytes = $2 WHERE id = $1", {id, counted});
        });
    });
    return outcome;
}

PgUploads::Outcome PgUploads::setLength(const QString &id, qint64 length, qint64 quota,
                                        PgError *error)
{
    if (!PgLimits::isId(id) || length < 0)
        return Outcome::Missing;
    Outcome outcome = Outcome::Failed;
    pgCall(m_pool, error, [&](PgConnection &c) {
        return c.transaction([&](PgConnection &t) {
            outcome = Outcome::Failed;
            const auto row = t.exec(R"(SELECT owner, counted_bytes FROM uploads
                                       WHERE id = $1 AND length = -1 AND "offset" <= $2
                                       FOR UPDATE)",
                                    {id, length});
            if (!row)
                return false;
            if (row->isEmpty()) {
                outcome = Outcome::Missing;
                return false;
            }
            const qint64 delta = length - row->at(0, 1).toLongLong();
            const std::optional<bool> moved = moveBytes(t, row->at(0, 0), delta, quota);
            if (!moved)
                return false;
            if (!*moved) {
                outcome = Outcome::Refused;
                return false;
            }
            const auto done = t.exec(R"(UPDATE uploads SET length = $2, counted_bytes = $2,
                                            finished = CASE WHEN "offset" = $2 THEN now() END
                                        WHERE id = $1 RETURNING finished IS NOT NULL)",
                                     {id, length});
            if (!done)
                return false;
            if (done->at(0, 0).toBool()
                && !t.run("UPDATE owners SET unfinished = unfinished - 1 WHERE owner = $1",
                          {row->at(0, 0)}))
                return false;
            outcome = Outcome::Done;
            return true;
        });
    });
    return outcome;
}

bool PgUploads::setContentHash(const QString &id, const QByteArray &digest, PgError *error)
{
    if (!PgLimits::isId(id))
        return false;
    return pgCall(m_pool, error, [&](PgConnection &c) {
        const auto rows =
            c.exec("UPDATE uploads SET content_hash = $2 WHERE id = $1", {id, digest});
        return rows && rows->affected == 1;
    });
}

std::optional<PgUpload> PgUploads::findVerified(const QByteArray &digest, qint64 length,
                                                const QString &exceptId, PgError *error)
{
    return pgCall(m_pool, error, [&](PgConnection &c) -> std::optional<PgUpload> {
        const QByteArray sql = QByteArray("SELECT ") + Columns
                               + " FROM uploads WHERE content_hash = $1 AND length = $2 "
                                 "AND finished IS NOT NULL AND id <> $3 LIMIT 1";
        const auto rows = c.exec(sql.constData(), {digest, length, exceptId});
        if (!rows || rows->isEmpty())
            return std::nullopt;
        return fromRow(rows->rows.first());
    });
}

std::optional<PgUpload> PgUploads::findFinal(const QStringList &parts, const QString &owner,
                                             PgError *error)
{
    return pgCall(m_pool, error, [&](PgConnection &c) -> std::optional<PgUpload> {
        // Asked only when a final POST comes again: no index of its own.
        const QByteArray sql = QByteArray("SELECT ") + Columns
                               + " FROM uploads WHERE concat = 2 AND owner = $1 "
                                 "AND concat_parts = $2::text[] LIMIT 1";
        const auto rows = c.exec(sql.constData(), {owner, parts});
        if (!rows || rows->isEmpty())
            return std::nullopt;
        return fromRow(rows->rows.first());
    });
}

PgUploads::Usage PgUploads::usage(const QString &owner, PgError *error)
{
    return pgCall(m_pool, error, [&](PgConnection &c) { return usageOf(c, owner); });
}

namespace {
QStringList firstColumn(const std::optional<PgRows> &rows)
{
    QStringList out;
    if (rows) {
        for (const auto &row : rows->rows)
            out << row.at(0).toString();
    }
    return out;
}
} // namespace

QStringList PgUploads::expired(int limit, PgError *error)
{
    return pgCall(m_pool, error, [&](PgConnection &c) {
        return firstColumn(c.exec(R"(SELECT id FROM uploads
                                     WHERE finished IS NULL AND expires <= now()
                                       AND (lease_holder IS NULL OR lease_expires <= now())
                                     ORDER BY expires LIMIT $1)",
                                  {limit}));
    });
}

QStringList PgUploads::finishedBefore(const QDateTime &cutoff, int limit, PgError *error)
{
    return pgCall(m_pool, error, [&](PgConnection &c) {
        return firstColumn(c.exec(R"(SELECT id FROM uploads
                                     WHERE finished IS NOT NULL AND finished < $1
                                     ORDER BY finished LIMIT $2)",
                                  {cutoff, limit}));
    });
}

int PgUploads::pruneGone(const QDateTime &before, PgError *error)
{
    return pgCall(m_pool, error, [&](PgConnection &c) {
        const auto rows = c.exec("DELETE FROM gone WHERE at < $1", {before});
        return rows ? int(rows->affected) : 0;
    });
}

QStringList PgUploads::unknownMultipartIds(const QStringList &candidates, PgError *error)
{
    return pgCall(m_pool, error, [&](PgConnection &c) {
        return firstColumn(c.exec(R"(SELECT k FROM unnest($1::text[]) AS k
                                     WHERE NOT EXISTS (SELECT 1 FROM uploads
                                                       WHERE multipart_id = k))",
                                  {candidates.mid(0, MaxCandidates)}));
    });
}

QStringList PgUploads::unknownIds(const QStringList &candidates, PgError *error)
{
    return pgCall(m_pool, error, [&](PgConnection &c) {
        return firstColumn(c.exec(R"(SELECT k FROM unnest($1::text[]) AS k
                                     WHERE NOT EXISTS (SELECT 1 FROM uploads WHERE id = k))",
                                  {candidates.mid(0, MaxCandidates)}));
    });
}

QStringList PgUploads::unknownTailKeys(const QStringList &candidates, PgError *error)
{
    return pgCall(m_pool, error, [&](PgConnection &c) {
        return firstColumn(c.exec(R"(SELECT k FROM unnest($1::text[]) AS k
                                     WHERE NOT EXISTS (SELECT 1 FROM uploads
                                                       WHERE tail_key = k))",
                                  {candidates.mid(0, MaxCandidates)}));
    });
}
