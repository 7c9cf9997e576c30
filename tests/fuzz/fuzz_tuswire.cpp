// Fuzz target for what hoistd parses out of a client's headers: core/wire/tuswire.h (Upload-Offset
// and Upload-Length numbers, Upload-Metadata, Upload-Concat), server/protocol/checksum.h
// (Upload-Checksum) and core/wire/instantwire.h (the sha256 metadata, Hoist-Proof, and the
// challenge a client reads), and for GET of a finished upload server/protocol/byterange.h (Range)
// and contentdisposition.h (the client's filename in an answer's header).
//
// Every input goes through every parser as a raw header value, and is also read as a list of
// metadata pairs for an encode -> parse round trip. Invariants are checked with FUZZ_CHECK, which
// stays on in release builds (assert() would not). The entry point is libFuzzer's, so the same file
// builds with clang's -fsanitize=fuzzer (HOIST_LIBFUZZER) or with fuzz_driver.cpp and any compiler.

#include "byterange.h"
#include "checksum.h"
#include "contentdisposition.h"
#include "instantwire.h"
#include "tuswire.h"

#include <QByteArray>
#include <QSet>

#include <cstdint>
#include <cstdio>
#include <cstdlib>

#define FUZZ_CHECK(cond)                                                                           \
    do {                                                                                           \
        if (!(cond)) {                                                                             \
            std::fprintf(stderr, "fuzz_tuswire: check failed at %s:%d: %s\n", __FILE__, __LINE__,  \
                         #cond);                                                                   \
            std::abort();                                                                          \
        }                                                                                          \
    } while (0)

namespace {

bool isDigit(char c)
{
    return c >= '0' && c <= '9';
}

// Upload-Offset / Upload-Length. An independent oracle: trimmed, 1 to 18 digits and nothing else
// parses, to exactly the value those digits say; anything else does not.
void checkUnsigned(const QByteArray &input)
{
    const auto parsed = TusWire::parseUnsigned(input);
    const QByteArray trimmed = input.trimmed();
    bool digitsOnly = !trimmed.isEmpty() && trimmed.size() <= 18;
    for (char c : trimmed)
        digitsOnly = digitsOnly && isDigit(c);
    FUZZ_CHECK(parsed.has_value() == digitsOnly);
    if (!parsed)
        return;
    FUZZ_CHECK(*parsed >= 0);
    FUZZ_CHECK(*parsed <= Q_INT64_C(999999999999999999));
    // format -> parse round trip, and the formatted form is the input without leading zeros.
    const QByteArray formatted = QByteArray::number(*parsed);
    FUZZ_CHECK(TusWire::parseUnsigned(formatted) == parsed);
    qsizetype firstNonZero = 0;
    while (firstNonZero < trimmed.size() - 1 && trimmed.at(firstNonZero) == '0')
        ++firstNonZero;
    FUZZ_CHECK(formatted == trimmed.mid(firstNonZero));
}

// Everything a parsed Metadata promises its users (hoistd stores keys and values, sanitises the
// filename value later).
void checkMetadataShape(const TusWire::Metadata &metadata, qsizetype headerSize)
{
    QSet<QByteArray> keys;
    qsizetype total = 0;
    for (const auto &[key, value] : metadata) {
        FUZZ_CHECK(!key.isEmpty());
        for (char c : key) {
            FUZZ_CHECK(c > 0x20 && c < 0x7f);
            FUZZ_CHECK(c != ',');
        }
        FUZZ_CHECK(!keys.contains(key));
        keys.insert(key);
        total += key.size() + value.size();
    }
    // Base64 only ever shrinks, so nothing parsed can be bigger than the header it came from.
    FUZZ_CHECK(total <= headerSize);
}

void checkMetadataRoundTrip(const TusWire::Metadata &metadata)
{
    const QByteArray encoded = TusWire::encodeMetadata(metadata);
    const auto again = TusWire::parseMetadata(encoded);
    FUZZ_CHECK(again.has_value());
    FUZZ_CHECK(*again == metadata);
    FUZZ_CHECK(TusWire::encodeMetadata(*again) == encoded);
}

void checkMetadata(const QByteArray &input)
{
    const auto parsed = TusWire::parseMetadata(input);
    if (!parsed)
        return;
    checkMetadataShape(*parsed, input.size());
    checkMetadataRoundTrip(*parsed);
    if (input.trimmed().isEmpty())
        FUZZ_CHECK(parsed->isEmpty());
    else
        FUZZ_CHECK(parsed->size() == input.trimmed().count(',') + 1);
}

// The input read as pairs, so the round trip also sees values full of arbitrary bytes: each pair
// is a length byte for the key (squeezed into the allowed characters), then one for the value.
void checkBuiltMetadata(const QByteArray &input)
{
    TusWire::Metadata metadata;
    QSet<QByteArray> keys;
    qsizetype i = 0;
    while (i + 2 <= input.size()) {
        const int keyLength = 1 + (uchar(input.at(i)) % 16);
        const int valueLength = uchar(input.at(i + 1)) % 64;
        i += 2;
        QByteArray key = input.mid(i, keyLength);
        i += key.size();
        const QByteArray value = input.mid(i, valueLength);
        i += value.size();
        if (key.isEmpty())
            break;
        for (char &c : key) {
            c = char(0x21 + (uchar(c) % 0x5e)); // printable, not space
            if (c == ',')
                c = '_';
        }
        if (keys.contains(key))
            continue;
        keys.insert(key);
        metadata.append({key, value});
    }
    checkMetadataShape(metadata, input.size());
    checkMetadataRoundTrip(metadata);
}

// Upload-Checksum: "<lower-case name> <strict base64 digest>".
void checkChecksum(const QByteArray &input)
{
    const auto parsed = parseUploadChecksum(input);
    if (!parsed)
        return;
    FUZZ_CHECK(!parsed->algorithm.isEmpty());
    for (char c : parsed->algorithm) {
        FUZZ_CHECK(c > 0x20 && c < 0x7f);
        FUZZ_CHECK(!(c >= 'A' && c <= 'Z'));
    }
    FUZZ_CHECK(!parsed->digest.isEmpty());
    FUZZ_CHECK(parsed->algorithm.size() + parsed->digest.size() <= input.size());
    // format -> parse round trip
    const QByteArray formatted = parsed->algorithm + ' ' + parsed->digest.toBase64();
    const auto again = parseUploadChecksum(formatted);
    FUZZ_CHECK(again.has_value());
    FUZZ_CHECK(again->algorithm == parsed->algorithm);
    FUZZ_CHECK(again->digest == parsed->digest);
    // What hoistd does next: a hasher only for a name it advertises, whose digest has its size.
    auto hasher = ChecksumHasher::create(parsed->algorithm);
    FUZZ_CHECK(bool(hasher) == ChecksumHasher::algorithms().contains(parsed->algorithm));
    if (hasher) {
        const int size = hasher->digestSize();
        FUZZ_CHECK(size == 4 || size == 16 || size == 20 || size == 32); // crc32c, md5, sha*
        hasher->update(input.constData(), size_t(input.size()));
        FUZZ_CHECK(hasher->finish().size() == size);
    }
}

// Upload-Concat, read with hoistd's collection path and a Host header.
const QByteArray ConcatHost = "127.0.0.1:1080";
const QByteArray ConcatCollection = "/files/";

QByteArray concatUrls(const QList<QByteArray> &ids, bool absolute)
{
    QList<QByteArray> urls;
    for (const QByteArray &id : ids)
        urls << (absolute ? "http://" + ConcatHost : QByteArray()) + ConcatCollection + id;
    return TusWire::formatConcatFinal(urls);
}

void checkConcatShape(const TusWire::UploadConcat &concat, const QByteArray &input)
{
    const QByteArray trimmed = input.trimmed();
    if (concat.partial) {
        FUZZ_CHECK(trimmed == "partial");
        FUZZ_CHECK(concat.ids.isEmpty());
        return;
    }
    FUZZ_CHECK(trimmed.startsWith("final;"));
    FUZZ_CHECK(!concat.ids.isEmpty());
    FUZZ_CHECK(concat.ids.size() <= TusWire::MaxConcatParts);
    // Each id once, of the safe characters only (never a dot: no "..", nothing a path can abuse),
    // and each named in the header behind the collection path.
    QSet<QByteArray> seen;
    for (const QByteArray &id : concat.ids) {
        FUZZ_CHECK(TusWire::isConcatId(id));
        FUZZ_CHECK(!id.contains('.') && !id.contains('/') && !id.contains('%'));
        FUZZ_CHECK(!seen.contains(id));
        seen.insert(id);
        FUZZ_CHECK(trimmed.contains(ConcatCollection + id));
    }
}

void checkConcat(const QByteArray &input)
{
    const auto parsed = TusWire::parseUploadConcat(input, ConcatHost, ConcatCollection);
    const auto hostless = TusWire::parseUploadConcat(input, QByteArray(), ConcatCollection);
    // Without a Host, only path-only URLs pass: whatever passes then passes with one, the same.
    if (hostless) {
        FUZZ_CHECK(!input.contains("://"));
        FUZZ_CHECK(parsed.has_value());
        FUZZ_CHECK(parsed->partial == hostless->partial && parsed->ids == hostless->ids);
    }
    if (!parsed)
        return;
    checkConcatShape(*parsed, input);
    if (parsed->partial)
        return;
    // format -> parse round trips, path-only and absolute.
    for (bool absolute : {false, true}) {
        const auto again = TusWire::parseUploadConcat(concatUrls(parsed->ids, absolute), ConcatHost,
                                                      ConcatCollection);
        FUZZ_CHECK(again.has_value() && !again->partial && again->ids == parsed->ids);
    }
    // Another host is never accepted where this one was named.
    if (input.contains("://"))
        FUZZ_CHECK(!TusWire::parseUploadConcat(input, "example.org", ConcatCollection));
    // An id named twice is refused.
    const auto twice = TusWire::parseUploadConcat(
        concatUrls(parsed->ids + QList<QByteArray>{parsed->ids.first()}, false), ConcatHost,
        ConcatCollection);
    FUZZ_CHECK(!twice.has_value());
}

// The input cut into distinct ids (squeezed into the id alphabet): a list the parser must take
// whole, as paths or as absolute URLs, unless it is longer than MaxConcatParts.
void checkBuiltConcat(const QByteArray &input)
{
    static const char alphabet[] =
        "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_-";
    QList<QByteArray> ids;
    QSet<QByteArray> seen;
    qsizetype i = 0;
    while (i < input.size()) {
        const int length = 1 + (uchar(input.at(i)) % 40);
        QByteArray id = input.mid(i + 1, length);
        i += 1 + length;
        if (id.isEmpty())
            break;
        for (char &c : id)
            c = alphabet[uchar(c) % (sizeof alphabet - 1)];
        if (seen.contains(id))
            continue;
        seen.insert(id);
        ids << id;
    }
    const bool absolute = !input.isEmpty() && (uchar(input.at(0)) & 1);
    const auto parsed =
        TusWire::parseUploadConcat(concatUrls(ids, absolute), ConcatHost, ConcatCollection);
    FUZZ_CHECK(parsed.has_value() == (!ids.isEmpty() && ids.size() <= TusWire::MaxConcatParts));
    if (parsed)
        FUZZ_CHECK(!parsed->partial && parsed->ids == ids);
}

} // namespace

// Instant upload (core/wire/instantwire.h): the sha256 metadata value and the Hoist-Proof header
// hoistd reads from a client, and the challenge the client reads back.
void checkInstantWire(const QByteArray &input)
{
    if (const auto digest = InstantWire::parseSha256Hex(input.trimmed())) {
        FUZZ_CHECK(digest->size() == InstantWire::DigestBytes);
        FUZZ_CHECK(digest->toHex() == input.trimmed()); // lower-case hex only, nothing else
    }
    // Lengths around the ranges' bounds: one byte, a file proved whole, just past it, a huge one.
    const qint64 whole = qint64(InstantWire::RangeCount) * InstantWire::RangeBytes;
    for (const qint64 length : {qint64(1), whole, whole + 1, Q_INT64_C(1) << 40}) {
        const auto challenge = InstantWire::parseChallenge(input, length);
        if (!challenge)
            continue;
        FUZZ_CHECK(challenge->nonce.size() == InstantWire::NonceBytes);
        FUZZ_CHECK(challenge->count >= 1 && challenge->count <= InstantWire::MaxRangeCount);
        FUZZ_CHECK(challenge->size >= 1 && challenge->size <= InstantWire::MaxRangeBytes);
        FUZZ_CHECK(!challenge->ranges.isEmpty());
        FUZZ_CHECK(challenge->ranges.size() <= challenge->count);
        qint64 total = 0;
        for (const InstantWire::Range &r : challenge->ranges) {
            FUZZ_CHECK(r.first >= 0 && r.first <= r.last && r.last < length);
            total += r.size();
        }
        // What a client reads for a proof stays bounded, whatever the server said.
        FUZZ_CHECK(total <= InstantWire::MaxProofBytes);
        // format -> parse round trip
        const auto again =
            InstantWire::parseChallenge(InstantWire::formatChallenge(*challenge), length);
        FUZZ_CHECK(again.has_value());
        FUZZ_CHECK(again->nonce == challenge->nonce);
        FUZZ_CHECK(again->ranges == challenge->ranges);
    }
}

// Range (GET of a finished upload): whatever the header, what is served lies inside the file, is
// never empty, and 416 is only said to a single "bytes=" range; a Part's Content-Range names
// exactly its bytes and the size. Sizes around the edges, one from the input itself.
void checkRange(const QByteArray &input)
{
    const qint64 fromInput = input.isEmpty() ? 7 : qint64(uchar(input.at(0))) * 1000003;
    for (const qint64 size :
         {qint64(0), qint64(1), qint64(10), fromInput, Q_INT64_C(999999999999999999)}) {
        const ByteRange r = ByteRange::parse(input, size);
        switch (r.kind) {
        case ByteRange::Kind::Whole:
            FUZZ_CHECK(r.first == 0);
            break;
        case ByteRange::Kind::Part: {
            FUZZ_CHECK(r.first >= 0 && r.length >= 1);
            FUZZ_CHECK(r.first < size && r.length <= size - r.first);
            const QByteArray expected = "bytes " + QByteArray::number(r.first) + '-'
                                        + QByteArray::number(r.first + r.length - 1) + '/'
                                        + QByteArray::number(size);
            FUZZ_CHECK(r.contentRange(size) == expected);
            break;
        }
        case ByteRange::Kind::Unsatisfiable:
            FUZZ_CHECK(input.contains('=') && !input.contains(','));
            FUZZ_CHECK(r.contentRange(size) == "bytes */" + QByteArray::number(size));
            break;
        }
    }
}

// Content-Disposition from a hostile filename: one header line of printable ASCII, the quoted
// name closed by the only other quote, and filename* made of attr-chars and %XX only.
void checkDisposition(const QByteArray &input)
{
    for (const QString &name : {QString::fromUtf8(input), QString::fromLatin1(input)}) {
        const QByteArray d = attachmentDisposition(name);
        FUZZ_CHECK(d.startsWith("attachment; filename=\""));
        for (const char c : d)
            FUZZ_CHECK(uchar(c) >= 0x20 && uchar(c) < 0x7f);
        FUZZ_CHECK(d.count('"') == 2);
        FUZZ_CHECK(!d.contains('\\'));
        const qsizetype star = d.indexOf("\"; filename*=UTF-8''");
        FUZZ_CHECK(star > 0
                   && d.indexOf('"', qsizetype(qstrlen("attachment; filename=\""))) == star);
        const QByteArray encoded = d.mid(star + qsizetype(qstrlen("\"; filename*=UTF-8''")));
        FUZZ_CHECK(!encoded.isEmpty());
        for (qsizetype i = 0; i < encoded.size(); ++i) {
            const char c = encoded.at(i);
            const bool attr = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')
                              || (c >= '0' && c <= '9') || QByteArray("!#$&+-.^_`|~").contains(c);
            const auto hex = [&](qsizetype at) {
                return at < encoded.size()
                       && QByteArray("0123456789ABCDEF").contains(encoded.at(at));
            };
            FUZZ_CHECK(attr || (c == '%' && hex(i + 1) && hex(i + 2)));
            if (c == '%')
                i += 2;
        }
        // What filename* says decodes to valid UTF-8 with no control character.
        const QByteArray bytes = QByteArray::fromPercentEncoding(encoded);
        const QString decoded = QString::fromUtf8(bytes);
        FUZZ_CHECK(decoded.toUtf8() == bytes);
        for (const QChar c : decoded)
            FUZZ_CHECK(c.unicode() >= 0x20 && c.unicode() != 0x7f);
    }
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > 64 * 1024) // hoistd refuses headers over 32 KiB; no need to go far beyond
        return 0;
    const QByteArray input =
        QByteArray::fromRawData(reinterpret_cast<const char *>(data), qsizetype(size));
    checkUnsigned(input);
    checkMetadata(input);
    checkChecksum(input);
    checkBuiltMetadata(input);
    checkConcat(input);
    checkBuiltConcat(input);
    checkInstantWire(input);
    checkRange(input);
    checkDisposition(input);
    return 0;
}
