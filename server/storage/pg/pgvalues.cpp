#include "pgvalues.h"

#include <QDateTime>
#include <QStringList>
#include <QTimeZone>

#include <libpq-fe.h>

namespace {
// Type OIDs of pg_type.h (stable across versions).
constexpr unsigned int BoolOid = 16;
constexpr unsigned int ByteaOid = 17;
constexpr unsigned int Int8Oid = 20;
constexpr unsigned int Int2Oid = 21;
constexpr unsigned int Int4Oid = 23;
constexpr unsigned int TextOid = 25;
constexpr unsigned int OidOid = 26;
constexpr unsigned int Float4Oid = 700;
constexpr unsigned int Float8Oid = 701;
constexpr unsigned int TextArrayOid = 1009;
constexpr unsigned int TimestamptzOid = 1184;

// "2026-11-26 09:50:12.123456+00" (ISO style, UTC) to a QDateTime.
QDateTime parseTimestamp(const QByteArray &text)
{
    QDateTime t = QDateTime::fromString(QString::fromLatin1(text.left(19)),
                                        QStringLiteral("yyyy-MM-dd HH:mm:ss"));
    t.setTimeZone(QTimeZone::utc());
    if (text.size() > 20 && text.at(19) == '.') {
        QByteArray fraction = text.mid(20);
        qsizetype end = 0;
        while (end < fraction.size() && fraction.at(end) >= '0' && fraction.at(end) <= '9')
            ++end;
        fraction = (fraction.left(end) + "000").left(3);
        t = t.addMSecs(fraction.toInt());
    }
    return t;
}
} // namespace

QByteArray pgArrayLiteral(const QStringList &items)
{
    QByteArray out("{");
    for (qsizetype i = 0; i < items.size(); ++i) {
        if (i)
            out += ',';
        QByteArray item = items.at(i).toUtf8();
        item.replace('\\', "\\\\").replace('"', "\\\"");
        out += '"' + item + '"';
    }
    return out + '}';
}

QStringList pgParseArray(const QByteArray &text)
{
    QStringList out;
    if (text.size() < 2 || text.front() != '{' || text.back() != '}')
        return out;
    const QByteArray body = text.mid(1, text.size() - 2);
    qsizetype i = 0;
    while (i < body.size()) {
        QByteArray item;
        if (body.at(i) == '"') {
            for (++i; i < body.size() && body.at(i) != '"'; ++i) {
                if (body.at(i) == '\\' && i + 1 < body.size())
                    ++i;
                item += body.at(i);
            }
            ++i; // the closing quote
        } else {
            while (i < body.size() && body.at(i) != ',')
                item += body.at(i++);
        }
        out << QString::fromUtf8(item);
        ++i; // the comma
    }
    return out;
}

bool PgParams::bind(const QVariantList &params, QString *why)
{
    for (const QVariant &v : params) {
        unsigned int type = TextOid;
        int format = 0;
        QByteArray data;
        bool isNull = v.isNull();
        switch (v.metaType().id()) {
        case QMetaType::QByteArray:
            type = ByteaOid;
            format = 1; // binary: the bytes as they are
            data = v.toByteArray();
            isNull = false; // an empty QByteArray is an empty bytea, not NULL
            break;
        case QMetaType::QString:
            data = v.toString().toUtf8();
            isNull = false;
            if (data.contains('\0')) {
                *why = QStringLiteral("a text parameter holds a NUL character");
                return false;
            }
            break;
        case QMetaType::QStringList:
            type = TextArrayOid;
            for (const QString &s : v.toStringList()) {
                if (s.contains(QChar(0))) {
                    *why = QStringLiteral("a text parameter holds a NUL character");
                    return false;
                }
            }
            data = pgArrayLiteral(v.toStringList());
            break;
        case QMetaType::Bool:
            type = BoolOid;
            data = v.toBool() ? "t" : "f";
            break;
        case QMetaType::Int:
        case QMetaType::UInt:
        case QMetaType::LongLong:
        case QMetaType::Long:
        case QMetaType::Short:
            type = Int8Oid;
            data = QByteArray::number(v.toLongLong());
            break;
        case QMetaType::ULongLong:
        case QMetaType::ULong:
            type = Int8Oid;
            data = QByteArray::number(v.toULongLong());
            break;
        case QMetaType::Double:
        case QMetaType::Float:
            type = Float8Oid;
            data = QByteArray::number(v.toDouble(), 'g', 17);
            break;
        case QMetaType::QDateTime:
            type = TimestamptzOid;
            data = v.toDateTime().toUTC().toString(Qt::ISODateWithMs).toLatin1();
            break;
        case QMetaType::UnknownType:
            isNull = true;
            break;
        default:
            data = v.toString().toUtf8();
            break;
        }
        m_types.append(type);
        m_formats.append(format);
        m_data.append(data);
        m_lengths.append(int(data.size()));
        m_null.append(isNull);
    }
    // Pointers once m_data no longer moves; an empty non-null value still needs one.
    for (qsizetype i = 0; i < m_data.size(); ++i)
        m_pointers.append(m_null.at(i) ? nullptr : m_data.at(i).constData());
    return true;
}

PgRows pgRowsOf(const PGresult *result)
{
    PgRows out;
    out.affected = QByteArray(PQcmdTuples(const_cast<PGresult *>(result))).toLongLong();
    const int rows = PQntuples(result);
    const int columns = PQnfields(result);
    out.rows.reserve(rows);
    for (int r = 0; r < rows; ++r) {
        QList<QVariant> row;
        row.reserve(columns);
        for (int c = 0; c < columns; ++c) {
            if (PQgetisnull(result, r, c)) {
                row.append(QVariant());
                continue;
            }
            const QByteArray text(PQgetvalue(result, r, c), PQgetlength(result, r, c));
            switch (PQftype(result, c)) {
            case Int8Oid:
            case Int4Oid:
            case Int2Oid:
            case OidOid:
                row.append(text.toLongLong());
                break;
            case BoolOid:
                row.append(text == "t");
                break;
            case Float4Oid:
            case Float8Oid:
                row.append(text.toDouble());
                break;
            case ByteaOid: {
                size_t length = 0;
                unsigned char *bytes = PQunescapeBytea(
                    reinterpret_cast<const unsigned char *>(text.constData()), &length);
                row.append(QByteArray(reinterpret_cast<const char *>(bytes), qsizetype(length)));
                PQfreemem(bytes);
                break;
            }
            case TimestamptzOid:
                row.append(parseTimestamp(text));
                break;
            case TextArrayOid:
                row.append(pgParseArray(text));
                break;
            default:
                row.append(QString::fromUtf8(text));
                break;
            }
        }
        out.rows.append(row);
    }
    return out;
}
