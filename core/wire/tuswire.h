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

// Upload-Concat (the concatenation extension): "partial", or "final;" and the upload URLs to join.
struct UploadConcat {
    bool partial = false;
    QList<QByteArray> ids; // final: the last path segment of each URL, in order
};

// More parts than any client needs (tus-js-client sends parallelUploads of them; Hoist up to 16),
// few enough that a final POST cannot make a server open thousands of files, and that the head
// of the largest final fits hoistd's 32 KiB of request headers: 256 absolute URLs of 75 bytes
// (https://a-long-host.example.com:8443/files/<32 hex digits>) and 8 KiB of metadata.
inline constexpr int MaxConcatParts = 256;
inline constexpr int MaxConcatIdChars = 128;

// An upload id as it may appear in an Upload-Concat URL: 1 to MaxConcatIdChars of [A-Za-z0-9_-].
// Nothing else (no dots, no percent-escapes, no query): what passes can never name another path.
inline bool isConcatId(const QByteArray &id)
{
    if (id.isEmpty() || id.size() > MaxConcatIdChars)
        return false;
    for (char c : id) {
        const bool ok = (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')
                        || c == '_' || c == '-';
        if (!ok)
            return false;
    }
    return true;
}

// Upload-Concat, strictly: "partial", or "final;" followed by 1 to MaxConcatParts URLs separated
// by spaces, each "<collectionPath><id>" or the same behind "http://<host>" or "https://<host>",
// where <host> is the request's Host header (case-insensitive; empty: absolute URLs refused). An
// id named twice, another host, another path, an empty list: nullopt, so a server can answer 400.
inline std::optional<UploadConcat> parseUploadConcat(const QByteArray &header,
                                                     const QByteArray &host,
                                                     const QByteArray &collectionPath)
{
    const QByteArray value = header.trimmed();
    if (value == "partial")
        return UploadConcat{true, {}};
    if (!value.startsWith("final;") || collectionPath.isEmpty())
        return std::nullopt;
    UploadConcat out;
    const QByteArray lowerHost = host.trimmed().toLower();
    for (const QByteArray &url : value.mid(6).split(' ')) {
        if (url.isEmpty())
            continue; // several spaces, or one after the semicolon
        QByteArray path = url;
        const int schemeEnd = url.indexOf("://");
        if (schemeEnd >= 0) {
            const QByteArray scheme = url.left(schemeEnd).toLower();
            if (scheme != "http" && scheme != "https")
                return std::nullopt;
            const int pathStart = url.indexOf('/', schemeEnd + 3);
            if (pathStart < 0 || lowerHost.isEmpty()
                || url.mid(schemeEnd + 3, pathStart - schemeEnd - 3).toLower() != lowerHost)
                return std::nullopt;
            path = url.mid(pathStart);
        }
        if (!path.startsWith(collectionPath))
            return std::nullopt;
        const QByteArray id = path.mid(collectionPath.size());
        if (!isConcatId(id) || out.ids.contains(id) || out.ids.size() == MaxConcatParts)
            return std::nullopt;
        out.ids.append(id);
    }
    if (out.ids.isEmpty())
        return std::nullopt;
    return out;
}

// The value of a final's Upload-Concat (for a request or a HEAD answer), from its parts' URLs.
inline QByteArray formatConcatFinal(const QList<QByteArray> &urls)
{
    QByteArray out = "final;";
    for (qsizetype i = 0; i < urls.size(); ++i)
        out += (i ? " " : "") + urls.at(i);
    return out;
}

} // namespace TusWire
