#pragma once

// Hoist's verification extension on top of tus: hoistd names the SHA-256 of an upload's whole
// stored content, so a client can show that the server's copy is the file it sent. Header-only
// and on QtCore alone, like tuswire.h, so hoistd shares it without linking the client engine.
// Other servers never send these headers; a client then falls back to what tus offers (the
// checksum extension, per request) or says the copy could not be verified.

#include <QByteArray>

#include <optional>

namespace VerifyWire {

// OPTIONS answer: the whole-content hashes the server reports ("sha256").
inline constexpr char OfferHeader[] = "Hoist-Content-Hash";
inline constexpr char Algorithm[] = "sha256";
// On the answer that completes an upload (the last PATCH, a creation with its whole body, a
// final concatenation of parts that declared sha256, a proof), on a HEAD of a finished upload
// whose hash it recorded (one that declared its sha256), and on hoistd's 400 refusing a declared
// sha256 that the content does not have: the stored content's SHA-256, 64 lower-case hex digits.
inline constexpr char ContentHeader[] = "Hoist-Content-Sha256";
inline constexpr int DigestBytes = 32;

// The raw digest in a ContentHeader value; nullopt unless exactly 64 lower-case hex digits.
inline std::optional<QByteArray> parseDigest(const QByteArray &value)
{
    const QByteArray hex = value.trimmed();
    if (hex.size() != 2 * DigestBytes)
        return std::nullopt;
    for (char c : hex) {
        if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f')))
            return std::nullopt;
    }
    return QByteArray::fromHex(hex);
}

} // namespace VerifyWire
