#pragma once

// Hoist's instant-upload extension on top of tus (server/INSTANT-UPLOAD.md): the headers, their
// strict parsers, and the proof of possession both ends compute. Header-only and on QtCore alone,
// like tuswire.h, so that hoistd shares it without linking the client engine. Kept apart from
// tuswire.h because none of it is tus: other servers never send or read these headers.

#include "tuswire.h"

#include <QByteArray>
#include <QCryptographicHash>
#include <QIODevice>
#include <QList>

#include <optional>

namespace InstantWire {

// OPTIONS answer: which content hashes the server can upload instantly ("sha256").
inline constexpr char OfferHeader[] = "Hoist-Instant-Upload";
// 201 answer to a creation whose content the server holds: what to prove.
inline constexpr char ChallengeHeader[] = "Hoist-Proof-Challenge";
// The empty PATCH answering a challenge: the proof, lower-case hex.
inline constexpr char ProofHeader[] = "Hoist-Proof";
// The creation metadata key: the whole file's SHA-256, 64 lower-case hex digits.
inline constexpr char MetadataKey[] = "sha256";
inline constexpr char Algorithm[] = "sha256";

inline constexpr int NonceBytes = 16;
inline constexpr int DigestBytes = 32; // SHA-256
// What hoistd asks: RangeCount ranges of RangeBytes each, at offsets derived from the nonce
// (rangesFor()). A client holding 90% of a file answers with probability below 2^-42
// (INSTANT-UPLOAD.md); a file of RangeCount * RangeBytes bytes or less is proved whole.
inline constexpr int RangeCount = 288;
inline constexpr qint64 RangeBytes = 4096;
// What a client accepts from a server, so that a hostile one cannot make it read much: at most
// MaxRangeCount ranges of at most MaxRangeBytes, at most MaxProofBytes in all.
inline constexpr int MaxRangeCount = 4096;
inline constexpr qint64 MaxRangeBytes = 64 * 1024;
inline constexpr qint64 MaxProofBytes = 16 * 1024 * 1024;

// Bytes [first, last] of the file, both inclusive, as in an HTTP Range.
struct Range {
    qint64 first = 0;
    qint64 last = 0;
    qint64 size() const { return last - first + 1; }
    bool operator==(const Range &o) const { return first == o.first && last == o.last; }
};

struct Challenge {
    QByteArray nonce;    // NonceBytes raw bytes
    int count = 0;       // ranges asked for
    qint64 size = 0;     // bytes in each
    QList<Range> ranges; // where they are in a file of the upload's length: rangesFor()
};

// The ranges a challenge asks for in a file of `length` bytes, the same at both ends: range i
// (0-based) starts at the first 8 bytes of SHA-256(nonce || i as 4 bytes big-endian), read as a
// big-endian unsigned number, modulo (length - size + 1). A file of count * size bytes or less
// gets one range, all of it. Empty for a length below 1.
inline QList<Range> rangesFor(const QByteArray &nonce, int count, qint64 size, qint64 length)
{
    QList<Range> out;
    if (length < 1 || count < 1 || size < 1)
        return out;
    if (length <= qint64(count) * size) {
        out.append({0, length - 1});
        return out;
    }
    const quint64 starts = quint64(length - size + 1);
    out.reserve(count);
    for (int i = 0; i < count; ++i) {
        const char index[4] = {char(quint32(i) >> 24), char(quint32(i) >> 16),
                               char(quint32(i) >> 8), char(i)};
        QCryptographicHash hash(QCryptographicHash::Sha256);
        hash.addData(nonce);
        hash.addData(QByteArrayView(index, 4));
        const QByteArray digest = hash.result();
        quint64 value = 0;
        for (int b = 0; b < 8; ++b)
            value = (value << 8) | quint8(digest.at(b));
        const qint64 first = qint64(value % starts);
        out.append({first, first + size - 1});
    }
    return out;
}

// `size` lower-case hex digits and nothing else.
inline bool isLowerHex(const QByteArray &value, qsizetype size)
{
    if (value.size() != size)
        return false;
    for (char c : value) {
        if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f')))
            return false;
    }
    return true;
}

// A SHA-256 as the metadata carries it: exactly 64 lower-case hex digits. The raw 32 bytes, or
// nullopt for anything else.
inline std::optional<QByteArray> parseSha256Hex(const QByteArray &value)
{
    if (!isLowerHex(value, 2 * DigestBytes))
        return std::nullopt;
    return QByteArray::fromHex(value);
}

// "nonce=<32 lower-case hex>; ranges=<count>x<size>" for an upload of `length` bytes: count in
// 1..MaxRangeCount, size in 1..MaxRangeBytes, count * size at most MaxProofBytes; the ranges
// themselves follow from rangesFor(). Parameters are separated by ';' with optional spaces around
// them; unknown parameters are ignored (room to grow), a parameter given twice or anything
// malformed gives nullopt, and the client then uploads normally.
inline std::optional<Challenge> parseChallenge(const QByteArray &header, qint64 length)
{
    Challenge out;
    bool haveNonce = false;
    bool haveRanges = false;
    for (const QByteArray &rawParam : header.split(';')) {
        const QByteArray param = rawParam.trimmed();
        const int equals = param.indexOf('=');
        if (equals <= 0)
            return std::nullopt;
        const QByteArray name = param.left(equals).trimmed();
        const QByteArray value = param.mid(equals + 1).trimmed();
        if (name == "nonce") {
            if (haveNonce || !isLowerHex(value, 2 * NonceBytes))
                return std::nullopt;
            out.nonce = QByteArray::fromHex(value);
            haveNonce = true;
        } else if (name == "ranges") {
            const int x = value.indexOf('x');
            // Digits only, as tus writes numbers; small enough that the product cannot overflow.
            const auto count = TusWire::parseUnsigned(value.left(x));
            const auto size = TusWire::parseUnsigned(value.mid(x + 1));
            if (haveRanges || x < 0 || !count || !size || *count < 1 || *count > MaxRangeCount
                || *size < 1 || *size > MaxRangeBytes || *count * *size > MaxProofBytes)
                return std::nullopt;
            out.count = int(*count);
            out.size = *size;
            haveRanges = true;
        }
    }
    if (!haveNonce || !haveRanges || length < 1)
        return std::nullopt;
    out.ranges = rangesFor(out.nonce, out.count, out.size, length);
    return out;
}

// A new challenge for a file of `length` bytes (at least 1), with the ranges filled in.
inline Challenge makeChallenge(const QByteArray &nonce, int count, qint64 size, qint64 length)
{
    return Challenge{nonce, count, size, rangesFor(nonce, count, size, length)};
}

inline QByteArray formatChallenge(const Challenge &challenge)
{
    return "nonce=" + challenge.nonce.toHex() + "; ranges=" + QByteArray::number(challenge.count)
           + 'x' + QByteArray::number(challenge.size);
}

// The proof: SHA-256 over the nonce's raw bytes, then the bytes of each range in the order given,
// read from `content` (open, readable, seekable). The raw 32 bytes; nullopt when the content
// could not be read in full (shorter than a range, an I/O error). Reads at most MaxProofBytes
// (RangeCount * RangeBytes, 1.125 MiB, from hoistd), in as many reads as there are ranges.
inline std::optional<QByteArray> computeProof(QIODevice &content, const Challenge &challenge)
{
    QCryptographicHash hash(QCryptographicHash::Sha256);
    hash.addData(challenge.nonce);
    for (const Range &r : challenge.ranges) {
        if (!content.seek(r.first))
            return std::nullopt;
        const QByteArray bytes = content.read(r.size());
        if (bytes.size() != r.size())
            return std::nullopt;
        hash.addData(bytes);
    }
    return hash.result();
}

} // namespace InstantWire
