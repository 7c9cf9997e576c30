#pragma once

#include <QByteArray>
#include <QtGlobal>

// What a GET's Range header (RFC 9110, section 14) asks of a representation of `size` bytes, as
// hoistd answers it: one range of bytes, served as 206; an unsatisfiable one, 416 with
// "Content-Range: bytes */SIZE"; anything else (no header, another unit, a malformed or a
// multi-range request) the whole, as 200 — multipart/byteranges is allowed to be skipped and
// few clients ask for it. The header comes from the network: parsed strictly, numbers bounded.
struct ByteRange {
    enum class Kind { Whole, Part, Unsatisfiable };

    Kind kind = Kind::Whole;
    qint64 first = 0;  // the first byte served
    qint64 length = 0; // bytes served from `first`

    // `header`: the Range field's value (empty when absent).
    static ByteRange parse(const QByteArray &header, qint64 size);
    // "bytes FIRST-LAST/SIZE" for a Part, "bytes */SIZE" for Unsatisfiable.
    QByteArray contentRange(qint64 size) const;
};
