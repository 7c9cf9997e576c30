#pragma once

// A file's modification time on the wire: the tus metadata key "mtime" and S3's
// x-amz-meta-mtime, both in rclone's format (Unix seconds in fixed point, at most nine fraction
// digits, trailing zeros dropped: "1700000000.123", "1700000000"), which rclone and Cyberduck
// read. Header-only: hoistd parses what the client writes with the same code.

#include <QByteArray>

#include <optional>

namespace MtimeWire {

inline constexpr char MetadataKey[] = "mtime";
inline constexpr char S3Header[] = "x-amz-meta-mtime";
// What a server accepts: 1970-01-01 up to the end of 9999, nothing before or after.
inline constexpr qint64 MaxSeconds = 253402300799;

// Seconds and nanoseconds since the epoch.
struct Time {
    qint64 seconds = 0;
    int nanoseconds = 0;
};

inline QByteArray format(qint64 msSinceEpoch)
{
    if (msSinceEpoch < 0)
        msSinceEpoch = 0;
    QByteArray out = QByteArray::number(msSinceEpoch / 1000);
    const int ms = int(msSinceEpoch % 1000);
    if (ms == 0)
        return out;
    QByteArray fraction = QByteArray::number(ms).rightJustified(3, '0');
    while (fraction.endsWith('0'))
        fraction.chop(1);
    return out + '.' + fraction;
}

// Strict: digits, optionally a '.' and 1-9 digits; within [0, MaxSeconds]. Anything else
// (signs, exponents, spaces inside, too many digits, a time after 9999) is nullopt.
inline std::optional<Time> parse(const QByteArray &value)
{
    const QByteArray text = value.trimmed();
    const int dot = text.indexOf('.');
    const QByteArray whole = dot < 0 ? text : text.left(dot);
    const QByteArray fraction = dot < 0 ? QByteArray() : text.mid(dot + 1);
    if (whole.isEmpty() || whole.size() > 12
        || (dot >= 0 && (fraction.isEmpty() || fraction.size() > 9)))
        return std::nullopt;
    Time t;
    for (char c : whole) {
        if (c < '0' || c > '9')
            return std::nullopt;
        t.seconds = t.seconds * 10 + (c - '0');
    }
    if (t.seconds > MaxSeconds)
        return std::nullopt;
    int scale = 100000000;
    for (char c : fraction) {
        if (c < '0' || c > '9')
            return std::nullopt;
        t.nanoseconds += (c - '0') * scale;
        scale /= 10;
    }
    return t;
}

} // namespace MtimeWire
