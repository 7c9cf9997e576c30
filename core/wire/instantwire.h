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
inline constexpr int MaxRanges = 4;
inline constexpr qint64 MaxRangeBytes = 64 * 1024;
inline constexpr int DigestBytes = 32; // SHA-256

// Bytes [first, last] of the file, both inclusive, as in an HTTP Range.
struct Range {
    qint64 first = 0;
    qint64 last = 0;
    qint64 size() const { return last - first + 1; }
    bool operator==(const Range &o) const { return first == o.first && last == o.last; }
};

struct Challenge {
    QByteArray nonce; // NonceBytes raw bytes
    QList<Range> ranges;
};

// `size` lower-case hex digits and nothing else.
inline bool isLowerHex(const QByteArray &value, qsizetype size) {
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
inline std::optional<QByteArray> parseSha256Hex(const QByteArray &value) {
    if (!isLowerHex(value, 2 * DigestBytes))
        return std::nullopt;
    return QByteArray::fromHex(value);
}

// "nonce=<32 lower-case hex>; ranges=<a>-<b>,<c>-<d>,..." for an upload of `length` bytes:
// 1 to MaxRanges ranges, each a <= b < length and at most MaxRangeBytes long. Parameters are
// separated by ';' with optional spaces around them; unknown parameters are ignored (room to grow),
// a parameter given twice or anything malformed gives nullopt, and the client then uploads
// normally.
inline std::optional<Challenge> parseChallenge(const QByteArray &header, qint64 length) {
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
            if (haveRanges)
                return std::nullopt;
            const QList<QByteArray> items = value.split(',');
            if (items.size() > MaxRanges)
                return std::nullopt;
            for (const QByteArray &item : items) {
                const int dash = item.indexOf('-');
                // Byte positions as tus writes offsets: digits only, fitting in qint64.
                const auto first = TusWire::parseUnsigned(item.left(dash));
                const auto last = TusWire::parseUnsigned(item.mid(dash + 1));
                if (dash < 0 || !first || !last || *first > *last || *last >= length ||
                    *last - *first >= MaxRangeBytes)
                    return std::nullopt;
                out.ranges.append({*first, *last});
            }
            haveRanges = true;
        }
    }
    if (!haveNonce || !haveRanges)
        return std::nullopt;
    return out;
}

inline QByteArray formatChallenge(const Challenge &challenge) {
    QByteArray out = "nonce=" + challenge.nonce.toHex() + "; ranges=";
    for (qsizetype i = 0; i < challenge.ranges.size(); ++i) {
        const Range &r = challenge.ranges.at(i);
        out += (i ? "," : "") + QByteArray::number(r.first) + '-' + QByteArray::number(r.last);
    }
    return out;
}

// The proof: SHA-256 over the nonce's raw bytes, then the bytes of each range in the order given,
// read from `content` (open, readable, seekable). The raw 32 bytes; nullopt when the content
// could not be read in full (shorter than a range, an I/O error). Reads at most
// MaxRanges * MaxRangeBytes bytes, so it is cheap enough for any thread.
inline std::optional<QByteArray> computeProof(QIODevice &content, const Challenge &challenge) {
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
