#pragma once

// The parts of tus 1.0 that both ends of the wire need: constants and the strict parsers for the
// headers a server must validate. Header-only so that hoistd can share it without linking the
// client engine (QtNetwork, QtConcurrent).

#include <QByteArray>
#include <QList>
#include <QPair>

#include <optional>

namespace TusWire {

inline constexpr char Version[] = "1.0.0";
inline constexpr char OffsetContentType[] = "application/offset+octet-stream";
inline constexpr int ChecksumMismatchStatus = 460;

// Upload-Metadata entries in the order sent; the value is already base64-decoded.
using Metadata = QList<QPair<QByteArray, QByteArray>>;

// A non-negative decimal integer (Upload-Offset, Upload-Length): digits only, no sign, no
// spaces inside, fits in qint64.
inline std::optional<qint64> parseUnsigned(const QByteArray &value)
{
    const QByteArray trimmed = value.trimmed();
    if (trimmed.isEmpty() || trimmed.size() > 18) // 18 digits always fit in qint64
        return std::nullopt;
    qint64 result = 0;
    for (char c : trimmed) {
        if (c < '0' || c > '9')
            return std::nullopt;
        result = result * 10 + (c - '0');
    }
    return result;
}

// Upload-Metadata as the spec defines it: comma-separated "key base64value" pairs, the value (and
// its space) optional, keys non-empty, unique, printable ASCII without space or comma, values
// strict base64. nullopt for anything else, so a server can answer 400.
inline std::optional<Metadata> parseMetadata(const QByteArray &header)
{
    Metadata out;
    const QByteArray trimmed = header.trimmed();
    if (trimmed.isEmpty())
        return out;
    for (const QByteArray &rawPair : trimmed.split(',')) {
        const QByteArray pair = rawPair.trimmed();
        const int space = pair.indexOf(' ');
        const QByteArray key = space < 0 ? pair : pair.left(space);
        const QByteArray encoded = space < 0 ? QByteArray() : pair.mid(space + 1);
        if (key.isEmpty() || encoded.contains(' '))
            return std::nullopt;
        for (char c : key) {
            if (c <= 0x20 || c >= 0x7f)
                return std::nullopt;
        }
        for (const auto &existing : out) {
            if (existing.first == key)
                return std::nullopt;
        }
        QByteArray value;
        if (!encoded.isEmpty()) {
            const auto decoded = QByteArray::fromBase64Encoding(
                encoded, QByteArray::Base64Encoding | QByteArray::AbortOnBase64DecodingErrors);
            if (!decoded)
                return std::nullopt;
            value = decoded.decoded;
        }
        out.append({key, value});
    }
    return out;
}

inline QByteArray encodeMetadata(const Metadata &metadata)
{
    QByteArray out;
    for (const auto &[key, value] : metadata) {
        if (!out.isEmpty())
            out += ',';
        out += key;
        if (!value.isEmpty())
            out += ' ' + value.toBase64();
    }
    return out;
}

} // namespace TusWire
