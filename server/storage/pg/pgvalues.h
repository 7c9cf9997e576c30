#pragma once

#include "pgconnection.h"

#include <QByteArray>
#include <QList>
#include <QVariant>

typedef struct pg_result PGresult;

// exec()'s parameters as libpq wants them: QString -> text, QStringList -> text[], QByteArray
// -> bytea (binary, as is), integers -> int8, bool, double -> float8, QDateTime -> timestamptz,
// a null or invalid QVariant -> NULL. Types are declared, so SQL reads `$1` as what was bound
// (cast in SQL where another type is wanted, e.g. `$1::int`).
class PgParams final {
public:
    // False (and why) for a value PostgreSQL cannot hold: a NUL character in a text.
    bool bind(const QVariantList &params, QString *why);
    int count() const { return int(m_types.size()); }
    const unsigned int *types() const { return m_types.constData(); }
    const char *const *values() const { return m_pointers.constData(); }
    const int *lengths() const { return m_lengths.constData(); }
    const int *formats() const { return m_formats.constData(); }

private:
    QList<QByteArray> m_data;
    QList<unsigned int> m_types;
    QList<const char *> m_pointers;
    QList<int> m_lengths;
    QList<int> m_formats;
    QList<bool> m_null;
};

// A text[] literal of `items` ({"a","b\"c"}), and back.
QByteArray pgArrayLiteral(const QStringList &items);
QStringList pgParseArray(const QByteArray &text);

// A result's rows, converted as PgRows says.
PgRows pgRowsOf(const PGresult *result);
