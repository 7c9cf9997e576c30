#pragma once

#include <QDateTime>
#include <QString>
#include <QtGlobal>

// How sizes, speeds and durations read to a person, shared by the window and the headless run.
QString formatSize(qint64 bytes);           // "0 B", "512 B", "1.5 KiB", "8.0 MiB", "1.23 GiB"
QString formatSpeed(double bytesPerSecond); // "1.5 MiB/s", "" when zero
QString formatDuration(qint64 seconds);     // "42 s", "3 min 5 s", "2 h 10 min", "" when < 0
// A moment (ms since the epoch) in local time, as short as is clear next to `now`: the time
// today ("14:32"), the weekday and time within the last six days ("Mon 14:32"), else the date
// (the locale's short forms). "" when ms <= 0 (never happened).
QString formatWhen(qint64 ms, const QDateTime &now);
// The same in full, for a tooltip: the locale's long date and time.
QString formatWhenFull(qint64 ms);
// Parses "8M", "8MiB", "512k", "1048576", "1.5G" (binary units). Returns -1 when invalid.
qint64 parseSize(const QString &text);
// A path or a reason as it goes into a line of a list read by scripts (the headless result
// lines, the lists a batch command gets): tabs, line breaks and backslashes escaped, so that
// each stays on one line.
QString escapeForLine(const QString &text);
