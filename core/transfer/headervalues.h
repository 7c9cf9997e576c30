#pragma once

#include <QDateTime>

#include <chrono>
#include <optional>

class QByteArray;

// HTTP header values every protocol reads the same way (tus, S3, and RequestObserver, which sees
// each request whatever its protocol): one parser each, so that none reads a date another cannot.
// Numbers the tus wire defines (Upload-Offset, Upload-Length) are TusWire::parseUnsigned, shared
// with hoistd.
namespace HeaderValues {

// An HTTP date in IMF-fixdate form ("Sun, 06 Nov 1994 08:49:37 GMT"); invalid when it is not.
QDateTime parseHttpDate(const QByteArray &value);
// Retry-After as delta-seconds or an HTTP date, relative to `now` (never negative); nullopt when
// absent or neither.
std::optional<std::chrono::milliseconds> parseRetryAfter(const QByteArray &value,
                                                         const QDateTime &now);

} // namespace HeaderValues
