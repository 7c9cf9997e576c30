#pragma once

#include <QString>
#include <QtGlobal>

// How sizes, speeds and durations read to a person, shared by the window and the headless run.
QString formatSize(qint64 bytes);           // "0 B", "512 B", "1.5 KiB", "8.0 MiB", "1.23 GiB"
QString formatSpeed(double bytesPerSecond); // "1.5 MiB/s", "" when zero
QString formatDuration(qint64 seconds);     // "42 s", "3 min 5 s", "2 h 10 min", "" when < 0
// Parses "8M", "8MiB", "512k", "1048576", "1.5G" (binary units). Returns -1 when invalid.
qint64 parseSize(const QString &text);
