#include "byterange.h"

#include <limits>
#include <optional>

namespace {
// More digits than any size a file can have: refused rather than risk an overflow.
constexpr int MaxDigits = 18;

bool isSpace(char c)
{
    return c == ' ' || c == '\t';
}

QByteArray trimmed(const QByteArray &text)
{
    qsizetype from = 0;
    qsizetype to = text.size();
    while (from < to && isSpace(text.at(from)))
        ++from;
    while (to > from && isSpace(text.at(to - 1)))
        --to;
    return text.mid(from, to - from);
}

// A non-empty run of at most MaxDigits ASCII digits; nullopt otherwise.
std::optional<qint64> number(const QByteArray &text)
{
    if (text.isEmpty() || text.size() > MaxDigits)
        return std::nullopt;
    qint64 value = 0;
    for (const char c : text) {
        if (c < '0' || c > '9')
            return std::nullopt;
        value = value * 10 + (c - '0');
    }
    return value;
}

ByteRange whole()
{
    return {};
}

ByteRange unsatisfiable()
{
    ByteRange r;
    r.kind = ByteRange::Kind::Unsatisfiable;
    return r;
}

ByteRange part(qint64 first, qint64 last)
{
    ByteRange r;
    r.kind = ByteRange::Kind::Part;
    r.first = first;
    r.length = last - first + 1;
    return r;
}
} // namespace

ByteRange ByteRange::parse(const QByteArray &header, qint64 size)
{
    const qsizetype equals = header.indexOf('=');
    if (equals < 0 || size < 0)
        return whole();
    // The unit is case-insensitive; "bytes" is the only one there is.
    if (trimmed(header.left(equals)).toLower() != "bytes")
        return whole();
    const QByteArray set = trimmed(header.mid(equals + 1));
    if (set.contains(','))
        return whole(); // several ranges: the whole file answers them all
    const qsizetype dash = set.indexOf('-');
    if (dash < 0)
        return whole();
    const QByteArray firstText = trimmed(set.left(dash));
    const QByteArray lastText = trimmed(set.mid(dash + 1));
    if (firstText.isEmpty()) {
        // "-N": the last N bytes.
        const auto suffix = number(lastText);
        if (!suffix)
            return whole();
        if (*suffix == 0 || size == 0)
            return unsatisfiable();
        return part(size - qMin(*suffix, size), size - 1);
    }
    const auto first = number(firstText);
    if (!first)
        return whole();
    std::optional<qint64> last;
    if (!lastText.isEmpty()) {
        last = number(lastText);
        if (!last || *last < *first)
            return whole(); // invalid, so ignored (RFC 9110, 14.1.1)
    }
    if (*first >= size)
        return unsatisfiable();
    return part(*first, last ? qMin(*last, size - 1) : size - 1);
}

QByteArray ByteRange::contentRange(qint64 size) const
{
    if (kind == Kind::Unsatisfiable)
        return "bytes */" + QByteArray::number(size);
    return "bytes " + QByteArray::number(first) + '-' + QByteArray::number(first + length - 1) + '/'
           + QByteArray::number(size);
}
