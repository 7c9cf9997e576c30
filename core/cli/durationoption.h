#pragma once

#include <QString>

// "--give-up-after" and the like: "30s", "10m" (or "10min"), "24h", "7d", a bare number of
// seconds, or "never". Returns milliseconds; 0 for "never"; -1 when the text is none of these.
qint64 parseDurationOption(const QString &text);
